// Formats ajv checks that json-schema-faker draws no valid value of (any text for `url`, `iso-date-time`, `byte`,
// ...; `duration`s like `P76Y20DT`): an operation whose request holds one had no valid request and was n/a
// (tinyuid's multipart `url`), a check that could have judged and did not. The engine draws them itself.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validValue } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { failures, faithfulRun } from '../support/faithful-run.js';

const FORMATS = ['url', 'iso-time', 'iso-date-time', 'duration', 'json-pointer-uri-fragment', 'byte'];
const link = {
  type: 'object',
  required: ['url'],
  properties: { url: { type: 'string', format: 'url' } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'Formats', version: '1' },
  paths: {
    '/shorten': {
      post: {
        operationId: 'shorten',
        requestBody: { required: true, content: { 'multipart/form-data': { schema: link } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: link } } } },
      },
    },
  },
  components: {
    schemas: {
      Formats: {
        type: 'object',
        required: FORMATS,
        properties: Object.fromEntries(FORMATS.map((f) => [f, { type: 'string', format: f }])),
      },
    },
  },
};

describe('a string of a format ajv checks', () => {
  it('is drawn as a value its format allows, whatever the seed', () => {
    const model = engineModel('formats', structuredClone(document) as never);
    const schemas = new DocumentSchemas(model.document);
    for (let seed = 1; seed <= 30; seed++)
      expect(
        validValue(model, schemas, { $ref: '#/components/schemas/Formats' }, undefined, seed),
        `seed ${seed}`,
      ).toBeDefined();
  });

  it('lets the operation be called and judged, with no FAIL from the generated server', async () => {
    const outcomes = await faithfulRun('formats', document);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.find((o) => o.check === 'positive_data_acceptance')?.verdict).toBe('pass');
  }, 300_000);
});
