// A document of webhooks only (readme's 3.1 webhooks) has no operation to send Prism; the round trip still reports
// its line for each target, so that the bench counts the document as run, not as a setup that failed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { reportLines } from './roundtrip-report-lines.js';
import { writtenDocument } from './roundtrip-received.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'roundtrip-webhooks-only-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const report = path.join(folder, 'report.jsonl');
process.env.SPEC_FIRST_ROUNDTRIP_REPORT = report;

const document = {
  openapi: '3.1.0',
  info: { title: 'Webhooks only', version: '1' },
  webhooks: {
    orderPlaced: {
      post: {
        operationId: 'orderPlaced',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['id'], properties: { id: { type: 'string', enum: ['o1'] } } },
            },
          },
        },
        responses: { '204': { description: 'received' } },
      },
    },
  },
};

roundTripSuite(
  { name: 'webhooks-only', spec: writtenDocument('webhooks-only', document) },
  {},
  { server: true, prism: true },
);

it('reports a line for Prism too, with no operation to send', () => {
  const lines = reportLines(report);
  expect(lines.map((l) => [l.target, l.operations, l.called, l.failures])).toEqual([
    ['server', 0, 0, []],
    ['prism', 0, 0, []],
  ]);
});
