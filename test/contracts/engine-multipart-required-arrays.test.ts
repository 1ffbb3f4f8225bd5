// A multipart body writes an array one part per item, so an empty array is no part at all: a required array member
// drawn empty would be a member missing, and a server that refuses it would FAIL for the engine's mistake. The
// engine draws such a member again with an item, and never shrinks a failing request to one without it.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validRequest, writesNoPair } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { failures, faithfulRun } from '../support/faithful-run.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Voices', version: '1' },
  paths: {
    '/voices': {
      post: {
        operationId: 'addVoice',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['name', 'files', 'labels'],
                properties: {
                  name: { type: 'string' },
                  files: { type: 'array', items: { type: 'string', format: 'binary' } },
                  labels: { type: 'array', items: { type: 'string', enum: ['calm', 'bright'] } },
                  notes: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'added', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

const partsNamed = (body: string, name: string) => body.split(`name="${name}"`).length - 1;

describe('a required array member of a multipart body', () => {
  it('is drawn with at least one part, whatever the seed', () => {
    const model = engineModel('voices', structuredClone(document) as never);
    const schemas = new DocumentSchemas(model.document);
    const op = model.operations[0]!;
    for (let seed = 1; seed <= 40; seed++) {
      const settings = { apiKeys: {}, headers: {}, values: {}, seed };
      const { request } = validRequest(model, schemas, op, settings, seed);
      const body = String(request.body);
      expect(partsNamed(body, 'files'), `seed ${seed}`).toBeGreaterThan(0);
      expect(partsNamed(body, 'labels'), `seed ${seed}`).toBeGreaterThan(0);
    }
  });

  it('is missing when empty, and an empty optional one is only absent', () => {
    const model = engineModel('voices', structuredClone(document) as never);
    const schemas = new DocumentSchemas(model.document);
    const body = validRequest(
      model,
      schemas,
      model.operations[0]!,
      { apiKeys: {}, headers: {}, values: {}, seed: 1 },
      1,
    ).body!;
    expect(writesNoPair(body, 'files', [])).toBe(true);
    expect(writesNoPair(body, 'files', ['a'])).toBe(false);
    expect(writesNoPair(body, 'name', '')).toBe(false);
  });

  it('gets no FAIL from the generated server with faithful handlers', async () => {
    const outcomes = await faithfulRun('voices', document);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.some((o) => o.check === 'positive_data_acceptance' && o.verdict === 'pass')).toBe(true);
  }, 300_000);
});
