// A 204 documented with a JSON body (PagerDuty's deletes): HTTP gives a 204 no content, so the body is never sent;
// generate says so with the pointer of the content, and the client returns undefined.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'nocontent', version: '1' },
  paths: {
    '/things/{id}': {
      delete: {
        operationId: 'deleteThing',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '204': {
            description: 'deleted',
            content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } },
          },
        },
      },
    },
  },
};

const served = servedPackage('nocontent', DOCUMENT, () => {
  const handlers = { deleteThing: async () => ({ status: 204, body: { id: 'a' } }) };
  return handlers;
});

it('warns with the pointer of the content a 204 cannot carry', () => {
  expect(served.pkg.warnings.map((w) => w.pointer)).toEqual(['#/paths/~1things~1{id}/delete/responses/204/content']);
});

it('answers 204 without content, which the client returns as undefined', async () => {
  const client = new served.pkg.client.NocontentClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.deleteThing({ id: 'a' })).toBeUndefined();
});
