// A required query array whose items may be anything (sinao's `data`, `items: {}`) may be drawn `[null]`: the client
// leaves null items out (RFC 6570's undefined), so such an array writes no pair, and the server refused the request
// as missing its required parameter. The round trip draws it again; an array whose items admit only null has no
// value the client writes, and its operation is listed as admitting none.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const batch = (operationId: string, items: object) => ({
  post: {
    operationId,
    parameters: [{ name: 'data', in: 'query', required: true, schema: { type: 'array', items } }],
    responses: { '204': { description: 'stored' } },
  },
});

const document = {
  openapi: '3.1.0',
  info: { title: 'Null items', version: '1' },
  paths: {
    '/templates/batch': batch('batchTemplates', {}),
    '/nothing/batch': batch('batchNothing', { type: 'null' }),
  },
};

roundTripSuite(
  { name: 'null-items', spec: writtenDocument('null-items', document) },
  { unsatisfiable: ['batchNothing: parameter data'] },
  { server: true, prism: false },
);
