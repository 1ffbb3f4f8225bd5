// Prism requires the body a document gives a GET or HEAD operation, which OpenAPI 3.0 says SHALL be ignored and the
// engine does not send (HTTP gives it no meaning; fetch cannot send one): seen on illumidesk's HEAD
// /v1/{namespace}/projects/project-copy-check/, its log "Body parameter is required", its 422 without a body (a
// HEAD's answer has none). With --mock that 422 is its own reading, a note; against any other target, a FAIL.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const body = {
  required: true,
  content: { 'application/json': { schema: { type: 'object', properties: { project: { type: 'string' } } } } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'Copies', version: '1' },
  paths: {
    '/copies': {
      head: { operationId: 'canCopy', requestBody: body, responses: { '200': { description: 'allowed' } } },
    },
    '/moves': {
      head: { operationId: 'canMove', responses: { '200': { description: 'allowed' } } },
    },
  },
};

function run(mock: boolean) {
  // As Prism answers any HEAD here: 422, no body.
  const prismLike = (_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(422).end();
  return engineAgainst('copies', document, prismLike, {
    checks: ['positive_data_acceptance', 'status_code_conformance'],
    mock,
  });
}

const failed = (outcomes: Array<{ verdict: string; check: string; operation: string }>) =>
  outcomes
    .filter((o) => o.verdict === 'FAIL')
    .map((o) => `${o.check} ${o.operation}`)
    .sort();

describe('a GET or HEAD the document gives a body', () => {
  it("is refused by Prism's own reading with --mock: a note, where the document gives the body only", async () => {
    const result = await run(true);
    expect(failed(result.outcomes)).toEqual([
      'positive_data_acceptance HEAD /moves (canMove)',
      'status_code_conformance HEAD /moves (canMove)',
    ]);
    expect(result.notes.map((n) => n.text).join('\n')).toMatch(/SHALL be ignored/);
  });

  it('FAILs against any other target', async () => {
    expect(failed((await run(false)).outcomes)).toHaveLength(4);
  });
});
