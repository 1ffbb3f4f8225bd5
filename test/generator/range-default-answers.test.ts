// An operation whose only answer is a `default` of `*/*` (clever-cloud's Matomo add-on, openchannel's: documents
// converted from Swagger): the client asks for JSON and reads the answer by its Content-Type, JSON parsed, text as
// text, anything else as bytes, typed `unknown`. Before, it parsed every such answer as JSON and threw on bytes.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const any = { default: { description: 'default response', content: { '*/*': { schema: {} } } } };
const DOCUMENT = {
  openapi: '3.0.1',
  info: { title: 'ranges', version: '1' },
  paths: {
    '/addons/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getAddon', responses: any },
      delete: { operationId: 'deleteAddon', responses: any },
      put: { operationId: 'putAddon', responses: any },
    },
  },
};

const bytes = new Uint8Array([0, 1, 2, 255]);
const served = servedPackage('ranges', DOCUMENT, {
  getAddon: () => ({ status: 200, body: { id: 'a', plan: 'dev' } }),
  deleteAddon: () => ({ status: 200, body: bytes, headers: { 'content-type': 'application/octet-stream' } }),
  putAddon: () => ({ status: 200, body: 'done', headers: { 'content-type': 'text/plain' } }),
});

it('reads a default answer of any type by its Content-Type: JSON, bytes, text', async () => {
  const client = new served.pkg.client.RangesClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.getAddon({ id: 'a' })).toEqual({ id: 'a', plan: 'dev' });
  expect(Buffer.from(await client.deleteAddon({ id: 'a' }))).toEqual(Buffer.from(bytes));
  expect(await client.putAddon({ id: 'a' })).toBe('done');
});

it('types such a result as unknown, not as no data', () => {
  const client = fs.readFileSync(path.join(served.pkg.dir, 'client.ts'), 'utf8');
  expect(client).toMatch(/export type GetAddonResult = unknown;/);
});
