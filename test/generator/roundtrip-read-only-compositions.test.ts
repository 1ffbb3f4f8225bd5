// The round trip leaves readOnly members out of the request bodies it draws (OpenAPI: SHOULD NOT be sent; Prism
// refuses them where the body is closed), also where readOnly sits beside an allOf or a `$ref` (e-conomic's
// `employeeType: {allOf: [{$ref: EmployeeType}], readOnly: true}`), which json-schema-faker resolved to its
// composition alone before its hook saw the mark: here no body the server receives holds the readOnly members.
import { expect, it } from 'vitest';
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { type Received, writtenDocument } from './roundtrip-received.js';

const received: Received[] = [];

const document = {
  openapi: '3.1.0',
  info: { title: 'Read-only compositions', version: '1' },
  paths: {
    '/read-only-compositions/employees': {
      post: {
        operationId: 'addEmployee',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Employee' } } },
        },
        responses: { '201': { description: 'added' } },
      },
    },
  },
  components: {
    schemas: {
      Kind: { type: 'integer', enum: [1, 2] },
      Employee: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { type: 'string', enum: ['Ada'] },
          kind: { allOf: [{ $ref: '#/components/schemas/Kind' }], readOnly: true },
          grade: { $ref: '#/components/schemas/Kind', readOnly: true },
          id: { type: 'integer', readOnly: true },
        },
      },
    },
  },
};

const spec = writtenDocument('read-only-compositions', document);

roundTripSuite({ name: 'read-only-compositions', spec }, {}, { server: true, prism: false }, received);

it('sends no readOnly member, beside a composition or not', () => {
  // Only this file's requests (test files sharing a process may share the mock), the refused body `42` aside.
  const bodies = received
    .filter((r) => r.url === '/read-only-compositions/employees' && r.body.startsWith('{'))
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) expect(Object.keys(body).filter((k) => k !== 'name')).toEqual([]);
});
