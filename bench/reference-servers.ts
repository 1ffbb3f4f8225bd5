// The servers the reference benches measure, each in its own child process (the load generator stays in
// the bench process): the reference (`npm run serve`), the bare node:http baseline, and Prism.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { generatedSpecFile, ROOT } from '../generator/model/index.js';
import { startPrism } from '../contracts/targets/prism-process.js';

export type BenchServiceKey = 'ad-creative' | 'analytics' | 'generative';

export interface RunningServers {
  baseUrls: Partial<Record<BenchServiceKey, string>>;
  /** CPU seconds (user + system) the server process has used so far; absent when it cannot be read. */
  cpuSeconds?(): number | undefined;
  stop(): Promise<void>;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process from /proc/<pid>/stat (Linux): what the server itself spent, whoever else shares the CPUs. */
function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/**
 * The default seed with the rate limits raised out of reach: a load test of thousands of calls a second
 * would otherwise measure the throttled answers (ad creative: 5,000 calls a minute per account; generative:
 * a burst of 400), not the serving. Everything else (tokens, accounts, creatives, groups, files) is as seeded.
 */
export function benchSeedFile(dir: string): string {
  const seed = parse(fs.readFileSync(path.join(ROOT, 'reference', 'seed.default.yaml'), 'utf8')) as Record<string, any>;
  seed['ad-creative'].rateLimit = { calls: 100_000_000, windowSeconds: 60 };
  for (const project of seed.generative.projects) project.rateLimitBurst = 100_000_000;
  const file = path.join(dir, 'seed.bench.yaml');
  fs.writeFileSync(file, stringify(seed));
  return file;
}

/** Spawns a Node child that prints "<key> listening on <url>" lines; resolves once `expected` keys are listening. */
export function spawnListening(
  args: string[],
  expected: readonly string[],
  timeoutMs = 60_000,
): Promise<RunningServers> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const baseUrls: Record<string, string> = {};
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not start within ${timeoutMs} ms:\n${output.slice(-20).join('')}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      for (const m of chunk.toString().matchAll(/^(\S+) listening on (http:\/\/\S+)$/gm)) baseUrls[m[1]!] = m[2]!;
      if (expected.every((k) => baseUrls[k])) {
        clearTimeout(timer);
        resolve({ baseUrls, cpuSeconds: () => processCpuSeconds(child.pid), stop: () => stopChild(child) });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output.slice(-20).join('')}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Node options for the reference's and the bare server's processes (BENCH_SERVER_NODE_ARGS, space-separated; e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`, or `--import ./bench/thread-observer.mjs`): a run profiled as it is measured.
 */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * `serve` options added to every reference process (BENCH_REFERENCE_ARGS, space-separated; e.g. `--threads 1`): a
 * layout of the reference measured beside the bare server as the default is.
 */
const REFERENCE_ARGS = (process.env.BENCH_REFERENCE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * `npm run serve -- <services> --seed <bench seed> [--data DIR]`, logging errors only (as the embedded target does);
 * `extraArgs` are more serve options, `nodeArgs` more node options (after BENCH_SERVER_NODE_ARGS).
 */
export function startReferenceProcess(
  services: readonly BenchServiceKey[],
  seedFile: string,
  dataDir?: string,
  extraArgs: string[] = [],
  nodeArgs: string[] = [],
): Promise<RunningServers> {
  const args = [
    ...SERVER_NODE_ARGS,
    ...nodeArgs,
    path.join(ROOT, 'reference', 'foundation', 'serve-bin.mjs'),
    services.join(','),
    '--seed',
    seedFile,
    '--log-level',
    'error',
    ...REFERENCE_ARGS,
    ...extraArgs,
  ];
  if (dataDir) args.push('--data', dataDir);
  return spawnListening(args, services);
}

/** The bare server answering the captured answers of `answersFile` (reference-bare-server.ts). */
export function startBareProcess(services: readonly BenchServiceKey[], answersFile: string): Promise<RunningServers> {
  return spawnListening(
    [
      ...SERVER_NODE_ARGS,
      '--import',
      'tsx',
      path.join(ROOT, 'bench', 'reference-bare-server.ts'),
      answersFile,
      services.join(','),
    ],
    services,
  );
}

/** One Prism mock per service on its bundled spec (generated/<service>/openapi.json), as the prism target runs them. */
export async function startPrismProcesses(services: readonly BenchServiceKey[]): Promise<RunningServers> {
  const started = await Promise.all(services.map(async (s) => [s, await startPrism(generatedSpecFile(s))] as const));
  return {
    baseUrls: Object.fromEntries(started.map(([s, p]) => [s, p.baseUrl])),
    stop: async () => {
      await Promise.all(started.map(([, p]) => p.stop()));
    },
  };
}

const benchTempDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of benchTempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder for a bench's seed and stores, removed when the bench process exits (also on a failure). */
export function benchTempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reference-'));
  benchTempDirs.add(dir);
  return dir;
}
