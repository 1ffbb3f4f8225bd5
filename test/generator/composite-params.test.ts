// Array and object parameters written through anyOf / oneOf / $ref / a null branch (FastAPI's
// `anyOf: [array, null]`, Stripe's `anyOf: [object, '']`, Linode's `oneOf` of objects in a header) travel in
// their style as plain `type: array` / `type: object` parameters do: the client writes `a=1&a=2`, `ids=1,2`,
// `filter[min]=1`, `X-Filter: a=x`, and the server reads the same bytes back as the array or object.
import { describe, expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const strings = { type: 'array', items: { type: 'string' } };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'composite', version: '1' },
  paths: {
    '/search': {
      get: {
        operationId: 'search',
        parameters: [
          { name: 'tags', in: 'query', schema: { anyOf: [strings, { type: 'null' }] } },
          {
            name: 'ids',
            in: 'query',
            explode: false,
            schema: { oneOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'null' }] },
          },
          { name: 'kinds', in: 'query', schema: { $ref: '#/components/schemas/Kinds' } },
          {
            name: 'filter',
            in: 'query',
            style: 'deepObject',
            explode: true,
            schema: {
              anyOf: [
                { type: 'object', properties: { min: { type: 'integer' }, max: { type: 'integer' } } },
                { type: 'string', enum: [''] },
              ],
            },
          },
          {
            name: 'X-Filter',
            in: 'header',
            explode: true,
            schema: {
              oneOf: [
                { type: 'object', required: ['a'], properties: { a: { type: 'string' } }, additionalProperties: false },
                { type: 'object', required: ['b'], properties: { b: { type: 'string' } }, additionalProperties: false },
              ],
            },
          },
          { name: 'X-Ids', in: 'header', schema: { anyOf: [strings, { type: 'null' }] } },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
  components: { schemas: { Kinds: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } } } },
};

type Input = { url: URL; query: Record<string, unknown>; headers: Record<string, string> };

const served = servedPackage('composite', DOCUMENT, {
  search: (input: Input) => ({
    status: 200,
    body: {
      search: input.url.search,
      query: input.query,
      filterHeader: input.headers['x-filter'] ?? null,
      idsHeader: input.headers['x-ids'] ?? null,
    },
  }),
});

describe('array and object parameters behind anyOf / oneOf / $ref / null', () => {
  it('the client writes each in its style, and the server reads the arrays and objects back', async () => {
    const client = new served.pkg.client.CompositeClient({ baseUrl: served.baseUrl, maxRetries: 0 });
    const answer = await client.search({
      tags: ['a', 'b'],
      ids: [1, 2],
      kinds: ['x', 'y'],
      filter: { min: 1, max: 9 },
      xFilter: { a: 'x' },
      xIds: ['p', 'q'],
    });
    expect(new URLSearchParams(answer.search).toString()).toBe(
      new URLSearchParams([
        ['tags', 'a'],
        ['tags', 'b'],
        ['ids', '1,2'],
        ['kinds', 'x'],
        ['kinds', 'y'],
        ['filter[min]', '1'],
        ['filter[max]', '9'],
      ]).toString(),
    );
    expect(answer.query).toEqual({
      tags: ['a', 'b'],
      ids: [1, 2],
      kinds: ['x', 'y'],
      filter: { min: 1, max: 9 },
    });
    expect(answer.filterHeader).toBe('a=x');
    expect(answer.idsHeader).toBe('p,q');
  });

  it('a request written by hand in the style is read the same way', async () => {
    const answer = await fetch(`${served.baseUrl}/search?tags=1&tags=2&ids=3,4&filter[min]=5`, {
      headers: { 'x-filter': 'b=y', 'x-ids': 'p,q' },
    });
    expect(answer.status).toBe(200);
    expect((await answer.json()).query).toEqual({ tags: ['1', '2'], ids: [3, 4], filter: { min: 5 } });
  });

  it('the scalar branch still travels as itself', async () => {
    const client = new served.pkg.client.CompositeClient({ baseUrl: served.baseUrl, maxRetries: 0 });
    const answer = await client.search({ filter: '' });
    expect(answer.search).toBe('?filter=');
  });

  it('an object header of the wrong shape is refused', async () => {
    const answer = await fetch(`${served.baseUrl}/search`, { headers: { 'x-filter': 'c=z' } });
    expect(answer.status).toBe(400);
  });
});
