// fetch refuses the methods the Fetch standard forbids (CONNECT, TRACE, TRACK): httpbin's TRACE operations were
// errors, "no answer: 'TRACE' HTTP method is unsupported" (seed 61), which no target caused. Such an operation cannot
// be called: n/a with that reason, its other operations judged as before.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const ok = { '200': { description: 'echo', content: { 'application/json': { schema: { type: 'object' } } } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Echo', version: '1' },
  paths: {
    '/anything': {
      trace: { operationId: 'traceAnything', responses: ok },
      get: { operationId: 'getAnything', responses: ok },
    },
  },
};

describe('an operation whose method fetch does not send', () => {
  it('is n/a saying so, not an error; the others are judged', async () => {
    const echo: http.RequestListener = (_, res) => void res.writeHead(500).end();
    const { outcomes } = await engineAgainst('echo', document, echo, { checks: ['not_a_server_error'] });
    const of = (id: string) => outcomes.find((o) => o.operation.includes(id));
    expect(of('traceAnything')).toMatchObject({
      verdict: 'n/a',
      message: expect.stringMatching(/fetch does not send TRACE/),
    });
    // The planted defect (a 500 to every request) still FAILs the operation that can be sent.
    expect(of('getAnything')?.verdict).toBe('FAIL');
  });
});
