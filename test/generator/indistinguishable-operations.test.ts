// Operations that no request tells apart (Box's `/shared_items#folders` and `/shared_items#web_links`: a path key's
// fragment is never sent; `/a/{id}` beside `/a/{name}`): each is a client method, and a warning names the later
// one's pointer and the earlier one's, since the server can route such a request to one handler only.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const name = { ...id, name: 'name' };

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'fragments', version: '1' },
  paths: {
    '/shared_items#folders': { get: { operationId: 'sharedFolder', responses: ok } },
    '/shared_items#web_links': { get: { operationId: 'sharedLink', responses: ok } },
    '/items/{id}': { get: { operationId: 'itemById', parameters: [id], responses: ok } },
    '/items/{name}': { get: { operationId: 'itemByName', parameters: [name], responses: ok } },
    '/items/{id}#delete': { delete: { operationId: 'deleteItem', parameters: [id], responses: ok } },
  },
};

let pkg: InlinePackage;
beforeAll(async () => {
  pkg = await inlinePackage('fragments', DOCUMENT);
}, 120_000);
afterAll(() => pkg?.remove());

it('warns about each operation another one hides, naming both pointers', () => {
  expect(pkg.warnings).toEqual([
    {
      pointer: '#/paths/~1shared_items#web_links/get',
      message: expect.stringMatching(
        /^sharedLink is the request GET \/shared_items of sharedFolder too \(#\/paths\/~1shared_items#folders\/get\)/,
      ),
    },
    {
      pointer: '#/paths/~1items~1{name}/get',
      message: expect.stringMatching(/^itemByName is the request GET \/items\/\{\} of itemById too/),
    },
  ]);
});

it('still makes a client method of each', () => {
  const methods = Object.getOwnPropertyNames(pkg.client.FragmentsClient.prototype);
  expect(methods).toEqual(
    expect.arrayContaining(['sharedFolder', 'sharedLink', 'itemById', 'itemByName', 'deleteItem']),
  );
});
