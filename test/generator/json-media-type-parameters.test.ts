// JSON media types written with parameters (`application/json;charset=UTF-8`, as Spring's documents write them)
// are JSON: the client sends the body as JSON text under the declared type, the generated server decodes and
// validates it (and takes it from a client that sends plain `application/json`), and an operation documenting only
// a `default` answer of a vendor JSON type asks for that type, as a negotiating server (Prism) refuses
// `application/json` for it with 406 (and any `default`-only answer's types are asked for and read as a success's).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const NOTE = {
  type: 'object',
  required: ['title'],
  properties: { title: { type: 'string' }, count: { type: 'integer' } },
};
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'charset', version: '1' },
  paths: {
    '/notes': {
      post: {
        operationId: 'addNote',
        requestBody: { required: true, content: { 'application/json;charset=UTF-8': { schema: NOTE } } },
        responses: {
          '201': { description: 'made', content: { 'application/json;charset=UTF-8': { schema: NOTE } } },
        },
      },
    },
    '/settings': {
      get: {
        operationId: 'settings',
        responses: {
          default: {
            description: 'the settings',
            content: { 'application/vnd.acme-v1+json;charset=UTF-8': { schema: NOTE } },
          },
        },
      },
    },
    '/votes': {
      post: {
        operationId: 'vote',
        requestBody: {
          required: true,
          content: { 'application/x-www-form-urlencoded; charset=UTF-8': { schema: NOTE } },
        },
        responses: { '201': { description: 'counted', content: { 'application/json': { schema: NOTE } } } },
      },
    },
    '/anything': {
      get: {
        operationId: 'anything',
        responses: { default: { description: 'any', content: { '*/*': { schema: NOTE } } } },
      },
    },
    '/report': {
      get: {
        operationId: 'report',
        responses: { default: { description: 'the report', content: { 'application/pdf': {} } } },
      },
    },
  },
};

let pkg: InlinePackage;
let server: RunningServer;
const received: unknown[] = [];

beforeAll(async () => {
  pkg = await inlinePackage('charset', DOCUMENT);
  const handlers = {
    addNote: (input: { body: unknown }) => {
      received.push(input.body);
      return { status: 201, body: input.body };
    },
    anything: () => ({ status: 200 }),
    vote: (input: { body: unknown }) => ({ status: 201, body: input.body }),
    report: () => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: new Uint8Array([37, 80]) }),
    settings: () => ({
      status: 200,
      headers: { 'content-type': 'application/vnd.acme-v1+json;charset=UTF-8' },
      body: { title: 's' },
    }),
  };
  server = await listenLocal(pkg.server.createCharsetServer(handlers, { logger: false }));
}, 120_000);

afterAll(async () => {
  await server?.close();
  pkg?.remove();
});

it('sends the body as JSON text under the declared media type', async () => {
  const sent: Array<{ type: string | null; text: string }> = [];
  const fetch = async (input: Request | string, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({ type: request.headers.get('content-type'), text: await request.text() });
    return new Response('{"title":"a"}', { status: 201, headers: { 'content-type': 'application/json' } });
  };
  const client = new pkg.client.CharsetClient({ baseUrl: 'http://charset.test', fetch, maxRetries: 0 });
  await client.addNote({ body: { title: 'a', count: 2 } });
  expect(sent).toEqual([{ type: 'application/json;charset=UTF-8', text: '{"title":"a","count":2}' }]);
});

it("the package's own client and server agree on the body, and the server validates it", async () => {
  const client = new pkg.client.CharsetClient({ baseUrl: server.baseUrl, maxRetries: 0 });
  expect(await client.addNote({ body: { title: 'a', count: 2 } })).toEqual({ title: 'a', count: 2 });
  const wrong = await fetch(`${server.baseUrl}/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json;charset=UTF-8' },
    body: '{"count":"many"}',
  });
  expect(wrong.status).toBe(400);
  // Another client names the type without its parameter.
  const plain = await fetch(`${server.baseUrl}/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"title":"b"}',
  });
  expect(plain.status).toBe(201);
  expect(received).toEqual([{ title: 'a', count: 2 }, { title: 'b' }]);
});

it('asks for the vendor JSON type of an operation documenting only `default`, and reads its answer', async () => {
  const accepts: Array<string | null> = [];
  const fetch = async (input: Request | string, init?: RequestInit) => {
    accepts.push(new Request(input, init).headers.get('accept'));
    return new Response('{"title":"s"}', {
      status: 200,
      headers: { 'content-type': 'application/vnd.acme-v1+json;charset=UTF-8' },
    });
  };
  const client = new pkg.client.CharsetClient({ baseUrl: 'http://charset.test', fetch, maxRetries: 0 });
  expect(await client.settings()).toEqual({ title: 's' });
  expect(accepts).toEqual(['application/vnd.acme-v1+json;charset=utf-8']);
  const own = new pkg.client.CharsetClient({ baseUrl: server.baseUrl, maxRetries: 0 });
  expect(await own.settings()).toEqual({ title: 's' });
});

it('asks for the media type of a `default`-only answer that is not JSON, and reads it as bytes', async () => {
  const accepts: Array<string | null> = [];
  const fetch = async (input: Request | string, init?: RequestInit) => {
    accepts.push(new Request(input, init).headers.get('accept'));
    return new Response(new Uint8Array([37, 80]), { status: 200, headers: { 'content-type': 'application/pdf' } });
  };
  const client = new pkg.client.CharsetClient({ baseUrl: 'http://charset.test', fetch, maxRetries: 0 });
  expect(await client.report()).toEqual(new Uint8Array([37, 80]));
  expect(accepts).toEqual(['application/pdf']);
});

it('reads a `default`-only answer documented as `*/*` by its Content-Type, asking for JSON', async () => {
  const accepts: Array<string | null> = [];
  const fetch = async (input: Request | string, init?: RequestInit) => {
    accepts.push(new Request(input, init).headers.get('accept'));
    return new Response('{"title":"t"}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = new pkg.client.CharsetClient({ baseUrl: 'http://charset.test', fetch, maxRetries: 0 });
  expect(await client.anything()).toEqual({ title: 't' });
  expect(accepts).toEqual(['application/json']);
});

it('a form body whose media type carries parameters is a form body: encoded, decoded and validated', async () => {
  const client = new pkg.client.CharsetClient({ baseUrl: server.baseUrl, maxRetries: 0 });
  expect(await client.vote({ body: { title: 'v', count: 3 } })).toEqual({ title: 'v', count: 3 });
  await expect(client.vote({ body: { count: 3 } })).rejects.toMatchObject({ httpStatus: 400 });
});
