// With --mock, two more of Prism's readings told from its answer: its own 422 saying a parameter is missing that
// the request carried under a name with [] or : (Prism looks `location[]` up as `location%5b%5d`), and an optional
// header it writes as `null`; an allOf member's example composed one level down (a required member under another).
// Notes, not FAILs, on a mock; FAILs against any other target.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst, prismRefusal } from '../support/engine-trial.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Places', version: '1' },
  paths: {
    '/places': {
      get: {
        operationId: 'findPlaces',
        parameters: [{ name: 'location[]', in: 'query', required: true, schema: { type: 'string' }, example: 'x' }],
        responses: { '200': { description: 'the places' } },
      },
    },
    '/pages': {
      get: {
        operationId: 'listPages',
        responses: {
          '200': {
            description: 'a page',
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    { type: 'object', properties: { results: { type: 'array' } } },
                    { type: 'object', required: ['pageNumber'], properties: { pageNumber: { type: 'integer' } } },
                  ],
                },
              },
            },
          },
        },
      },
    },
    '/consents': {
      post: {
        operationId: 'createConsent',
        responses: {
          '201': {
            description: 'made',
            headers: { 'Notification-Support': { schema: { type: 'boolean' } } },
          },
        },
      },
    },
  },
};

const missingLocation = [
  { location: ['query'], code: 'required', message: "Request query must have required property 'location%5b%5d'" },
];

function run(mock: boolean) {
  const prismLike = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url?.startsWith('/places')) return prismRefusal(res, missingLocation);
    if (req.url?.startsWith('/pages'))
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ results: [], _links: { pageNumber: 1 } }));
    res.writeHead(201, { 'notification-support': 'null' }).end();
  };
  return engineAgainst('places', document, prismLike, {
    checks: [
      'positive_data_acceptance',
      'status_code_conformance',
      'response_headers_conformance',
      'response_schema_conformance',
    ],
    mock,
  });
}

describe("Prism's reading of names and headers", () => {
  it('is a note with --mock', async () => {
    const result = await run(true);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL')).toEqual([]);
    const notes = result.notes.map((n) => n.text).join('\n');
    expect(notes).toMatch(/Prism looks a parameter up by a name .*\(location\[\]:/);
    expect(notes).toMatch(/writes a header it has no value for as null \(Notification-Support\)/);
    expect(notes).toMatch(/required pageNumber sits one level down/);
  });

  it('FAILs against any other target', async () => {
    const failed = (await run(false)).outcomes.filter((o) => o.verdict === 'FAIL').map((o) => o.check);
    expect(failed.sort()).toEqual([
      'positive_data_acceptance',
      'response_headers_conformance',
      'response_schema_conformance',
      'status_code_conformance',
    ]);
  });
});
