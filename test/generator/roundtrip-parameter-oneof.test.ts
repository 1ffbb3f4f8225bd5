// A parameter whose oneOf some text reads as two alternatives of (PeerTube's video `id`: an integer, a UUID or a
// short UUID, any string): the generated server takes `42` and a UUID (it reads the oneOf as anyOf), Prism refuses
// both as matching two alternatives. The round trip draws a value one alternative alone takes (a short UUID), which
// both targets take; a oneOf every value of which is ambiguous (an integer or a string of digits) still gets a drawn
// value, which the generated server takes and Prism refuses (counted as the document's). A query parameter's oneOf of a
// category or several, written delimited (PeerTube's `categoryOneOf`, `15,16`), is read by Prism as one value
// (counted as Prism's).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { failureKind } from '../../bench/roundtrip-failure-kinds.js';
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { reportLines } from './roundtrip-report-lines.js';
import { writtenDocument } from './roundtrip-received.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'roundtrip-parameter-oneof-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const report = path.join(folder, 'report.jsonl');
process.env.SPEC_FIRST_ROUNDTRIP_REPORT = report;

const answer = { '204': { description: 'done' } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Parameter oneOf', version: '1' },
  paths: {
    '/parameter-oneof/videos/{id}': {
      get: {
        operationId: 'getVideo',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/IdOrUuid' } }],
        responses: answer,
      },
    },
    '/parameter-oneof/videos': {
      get: {
        operationId: 'listVideos',
        parameters: [{ name: 'owner', in: 'query', required: true, schema: { $ref: '#/components/schemas/IdOrUuid' } }],
        responses: answer,
      },
    },
    // PeerTube's `categoryOneOf`: a category or several, written `15,16`.
    '/parameter-oneof/search': {
      get: {
        operationId: 'search',
        parameters: [
          {
            name: 'categoryOneOf',
            in: 'query',
            required: true,
            style: 'form',
            explode: false,
            schema: {
              oneOf: [
                { type: 'integer', minimum: 1 },
                { type: 'array', minItems: 2, items: { type: 'integer', minimum: 1 } },
              ],
            },
          },
        ],
        responses: answer,
      },
    },
    '/parameter-oneof/counts/{n}': {
      get: {
        operationId: 'getCount',
        parameters: [
          {
            name: 'n',
            in: 'path',
            required: true,
            schema: { oneOf: [{ type: 'integer' }, { type: 'string', pattern: '^-?[0-9]+$' }] },
          },
        ],
        responses: answer,
      },
    },
  },
  components: {
    schemas: {
      IdOrUuid: {
        oneOf: [
          { type: 'integer', minimum: 1 },
          {
            type: 'string',
            format: 'uuid',
            pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
          },
          { type: 'string', description: 'a short UUID' },
        ],
      },
    },
  },
};

roundTripSuite(
  { name: 'parameter-oneof', spec: writtenDocument('parameter-oneof', document) },
  {
    prismFaults: [
      'getCount: refuses every value, each the integer and the digits (the document says oneOf)',
      'search: reads `15,16` as one value',
    ],
  },
  { server: true, prism: true },
);

it("counts Prism's refusals: the ambiguous one as the document's, the delimited array as Prism's", () => {
  const lines = reportLines(report);
  const failures = lines.find((l) => l.target === 'prism')?.failures ?? [];
  expect(Object.fromEntries(failures.map((f) => [f.slice(0, f.indexOf(':')), failureKind('prism', f)]))).toEqual({
    search: expect.stringMatching(/^Prism: a delimited query array inside a oneOf read as one value/),
    getCount: expect.stringMatching(/^the document's: a parameter's oneOf two alternatives/),
  });
});
