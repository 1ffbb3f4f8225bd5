// A required URL-encoded body whose fields are all optional (seldon's `Route`): `{}` writes no byte, and the
// generated server took the empty body for none and answered 400 ("Missing request body"), though the schema
// admits `{}`. A form's Content-Type with zero bytes is now a form of no fields, as empty text is text; an empty
// JSON body, which is no JSON value, and a request naming no media type are still no body.
import { describe, expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const routed = {
  '200': {
    description: 'what the handler received',
    content: { 'application/json': { schema: { type: 'object', properties: { fields: { type: 'integer' } } } } },
  },
};
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'routes', version: '1' },
  paths: {
    '/route': {
      post: {
        operationId: 'route',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', properties: { name: { type: 'string' } } },
            },
          },
        },
        responses: routed,
      },
    },
    '/json-route': {
      post: {
        operationId: 'jsonRoute',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
        },
        responses: routed,
      },
    },
  },
};

const fieldsOf = async (input: { body: unknown }) => ({
  status: 200 as const,
  body: { fields: Object.keys(input.body as object).length },
});
const served = servedPackage('routes', DOCUMENT, { route: fieldsOf, jsonRoute: fieldsOf });

// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
const client = (): any => new served.pkg.client.RoutesClient({ baseUrl: served.baseUrl, maxRetries: 0 });
const post = (path: string, headers: Record<string, string>) =>
  fetch(`${served.baseUrl}${path}`, { method: 'POST', headers, body: '' });

describe('a required form body of optional fields', () => {
  it('is called with `{}` and read as a form of no fields, as with one', async () => {
    expect(await client().route({ body: {} })).toEqual({ fields: 0 });
    expect(await client().route({ body: { name: 'a' } })).toEqual({ fields: 1 });
  });

  it("is a form of no fields when zero bytes carry the form's Content-Type, sent whole or chunked", async () => {
    const whole = await post('/route', { 'content-type': 'application/x-www-form-urlencoded' });
    expect([whole.status, await whole.json()]).toEqual([200, { fields: 0 }]);
    const chunked = await fetch(`${served.baseUrl}/route`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new ReadableStream({ start: (c) => c.close() }),
      duplex: 'half',
    } as RequestInit);
    expect([chunked.status, await chunked.json()]).toEqual([200, { fields: 0 }]);
  });

  it('is still missing when no media type is named, and an empty JSON body is still none', async () => {
    const unnamed = await fetch(`${served.baseUrl}/route`, { method: 'POST' });
    expect([unnamed.status, JSON.stringify(await unnamed.json())]).toEqual([
      400,
      expect.stringMatching(/Missing request body/),
    ]);
    const json = await post('/json-route', { 'content-type': 'application/json' });
    expect([json.status, JSON.stringify(await json.json())]).toEqual([
      400,
      expect.stringMatching(/Missing request body/),
    ]);
  });
});
