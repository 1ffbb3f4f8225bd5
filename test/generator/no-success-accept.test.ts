// An operation that documents no success is answered with one of its errors: where none of them is JSON (AEM's
// package manager `script.html`, 404 and 405 in text/html), the client asks for their media types. It asked for
// JSON, which Prism, negotiating, answered 406 where it answers 404 for `Accept: text/html`. An operation with a
// JSON error among them keeps asking for JSON.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const text = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: { type: 'string' } } },
});
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'servlet', version: '1' },
  paths: {
    '/servlet/script.html': {
      get: {
        operationId: 'getServlet',
        responses: { '404': text('disabled', 'text/html'), '405': text('active', 'text/html') },
      },
    },
    '/servlet/status': {
      get: {
        operationId: 'getStatus',
        responses: { '404': text('disabled', 'text/html'), '409': text('busy', 'application/json') },
      },
    },
  },
};

let pkg: InlinePackage;
beforeAll(async () => {
  pkg = await inlinePackage('servlet', DOCUMENT);
}, 120_000);
afterAll(() => pkg?.remove());

it("asks for the errors' media types where the operation documents no success and no JSON", async () => {
  const accepted: string[] = [];
  const client = new pkg.client.ServletClient({
    baseUrl: 'http://api.test',
    fetch: async (_url: string, init: { headers: Record<string, string> | Headers }) => {
      accepted.push(new Headers(init.headers).get('accept') ?? '');
      return new Response('<p>disabled</p>', { status: 404, headers: { 'content-type': 'text/html' } });
    },
  });
  const refused = await client.getServlet().catch((error: { httpStatus?: number }) => error);
  expect(refused.httpStatus).toBe(404);
  await client.getStatus().catch(() => undefined);
  expect(accepted).toEqual(['text/html', 'application/json']);
});
