// The round trip draws a form body whose required fields each reach the server as fields: null, an empty array and
// an empty object write nothing in a form (read as no field), and an object in a URL-encoded field typed `{}` is
// written form + exploded, its members as fields of their own (Twilio's `SinkConfiguration`, "encoded as JSON", and
// `Types`, an array of `{}`: answered 400 "must have required property"). An optional field without a written form
// is left out of the drawn value.
import { expect, it } from 'vitest';
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { type Received, writtenDocument } from './roundtrip-received.js';

const received: Received[] = [];

const document = {
  openapi: '3.0.3',
  info: { title: 'Form fields written', version: '1' },
  paths: {
    '/form-fields-written/sinks': {
      post: {
        operationId: 'createSink',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['config', 'types'],
                properties: {
                  config: { description: 'any value' },
                  types: { type: 'array', items: {} },
                  note: { description: 'any value, optional' },
                },
              },
            },
          },
        },
        responses: { '201': { description: 'created' } },
      },
    },
  },
};

const spec = writtenDocument('form-fields-written', document);

roundTripSuite({ name: 'form-fields-written', spec }, {}, { server: true, prism: false }, received);

it('sends each required field of the form as a field of its own', () => {
  // Only this file's requests (test files sharing a process may share the mock), the refused body `42` aside.
  const bodies = received
    .filter((r) => r.url === '/form-fields-written/sinks' && r.type.startsWith('application/x-www-form-urlencoded'))
    .map((r) => new URLSearchParams(r.body));
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    expect(body.has('config')).toBe(true);
    expect([...body.keys()].some((k) => k === 'types' || k.startsWith('types['))).toBe(true);
  }
});
