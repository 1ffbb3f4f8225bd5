// An apiKey scheme whose header name is not an HTTP field name (`my api key`: spaces are not in RFC 9110's token)
// can be carried by no request. generate says so once, at the scheme; the client never sends it (a fetch would
// throw on the name), so the operations that offer another scheme or none work, and the server refuses those that
// only it would admit.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'keys', version: '1' },
  security: [{ spaced: [] }],
  components: {
    securitySchemes: {
      spaced: { type: 'apiKey', in: 'header', name: 'my api key' },
      plain: { type: 'apiKey', in: 'header', name: 'X-Key' },
    },
  },
  paths: {
    '/only-spaced': { get: { operationId: 'onlySpaced', responses: ok } },
    '/plain': { get: { operationId: 'plainKey', security: [{ plain: [] }], responses: ok } },
    '/either': { get: { operationId: 'either', security: [{ spaced: [] }, { plain: [] }], responses: ok } },
    '/both': { get: { operationId: 'both', security: [{ spaced: [], plain: [] }, { plain: [] }], responses: ok } },
    '/open': { get: { operationId: 'open', security: [], responses: ok } },
  },
};

const served = servedPackage('keys', DOCUMENT, () => {
  const answer = () => ({ status: 200, body: {} });
  const handlers = { onlySpaced: answer, plainKey: answer, either: answer, both: answer, open: answer };
  return handlers;
});

it('warns once, at the scheme', () => {
  const about = served.pkg.warnings.filter((w) => w.message.includes('my api key'));
  expect(about.map((w) => w.pointer)).toEqual(['#/components/securitySchemes/spaced/name']);
});

it('sends the other key where one is offered, no key where none can be sent, and never throws', async () => {
  const sent: Array<[string, string | null]> = [];
  const fetch = async (input: Request | string, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push([new URL(request.url).pathname, request.headers.get('x-key')]);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = new served.pkg.client.KeysClient({
    baseUrl: 'http://keys.test',
    fetch,
    apiKey: 'k',
    apiKeys: { spaced: 's', plain: 'p' },
    maxRetries: 0,
  });
  for (const call of ['onlySpaced', 'plainKey', 'either', 'both', 'open']) await client[call]();
  expect(sent.map(([path]) => path)).toEqual(['/only-spaced', '/plain', '/either', '/both', '/open']);
  expect(Object.fromEntries(sent)['/plain']).not.toBeNull();
  expect(Object.fromEntries(sent)['/either']).not.toBeNull();
  expect(Object.fromEntries(sent)['/both']).not.toBeNull();
});

it("the package's own server admits the sendable key and refuses what only the unsendable one would admit", async () => {
  const client = new served.pkg.client.KeysClient({ baseUrl: served.baseUrl, apiKey: 'k', maxRetries: 0 });
  expect(await client.plainKey()).toEqual({});
  expect(await client.either()).toEqual({});
  expect(await client.both()).toEqual({});
  expect(await client.open()).toEqual({});
  await expect(client.onlySpaced()).rejects.toMatchObject({ httpStatus: 401 });
});
