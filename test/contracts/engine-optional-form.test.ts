// A form left without its only members is zero bytes, as a request without a body is, which an optional body
// allows: the engine breaks a required member of an optional form body only where another member still goes with
// it, so a server that reads zero bytes as no body (the generated one does) is not called to refuse what the
// document allows.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { invalidRequests, validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { failures, faithfulRun } from '../support/faithful-run.js';

const form = (properties: Record<string, unknown>) => ({
  content: {
    'application/x-www-form-urlencoded': { schema: { type: 'object', required: ['qid'], properties } },
  },
});
const ok = { '200': { description: 'found', content: { 'application/json': { schema: { type: 'object' } } } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Lookups', version: '1' },
  paths: {
    '/lookups': {
      post: {
        operationId: 'lookUp',
        requestBody: form({ qid: { type: 'string', minLength: 2 }, output: { type: 'string', enum: ['JSON', 'CSV'] } }),
        responses: ok,
      },
    },
    '/links': {
      post: { operationId: 'link', requestBody: form({ qid: { type: 'string', minLength: 2 } }), responses: ok },
    },
  },
};

describe('an optional form body without a required member', () => {
  it('is sent with another member, or not at all', () => {
    const model = engineModel('lookups', structuredClone(document) as never);
    const schemas = new DocumentSchemas(model.document);
    const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
    const missing = (id: string) => {
      const op = model.operations.find((o) => o.id === id)!;
      return invalidRequests(model, schemas, op, validRequest(model, schemas, op, settings, 1), settings).filter(
        (v) => v.title === 'form qid missing',
      );
    };
    expect(missing('lookUp').map((v) => v.request.body)).toEqual(['output=JSON']);
    expect(missing('link')).toEqual([]);
  });

  it('gets no FAIL from the generated server with faithful handlers', async () => {
    const outcomes = await faithfulRun('lookups', document);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.filter((o) => o.check === 'negative_data_rejection' && o.verdict === 'pass')).toHaveLength(2);
  }, 300_000);
});
