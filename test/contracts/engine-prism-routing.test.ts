// Two ways Prism routes a request the document allows to no operation or another one (each checked by hand on
// Prism 5.14 with these paths): it takes a path key's segment `{name}:execute` for a prefix of the request's
// `abc:executeSqlQuery`, routes the request to that operation and refuses it as missing `name` (Google's custom
// methods: connectors, authorizedbuyersmarketplace on seed 43; stoplightio/prism#1876, open, for `{id}.{format}`);
// and it reads a request path that starts with `//` as an authority (clever-cloud's `//openapi`: its 404 "The route
// / hasn't been found"). With --mock these are its own readings, notes; against any other target, FAILs.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst, prismRefusal } from '../support/engine-trial.js';

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Connectors', version: '1' },
  paths: {
    '/v2/{connection}:executeSqlQuery': {
      post: {
        operationId: 'executeSqlQuery',
        parameters: [{ name: 'connection', in: 'path', required: true, schema: { type: 'string' } }],
        responses: ok,
      },
    },
    '//openapi': { get: { operationId: 'getOpenapi', responses: ok } },
  },
};

// As Prism answers both requests.
const prismLike = (req: http.IncomingMessage, res: http.ServerResponse) => {
  if (req.url?.startsWith('//'))
    return void res.writeHead(404, { 'content-type': 'application/problem+json' }).end(
      JSON.stringify({
        type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
        title: 'Route not resolved, no path matched',
        status: 404,
        detail: "The route / hasn't been found in the specification file",
      }),
    );
  prismRefusal(res, [
    {
      location: ['path'],
      severity: 'Error',
      code: 'required',
      message: "Request path must have required property 'name'",
    },
  ]);
};

const run = (mock: boolean) =>
  engineAgainst('connectors', document, prismLike, {
    checks: ['positive_data_acceptance', 'status_code_conformance'],
    mock,
  });

describe("Prism's routing of a custom method's path and of a path starting with //", () => {
  it('is its own reading with --mock: notes, no FAIL', async () => {
    const result = await run(true);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL')).toEqual([]);
    const notes = result.notes.map((n) => n.text).join('\n');
    expect(notes).toMatch(/routed the request to another operation, whose path parameter name/);
    expect(notes).toMatch(/starts with \/\/ as an authority/);
  });

  it('FAILs against any other target', async () => {
    const result = await run(false);
    expect(
      result.outcomes
        .filter((o) => o.verdict === 'FAIL')
        .map((o) => `${o.check} ${o.operation.split(' ')[1]}`)
        .sort(),
    ).toEqual([
      'positive_data_acceptance /v2/{connection}:executeSqlQuery',
      'status_code_conformance //openapi',
      'status_code_conformance /v2/{connection}:executeSqlQuery',
    ]);
  });
});
