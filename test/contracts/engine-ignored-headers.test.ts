// A header parameter named Accept, Content-Type or Authorization is ignored, as OpenAPI says ("SHALL be ignored"):
// the model leaves it out (generator/model/build.ts), so the engine neither draws nor breaks it (AWS's documents declare a Content-Type header of maxLength 1024, which no
// server reads as a parameter: a 1025-character one accepted is no FAIL of the target's).
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { invalidRequests, validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';

const header = (name: string) => ({ name, in: 'header', schema: { type: 'string', maxLength: 16 } });
const document = {
  openapi: '3.0.3',
  info: { title: 'Invocations', version: '1' },
  paths: {
    '/invocations': {
      post: {
        operationId: 'invoke',
        parameters: [header('Content-Type'), header('Accept'), header('authorization'), header('X-Trace')],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } } } } },
        },
        responses: { '200': { description: 'done' } },
      },
    },
  },
};

describe('Accept, Content-Type and Authorization header parameters', () => {
  it('are neither drawn nor broken; another header is', () => {
    const model = engineModel('invocations', structuredClone(document) as never);
    const schemas = new DocumentSchemas(model.document);
    const op = model.operations[0]!;
    const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
    const valid = validRequest(model, schemas, op, settings, 1);
    expect(valid.request.contentType).toBe('application/json');
    expect(Object.keys(valid.request.headers).filter((h) => h !== 'x-trace')).toEqual([]);
    const titles = invalidRequests(model, schemas, op, valid, settings).map((v) => v.title);
    expect(titles.filter((t) => t.startsWith('header '))).toEqual(['header X-Trace over maxLength 16']);
  });
});
