// A document Prism does not start on (presalytics' ooxml: 113 schemas with 67 cycles among them, not started in ten
// minutes) gets a line of its own in the round trip's report, saying why it has no calls, so the bench names it
// beside the documents that did run rather than among those whose setup failed unsaid. Here Prism is given a
// millisecond to start, in a vitest process of its own as the bench runs one.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { ROOT } from '../../generator/model/index.js';
import { reportLines } from './roundtrip-report-lines.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'roundtrip-prism-stopped-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

it("reports a document Prism did not start on, with Prism's reason, and no calls", async () => {
  const spec = path.join(folder, 'slow_start.json');
  fs.writeFileSync(
    spec,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Slow start', version: '1' },
      paths: { '/things': { get: { operationId: 'listThings', responses: { '204': { description: 'none' } } } } },
    }),
  );
  const report = path.join(folder, 'report.jsonl');
  const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  // The run fails (Prism did not start), which is what is tried: its report is what the bench reads.
  await promisify(execFile)(process.execPath, [vitest, 'run', 'test/generator/corpus-roundtrip.test.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SPEC_FIRST_ROUNDTRIP: spec,
      SPEC_FIRST_ROUNDTRIP_ONLY: '1',
      SPEC_FIRST_ROUNDTRIP_TARGETS: 'prism',
      SPEC_FIRST_ROUNDTRIP_REPORT: report,
      SPEC_FIRST_ROUNDTRIP_PRISM_START_MS: '1',
    },
  }).catch(() => undefined);
  const lines = reportLines(report);
  expect(lines).toEqual([
    {
      document: 'slow_start',
      target: 'prism',
      operations: 1,
      called: 0,
      failures: [],
      unsatisfiable: [],
      skipped: [],
      stopped: 'Prism did not start within 1 ms',
    },
  ]);
}, 120_000);
