// Prism requires a header parameter named Accept, Content-Type or Authorization where a document declares one
// required (stoplightio/prism#2057), which OpenAPI says to ignore and the engine does not send (seen on twitter's
// legacy document: its 422 "Request header must have required property 'content-type'"). With --mock that 422 is
// its own reading, a note; against any other target, a FAIL.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst, prismRefusal } from '../support/engine-trial.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Images', version: '1' },
  paths: {
    '/images': {
      post: {
        operationId: 'addImage',
        parameters: [
          { name: 'Content-Type', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'name', in: 'query', required: true, schema: { type: 'string' }, example: 'cat' },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

function run(mock: boolean) {
  // As Prism answers a request without a Content-Type header.
  const prismLike = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.headers['content-type']) return void res.writeHead(200).end();
    prismRefusal(res, [
      { location: ['header'], code: 'required', message: "Request header must have required property 'content-type'" },
    ]);
  };
  return engineAgainst('images', document, prismLike, {
    checks: ['positive_data_acceptance', 'status_code_conformance'],
    mock,
  });
}

describe('a required Content-Type header parameter', () => {
  it("is Prism's requirement with --mock, a note naming its issue", async () => {
    const result = await run(true);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL')).toEqual([]);
    expect(result.notes.map((n) => n.text).join('\n')).toMatch(/stoplightio\/prism#2057/);
  });

  it('FAILs against any other target', async () => {
    const result = await run(false);
    expect(
      result.outcomes
        .filter((o) => o.verdict === 'FAIL')
        .map((o) => o.check)
        .sort(),
    ).toEqual(['positive_data_acceptance', 'status_code_conformance']);
  });
});
