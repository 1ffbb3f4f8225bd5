// An object whose allOf gives it members its own `additionalProperties` types otherwise (Azure Data Factory's
// `PipelineResource`: the allOf's string `id` and `name` beside `additionalProperties: {type: object}`, which JSON
// Schema applies to them, as it sees only the properties beside it): a value exists, one without those members,
// and the round trip draws it from the object's own members, for a request body and an answer.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const resource = { $ref: '#/components/schemas/PipelineResource' };
const document = {
  openapi: '3.0.1',
  info: { title: 'Own members', version: '1' },
  paths: {
    '/pipelines/{name}': {
      put: {
        operationId: 'putPipeline',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: resource } } },
        responses: { '200': { description: 'the pipeline', content: { 'application/json': { schema: resource } } } },
      },
    },
  },
  components: {
    schemas: {
      SubResource: {
        type: 'object',
        // Eight optional members: a draw leaves all of them out too rarely to be found.
        properties: Object.fromEntries(
          ['id', 'name', 'etag', 'type', 'location', 'kind', 'version', 'owner'].map((m) => [m, { type: 'string' }]),
        ),
      },
      PipelineResource: {
        type: 'object',
        additionalProperties: { type: 'object' },
        allOf: [{ $ref: '#/components/schemas/SubResource' }],
        required: ['properties'],
        properties: {
          properties: {
            type: 'object',
            required: ['activities'],
            properties: { activities: { type: 'array', items: { type: 'object' } } },
          },
        },
      },
    },
  },
};

// Nothing listed: both values are drawn and pass.
roundTripSuite(
  { name: 'own-members', spec: writtenDocument('own-members', document) },
  {},
  { server: true, prism: false },
);
