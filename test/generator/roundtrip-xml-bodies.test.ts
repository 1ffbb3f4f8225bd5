// The round trip hands an XML body's value drawn from its schema to the generated client, which writes it as the
// OpenAPI XML Object says (runtime/xml/write.ts), where it sent three bytes: here the generated server must receive
// an order whose element names, attributes, wrapped and unwrapped arrays, prefixes and namespaces are those its
// schema's `xml` objects give, an inline body schema's members inside `<root>`, and an array body's items inside its
// component's element; the server reads each back into its schema's value and validates it (xml-body.ts), so the
// client's writer and the server's reader must agree.
import { XMLParser } from 'fast-xml-parser';
import { expect, it } from 'vitest';
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { type Received, writtenDocument } from './roundtrip-received.js';

const received: Received[] = [];

const ORDERS = 'https://example.com/orders';
const NOTES = 'https://example.com/notes';
const two = (items: object) => ({ type: 'array', minItems: 2, maxItems: 2, items });

const document = {
  openapi: '3.0.3',
  info: { title: 'XML bodies', version: '1' },
  paths: {
    '/xml-bodies/orders': {
      post: {
        operationId: 'placeOrder',
        requestBody: {
          required: true,
          content: { 'application/xml': { schema: { $ref: '#/components/schemas/Order' } } },
        },
        responses: { '201': { description: 'placed' } },
      },
    },
    '/xml-bodies/tags': {
      put: {
        operationId: 'putTags',
        requestBody: {
          required: true,
          content: { 'application/xml': { schema: { $ref: '#/components/schemas/Tags' } } },
        },
        responses: { '204': { description: 'kept' } },
      },
    },
    '/xml-bodies/texts': {
      put: {
        operationId: 'putText',
        requestBody: {
          required: true,
          content: { 'application/xml': { schema: { $ref: '#/components/schemas/Text' } } },
        },
        responses: { '204': { description: 'kept' } },
      },
    },
    '/xml-bodies/notes': {
      put: {
        operationId: 'putNote',
        requestBody: {
          required: true,
          content: {
            'text/xml': {
              schema: { type: 'object', required: ['text'], properties: { text: { type: 'string', enum: ['hi'] } } },
            },
          },
        },
        responses: { '204': { description: 'kept' } },
      },
    },
  },
  components: {
    schemas: {
      // A string schema: the server takes the document unread; the round trip sends the text the writer makes.
      Text: { type: 'string', enum: ['hi'] },
      Tags: { ...two({ type: 'string', enum: ['t'], xml: { name: 'tag' } }) },
      Order: {
        type: 'object',
        xml: { name: 'order', prefix: 'o', namespace: ORDERS },
        required: ['id', 'currency', 'lines', 'tags', 'note', 'codes', 'photos'],
        properties: {
          id: { type: 'integer', minimum: 1, maximum: 9, xml: { attribute: true } },
          currency: { type: 'string', enum: ['EUR'], xml: { attribute: true, name: 'cur' } },
          lines: { ...two({ $ref: '#/components/schemas/Line' }), xml: { wrapped: true, name: 'items' } },
          tags: two({ type: 'string', enum: ['a'] }),
          note: { type: 'string', enum: ['x & <y>'], xml: { prefix: 'n', namespace: NOTES } },
          // An array behind allOf (a `$ref` given a description), its items named through allOf (AWS's documents).
          codes: { allOf: [{ $ref: '#/components/schemas/Codes' }, { description: 'codes' }] },
          // Wrapped under a name of its own, its items unnamed: they take the wrapper's name.
          photos: { ...two({ type: 'string', enum: ['p'] }), xml: { name: 'photo', wrapped: true } },
        },
      },
      Codes: two({ allOf: [{ type: 'string', enum: ['c'] }, { xml: { name: 'code' } }] }),
      Line: {
        type: 'object',
        xml: { name: 'line' },
        required: ['sku'],
        properties: { sku: { type: 'string', enum: ['A1'] } },
      },
    },
  },
};

const spec = writtenDocument('xml-bodies', document);

roundTripSuite({ name: 'xml-bodies', spec }, {}, { server: true, prism: false }, received);

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });

it('sends XML bodies written from their schemas as the XML Object says', () => {
  const order = received.find((r) => r.url === '/xml-bodies/orders');
  expect(order?.type).toBe('application/xml');
  const id = /^<o:order xmlns:o="https:\/\/example\.com\/orders" id="([1-9])" cur="EUR">/.exec(order!.body)?.[1];
  expect(id).toBeDefined();
  expect(parser.parse(order!.body)).toEqual({
    'o:order': {
      '@_xmlns:o': ORDERS,
      '@_id': id,
      '@_cur': 'EUR',
      items: { line: [{ sku: 'A1' }, { sku: 'A1' }] },
      tags: ['a', 'a'],
      'n:note': { '#text': 'x & <y>', '@_xmlns:n': NOTES },
      code: ['c', 'c'],
      photo: { photo: ['p', 'p'] },
    },
  });
  expect(order!.body).toContain('x &amp; &lt;y&gt;');
  const note = received.find((r) => r.url === '/xml-bodies/notes');
  expect(note?.type).toBe('text/xml');
  expect(note!.body).toBe('<root><text>hi</text></root>');
  expect(received.find((r) => r.url === '/xml-bodies/texts')?.body).toBe('<Text>hi</Text>');
  // An unwrapped array at the root: its items inside the root's element, one XML document.
  expect(received.find((r) => r.url === '/xml-bodies/tags')?.body).toBe('<Tags><tag>t</tag><tag>t</tag></Tags>');
});
