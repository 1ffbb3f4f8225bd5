// The suite builds one valid request per operation from the spec's examples; where a spec gives none
// (a spec edited later), json-schema-faker derives values that the schema accepts.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { exampleRequest } from '../../contracts/harness/example-request.js';

const doc = {
  openapi: '3.1.0',
  paths: {
    '/v1/things/{thingId}': {
      post: {
        operationId: 'createThing',
        parameters: [
          { name: 'thingId', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]{3,8}$' } },
          { name: 'limit', in: 'query', required: true, schema: { type: 'integer', minimum: 5, maximum: 9 } },
          { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
        ],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        responses: { '200': { description: 'ok' }, '400': { description: 'bad' } },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['name', 'kind', 'size'],
        properties: {
          name: { type: 'string', minLength: 2, maxLength: 10 },
          kind: { type: 'string', enum: ['a', 'b'] },
          size: { type: 'integer', minimum: 1, maximum: 3 },
          parts: { type: 'array', items: { $ref: '#/components/schemas/Part' }, maxItems: 2 },
        },
        additionalProperties: false,
      },
      Part: {
        type: 'object',
        required: ['code'],
        properties: { code: { type: 'string', pattern: '^P[0-9]{2}$' } },
        additionalProperties: false,
      },
    },
  },
};

describe('exampleRequest without examples in the spec', () => {
  const request = exampleRequest(doc, '/v1/things/{thingId}', 'post', {});

  it('fills required path and query parameters with values their schemas accept', () => {
    const id = decodeURIComponent(request.path.split('/').at(-1)!);
    expect(id).toMatch(/^[a-z]{3,8}$/);
    const limit = Number(request.query.limit);
    expect(Number.isInteger(limit) && limit >= 5 && limit <= 9).toBe(true);
    expect(request.query).not.toHaveProperty('verbose');
  });

  it('derives a JSON body that validates against the body schema', () => {
    expect(request.contentType).toBe('application/json');
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const validate = ajv.compile({ $ref: 'doc#/components/schemas/Thing' });
    expect(validate(JSON.parse(request.body as string)), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('is the same request on every run (seeded)', () => {
    expect(exampleRequest(doc, '/v1/things/{thingId}', 'post', {})).toEqual(request);
  });

  it('lists the documented statuses', () => {
    expect(request.documentedStatuses).toEqual(['200', '400']);
  });
});
