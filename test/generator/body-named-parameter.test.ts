// A parameter named `body` or `contentType` beside a request body (gamesparks' `?body=` on a multipart upload)
// takes another identifier: the inputs keep `body` for the request body, and both reach the server.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'named', version: '1' },
  paths: {
    '/import': {
      post: {
        operationId: 'importScripts',
        parameters: [
          { name: 'body', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'contentType', in: 'query', schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { n: { type: 'integer' } } } } },
        },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

let pkg: InlinePackage;
let server: RunningServer;

beforeAll(async () => {
  pkg = await inlinePackage('named', DOCUMENT);
  const handlers = {
    importScripts: (input: { query: unknown; body: unknown }) => ({
      status: 200,
      body: { query: input.query, body: input.body },
    }),
  };
  server = await listenLocal(pkg.server.createNamedServer(handlers, { logger: false }));
}, 120_000);

afterAll(async () => {
  await server?.close();
  pkg?.remove();
});

it('the query parameter named body and the request body both arrive', async () => {
  const client = new pkg.client.NamedClient({ baseUrl: server.baseUrl, maxRetries: 0 });
  const answer = await client.importScripts({ body_query: 'q', contentType_query: 'c', body: { n: 1 } });
  expect(answer).toEqual({ query: { body: 'q', contentType: 'c' }, body: { n: 1 } });
});
