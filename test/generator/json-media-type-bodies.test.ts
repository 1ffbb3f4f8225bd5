// A JSON request body under a media type of its own (Box's application/json-patch+json, a merge patch): the client
// sends it as the spec names it, and the server, which accepts only the documented types, takes and checks it.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const PATCH = {
  type: 'array',
  items: {
    type: 'object',
    required: ['op', 'path'],
    properties: { op: { type: 'string', enum: ['add', 'replace', 'remove'] }, path: { type: 'string' }, value: {} },
  },
};
const echo = { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } };

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'patches', version: '1' },
  paths: {
    '/metadata': {
      put: {
        operationId: 'patchMetadata',
        requestBody: { required: true, content: { 'application/json-patch+json': { schema: PATCH } } },
        responses: echo,
      },
      patch: {
        operationId: 'mergeMetadata',
        requestBody: { required: true, content: { 'application/merge-patch+json': { schema: { type: 'object' } } } },
        responses: echo,
      },
    },
  },
};

const served = servedPackage('patches', DOCUMENT, () => {
  const answer = async (input: { body: unknown; headers: Record<string, string> }) => ({
    status: 200,
    body: { type: input.headers['content-type'], body: input.body },
  });
  return { patchMetadata: answer, mergeMetadata: answer };
});

it('sends each JSON body as its documented media type', async () => {
  const client = new served.pkg.client.PatchesClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  const patch = [{ op: 'replace', path: '/a', value: 1 }];
  expect(await client.patchMetadata({ body: patch })).toEqual({ type: 'application/json-patch+json', body: patch });
  expect(await client.mergeMetadata({ body: { a: null } })).toEqual({
    type: 'application/merge-patch+json',
    body: { a: null },
  });
});

it('still refuses a patch its schema refuses', async () => {
  const client = new served.pkg.client.PatchesClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  await expect(client.patchMetadata({ body: [{ op: 'move', path: '/a' }] })).rejects.toMatchObject({ httpStatus: 400 });
});
