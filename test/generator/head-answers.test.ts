// An answer to HEAD has no content (RFC 9110 9.3.2), whatever the document says (S3's HeadObject documents an XML
// body for its 200): the client returns no data, not empty text, typed so, and generate warns that the body is
// never sent.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'heads', version: '1' },
  paths: {
    '/objects/{key}': {
      parameters: [{ name: 'key', in: 'path', required: true, schema: { type: 'string' } }],
      head: {
        operationId: 'headObject',
        responses: { '200': { description: 'ok', content: { 'text/xml': { schema: { type: 'object' } } } } },
      },
      get: {
        operationId: 'getObject',
        responses: { '200': { description: 'ok', content: { 'text/xml': { schema: { type: 'object' } } } } },
      },
    },
    '/records/{key}': {
      parameters: [{ name: 'key', in: 'path', required: true, schema: { type: 'string' } }],
      head: {
        operationId: 'headRecord',
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

const served = servedPackage('heads', DOCUMENT, {
  headObject: () => ({ status: 200, body: '<o/>', headers: { 'content-type': 'text/xml' } }),
  getObject: () => ({ status: 200, body: '<o/>', headers: { 'content-type': 'text/xml' } }),
  headRecord: () => ({ status: 200, body: { a: 1 } }),
});

it('returns no data for an answer to HEAD, and the value of the same answer to GET', async () => {
  const client = new served.pkg.client.HeadsClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.headObject({ key: 'k' })).toBeUndefined();
  expect(await client.headRecord({ key: 'k' })).toBeUndefined();
  // The XML of an object schema, read into its value (xml-client-answers.test.ts).
  expect(await client.getObject({ key: 'k' })).toEqual({});
});

it('types the result of a call to HEAD as no data, and of GET by its body', () => {
  const client = fs.readFileSync(path.join(served.pkg.dir, 'client.ts'), 'utf8');
  expect(client).toMatch(/export type HeadObjectResult = undefined;/);
  expect(client).toMatch(/export type HeadRecordResult = undefined;/);
  expect(client).not.toMatch(/export type GetObjectResult = undefined;/);
});

it('warns that the body documented for an answer to HEAD is never sent', () => {
  expect(served.pkg.warnings.map((w) => w.pointer)).toEqual([
    '#/paths/~1objects~1{key}/head/responses/200/content',
    '#/paths/~1records~1{key}/head/responses/200/content',
  ]);
});
