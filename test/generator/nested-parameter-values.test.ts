// A nested value (an object or array inside an array or object) in a parameter style that does not nest (form,
// spaceDelimited, pipeDelimited, simple, label, matrix: all but deepObject) has no form in OpenAPI's style table:
// the client refuses it before any request, naming the parameter, where it sent `[object Object]` (a map of
// objects in the form style, AWS SNS's `MessageAttributes`), as hey-api refuses it; deepObject still nests, an array
// of objects too (Stripe's `lines[0][amount]`).
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const map = { type: 'object', additionalProperties: { type: 'object', properties: { type: { type: 'string' } } } };
const list = { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'nested', version: '1' },
  paths: {
    '/publish/{targets}': {
      get: {
        operationId: 'publish',
        parameters: [
          { name: 'targets', in: 'path', required: true, schema: { type: 'array', items: {} } },
          { name: 'attributes', in: 'query', schema: map },
          { name: 'tags', in: 'query', schema: list },
          { name: 'X-Meta', in: 'header', schema: map },
          { name: 'prefs', in: 'cookie', schema: map },
          { name: 'filter', in: 'query', style: 'deepObject', schema: map },
          // Stripe's credit note `lines`: an array of objects in the deepObject style, `lines[0][amount]=5`.
          { name: 'lines', in: 'query', style: 'deepObject', explode: true, schema: list },
        ],
        responses: answer,
      },
    },
  },
};

let requests = 0;
const served = servedPackage('nested', DOCUMENT, {
  publish: (input: { path: unknown; query: unknown }) => {
    requests++;
    return { status: 200, body: { path: input.path, query: input.query } };
  },
});

it('refuses a nested value in a style that does not nest, naming the parameter, before any request', async () => {
  const client = new served.pkg.client.NestedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  const targets = ['t1'];
  const refusal = (params: object) =>
    Promise.resolve()
      .then(() => client.publish({ targets, ...params }))
      .then(
        () => 'sent',
        (error: Error) => `${error.name}: ${error.message}`,
      );
  expect(await refusal({ attributes: { color: { type: 'String' } } })).toBe(
    'TypeError: query parameter attributes: a nested object cannot be written in the form style (only deepObject nests)',
  );
  expect(await refusal({ tags: [{ a: 'x' }] })).toBe(
    'TypeError: query parameter tags: a nested object cannot be written in the form style (only deepObject nests)',
  );
  expect(await refusal({ targets: [{ a: 'x' }] })).toMatch(/^TypeError: path parameter targets: a nested object/);
  expect(await refusal({ xMeta: { color: { type: 'String' } } })).toMatch(/^TypeError: an object header parameter/);
  expect(await refusal({ prefs: { color: { type: 'String' } } })).toMatch(/^TypeError: cookie parameter prefs/);
  expect(requests).toBe(0);
});

it('still sends flat values, and nested ones in the deepObject style', async () => {
  const client = new served.pkg.client.NestedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  const filter = { color: { type: 'String' } };
  expect(await client.publish({ targets: ['t1'], filter })).toEqual({ path: { targets: ['t1'] }, query: { filter } });
  // An array of objects too, which the client refused as "a nested object" in the deepObject style.
  const lines = [{ a: 'x' }, { a: 'y' }];
  expect(await client.publish({ targets: ['t1'], lines })).toEqual({ path: { targets: ['t1'] }, query: { lines } });
});
