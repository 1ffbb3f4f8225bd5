// A string of format int64 (or uint64) holds the digits of a 64-bit integer (Google's documents write their 64-bit
// ids so, and the generated server reads them so): the engine draws digits for it, and breaks it with a value that
// is not digits, instead of drawing any text and calling its refusal a FAIL.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { invalidRequests, validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Issuers', version: '1' },
  paths: {
    '/issuers': {
      post: {
        operationId: 'createIssuer',
        parameters: [{ name: 'accountId', in: 'query', required: true, schema: { type: 'string', format: 'int64' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['issuerId'],
                properties: { issuerId: { type: 'string', format: 'uint64' }, name: { type: 'string' } },
              },
            },
          },
        },
        responses: { '200': { description: 'made' } },
      },
    },
  },
};

describe('int64 strings', () => {
  it('are drawn as digits and broken by a value that is not', () => {
    const model = engineModel('issuers', structuredClone(document) as never);
    const schemas = new DocumentSchemas(model.document);
    const op = model.operations[0]!;
    const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
    for (const seed of [1, 2, 3, 4, 5]) {
      const valid = validRequest(model, schemas, op, settings, seed);
      expect(valid.request.query.find(([k]) => k === 'accountId')?.[1]).toMatch(/^-?[0-9]+$/);
      expect(JSON.parse(valid.request.body!).issuerId).toMatch(/^[0-9]+$/);
    }
    const titles = invalidRequests(model, schemas, op, validRequest(model, schemas, op, settings, 1), settings).map(
      (v) => v.title,
    );
    expect(titles).toContain('query accountId not matching ^-?[0-9]+$');
    expect(titles).toContain('body issuerId not matching ^[0-9]+$');
  });
});
