// fetch sends headers of its own where a request carries none (`Accept-Language: *`, `User-Agent: node`): a header
// parameter of that name left out still went out with fetch's value, which its schema may refuse (pims'
// `Accept-Language` enum de/en/fr refused `*`: 18 FAILs of the engine's own on seed 43). The engine always sends such
// a header with a value its schema allows, keeps it when it shrinks a request, and never calls it missing.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { invalidRequests, validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { failures, faithfulRun } from '../support/faithful-run.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Events', version: '1' },
  paths: {
    '/events': {
      get: {
        operationId: 'listEvents',
        parameters: [
          { name: 'Accept-Language', in: 'header', schema: { type: 'string', enum: ['de', 'en', 'fr'] } },
          { name: 'User-Agent', in: 'header', required: true, schema: { type: 'string', pattern: '^app/[0-9]+$' } },
          { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 } },
        ],
        responses: { '200': { description: 'events', content: { 'application/json': { schema: { type: 'array' } } } } },
      },
    },
  },
};

describe('a header parameter fetch fills in itself', () => {
  it('is always sent, and never broken by leaving it out', () => {
    const model = engineModel('events', structuredClone(document) as never);
    const schemas = new DocumentSchemas(model.document);
    const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
    const valid = validRequest(model, schemas, model.operations[0]!, settings, 1);
    expect(['de', 'en', 'fr']).toContain(valid.request.headers['accept-language']);
    expect(valid.request.headers['user-agent']).toMatch(/^app\/[0-9]+$/);
    const titles = invalidRequests(model, schemas, model.operations[0]!, valid, settings).map((i) => i.title);
    expect(titles.filter((t) => t.endsWith('missing'))).toEqual([]);
  });

  it('is sent with a value where its schema allows null too (a null has no text: left out, fetch would send its own)', () => {
    const nullable = structuredClone(document);
    Object.assign(nullable.paths['/events'].get.parameters[0]!.schema, {
      type: ['string', 'null'],
      enum: [null, 'de', 'en', 'fr'],
    });
    const model = engineModel('events', nullable as never);
    const schemas = new DocumentSchemas(model.document);
    const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
    for (let seed = 1; seed <= 24; seed++)
      expect(['de', 'en', 'fr'], `seed ${seed}`).toContain(
        validRequest(model, schemas, model.operations[0]!, settings, seed).request.headers['accept-language'],
      );
  });

  it('gets no FAIL from the generated server with faithful handlers', async () => {
    const outcomes = await faithfulRun('events', document);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.find((o) => o.check === 'positive_data_acceptance')?.verdict).toBe('pass');
  }, 300_000);
});
