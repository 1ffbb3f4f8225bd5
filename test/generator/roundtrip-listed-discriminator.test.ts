// The round trip draws a discriminating parent used itself as one of its children (the engine's draws,
// contracts/engine/discriminator-draws.ts), also where the parent's own property lists the values (azure
// deploymentScripts' `DeploymentScript`, `kind: {enum: [AzurePowerShell, AzureCLI]}`): json-schema-faker drew the
// parent with a listed value and without the members the child it names requires, which the generated server
// refuses, so that the body and the answers were listed as admitting no value.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const script = { $ref: '#/components/schemas/Script' };
const document = {
  openapi: '3.0.3',
  info: { title: 'Listed discriminator', version: '1' },
  paths: {
    '/listed-discriminator/scripts/{name}': {
      put: {
        operationId: 'putScript',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string', enum: ['first'] } }],
        requestBody: { required: true, content: { 'application/json': { schema: script } } },
        responses: { '200': { description: 'the script', content: { 'application/json': { schema: script } } } },
      },
    },
  },
  components: {
    schemas: {
      Script: {
        type: 'object',
        discriminator: { propertyName: 'kind' },
        required: ['kind', 'location'],
        properties: {
          kind: { type: 'string', enum: ['Shell', 'Cli'] },
          location: { type: 'string' },
        },
      },
      ShellScript: {
        allOf: [{ $ref: '#/components/schemas/Script' }],
        'x-ms-discriminator-value': 'Shell',
        type: 'object',
        required: ['shell'],
        properties: { shell: { type: 'object', required: ['version'], properties: { version: { type: 'string' } } } },
      },
      CliScript: {
        allOf: [{ $ref: '#/components/schemas/Script' }],
        'x-ms-discriminator-value': 'Cli',
        type: 'object',
        required: ['cli'],
        properties: { cli: { type: 'object', required: ['version'], properties: { version: { type: 'string' } } } },
      },
    },
  },
};

roundTripSuite({ name: 'listed-discriminator', spec: writtenDocument('listed-discriminator', document) });
