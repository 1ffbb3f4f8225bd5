// A failure is shrunk only to requests the document allows, as the valid request is drawn: never to an empty query
// value (without allowEmptyValue) nor an empty header, which a server or a mock reads as none and refuses, so
// that the smallest "failing" request would be one the document forbids.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Search', version: '1' },
  paths: {
    '/search': {
      get: {
        operationId: 'search',
        parameters: [
          { name: 'q', in: 'query', required: true, schema: { type: 'string' }, example: 'spring sale' },
          { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' }, example: 'trace-one' },
        ],
        responses: { '200': { description: 'the hits' }, '422': { description: 'refused' } },
      },
    },
  },
};

describe('shrinking a positive_data_acceptance failure', () => {
  it('never reaches an empty query value or header', async () => {
    const seen: string[] = [];
    // Refuses everything: every candidate still fails, so the shrinker goes as small as it is let.
    const refusesAll = (req: http.IncomingMessage, res: http.ServerResponse) => {
      seen.push(`${req.url} ${req.headers['x-trace'] ?? '(no header)'}`);
      res.writeHead(422, { 'content-type': 'application/json' }).end('{}');
    };
    const result = await engineAgainst('search', document, refusesAll, { checks: ['positive_data_acceptance'] });
    const fail = result.outcomes.find((o) => o.check === 'positive_data_acceptance' && o.verdict === 'FAIL')!;
    expect(fail.message).toMatch(/shrunk in \d+ step/);
    expect(seen.length).toBeGreaterThan(1);
    for (const line of seen) {
      expect(line).not.toMatch(/[?&]q=(&|\s)/);
      expect(line).not.toMatch(/\(no header\)$/);
    }
    expect(fail.exchange!.url).toMatch(/[?&]q=[^&]/);
  });
});
