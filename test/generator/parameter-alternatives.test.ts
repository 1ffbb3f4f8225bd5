// A parameter whose schema is a oneOf of alternatives its text may read as several of (Discord's `sku_ids`: a string
// or an array of snowflake ids; `5` for an integer or a string): the wire carries text, which the server reads into
// each alternative as it allows (`0` is the string "0" and the array ["0"]), so a valid request matched two
// alternatives and was refused ("must match exactly one schema in oneOf"; found on the reviews' Discord document).
// The server reads a parameter's top-level oneOf as anyOf: the text is valid where one reading of it is.
import { describe, expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const snowflake = { type: 'string', pattern: '^(0|[1-9][0-9]*)$' };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'alternatives', version: '1' },
  paths: {
    '/entitlements/{owner}': {
      get: {
        operationId: 'listEntitlements',
        parameters: [
          { name: 'owner', in: 'path', required: true, schema: { oneOf: [{ type: 'integer' }, { type: 'string' }] } },
          {
            name: 'sku_ids',
            in: 'query',
            schema: { oneOf: [{ type: 'string' }, { type: 'array', items: snowflake, maxItems: 3 }] },
          },
          { name: 'X-Limit', in: 'header', schema: { $ref: '#/components/schemas/Limit' } },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Limit: {
        oneOf: [
          { type: 'integer', maximum: 100 },
          { type: 'string', enum: ['all'] },
        ],
      },
    },
  },
};

type Input = { path: object; query: object };
const served = servedPackage('alternatives', DOCUMENT, {
  listEntitlements: (input: Input) => ({ status: 200, body: { path: input.path, query: input.query } }),
});
const get = (target: string, headers: Record<string, string> = {}) => fetch(`${served.baseUrl}${target}`, { headers });

describe('a parameter whose text reads as several alternatives of its oneOf', () => {
  it('is valid where one reading is: one id, several, a number or a word', async () => {
    for (const target of ['/entitlements/5?sku_ids=0', '/entitlements/5?sku_ids=0&sku_ids=71', '/entitlements/ada'])
      expect((await get(target)).status, target).toBe(200);
    expect((await get('/entitlements/5', { 'x-limit': '5' })).status).toBe(200);
    expect((await get('/entitlements/5', { 'x-limit': 'all' })).status).toBe(200);
  });

  it('is still refused where no reading is valid', async () => {
    expect((await get('/entitlements/5?sku_ids=1&sku_ids=2&sku_ids=3&sku_ids=4')).status).toBe(400);
    expect((await get('/entitlements/5', { 'x-limit': '500' })).status).toBe(400);
    expect((await get('/entitlements/5', { 'x-limit': 'some' })).status).toBe(400);
  });
});
