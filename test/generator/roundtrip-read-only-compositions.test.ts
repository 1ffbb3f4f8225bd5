// The round trip leaves readOnly members out of the request bodies it draws (OpenAPI: SHOULD NOT be sent; Prism
// refuses them where the body is closed), also where readOnly sits beside an allOf or a `$ref` (e-conomic's
// `employeeType: {allOf: [{$ref: EmployeeType}], readOnly: true}`), which json-schema-faker resolved to its
// composition alone before its hook saw the mark: here no body the server receives holds the readOnly members. So
// with a member marked on the component its `$ref` reaches, which a `required` beside it names (Cloudflare's access
// rule `scope`): the draw read the mark on the member itself only, and sent it. A body schema of an `example` alone
// (Cloudflare's queue consumer) is sent that example, where json-schema-faker drew nothing and the body was listed
// as admitting no value, without a reason.
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
    // Cloudflare's access rule: `scope` required, marked readOnly on the component its `$ref` reaches.
    '/read-only-compositions/rules': {
      post: {
        operationId: 'addRule',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Rule' } } },
        },
        responses: { '201': { description: 'added' } },
      },
    },
    // Cloudflare's queue consumer: a body schema of an example alone, which json-schema-faker draws nothing from.
    '/read-only-compositions/consumers': {
      post: {
        operationId: 'addConsumer',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { example: { script_name: 'example-consumer', type: 'worker' } } } },
        },
        responses: { '201': { description: 'added' } },
      },
    },
  },
  components: {
    schemas: {
      Kind: { type: 'integer', enum: [1, 2] },
      Scope: { type: 'object', readOnly: true, properties: { type: { type: 'string', enum: ['account'] } } },
      Rule: {
        type: 'object',
        additionalProperties: false,
        required: ['mode', 'scope'],
        properties: { mode: { type: 'string', enum: ['block'] }, scope: { $ref: '#/components/schemas/Scope' } },
      },
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

it('leaves out a member marked through its `$ref`, required or not, and sends a body its schema gives only an example of', () => {
  const bodies = (url: string) =>
    received.filter((r) => r.url === url && r.body.startsWith('{')).map((r) => JSON.parse(r.body) as object);
  const rules = bodies('/read-only-compositions/rules');
  expect(rules.length).toBeGreaterThan(0);
  for (const body of rules) expect(body).toEqual({ mode: 'block' });
  expect(bodies('/read-only-compositions/consumers')).toContainEqual({
    script_name: 'example-consumer',
    type: 'worker',
  });
});
