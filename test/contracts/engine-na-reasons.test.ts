// Every n/a row of a run says why nothing was judged, in words of its own case (an answer without a body, a
// response that documents no headers, a status it does not document, no constraint to break), never a catch-all;
// and the report's row for each check names its commonest reason.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../contracts/engine/checks.js';
import { consoleReport, markdownReport, naReasons, shortReason } from '../../contracts/engine/report.js';
import type { CheckOutcome } from '../../contracts/engine/run.js';
import { engineAgainst } from '../support/engine-trial.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Notes', version: '1' },
  paths: {
    '/notes': {
      get: {
        operationId: 'listNotes',
        responses: {
          '200': { description: 'the notes', content: { 'application/json': { schema: { type: 'array' } } } },
        },
      },
    },
    '/ping': {
      get: {
        operationId: 'ping',
        responses: { '204': { description: 'alive', headers: { 'X-Uptime': { schema: { type: 'integer' } } } } },
      },
    },
    '/odd': { get: { operationId: 'odd', responses: { '200': { description: 'odd' } } } },
  },
};

// `/odd` answers a status its operation does not document; the others as documented.
const server = (req: http.IncomingMessage, res: http.ServerResponse) => {
  if (req.method !== 'GET') return void res.writeHead(405).end();
  if (req.url === '/ping') return void res.writeHead(204).end();
  if (req.url === '/odd') return void res.writeHead(202).end();
  res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
};

describe('n/a rows', () => {
  it('each say why, in words of their own case', async () => {
    const result = await engineAgainst('notes', document, server, { checks: CHECK_IDS });
    const na = result.outcomes.filter((o) => o.verdict === 'n/a');
    expect(na.length).toBeGreaterThan(10);
    expect(na.filter((o) => o.message === 'nothing in the document to judge')).toEqual([]);
    const why = (check: string, id: string) =>
      na.find((o) => o.check === check && o.operation.includes(`(${id})`))?.message;
    expect(why('response_headers_conformance', 'listNotes')).toBe('the 200 response documents no headers');
    expect(why('content_type_conformance', 'ping')).toBe('the 204 answer has no body');
    expect(why('response_headers_conformance', 'ping')).toMatch(
      /carries none of the headers the 204 response documents/,
    );
    expect(why('response_schema_conformance', 'odd')).toMatch(/status 202 is not documented/);
    expect(why('negative_data_rejection', 'listNotes')).toMatch(/no documented constraint to break/);
  });

  it("are named on each check's row of the report, the commonest reason first", async () => {
    const result = await engineAgainst('notes', document, server, { checks: CHECK_IDS });
    const input = { title: 'Notes', baseUrl: 'http://x', seed: 1, result, redact: (t: string) => t };
    const row = consoleReport(input)
      .split('\n')
      .find((l) => l.startsWith('response_headers_conformance'));
    expect(row).toMatch(/ 3 {2}\S.* \(1\); 2 other reason\(s\)$/);
    expect(markdownReport(input)).toContain('| n/a, mostly |');
  });

  it('are counted by a reason in short that still tells the case', () => {
    expect(shortReason('the valid request was answered 404, not a 2xx: a 4xx would not tell which constraint')).toBe(
      'the valid request was answered N, not a 2xx',
    );
    expect(shortReason('not judged: --max-requests reached')).toBe('not judged: --max-requests reached');
    expect(shortReason("not judged: the run's deadline passed")).toBe("not judged: the run's deadline passed");
  });

  it('show their numbers where every row counted together has the same ones', () => {
    const na = (message: string): CheckOutcome => ({
      check: 'not_a_server_error',
      operation: 'GET /x (getX)',
      verdict: 'n/a',
      message,
    });
    const prism = 'Prism could not build an answer and answered its own 500 (NO_COMPLEX_OBJECT_TEXT)';
    expect(naReasons([na(prism), na(prism)])).toEqual([
      ['Prism could not build an answer and answered its own 500', 2],
    ]);
    const mixed = [
      na('the valid request was answered 404, not a 2xx'),
      na('the valid request was answered 401, not a 2xx'),
    ];
    expect(naReasons(mixed)).toEqual([['the valid request was answered N, not a 2xx', 2]]);
  });

  // A request that gets no answer (the connection closed without one, twice) is not_a_server_error's error; the
  // checks that had only that answer to judge say so, not that the document had nothing for them.
  it('say a request got no answer where it got none', async () => {
    const silent = {
      openapi: '3.0.3',
      info: { title: 'Silent', version: '1' },
      paths: {
        '/things': {
          post: {
            operationId: 'createThing',
            responses: {
              '201': {
                description: 'made',
                content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } },
              },
            },
          },
        },
        '/things/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          get: { operationId: 'readThing', responses: { '200': { description: 'the thing' } } },
          delete: { operationId: 'deleteThing', responses: { '204': { description: 'gone' } } },
        },
      },
    };
    // Creates answer; every read closes its connection without an answer.
    const closing = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.method === 'POST')
        return void res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"a"}');
      if (req.method === 'DELETE') return void res.writeHead(204).end();
      req.socket.destroy();
    };
    const result = await engineAgainst('silent', silent, closing, { checks: CHECK_IDS });
    expect(result.outcomes.filter((o) => o.message === 'nothing in the document to judge')).toEqual([]);
    const read = (check: string) =>
      result.outcomes.find((o) => o.check === check && o.operation.includes('(readThing)'))!;
    expect(read('not_a_server_error').verdict).toBe('error');
    expect(read('status_code_conformance')).toMatchObject({
      verdict: 'n/a',
      message: expect.stringMatching(/no answer/),
    });
    const chain = result.outcomes.find((o) => o.check === 'use_after_free' && o.operation.includes('->'))!;
    expect(chain).toMatchObject({ verdict: 'n/a', message: expect.stringMatching(/no answer/) });
  });
});
