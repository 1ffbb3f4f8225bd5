// Operations of one method and path told apart by whether a request carries a required query or header parameter
// of any value (S3's `GET /{Bucket}/{Key}#uploadId`, ListParts, beside `GET /{Bucket}/{Key}`, GetObject;
// `#analytics&id` beside `#analytics`; CopyObject's required `x-amz-copy-source` header beside PutObject): the
// generated server gives each request to the operation whose required parameters it carries, the one requiring
// more tried first, and no warning says they cannot be told apart.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const query = (name: string, required: boolean, schema: object = { type: 'string' }) => ({
  name,
  in: 'query',
  required,
  schema,
});
const flag = (name: string) => query(name, true, { type: 'boolean', enum: [true] });
const object = [path('Bucket'), path('Key')];
const DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'buckets', version: '1' },
  paths: {
    '/{Bucket}/{Key}': {
      get: { operationId: 'getObject', parameters: [...object, query('versionId', false)], responses: answer },
      put: { operationId: 'putObject', parameters: object, responses: answer },
    },
    '/{Bucket}/{Key}#uploadId': {
      get: { operationId: 'listParts', parameters: [...object, query('uploadId', true)], responses: answer },
    },
    '/{Bucket}/{Key}#x-amz-copy-source': {
      put: {
        operationId: 'copyObject',
        parameters: [
          ...object,
          { name: 'x-amz-copy-source', in: 'header', required: true, schema: { type: 'string' } },
        ],
        responses: answer,
      },
    },
    '/{Bucket}#analytics': {
      get: { operationId: 'listAnalytics', parameters: [path('Bucket'), flag('analytics')], responses: answer },
    },
    '/{Bucket}#analytics&id': {
      get: {
        operationId: 'getAnalytics',
        parameters: [path('Bucket'), flag('analytics'), query('id', true)],
        responses: answer,
      },
    },
    // A required exploded object goes as its members' names (elb's `HealthCheck`): its own name is never carried.
    // Named to sort after the others: a request no route's parameters match goes to the first one's handler.
    '/{Bucket}#health': {
      get: {
        operationId: 'updateHealthCheck',
        parameters: [
          path('Bucket'),
          flag('health'),
          query('HealthCheck', true, {
            type: 'object',
            required: ['Target'],
            properties: { Target: { type: 'string' } },
          }),
        ],
        responses: answer,
      },
    },
  },
};

const IDS = ['getObject', 'putObject', 'listParts', 'copyObject', 'updateHealthCheck', 'listAnalytics', 'getAnalytics'];
const served = servedPackage('buckets', DOCUMENT, () =>
  Object.fromEntries(IDS.map((id) => [id, () => ({ status: 200, body: { handledBy: id } })])),
);

it('each request reaches the operation whose required parameters it carries', async () => {
  const client = new served.pkg.client.BucketsClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  const at = { Bucket: 'b', Key: 'k' };
  expect(await client.getObject(at)).toEqual({ handledBy: 'getObject' });
  expect(await client.getObject({ ...at, versionId: 'v1' })).toEqual({ handledBy: 'getObject' });
  expect(await client.listParts({ ...at, uploadId: 'u1' })).toEqual({ handledBy: 'listParts' });
  expect(await client.putObject(at)).toEqual({ handledBy: 'putObject' });
  expect(await client.copyObject({ ...at, xAmzCopySource: '/other/key' })).toEqual({ handledBy: 'copyObject' });
  expect(await client.listAnalytics({ Bucket: 'b', analytics: true })).toEqual({ handledBy: 'listAnalytics' });
  expect(await client.getAnalytics({ Bucket: 'b', analytics: true, id: 'a1' })).toEqual({ handledBy: 'getAnalytics' });
  expect(await client.updateHealthCheck({ Bucket: 'b', health: true, HealthCheck: { Target: 'HTTP:80/' } })).toEqual({
    handledBy: 'updateHealthCheck',
  });
});

it('no warning says the operations cannot be told apart', () => {
  expect(served.pkg.warnings.filter((w) => w.message.includes('no request tells them apart'))).toEqual([]);
});
