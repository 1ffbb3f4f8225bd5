// An XML answer's value is read back in its schema's member order (runtime/xml/read.ts); the value its handler
// answered, the schema's own example, lists them in another (AWS Elastic Beanstalk's `ApplicationDescriptionMessage`,
// seed 103): the round trip compares the two as values, whatever their members' order, and passes.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const document = {
  openapi: '3.0.0',
  info: { title: 'XML answer order', version: '1' },
  paths: {
    '/applications': {
      get: {
        operationId: 'createApplication',
        responses: {
          '200': {
            description: 'Success',
            content: { 'text/xml': { schema: { $ref: '#/components/schemas/ApplicationMessage' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      ApplicationMessage: {
        type: 'object',
        example: { Application: { Name: 'my-app', Versions: ['v1', 'v2'], Description: 'mine' } },
        properties: { Application: { $ref: '#/components/schemas/Application' } },
      },
      Application: {
        type: 'object',
        properties: {
          Name: { type: 'string' },
          Description: { type: 'string' },
          Versions: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};

roundTripSuite(
  { name: 'xml-answer-order', spec: writtenDocument('xml-answer-order', document) },
  {},
  { server: true, prism: false },
);
