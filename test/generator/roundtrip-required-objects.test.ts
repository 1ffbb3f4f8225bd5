// The round trip draws a required object parameter in the form style, exploded, with at least one member: an empty
// one writes nothing (`?` alone), which no server can tell from an absent parameter (AWS SNS's `attributes`, a map
// of strings: answered 400 "must have required property"), as it draws a required array with at least one item; a
// map of objects, whose members nest, no style writes, and is left out like an object holding an object.
import { expect, it } from 'vitest';
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { type Received, writtenDocument } from './roundtrip-received.js';

const received: Received[] = [];

const document = {
  openapi: '3.0.3',
  info: { title: 'Required objects', version: '1' },
  paths: {
    '/required-objects/settings': {
      get: {
        operationId: 'setAttributes',
        parameters: [
          {
            name: 'attributes',
            in: 'query',
            required: true,
            schema: { type: 'object', additionalProperties: { type: 'string' } },
          },
          { name: 'Action', in: 'query', required: true, schema: { type: 'string', enum: ['SetAttributes'] } },
          // A required array whose own bound admits none, its first draw past 1 KB and drawn again small (AWS
          // iotwireless' `tagKeys`): drawn with an item all the same.
          {
            name: 'tagKeys',
            in: 'query',
            required: true,
            schema: {
              type: 'array',
              items: { type: 'string', minLength: 1, maxLength: 128 },
              minItems: 0,
              maxItems: 200,
            },
          },
          // A map of objects has no form-style wire form (nested values): left out, as it is optional.
          {
            name: 'messageAttributes',
            in: 'query',
            schema: {
              type: 'object',
              additionalProperties: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
            },
          },
        ],
        responses: { '200': { description: 'set' } },
      },
    },
  },
};

const spec = writtenDocument('required-objects', document);

roundTripSuite({ name: 'required-objects', spec }, {}, { server: true, prism: false }, received);

it('sends the map of strings with a member, the array with an item, and no nested value as text', () => {
  // Only this file's requests: test files sharing a process may share the mock.
  const own = received.filter((r) => r.url.startsWith('/required-objects/')).map((r) => r.url);
  expect(own).toHaveLength(1);
  const query = new URL(own[0]!, 'http://x').searchParams;
  expect([...query.keys()].filter((k) => k !== 'Action' && k !== 'tagKeys').length).toBeGreaterThan(0);
  expect(query.getAll('tagKeys').length).toBeGreaterThan(0);
  expect(own[0]).not.toContain('object+Object');
});
