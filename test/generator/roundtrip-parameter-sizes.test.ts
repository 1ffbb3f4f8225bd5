// The round trip draws each parameter's value within what a server takes in a request line: node's server answers
// 431 past 16 KB of request line and headers, and query values a schema allows 2,048 characters of any Unicode (up
// to 9 characters each percent-encoded) or 100,000 (a `format: password` string: AWS's STS `SAMLAssertion`) outrun
// it. A value whose encoded text passes 1 KB is drawn again small; here the operation must pass with four such query
// parameters (it was answered 431).
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const text = (pattern: string) => ({ type: 'string', pattern, minLength: 20, maxLength: 2048 });
const SCHEMAS: Record<string, object> = {
  RoleArn: text('[\\u0009\\u000A\\u000D\\u0020-\\u007E\\u0085\\u00A0-\\uD7FF\\uE000-\\uFFFD]+'),
  PrincipalArn: text('[\\u0020-\\u007E\\u00A0-\\uD7FF]+'),
  Assertion: { type: 'string', minLength: 4, maxLength: 100000, format: 'password' },
  Policy: text('[\\u0009\\u000A\\u000D\\u0020-\\u00FF]+'),
};
const document = {
  openapi: '3.0.3',
  info: { title: 'Parameter sizes', version: '1' },
  paths: {
    '/roles': {
      get: {
        operationId: 'assumeRole',
        parameters: Object.entries(SCHEMAS).map(([name, schema]) => ({ name, in: 'query', required: true, schema })),
        responses: { '200': { description: 'assumed' } },
      },
    },
  },
};

const spec = writtenDocument('parameter-sizes', document);

roundTripSuite({ name: 'parameter-sizes', spec });
