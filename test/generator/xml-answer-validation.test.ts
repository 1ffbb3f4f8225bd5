// With validateResponses, the generated server checks an XML answer as it checks a JSON one: where the operation
// documents XML for the status with a schema that describes more than a string, the handler's text is read as the
// client reads it (the same shapes) and its value checked against the schema; an answer that is no XML of the
// schema, or breaks it, is not sent (500, reported). An XML answer of a string schema is sent unchecked.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const xml = (schema: object) => ({ description: 'xml', content: { 'application/xml': { schema } } });

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'xml checked', version: '1' },
  paths: {
    '/orders/{id}': {
      get: {
        operationId: 'getOrder',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': xml({ $ref: '#/components/schemas/Order' }) },
      },
    },
    '/notes': { get: { operationId: 'getNote', responses: { '200': xml({ type: 'string' }) } } },
  },
  components: {
    schemas: {
      Order: {
        type: 'object',
        xml: { name: 'order' },
        required: ['id', 'lines'],
        properties: {
          id: { type: 'integer', minimum: 1, xml: { attribute: true } },
          lines: { type: 'array', items: { type: 'string', xml: { name: 'line' } } },
        },
      },
    },
  },
};

const TEXTS: Record<string, string> = {
  good: '<order id="7"><line>a</line><line>b</line></order>',
  zero: '<order id="0"><line>a</line></order>',
  notNumber: '<order id="seven"><line>a</line></order>',
  broken: '<order id="7"><line>a</order>',
  renamed: '<purchase id="7"><line>a</line></purchase>',
};

const reported: string[] = [];
const served = servedPackage(
  'xml-checked',
  DOCUMENT,
  {
    getOrder: async (input: { path: { id: string } }) => ({
      status: 200,
      body: TEXTS[input.path.id],
      headers: { 'content-type': 'application/xml' },
    }),
    getNote: async () => ({ status: 200, body: 'not XML at all', headers: { 'content-type': 'application/xml' } }),
  },
  { validateResponses: true, onError: (error: Error) => reported.push(error.message) },
);

const get = (path: string) => fetch(`${served.baseUrl}${path}`, { headers: { accept: 'application/xml' } });

it('sends an XML answer its schema accepts, and the client reads its value', async () => {
  const answer = await get('/orders/good');
  expect(answer.status).toBe(200);
  expect(await answer.text()).toBe(TEXTS.good);
  const client = new served.pkg.client.XmlCheckedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.getOrder({ id: 'good' })).toEqual({ id: 7, lines: ['a', 'b'] });
});

it('does not send an XML answer that breaks its schema, or is no XML of it, and reports it', async () => {
  for (const id of ['zero', 'notNumber', 'broken', 'renamed']) {
    const before = reported.length;
    const answer = await get(`/orders/${id}`);
    expect(answer.status, id).toBe(500);
    expect(reported.slice(before).join(' '), id).toMatch(/getOrder: answer 200 does not match the spec/);
  }
  expect(reported.some((r) => /minimum/.test(r))).toBe(true);
  expect(reported.some((r) => /must be integer/.test(r))).toBe(true);
  expect(reported.some((r) => /the XML is not well-formed/.test(r))).toBe(true);
  expect(reported.some((r) => /has root element <purchase>/.test(r))).toBe(true);
});

it('sends an XML answer of a string schema unchecked', async () => {
  const answer = await get('/notes');
  expect(answer.status).toBe(200);
  expect(await answer.text()).toBe('not XML at all');
});
