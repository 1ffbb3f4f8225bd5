// Prism validates none of an operation's headers where one header's pattern is no JavaScript regular expression
// (AWS's `\A\S[\p{Print}]*\z`; seen with this document against Prism: a 7-character X-Short accepted on /a, refused
// on /b). With --mock a broken header it accepts there is its own reading, a note; elsewhere, and against any other
// target, a FAIL.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const short = { name: 'X-Short', in: 'header', schema: { type: 'string', maxLength: 3 } };
const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Headers', version: '1' },
  paths: {
    '/a': {
      get: {
        operationId: 'readA',
        parameters: [
          short,
          { name: 'X-Odd', in: 'header', schema: { type: 'string', pattern: '\\A\\S[\\p{Print}]*\\z' } },
        ],
        responses: ok,
      },
    },
    '/b': { get: { operationId: 'readB', parameters: [short], responses: ok } },
    // The same for a query (mon-voyage-pas-cher's `\-` outside a class: no unicode-mode regular expression).
    '/c': {
      get: {
        operationId: 'readC',
        parameters: [
          { name: 'lang', in: 'query', required: true, schema: { type: 'string', enum: ['en', 'fr'] } },
          { name: 'at', in: 'query', schema: { type: 'string', pattern: '^\\-?[0-9]+$' } },
        ],
        responses: ok,
      },
    },
    // And a path (amazonaws.com/backup's `\_` in a class).
    '/e/{name}': {
      get: {
        operationId: 'readE',
        parameters: [
          { name: 'name', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z\\_]{2,5}$' } },
        ],
        responses: ok,
      },
    },
    '/d': {
      get: {
        operationId: 'readD',
        parameters: [{ name: 'lang', in: 'query', required: true, schema: { type: 'string', enum: ['en', 'fr'] } }],
        responses: ok,
      },
    },
  },
};

function run(mock: boolean) {
  // As Prism answers /a: any header accepted (and, for the test, /b too).
  const acceptsAll = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('"fine"');
  };
  return engineAgainst('headers', document, acceptsAll, { checks: ['negative_data_rejection'], mock });
}

const verdicts = (outcomes: Array<{ operation: string; verdict: string }>) =>
  Object.fromEntries(outcomes.map((o) => [o.operation, o.verdict]));

describe("Prism's headers beside a pattern it cannot compile", () => {
  it('are a note with --mock where such a pattern sits, a FAIL elsewhere', async () => {
    const result = await run(true);
    expect(verdicts(result.outcomes)).toEqual({
      'GET /a (readA)': 'n/a',
      'GET /b (readB)': 'FAIL',
      'GET /c (readC)': 'n/a',
      'GET /d (readD)': 'FAIL',
      'GET /e/{name} (readE)': 'n/a',
    });
    expect(result.notes.map((n) => n.text).join('\n')).toMatch(/validates none of an operation's headers/);
    expect(result.notes.map((n) => n.text).join('\n')).toMatch(/validates none of an operation's query parameters/);
  });

  it('FAIL against any other target', async () => {
    const result = await run(false);
    expect(verdicts(result.outcomes)).toEqual({
      'GET /a (readA)': 'FAIL',
      'GET /b (readB)': 'FAIL',
      'GET /c (readC)': 'FAIL',
      'GET /d (readD)': 'FAIL',
      'GET /e/{name} (readE)': 'FAIL',
    });
  });
});
