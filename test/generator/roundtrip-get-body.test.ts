// A required GET request body is the document's fault: the generator leaves it out with a warning (no fetch sends
// one), the generated server reads the request without it, and Prism requires it (422 "Body parameter is required").
// The round trip names that refusal, so that the bench counts it apart from the refusals still to sort
// (bench/roundtrip-failure-kinds.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { failureKind } from '../../bench/roundtrip-failure-kinds.js';
import { type RoundTripLine, roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'roundtrip-get-body-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const report = path.join(folder, 'report.jsonl');
process.env.SPEC_FIRST_ROUNDTRIP_REPORT = report;

const found = { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 0 } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'GET bodies', version: '1' },
  paths: {
    '/get-bodies/search': {
      get: {
        operationId: 'search',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { q: { type: 'string' } } } } },
        },
        responses: { '200': { description: 'found', content: { 'application/json': { schema: found } } } },
      },
    },
    '/get-bodies/count': {
      get: {
        operationId: 'count',
        // Not required: Prism takes the request without it.
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { q: { type: 'string' } } } } },
        },
        responses: { '200': { description: 'found', content: { 'application/json': { schema: found } } } },
      },
    },
  },
};

roundTripSuite(
  { name: 'get-bodies', spec: writtenDocument('get-bodies', document) },
  { prismFaults: ['search: a required GET body, which the client leaves out (the document says to send one)'] },
  { server: true, prism: true },
);

it("counts Prism's refusal of the GET without its required body as the document's fault", () => {
  const lines = fs
    .readFileSync(report, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RoundTripLine);
  expect(lines.find((l) => l.target === 'server')?.failures).toEqual([]);
  const failures = lines.find((l) => l.target === 'prism')?.failures ?? [];
  expect(failures).toHaveLength(1);
  expect(failures[0]).toMatch(/^search: /);
  expect(failureKind('prism', failures[0]!)).toMatch(/^the document's: a required GET or HEAD request body/);
  // Another refusal on the same target is still one to sort.
  expect(failureKind('prism', 'search: request.body: Body parameter is required HTTP 422')).toBe(
    'refused by the target',
  );
});
