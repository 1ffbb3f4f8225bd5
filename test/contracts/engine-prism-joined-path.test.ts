// Prism does not split a path segment holding two parameters with nothing between them (`{id}{ext}`, bufferapp's
// `/profiles/{id}{mediaTypeExtension}`): it reads the whole segment as the last parameter and refuses the request
// as missing the first (checked by hand against Prism 5.14: `400`, no body, `sl-violations` "Request path must have
// required property 'id'"; stoplightio/prism#1876, open). With --mock that is its own reading, a note; against any
// other target, a FAIL.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Profiles', version: '1' },
  paths: {
    '/profiles/{id}{ext}': {
      get: {
        operationId: 'getProfile',
        parameters: [
          { name: 'ext', in: 'path', required: true, schema: { type: 'string', enum: ['.json'] } },
          { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } },
        ],
        responses: { '200': { description: 'the profile' }, '400': { description: 'refused' } },
      },
    },
  },
};

function run(mock: boolean) {
  const prismLike = (_: http.IncomingMessage, res: http.ServerResponse) =>
    void res
      .writeHead(400, {
        'sl-violations': JSON.stringify([
          {
            location: ['request', 'path'],
            severity: 'Error',
            code: 'required',
            message: "Request path must have required property 'id'",
          },
        ]),
      })
      .end();
  return engineAgainst('profiles', document, prismLike, { checks: ['positive_data_acceptance'], mock });
}

describe('a path segment of two parameters', () => {
  it("is Prism's reading with --mock, a note naming its issue", async () => {
    const result = await run(true);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL')).toEqual([]);
    expect(result.notes.map((n) => n.text).join('\n')).toMatch(/stoplightio\/prism#1876/);
  });

  it('FAILs against any other target', async () => {
    const result = await run(false);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL').map((o) => o.check)).toEqual([
      'positive_data_acceptance',
    ]);
  });
});
