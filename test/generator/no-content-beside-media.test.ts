// An operation that documents a 204 beside a success in another media type (climate.com's export contents: 204 or a
// 206 of `application/octet-stream`; a CSV report or nothing) gives no data for the 204, as its result type says
// (`undefined | Uint8Array`), where the client read the empty answer as the other success's kind: empty bytes.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'no content', version: '1' },
  paths: {
    '/exports/{id}': {
      get: {
        operationId: 'exportContents',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '204': { description: 'nothing yet' },
          '206': {
            description: 'a part',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    '/report': {
      get: {
        operationId: 'report',
        responses: {
          '200': { description: 'the report', content: { 'text/csv': { schema: { type: 'string' } } } },
          '204': { description: 'no report' },
        },
      },
    },
  },
};

const served = servedPackage('noContent', DOCUMENT, {
  exportContents: (input: { path: { id: string } }) =>
    input.path.id === 'ready'
      ? { status: 206, headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([1, 2]) }
      : { status: 204 },
  report: () => ({ status: 204 }),
});

it('gives no data for a 204, and the other success as its media type', async () => {
  const client = new served.pkg.client.NoContentClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.exportContents({ id: 'pending' })).toBeUndefined();
  expect(await client.exportContents({ id: 'ready' })).toEqual(new Uint8Array([1, 2]));
  expect(await client.report()).toBeUndefined();
});
