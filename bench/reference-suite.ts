// The whole contract suite against the embedded reference (the default target), all three services, as
// `npm run contracts` runs it: wall time of the process, and where the time goes from the per-test
// durations the reporter writes to reports/contracts.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../generator/model/index.js';
import type { RuleVerdict } from '../contracts/report/outcome.js';

export interface SuiteBench {
  wallSeconds: number;
  exitCode: number | null;
  rules: number;
  tests: number;
  verdicts: Record<string, number>;
  /** Sum of the tests' own durations per service (the suite runs files in parallel, so these overlap). */
  testSecondsByService: Record<string, number>;
  slowestRules: Array<{ ruleId: string; ms: number; tests: number }>;
  /**
   * Seconds from the start to each phase's end, from the run's stdout: vitest started and every test
   * collected ("N tests"), the first test done (global setup: the reference started), the last test done,
   * the process gone (reports written, vitest closed).
   */
  phases: { collected?: number; firstTest?: number; lastTest?: number; exited: number };
}

export async function suiteBench(): Promise<SuiteBench> {
  console.error('contract suite: npm run contracts (default target: the embedded reference)');
  const started = performance.now();
  const phases: SuiteBench['phases'] = { exited: 0 };
  const at = () => (performance.now() - started) / 1000;
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'contracts', 'cli', 'run.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (/^\d+ tests$/m.test(text)) phases.collected ??= at();
      if (/^\[\s*\d+\/\d+\]/m.test(text)) {
        phases.firstTest ??= at();
        phases.lastTest = at();
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
  const wallSeconds = at();
  phases.exited = wallSeconds;
  const verdicts = JSON.parse(fs.readFileSync(path.join(ROOT, 'reports', 'contracts.json'), 'utf8')) as RuleVerdict[];
  const ruleMs = (v: RuleVerdict) => v.tests.reduce((ms, t) => ms + t.durationMs, 0);
  const count: Record<string, number> = {};
  const byService: Record<string, number> = {};
  for (const v of verdicts) {
    count[v.verdict] = (count[v.verdict] ?? 0) + 1;
    byService[v.service] = (byService[v.service] ?? 0) + ruleMs(v) / 1000;
  }
  const result: SuiteBench = {
    wallSeconds,
    exitCode,
    rules: verdicts.length,
    tests: verdicts.reduce((n, v) => n + v.tests.length, 0),
    verdicts: count,
    testSecondsByService: byService,
    slowestRules: verdicts
      .map((v) => ({ ruleId: v.ruleId, ms: ruleMs(v), tests: v.tests.length }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, Number(process.env.BENCH_SLOWEST ?? 10)),
    phases,
  };
  console.error(`  suite: ${wallSeconds.toFixed(1)} s wall, ${result.rules} rules, exit ${exitCode}`);
  return result;
}
