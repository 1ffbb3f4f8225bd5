// Prism's static answer for a schema with anyOf (or oneOf) beside members of its own is the first alternative's
// sample alone: the schema's own required members are left out (checked by hand on Prism 5.14, both keywords:
// `{"portfolios":[null]}`; seen on wealthreader's entity-data, which requires `success`). With --mock a note; from
// any other target a FAIL.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Entities', version: '1' },
  paths: {
    '/entities': {
      get: {
        operationId: 'getEntity',
        responses: {
          '200': {
            description: 'the entity',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['success'],
                  properties: { success: { type: 'boolean' } },
                  anyOf: [
                    { properties: { portfolios: { type: 'array', items: {} } } },
                    { properties: { cards: { type: 'array', items: {} } } },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
};

// As Prism answers it.
const prismLike = (_req: http.IncomingMessage, res: http.ServerResponse) =>
  void res.writeHead(200, { 'content-type': 'application/json' }).end('{"portfolios":[null]}');
const run = (mock: boolean) =>
  engineAgainst('entities', document, prismLike, { checks: ['response_schema_conformance'], mock });

describe('an answer of the first alternative alone, without the required members beside it', () => {
  it("is Prism's sampler with --mock, a note", async () => {
    const result = await run(true);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL')).toEqual([]);
    expect(result.notes.map((n) => n.text).join('\n')).toMatch(/first alternative's sample alone/);
  });

  it('FAILs against any other target', async () => {
    const result = await run(false);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL').map((o) => o.message)).toEqual([
      expect.stringMatching(/required property 'success'/),
    ]);
  });
});
