// Three more readings of Prism's, each a note with --mock and a FAIL against any other target: it validates no
// parameter whose name holds [], : or a space (patchman's `filter[updatable]=not-a-boolean` answered 200,
// visagecloud's `skipEXIF rotation processing` too; checked by hand on Prism 5.14); its static answers write "string" in a header whatever its pattern (DataLakeStorage's
// `x-ms-request-id`; checked by hand: `x-ms-request-id: string`), and {} for an object that declares no members
// whatever its minProperties (apis.guru's externalDocs).
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Packages', version: '1' },
  paths: {
    '/packages': {
      get: {
        operationId: 'listPackages',
        parameters: [
          { name: 'filter[updatable]', in: 'query', schema: { type: 'boolean' }, example: true },
          { name: 'skip rotation', in: 'query', schema: { type: 'boolean' }, example: true },
        ],
        responses: {
          '200': {
            description: 'the packages',
            headers: { 'x-request-id': { schema: { type: 'string', pattern: '^[0-9a-f]{8}$' } } },
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['docs'],
                  properties: { docs: { type: 'object', minProperties: 1 } },
                },
              },
            },
          },
        },
      },
    },
  },
};

// As Prism answers: any value of the bracketed parameter, "string" in the header, {} for docs.
const prismLike = (_: http.IncomingMessage, res: http.ServerResponse) =>
  void res
    .writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'string' })
    .end(JSON.stringify({ docs: {} }));

const run = (mock: boolean) =>
  engineAgainst('packages', document, prismLike, {
    checks: ['negative_data_rejection', 'response_headers_conformance', 'response_schema_conformance'],
    mock,
  });

describe("Prism's unread bracketed names, header filler and empty objects", () => {
  it('are its own readings with --mock: notes, no FAIL', async () => {
    const result = await run(true);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL')).toEqual([]);
    const notes = result.notes.map((n) => n.text).join('\n');
    expect(notes).toMatch(/holds \[\], : or a space as written \(query filter\[updatable\]\)/);
    expect(notes).toMatch(/holds \[\], : or a space as written \(query skip rotation\)/);
    expect(notes).toMatch(/writes "string" whatever the schema's pattern/);
    expect(notes).toMatch(/writes \{\} for an object that declares no members/);
  });

  it('FAIL against any other target', async () => {
    const result = await run(false);
    expect([...new Set(result.outcomes.filter((o) => o.verdict === 'FAIL').map((o) => o.check))].sort()).toEqual([
      'negative_data_rejection',
      'response_headers_conformance',
      'response_schema_conformance',
    ]);
  });
});
