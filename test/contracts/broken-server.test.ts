// Proof that the contract suite can fail: run it against the deliberately broken ad creative server
// (test/support/broken-ad-creative-server.ts) and check that each planted defect is reported as a
// failure under its rule id, while rules the server does honour still pass.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

interface Verdict {
  ruleId: string;
  verdict: string;
  tests: Array<{ name: string; verdict: string; detail?: string }>;
}

describe('contract suite against a broken server', () => {
  let verdicts: Verdict[] = [];
  let exitCode = 0;
  let serverProcess: import('node:child_process').ChildProcess | undefined;

  beforeAll(async () => {
    const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broken-'));
    // The server runs in its own process so the suite (another process) talks to it over HTTP.
    const { spawn } = await import('node:child_process');
    serverProcess = spawn(process.execPath, ['--import', 'tsx', 'test/support/broken-ad-creative-server.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const baseUrl = await new Promise<string>((resolve, reject) => {
      serverProcess!.stdout!.on('data', (chunk: Buffer) => {
        const m = chunk.toString().match(/on (http:\/\/\S+)/);
        if (m) resolve(m[1]!);
      });
      serverProcess!.on('exit', (code) => reject(new Error(`broken server exited with ${code}`)));
    });
    try {
      await run(process.execPath, ['--import', 'tsx', 'contracts/cli/run.ts', '--target', baseUrl, '--service', 'ad-creative'], {
        cwd: ROOT,
        env: { ...process.env, CONTRACT_REPORT_DIR: reportDir, CONTRACT_TARGET_LABEL: 'broken server' },
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      exitCode = (error as { code?: number }).code ?? 1;
    }
    verdicts = JSON.parse(fs.readFileSync(path.join(reportDir, 'contracts.json'), 'utf8'));
  }, 240_000);

  afterAll(() => {
    serverProcess?.kill();
  });

  const verdictOf = (id: string) => verdicts.find((v) => v.ruleId === id);

  it('exits non-zero', () => {
    expect(exitCode).not.toBe(0);
  });

  it.each([
    ['ADC-READ-3', 'wrong error code for an unknown creative', /does not exist/],
    ['ADC-CONFORM-1', 'a response without its required field', /getAdCreativePreviews/],
    ['ADC-TEXT-2', 'an invalid title accepted', /title starting with/],
    ['ADC-CREATE-3', 'a duplicated creative', /identical creative/],
  ])('reports %s (%s) as failed', (id, _what, failingTest) => {
    const v = verdictOf(id);
    expect(v?.verdict).toBe('fail');
    expect(v!.tests.some((t) => t.verdict === 'fail' && failingTest.test(t.name))).toBe(true);
  });

  it.each(['ADC-UPDATE-1', 'ADC-NAME-1', 'ADC-AUTH-1', 'ADC-CREATE-1', 'ADC-UPDATE-2'])('still passes %s, which the server honours', (id) => {
    expect(verdictOf(id)?.verdict).toBe('pass');
  });
});
