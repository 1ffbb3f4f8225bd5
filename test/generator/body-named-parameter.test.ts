// A parameter named `body` or `contentType` beside a request body (gamesparks' `?body=` on a multipart upload)
// takes another identifier: the inputs keep `body` for the request body, and both reach the server.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

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

const served = servedPackage('named', DOCUMENT, {
  importScripts: (input: { query: unknown; body: unknown }) => ({
    status: 200,
    body: { query: input.query, body: input.body },
  }),
});

it('the query parameter named body and the request body both arrive', async () => {
  const client = new served.pkg.client.NamedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  const answer = await client.importScripts({ body_query: 'q', contentType_query: 'c', body: { n: 1 } });
  expect(answer).toEqual({ query: { body: 'q', contentType: 'c' }, body: { n: 1 } });
});
