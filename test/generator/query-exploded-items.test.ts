// An exploded query array (OpenAPI's default for a query: `tag=a&tag=b`) has one item per value: a comma inside a
// value is the item's own character (`tag=a%2Cb` is the one item "a,b"), not a separator, which only an unexploded
// array has (`tags=a,b`). Seen with AWS's tag keys, whose pattern allows a comma.
import { describe, expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const list = { type: 'array', items: { type: 'string', minLength: 1 } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Tags', version: '1' },
  paths: {
    '/tags': {
      get: {
        operationId: 'readTags',
        parameters: [
          { name: 'tag', in: 'query', schema: list },
          { name: 'tags', in: 'query', explode: false, schema: list },
        ],
        responses: { '200': { description: 'the tags read', content: { 'application/json': { schema: {} } } } },
      },
    },
  },
};

const served = servedPackage('tags', document, () => {
  const handlers = { readTags: async (input: { query: unknown }) => ({ status: 200, body: input.query }) };
  return handlers;
});

const read = async (query: string) => {
  const answer = await fetch(`${served.baseUrl}/tags?${query}`);
  return { status: answer.status, body: await answer.json() };
};

describe('a query array item holding a comma', () => {
  it('is one item of an exploded array, and a comma splits only an unexploded one', async () => {
    expect(await read('tag=%2CFi&tag=b')).toEqual({ status: 200, body: { tag: [',Fi', 'b'] } });
    expect(await read('tag=a,b')).toEqual({ status: 200, body: { tag: ['a,b'] } });
    expect(await read('tags=a,b')).toEqual({ status: 200, body: { tags: ['a', 'b'] } });
  });
});
