// `text/json` is JSON: ASP.NET's formatters read and write it as JSON (rumble's `createScan` takes only it;
// Prism 5.14 reads it as text). The client sends a value as JSON under that type, the server validates it as JSON, and
// an answer of that type comes back parsed.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const scan = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
const DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'scans', version: '1' },
  paths: {
    '/scans': {
      post: {
        operationId: 'createScan',
        requestBody: { required: true, content: { 'text/json': { schema: scan } } },
        responses: { '200': { description: 'ok', content: { 'text/json': { schema: scan } } } },
      },
    },
  },
};

const received: Array<{ body: unknown; type: string | undefined }> = [];
const served = servedPackage('scans', DOCUMENT, {
  createScan: (input: { body: { name: string }; headers: Record<string, string> }) => {
    received.push({ body: input.body, type: input.headers['content-type'] });
    return { status: 200, body: { name: `scan of ${input.body.name}` } };
  },
});

it('sends a value as JSON under text/json and reads the text/json answer as JSON', async () => {
  const client = new served.pkg.client.ScansClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.createScan({ body: { name: 'a' } })).toEqual({ name: 'scan of a' });
  expect(received).toEqual([{ body: { name: 'a' }, type: expect.stringMatching(/^text\/json/) }]);
});

it('refuses a text/json body its schema refuses, as JSON', async () => {
  const post = (body: string) =>
    fetch(`${served.baseUrl}/scans`, { method: 'POST', headers: { 'content-type': 'text/json' }, body });
  expect((await post('{"other": 1}')).status).toBe(400);
  expect((await post('not json')).status).toBe(400);
  const ok = await post('{"name": "b"}');
  expect(ok.status).toBe(200);
  expect(ok.headers.get('content-type')).toMatch(/^text\/json/);
  expect(await ok.json()).toEqual({ name: 'scan of b' });
});
