// Prism's static answer writes its sampler's date-time, 2019-08-24T14:15:22Z, whatever the schema's length: telstra's
// `lastUse` (`format: date-time`, minLength and maxLength 24) answered so (seed 67: 2 FAILs; checked by hand on Prism
// 5.14 with a one-member document). With --mock a note; from any other target, and for another value, a FAIL.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Numbers', version: '1' },
  paths: {
    '/numbers': {
      get: {
        operationId: 'number',
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['lastUse'],
                  properties: { lastUse: { type: 'string', format: 'date-time', minLength: 24, maxLength: 24 } },
                },
              },
            },
          },
        },
      },
    },
  },
};

const answering = (lastUse: string) => (_: http.IncomingMessage, res: http.ServerResponse) =>
  void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ lastUse }));
const run = (lastUse: string, mock: boolean) =>
  engineAgainst('numbers', document, answering(lastUse), { checks: ['response_schema_conformance'], mock });
const verdicts = async (lastUse: string, mock: boolean) => (await run(lastUse, mock)).outcomes.map((o) => o.verdict);

describe("Prism's date-time sample", () => {
  it('is a note with --mock, whatever the length', async () => {
    expect(await verdicts('2019-08-24T14:15:22Z', true)).toEqual(['n/a']);
    expect((await run('2019-08-24T14:15:22Z', true)).notes.map((n) => n.text).join('\n')).toMatch(
      /writes its sampler's date-time/,
    );
  });

  it('FAILs from any other target, and another short value FAILs on a mock too', async () => {
    expect(await verdicts('2019-08-24T14:15:22Z', false)).toEqual(['FAIL']);
    expect(await verdicts('2020-01-01T00:00:00Z', true)).toEqual(['FAIL']);
  });
});
