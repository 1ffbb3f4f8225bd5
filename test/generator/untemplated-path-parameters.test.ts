// A path parameter that no template expression of its path names (none at all, or one only inside the path key's
// `#fragment`, which no request carries: Mastercard's `/send/#env/v1/partners/{partnerId}/...`) is left out with a
// warning naming its pointer: no request can carry its value, and a server that demanded it refused every request.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const pathParameter = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'untemplated', version: '1' },
  paths: {
    '/send/#env/partners/{partnerId}/payments': {
      post: { operationId: 'pay', parameters: [pathParameter('partnerId')], responses: answer },
    },
    '/status': {
      parameters: [pathParameter('region')],
      get: { operationId: 'status', responses: answer },
    },
    '/orders/{orderId}': {
      get: { operationId: 'order', parameters: [pathParameter('orderId'), pathParameter('shop')], responses: answer },
    },
  },
};

const served = servedPackage('untemplated', DOCUMENT, {
  pay: (input: { path: unknown }) => ({ status: 200, body: { path: input.path } }),
  status: (input: { path: unknown }) => ({ status: 200, body: { path: input.path } }),
  order: (input: { path: unknown }) => ({ status: 200, body: { path: input.path } }),
});

it('leaves each out with a warning naming its pointer', () => {
  expect(served.pkg.warnings.map((w) => `${w.pointer}: ${w.message}`)).toEqual([
    "#/paths/~1send~1#env~1partners~1{partnerId}~1payments/post/parameters/0: path parameter partnerId is named only inside the path key's #fragment: no request can carry it; left out",
    '#/paths/~1status/parameters/0: path parameter region is named by no template expression of the path: no request can carry it; left out',
    '#/paths/~1orders~1{orderId}/get/parameters/1: path parameter shop is named by no template expression of the path: no request can carry it; left out',
  ]);
});

it('serves the operations, which were refused for the value no request carries', async () => {
  const client = new served.pkg.client.UntemplatedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.pay()).toEqual({ path: {} });
  expect(await client.status()).toEqual({ path: {} });
  expect(await client.order({ orderId: 'o1' })).toEqual({ path: { orderId: 'o1' } });
});
