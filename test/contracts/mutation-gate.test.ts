// The mutation gate's runner (contracts/mutants/run.ts) on a small conforming implementation (the generated
// ad creative stubs) with three mutants of its own, all filed under ADC-AUTH-1: one the rule catches; one
// that plants nothing visible (survives); one that breaks another operation with an undocumented HTTP 418
// (the suite fails it under ADC-CONFORM-1 and others, but that does not count for ADC-AUTH-1: survived).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MutationReport } from '../../contracts/mutants/report.js';
import { ROOT, cleanEnv } from '../support/contract-run.js';

const run = promisify(execFile);

describe('npm run mutants', () => {
  let exitCode = 0;
  let stdout = '';
  let report: MutationReport;
  let markdown = '';

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutation-'));
    const args = [
      '--import',
      'tsx',
      'contracts/mutants/run.ts',
      '--service',
      'ad-creative',
      '--mutants',
      'test/support/runner-mutants.ts',
      '--implementation',
      'test/support/stubs-implementation.ts',
      '--report-dir',
      dir,
      // One worker: its baseline and three mutants judged one after another (two workers start two vitest instances).
      '--jobs',
      '1',
    ];
    try {
      ({ stdout } = await run(process.execPath, args, { cwd: ROOT, env: cleanEnv(), maxBuffer: 16 * 1024 * 1024 }));
    } catch (error) {
      ({ stdout } = error as { stdout: string });
      exitCode = (error as { code: number }).code;
    }
    report = JSON.parse(fs.readFileSync(path.join(dir, 'mutation.json'), 'utf8')) as MutationReport;
    markdown = fs.readFileSync(path.join(dir, 'mutation.md'), 'utf8');
    fs.rmSync(dir, { recursive: true, force: true });
  }, 240_000);

  const mutant = (id: string) => report.mutants.find((m) => m.id === id)!;

  // Other rules of the stubs may fail on their own (the stubs are stateless); ADC-AUTH-1 must not.
  const baselineFailed = () => report.baselineFailures.map((f) => f.ruleId);

  it('runs a clean baseline first, where the rule passes', () => {
    expect(stdout).toMatch(/baseline ad-creative\s+(every rule passes|\d+ rule\(s\) FAIL without a mutant)/);
    expect(baselineFailed()).not.toContain('ADC-AUTH-1');
  });

  it('counts a mutant its own rule fails as caught', () => {
    expect(mutant('ADC-AUTH-1/invalid-token-accepted')).toMatchObject({
      status: 'caught',
      verdict: 'fail',
      failedRules: ['ADC-AUTH-1'],
    });
  });

  it('counts a mutant nothing fails as survived', () => {
    const m = mutant('ADC-AUTH-1/extra-header');
    expect(m.status).toBe('survived');
    expect(m.failedRules.filter((r) => !baselineFailed().includes(r))).toEqual([]);
  });

  it('counts a mutant caught only under other rules as survived for its own, naming the rules it failed', () => {
    const m = mutant('ADC-AUTH-1/previews-418');
    expect(m.status).toBe('survived');
    expect(m.failedRules).toContain('ADC-CONFORM-1');
    expect(m.failedRules).not.toContain('ADC-AUTH-1');
    expect(m.firstFailure?.detail ?? '').toMatch(/418|previews/i);
  });

  it('guards the rule by its caught mutant, lists rules without mutants, and fails the run', () => {
    expect(report.rules.find((r) => r.ruleId === 'ADC-AUTH-1')).toMatchObject({
      status: 'guarded',
      caught: ['ADC-AUTH-1/invalid-token-accepted'],
    });
    expect(report.rules.find((r) => r.ruleId === 'ADC-READ-3')?.status).toBe('no mutant');
    expect(report.summary).toMatchObject({ mutants: 3, caught: 1, survived: 2 });
    expect(exitCode).toBe(1);
  });

  it('writes the rule x mutant table', () => {
    expect(markdown).toContain('| ADC-AUTH-1 | ADC-AUTH-1/previews-418 | **survived** (rule pass) | ADC-CONFORM-1');
    expect(markdown).toMatch(/\| ADC-AUTH-1 \| 3 \| 1 \| guarded \|/);
  });
});
