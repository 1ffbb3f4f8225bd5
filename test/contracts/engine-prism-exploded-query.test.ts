// Prism does not gather a required exploded form object query parameter from its members' keys where its schema is
// a $ref: seldon's `json` (a SeldonMessage) sent as `?strData=abc` got its 422 "must have required property 'json'"
// (seed 67; checked by hand on Prism 5.14: `?json={}` accepted; the same parameter written inline it gathers). With
// --mock that refusal is its reading, a note; from any other target a FAIL.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst, prismRefusal } from '../support/engine-trial.js';

const document = {
  openapi: '3.0.0',
  info: { title: 'Routes', version: '1' },
  paths: {
    '/route': {
      get: {
        operationId: 'route',
        parameters: [{ name: 'json', in: 'query', required: true, schema: { $ref: '#/components/schemas/Message' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
  components: {
    schemas: { Message: { type: 'object', required: ['strData'], properties: { strData: { type: 'string' } } } },
  },
};

const prismLike = (_: http.IncomingMessage, res: http.ServerResponse) =>
  prismRefusal(res, [
    { location: ['query'], code: 'required', message: "Request query must have required property 'json'" },
  ]);

describe("Prism's refusal of an exploded object query parameter written as its members", () => {
  const run = (mock: boolean) =>
    engineAgainst('routes', document, prismLike, {
      checks: ['positive_data_acceptance', 'status_code_conformance'],
      mock,
    });

  it('is a note with --mock', async () => {
    const result = await run(true);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL')).toEqual([]);
    expect(result.notes.map((n) => n.text).join('\n')).toMatch(
      /does not gather an exploded form object query parameter/,
    );
  });

  it('FAILs from any other target', async () => {
    expect((await run(false)).outcomes.filter((o) => o.verdict === 'FAIL')).toHaveLength(2);
  });

  it('FAILs with --mock too where the schema is written inline (Prism gathers that one: the refusal has another cause)', async () => {
    const parameter = document.paths['/route'].get.parameters[0]!;
    const inline = {
      ...document,
      paths: {
        '/route': {
          get: {
            ...document.paths['/route'].get,
            parameters: [{ ...parameter, schema: document.components.schemas.Message }],
          },
        },
      },
    };
    const result = await engineAgainst('routes', inline, prismLike, {
      checks: ['positive_data_acceptance', 'status_code_conformance'],
      mock: true,
    });
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL')).toHaveLength(2);
  });
});
