// An event-stream operation of a document other than the generative spec: the client sends only what the document
// declares (no `alt=sse` of its own), reads the events, and a JSON document answered instead is a typed error, not
// a stream that ends with no event.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'owl', version: '1' },
  paths: {
    '/ask': {
      post: {
        operationId: 'ask',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { q: { type: 'string' } } } } },
        },
        responses: {
          '200': {
            description: 'the answer, streamed or whole',
            content: {
              'text/event-stream': { schema: { type: 'string' } },
              'application/json': { schema: { type: 'object', properties: { answer: { type: 'string' } } } },
            },
          },
        },
      },
    },
  },
};

let pkg: InlinePackage;
let server: http.Server;
let baseUrl: string;
const seen: Array<{ url?: string; accept?: string }> = [];
let answerJson = false;

beforeAll(async () => {
  pkg = await inlinePackage('owl', DOCUMENT);
  server = http.createServer((req, res) => {
    seen.push({ url: req.url, accept: req.headers.accept });
    req.resume();
    req.on('end', () => {
      if (answerJson) res.writeHead(200, { 'content-type': 'application/json' }).end('{"answer":"whole"}');
      else res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: {"a":1}\n\ndata: {"a":2}\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  pkg?.remove();
});

it('sends the path as the document writes it, asks for an event stream and reads its events', async () => {
  answerJson = false;
  const client = new pkg.client.OwlClient({ baseUrl, maxRetries: 0 });
  const events: unknown[] = [];
  for await (const event of client.ask({ body: { q: 'owls?' } })) events.push(event);
  expect(events).toEqual([{ a: 1 }, { a: 2 }]);
  expect(seen.at(-1)).toEqual({ url: '/ask', accept: 'text/event-stream' });
});

it('a JSON document answered instead is an ApiAnswerTypeError naming the operation and the type', async () => {
  answerJson = true;
  const client = new pkg.client.OwlClient({ baseUrl, maxRetries: 0 });
  const read = async () => {
    for await (const _ of client.ask({ body: { q: 'owls?' } })) void _;
  };
  await expect(read()).rejects.toMatchObject({ name: 'ApiAnswerTypeError', operationId: 'ask' });
  await expect(read()).rejects.toThrow('ask: the answer is application/json, not the event stream asked for');
});
