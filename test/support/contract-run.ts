// Runs the contract suite as users do (`spec-first contracts`, generator/bin.mjs, in its own process) against a target, and
// reads back its JSON report; and starts a test server file in its own process, so that the suite
// talks to it over HTTP like to any implementation.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_FIXTURES, type Fixtures } from '../../contracts/targets/fixtures.js';

const run = promisify(execFile);
export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The toolkit's command line, whose `contracts` command runs the suite. */
export const CONTRACTS_BIN = path.join(ROOT, 'generator', 'bin.mjs');

export interface Verdict {
  ruleId: string;
  verdict: 'pass' | 'fail' | 'mock-limitation' | 'not-applicable' | string;
  tests: Array<{
    name: string;
    verdict: string;
    detail?: string;
    exchange?: string;
    warnings?: string[];
    checks?: string[];
  }>;
}

export interface SuiteRun {
  exitCode: number;
  verdicts: Verdict[];
  /** The Markdown and JUnit reports of the run, as written. */
  markdown: string;
  junit: string;
}

/**
 * A config file giving a URL target this project's DEFAULT_FIXTURES, with bursts allowed: for our own test
 * servers (the doubles, the broken server) run as third parties, which get no fixture unless configured.
 * `baseUrls` gives services their own base URL (one run over services at different addresses); `changed` replaces
 * some fixtures of a service (a target seeded otherwise than the default seed).
 */
export function ownFixturesConfig(
  baseUrls: Record<string, string> = {},
  changed: { [S in keyof Fixtures]?: Partial<Fixtures[S]> } = {},
): string[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'contracts-config-')), 'contracts.config.json');
  const endpoints = Object.fromEntries(Object.entries(baseUrls).map(([service, baseUrl]) => [service, { baseUrl }]));
  const fixtures = Object.fromEntries(
    Object.entries(DEFAULT_FIXTURES).map(([service, values]) => [
      service,
      { ...values, ...changed[service as keyof Fixtures] },
    ]),
  );
  fs.writeFileSync(file, JSON.stringify({ endpoints, fixtures, allowBursts: true }));
  return ['--config', file];
}

/** The environment without CONTRACT_* variables: a child run sees only the fixtures its arguments give. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONTRACT_')));
  return { ...env, ...extra };
}

export async function runSuite(args: string[], label: string): Promise<SuiteRun> {
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contracts-'));
  let exitCode = 0;
  let stderr = '';
  try {
    await run(process.execPath, [CONTRACTS_BIN, 'contracts', ...args], {
      cwd: ROOT,
      // No progress total (n/N) for a run whose console nobody reads: the suite then imports its files once, not twice.
      env: cleanEnv({ CONTRACT_REPORT_DIR: reportDir, CONTRACT_TARGET_LABEL: label, CONTRACT_PRECOUNT: '0' }),
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    exitCode = (error as { code?: number }).code ?? 1;
    stderr = String((error as { stderr?: unknown }).stderr ?? '');
  }
  const report = path.join(reportDir, 'contracts.json');
  // A run that wrote no report died before its end: show why instead of a bare ENOENT.
  if (!fs.existsSync(report))
    throw new Error(`the ${label} run exited ${exitCode} without a report:\n${stderr.slice(-4000)}`);
  const verdicts = JSON.parse(fs.readFileSync(report, 'utf8')) as Verdict[];
  const markdown = fs.readFileSync(path.join(reportDir, 'contracts.md'), 'utf8');
  const junit = fs.readFileSync(path.join(reportDir, 'contracts.junit.xml'), 'utf8');
  fs.rmSync(reportDir, { recursive: true, force: true });
  return { exitCode, verdicts, markdown, junit };
}

export interface ServerProcess {
  baseUrl: string;
  stop(): void;
}

/** Starts `file` (relative to the project) with tsx and waits for the URL it prints. */
export function startServerProcess(file: string): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/on (http:\/\/\S+)/);
      if (m) resolve({ baseUrl: m[1]!, stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}
