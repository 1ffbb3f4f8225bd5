// Formats ajv checks that json-schema-faker draws no valid value of (any text for `url`, `iso-date-time`, `byte`,
// ...; `duration`s like `P76Y20DT`): an operation whose request holds one had no valid request and was n/a
// (tinyuid's multipart `url`), a check that could have judged and did not. The engine draws them itself.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validValue } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { engineAgainst } from '../support/engine-trial.js';
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

// A number of format int32 or int64, which ajv-formats reads as a whole number, was drawn as fractions only: opto22's
// `{type: number, format: int64}` path ids left 3 operations without a valid request (seed 59).
const tags = {
  openapi: '3.0.3',
  info: { title: 'Tags', version: '1' },
  paths: {
    '/tags/{id}': {
      get: {
        operationId: 'readTag',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'number', format: 'int64' } },
          { name: 'count', in: 'query', required: true, schema: { type: 'number', format: 'int32', minimum: 1 } },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

describe('a number of format int32 or int64', () => {
  it('is drawn as a whole number its schema allows, whatever the seed', () => {
    const model = engineModel('tags', structuredClone(tags) as never);
    const schemas = new DocumentSchemas(model.document);
    for (let seed = 1; seed <= 30; seed++)
      for (const schema of [
        { type: 'number', format: 'int64' },
        { type: 'number', format: 'int32', minimum: 1, maximum: 5 },
        { type: ['number', 'null'], format: 'int32' },
      ]) {
        const value = validValue(model, schemas, schema, undefined, seed);
        expect(value === null || Number.isInteger(value), `seed ${seed}: ${JSON.stringify(value)}`).toBe(true);
      }
  });

  it('lets the operation be called and judged, with no FAIL from the generated server', async () => {
    const outcomes = await faithfulRun('tags', tags);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.find((o) => o.check === 'positive_data_acceptance')?.verdict).toBe('pass');
  }, 300_000);

  it('leaves positive_data_acceptance able to FAIL a server refusing the ids the document allows', async () => {
    const refuses: http.RequestListener = (_, res) =>
      void res.writeHead(400, { 'content-type': 'application/json' }).end('{}');
    const run = await engineAgainst('tags', tags, refuses, { checks: ['positive_data_acceptance'] });
    expect(run.outcomes.map((o) => [o.check, o.verdict])).toEqual([['positive_data_acceptance', 'FAIL']]);
  });
});
