// Values are drawn small where a document's maximum is large (AWS's request blobs: `maxLength: 6291456`): drawn up
// to the maximum, each was megabytes and seconds to draw, and a run on such a document ran out of memory. The value
// drawn still meets the document's constraints, and the broken value still goes past its maximum.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { invalidRequests, validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Invocations', version: '1' },
  paths: {
    '/invocations': {
      post: {
        operationId: 'invoke',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['Body', 'Keys'],
                properties: {
                  Body: { type: 'string', maxLength: 6291456, format: 'password' },
                  Keys: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 12, maxItems: 50000 },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'done' } },
      },
    },
  },
};

describe('a large maximum', () => {
  it('bounds the drawn value, not the document: drawn small and valid, broken past the maximum', () => {
    const model = engineModel('invocations', structuredClone(document) as never);
    const schemas = new DocumentSchemas(model.document);
    const op = model.operations[0]!;
    const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
    for (const seed of [1, 2, 3]) {
      const valid = validRequest(model, schemas, op, settings, seed);
      expect(valid.request.body!.length).toBeLessThan(4096);
      const body = JSON.parse(valid.request.body!);
      expect(body.Keys.length).toBeGreaterThanOrEqual(12);
      expect(schemas.validator(op.requestBodies[0]!.schema)!(body)).toBe(true);
    }
    const broken = invalidRequests(model, schemas, op, validRequest(model, schemas, op, settings, 1), settings).find(
      (v) => v.title === 'body Body over maxLength 6291456',
    );
    expect(JSON.parse(broken!.request.body!).Body).toHaveLength(6291457);
  });
});
