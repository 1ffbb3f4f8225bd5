// A `%` in a path key's literal text: RFC 6570 copies it only as the start of a `%XX` triple and writes any other as
// `%25`. The generated client sends `/raw%25zz/...` (a URL parser would leave `/raw%zz`, which is no URI), keeps a
// triple as the document wrote it, and the generated server routes both as the client sends them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { literalPercents } from '../../generator/model/path-literal.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const operation = (operationId: string) => ({
  operationId,
  parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
  responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
});
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'percents', version: '1' },
  paths: {
    '/raw%zz/{id}': { get: operation('stray') },
    '/triple%41/{id}': { get: operation('triple') },
    '/100%/{id}': { get: operation('trailing') },
  },
};

let pkg: InlinePackage;
let server: RunningServer;
const handled: string[] = [];
beforeAll(async () => {
  pkg = await inlinePackage('percents', DOCUMENT);
  const handler = (name: string) => async (input: { path: { id: string } }) => {
    handled.push(`${name} ${input.path.id}`);
    return { status: 200, body: {} };
  };
  server = await listenLocal(
    pkg.server.createPercentsServer(
      { stray: handler('stray'), triple: handler('triple'), trailing: handler('trailing') },
      { logger: false },
    ),
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  pkg?.remove();
});

it('writes a % that begins no triple as %25 and keeps triples', () => {
  expect(literalPercents('/raw%zz/100%')).toBe('/raw%25zz/100%25');
  expect(literalPercents('/triple%41/%e9%')).toBe('/triple%41/%e9%25');
});

it('sends each literal as RFC 6570 writes it, and the server routes what the client sends', async () => {
  const urls: string[] = [];
  const fetch = (input: Request | string, init?: RequestInit) => {
    urls.push(new URL(new Request(input, init).url).pathname);
    return globalThis.fetch(input, init);
  };
  const client = new pkg.client.PercentsClient({ baseUrl: server.baseUrl, fetch, maxRetries: 0 });
  await client.stray({ id: 'a' });
  await client.triple({ id: 'b' });
  await client.trailing({ id: 'c' });
  expect(urls).toEqual(['/raw%25zz/a', '/triple%41/b', '/100%25/c']);
  expect(handled).toEqual(['stray a', 'triple b', 'trailing c']);
});
