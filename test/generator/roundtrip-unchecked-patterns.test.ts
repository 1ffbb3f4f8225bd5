// A pattern the generated server cannot run (a lookahead needs a backtracking engine) is left out of the model with a
// warning, so the server accepts any string there, while Prism checks it. The round trip (corpus-roundtrip-suite.ts)
// draws its values with such patterns put back, so what it sends meets them: here every name and tag the served
// package receives must match its pattern (AWS's names: no `listener-` prefix, no hyphen first, last or doubled).
import { expect, it } from 'vitest';
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { type Received, writtenDocument } from './roundtrip-received.js';

const received: Received[] = [];

const NAME = '^(?!listener-)(?![-])(?!.*[-]$)(?!.*[-]{2})[a-z0-9-]+$';
const TAG = '^(?!aws:)[a-zA-Z+-=._:/]+$';

const document = {
  openapi: '3.0.3',
  info: { title: 'Unchecked patterns', version: '1' },
  paths: {
    '/listeners': {
      post: {
        operationId: 'createListener',
        parameters: [
          { name: 'tag', in: 'query', required: true, schema: { type: 'string', pattern: TAG, maxLength: 20 } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', pattern: NAME, minLength: 3, maxLength: 63 } },
              },
            },
          },
        },
        responses: { '201': { description: 'made' } },
      },
    },
  },
};

const spec = writtenDocument('unchecked-patterns', document);

roundTripSuite({ name: 'unchecked-patterns', spec }, {}, { server: true, prism: false }, received);

it('sends values that meet the patterns the server leaves unchecked', () => {
  // The request with a body its schema refuses (42) is the suite's own; the valid one is checked.
  const sent = received.filter((r) => r.body.startsWith('{'));
  expect(sent.length).toBeGreaterThan(0);
  for (const r of sent) {
    expect(JSON.parse(r.body).name).toMatch(new RegExp(NAME, 'u'));
    expect(new URL(r.url, 'http://x').searchParams.get('tag')).toMatch(new RegExp(TAG, 'u'));
  }
});
