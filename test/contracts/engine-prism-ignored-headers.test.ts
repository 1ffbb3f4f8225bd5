// Prism requires a header parameter named Accept, Content-Type or Authorization where a document declares one
// required (stoplightio/prism#2057), which OpenAPI says to ignore and the engine does not send (seen on twitter's
// legacy document: its 422 "Request header must have required property 'content-type'"). With --mock that 422 is
// its own reading, a note; against any other target, a FAIL. Where the operation documents a 400 (citrixonline's
// scim: `Authorization`), Prism answers that 400 instead, without a body, naming the violation in its
// `sl-violations` header: the same reading.
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

// The operation documents a 400 without content: Prism's refusal is that 400, its reason in a header.
const documented = structuredClone(document);
documented.paths['/images'].post.responses = { '200': { description: 'ok' }, '400': { description: 'bad' } } as never;

function runDocumented(mock: boolean) {
  // As Prism answers a request without an Authorization header where the operation documents a 400 (checked by
  // hand against Prism 5.14: `400`, `content-length: 0`, this header).
  const prismLike = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.headers['content-type']) return void res.writeHead(200).end();
    res
      .writeHead(400, {
        'sl-violations': JSON.stringify([
          {
            location: ['request', 'header'],
            severity: 'Error',
            code: 'required',
            message: "Request header must have required property 'content-type'",
          },
        ]),
      })
      .end();
  };
  return engineAgainst('images', documented, prismLike, { checks: ['positive_data_acceptance'], mock });
}

describe("Prism's documented 400 for a required Content-Type header parameter", () => {
  it("is Prism's requirement with --mock, a note naming its issue", async () => {
    const result = await runDocumented(true);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL')).toEqual([]);
    expect(result.notes.map((n) => n.text).join('\n')).toMatch(/stoplightio\/prism#2057.*sl-violations/);
  });

  it('FAILs against any other target', async () => {
    const result = await runDocumented(false);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL').map((o) => o.check)).toEqual([
      'positive_data_acceptance',
    ]);
  });
});
