// A path parameter whose values include a segment a sibling path holds as a literal (Elasticsearch's
// `POST /_inference/{task_type}/{inference_id}` beside `POST /_inference/sparse_embedding/{inference_id}`): a request
// carrying that value is the sibling's, as OpenAPI routes concrete paths first, and the generated server answered it
// with the sibling's handler. The round trip draws another value.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const answer = (name: string) => ({
  '200': {
    description: 'inferred',
    content: {
      'application/json': {
        schema: { type: 'object', required: [name], properties: { [name]: { type: 'string', enum: [name] } } },
      },
    },
  },
});
const infer = (operationId: string, responses: object, taskType?: object) => ({
  post: {
    operationId,
    parameters: [
      ...(taskType ? [{ name: 'task_type', in: 'path', required: true, schema: taskType }] : []),
      { name: 'inference_id', in: 'path', required: true, schema: { type: 'string' } },
    ],
    responses,
  },
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Literal siblings', version: '1' },
  paths: {
    '/_inference/{task_type}/{inference_id}': infer('inferAny', answer('any'), {
      type: 'string',
      enum: ['sparse_embedding', 'rerank', 'completion'],
    }),
    '/_inference/sparse_embedding/{inference_id}': infer('inferSparse', answer('sparse')),
    '/_inference/rerank/{inference_id}': infer('inferRerank', answer('rerank')),
  },
};

roundTripSuite(
  { name: 'literal-siblings', spec: writtenDocument('literal-siblings', document) },
  {},
  { server: true, prism: false },
);
