// A header parameter named Accept, Content-Type or Authorization "SHALL be ignored" (OpenAPI's Parameter Object):
// the operation's media types and security set those headers. Bing's documents declare `Accept` as a string; sent
// as drawn it replaced the client's own Accept (Prism's process died parsing it). A header that frames the message
// (Azure Data Lake's required `Transfer-Encoding: chunked`) is the connection's: fetch refuses to set it, so the
// client threw before sending and the server demanded what no client can write.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const header = (name: string) => ({ name, in: 'header', required: true, schema: { type: 'string' } });
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'search', version: '1' },
  paths: {
    '/search': {
      get: {
        operationId: 'search',
        parameters: [
          header('Accept'),
          header('content-type'),
          header('Authorization'),
          header('Transfer-Encoding'),
          header('Connection'),
          header('X-Client-Id'),
        ],
        responses: {
          '200': {
            description: 'results',
            content: { 'application/json': { schema: { type: 'object', properties: { n: { type: 'integer' } } } } },
          },
        },
      },
    },
  },
};

let pkg: InlinePackage;
beforeAll(async () => {
  pkg = await inlinePackage('search', DOCUMENT);
}, 120_000);
afterAll(() => pkg?.remove());

it('leaves them out of the operation, with a warning each, and keeps the others', async () => {
  expect(pkg.warnings.map((w) => w.message).filter((m) => m.includes('OpenAPI ignores it'))).toHaveLength(3);
  expect(pkg.warnings.map((w) => w.message).filter((m) => m.includes('frames the message'))).toHaveLength(2);
  const seen: Array<Record<string, string>> = [];
  const client = new pkg.client.SearchClient({
    baseUrl: 'http://api.test',
    fetch: async (_url: string, init: { headers: Record<string, string> | Headers }) => {
      seen.push(Object.fromEntries(new Headers(init.headers)));
      return new Response('{"n":1}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  expect(await client.search({ xClientId: 'c' })).toEqual({ n: 1 });
  expect(seen[0]!['x-client-id']).toBe('c');
  expect(seen[0]!.accept).toBe('application/json');
  const validate = pkg.validators.validateSearchParams!;
  expect(validate({ path: {}, query: {}, header: { 'x-client-id': 'c' }, cookie: {} })).toBe(true);
});
