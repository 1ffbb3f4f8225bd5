// A form or multipart body whose schema admits an object or text (`oneOf: [object, string]`) has fields to encode,
// so an object goes out as its fields; a caller who passes the text instead (form text, URLSearchParams, FormData)
// sends it as it is, where the client took the string's characters for fields ("0=a&1=%3D...").
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const echo = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const objectOrText = {
  oneOf: [
    { type: 'object', required: ['q'], properties: { q: { type: 'string' }, n: { type: 'integer' } } },
    { type: 'string' },
  ],
};
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'mixed', version: '1' },
  paths: {
    '/search': {
      post: {
        operationId: 'search',
        requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: objectOrText } } },
        responses: echo,
      },
    },
    '/upload': {
      post: {
        operationId: 'upload',
        requestBody: { required: true, content: { 'multipart/form-data': { schema: objectOrText } } },
        responses: echo,
      },
    },
  },
};

const served = servedPackage('mixed', DOCUMENT, () => ({
  search: (input: { body: unknown }) => ({ status: 200, body: { got: input.body } }),
  upload: (input: { body: unknown }) => ({ status: 200, body: { got: input.body } }),
}));

it('sends an object as its fields, and form text or URLSearchParams as given', async () => {
  const client = new served.pkg.client.MixedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.search({ body: { q: 'a b', n: 2 } })).toEqual({ got: { q: 'a b', n: 2 } });
  expect(await client.search({ body: 'q=a%26b&n=3' })).toEqual({ got: { q: 'a&b', n: 3 } });
  expect(await client.search({ body: new URLSearchParams({ q: 'x' }) as never })).toEqual({ got: { q: 'x' } });
});

it('sends a FormData the caller built as its parts', async () => {
  const client = new served.pkg.client.MixedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  const form = new FormData();
  form.append('q', 'from a form');
  expect(await client.upload({ body: form as never })).toEqual({ got: { q: 'from a form' } });
  expect(await client.upload({ body: { q: 'fields', n: 1 } })).toEqual({ got: { q: 'fields', n: 1 } });
});
