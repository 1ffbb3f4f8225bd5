// Prism's static answer for a schema that recurs writes {} past its sampler's depth, the members it requires left
// out (bbc's Category of child_categories, seed 61: 2 FAILs; stoplightio/prism#2652, open; checked by hand on Prism
// 5.14 with the document below: {"kind":"string","children":[{"kind":"string","children":[{}]}]}). With --mock a
// note; against any other target a FAIL, and {} where nothing recurs still FAILs on a mock.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const answer = (schema: object) => ({
  '200': { description: 'ok', content: { 'application/json': { schema } } },
});
const document = {
  openapi: '3.0.3',
  info: { title: 'Categories', version: '1' },
  paths: {
    '/categories': { get: { operationId: 'categories', responses: answer({ $ref: '#/components/schemas/Category' }) } },
    '/owner': {
      get: {
        operationId: 'owner',
        responses: answer({
          type: 'object',
          required: ['person'],
          properties: { person: { $ref: '#/components/schemas/Person' } },
        }),
      },
    },
  },
  components: {
    schemas: {
      Category: {
        type: 'object',
        required: ['kind'],
        properties: {
          kind: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Category' } },
        },
      },
      Person: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    },
  },
};

// As Prism answers: {} at the Category's second recursion; {} for the person too (the planted defect).
const prismLike = (req: http.IncomingMessage, res: http.ServerResponse) =>
  void res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(
      req.url?.startsWith('/categories')
        ? '{"kind":"string","children":[{"kind":"string","children":[{}]}]}'
        : '{"person":{}}',
    );

const run = (mock: boolean) =>
  engineAgainst('categories', document, prismLike, { checks: ['response_schema_conformance'], mock });

describe("Prism's {} where a schema recurs", () => {
  it('is its sampler with --mock: a note, while {} where nothing recurs still FAILs', async () => {
    const result = await run(true);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL').map((o) => o.operation)).toEqual([
      expect.stringMatching(/owner/),
    ]);
    expect(result.notes.map((n) => n.text).join('\n')).toMatch(/writes \{\} where a schema recurs/);
  });

  it('FAILs against any other target', async () => {
    expect((await run(false)).outcomes.filter((o) => o.verdict === 'FAIL')).toHaveLength(2);
  });
});
