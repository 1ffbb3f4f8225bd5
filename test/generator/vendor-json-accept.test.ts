// An operation whose answers are JSON of its own media type only (`application/vnd.acme+json`, as Amadeus writes
// them) asks for that type by name: a server that negotiates (Prism) answers a plain `Accept: application/json`
// with 406. One that offers `application/json` too keeps the default.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const answer = (type: string) => ({
  '200': { description: 'ok', content: { [type]: { schema: { type: 'object' } } } },
});
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'vendor', version: '1' },
  paths: {
    '/ratings': { get: { operationId: 'ratings', responses: answer('application/vnd.acme+json') } },
    '/plain': { get: { operationId: 'plain', responses: answer('application/json') } },
  },
};

let pkg: InlinePackage;
beforeAll(async () => {
  pkg = await inlinePackage('vendor', DOCUMENT);
}, 120_000);
afterAll(() => pkg?.remove());

it('asks for the JSON media type the operation documents', async () => {
  const accepts: Array<string | null> = [];
  const fetch = async (input: Request | string, init?: RequestInit) => {
    accepts.push(new Request(input, init).headers.get('accept'));
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/vnd.acme+json' } });
  };
  const client = new pkg.client.VendorClient({ baseUrl: 'http://vendor.test', fetch, maxRetries: 0 });
  await client.ratings();
  await client.plain();
  expect(accepts).toEqual(['application/vnd.acme+json', 'application/json']);
});
