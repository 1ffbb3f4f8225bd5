// A `$ref` into another operation's body (`#/paths/...`) nested inside a schema (a member, an array's items, a
// component's member) is seen through the request view as well: the readOnly members it requires are not demanded
// of a request, by the generated server's validation or by the client's types.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { compileProblems } from '../support/compile-problems.js';
import { servedPackage } from '../support/served-package.js';

const THING = { $ref: '#/paths/~1things/post/requestBody/content/application~1json/schema' };
const json = (schema: unknown) => ({ required: true, content: { 'application/json': { schema } } });
const done = { '204': { description: 'done' } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'nested', version: '1' },
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: json({
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
        }),
        responses: done,
      },
    },
    '/bundles': {
      post: {
        operationId: 'createBundle',
        requestBody: json({
          type: 'object',
          required: ['main', 'others'],
          properties: { main: THING, others: { type: 'array', items: THING } },
        }),
        responses: done,
      },
    },
    '/shelves': {
      post: { operationId: 'createShelf', requestBody: json({ $ref: '#/components/schemas/Shelf' }), responses: done },
    },
  },
  components: {
    schemas: { Shelf: { type: 'object', required: ['top'], properties: { top: THING } } },
  },
};

const served = servedPackage('nested', DOCUMENT, () => {
  const none = () => ({ status: 204 });
  return { createThing: none, createBundle: none, createShelf: none };
});

it('the generated server takes a request without the readOnly members the nested body requires', async () => {
  const client = new served.pkg.client.NestedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  await client.createBundle({ body: { main: { name: 'a' }, others: [{ name: 'b' }] } });
  await client.createShelf({ body: { top: { name: 'c' } } });
  // The request view leaves the member's requirement out, not its other checks.
  await expect(client.createBundle({ body: { main: {}, others: [] } })).rejects.toMatchObject({ httpStatus: 400 });
});

it("the client's types do not demand them either", () => {
  const file = path.join(served.pkg.dir, 'probe.ts');
  fs.writeFileSync(
    file,
    [
      `import { NestedClient } from './client.js';`,
      `export async function make(client: NestedClient) {`,
      `  await client.createBundle({ body: { main: { name: 'a' }, others: [{ name: 'b' }] } });`,
      `  await client.createShelf({ body: { top: { name: 'c' } } });`,
      `  // @ts-expect-error the name is still required`,
      `  await client.createShelf({ body: { top: {} } });`,
      `}`,
      '',
    ].join('\n'),
  );
  expect(compileProblems([file])).toEqual([]);
}, 120_000);
