// A target that does not answer is never judged as passing. A target that answers its base URL but then drops
// connections or answers 5xx: every rule it touched is an error (ANA-SORT-1's convention-only check included), none
// passes, exit 1. (Nothing listening at all: the run stops before any test, in one line: cli-user-errors.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_FIXTURES, REQUIRED_FIXTURES } from '../../contracts/targets/fixtures.js';
import { runSuite, type Verdict } from '../support/contract-run.js';

/** A config with the required analytics keys only: as a third party starts (no reportMonth, so report rules are n/a). */
function requiredOnlyConfig(): string[] {
  const fixtures = Object.fromEntries(REQUIRED_FIXTURES.analytics.map((k) => [k, DEFAULT_FIXTURES.analytics[k]]));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'target-errors-')), 'contracts.config.json');
  fs.writeFileSync(file, JSON.stringify({ fixtures: { analytics: fixtures } }));
  return ['--config', file];
}

describe('a target that answers its base URL, then drops connections (reports) or answers 503 (the rest)', () => {
  let target: RunningServer;
  let verdicts: Verdict[];
  let exitCode: number;

  beforeAll(async () => {
    target = await listenLocal((req, res) => {
      if (req.url === '/' || req.url === '') return void res.writeHead(404).end();
      if (req.url?.includes('/reports')) return void req.socket.destroy();
      res.writeHead(503, { 'content-type': 'text/plain' }).end('down');
    });
    ({ verdicts, exitCode } = await runSuite(
      ['--target', target.baseUrl, '--service', 'analytics', ...requiredOnlyConfig()],
      'a failing target',
    ));
  }, 300_000);
  afterAll(() => target.close());

  it('passes no rule and exits non-zero', () => {
    expect(exitCode).not.toBe(0);
    const run = verdicts.filter((v) => v.tests.length > 0);
    expect(run.length).toBeGreaterThan(20);
    expect(run.filter((v) => v.verdict === 'pass').map((v) => v.ruleId)).toEqual([]);
  });

  it('gives ANA-SORT-1 (whose third check is convention-only) an error, not a pass with a warning', () => {
    const v = verdicts.find((x) => x.ruleId === 'ANA-SORT-1')!;
    expect(v.verdict).toBe('error');
    expect(v.tests.every((t) => t.verdict === 'error' || t.verdict === 'not-applicable')).toBe(true);
    expect(v.tests.flatMap((t) => t.warnings ?? [])).toEqual([]);
  });

  it('says why: no answer, or the 5xx status', () => {
    const details = verdicts.flatMap((v) => v.tests.filter((t) => t.verdict === 'error').map((t) => t.detail ?? ''));
    expect(details.some((d) => /no answer/.test(d))).toBe(true);
    expect(details.some((d) => /HTTP 503/.test(d))).toBe(true);
  });
});
