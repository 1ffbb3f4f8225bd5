// ADC-RATE-1 through a round-robin balancer over three instances on one store (three instances on one --data
// directory): an ad account's calls are counted wherever they land. The balancer adds latency, as a slow link or
// a loaded machine would: sent one after another, the rule's burst would outlast the account's 10 s window, and its
// first calls would rightly leave the window before the next one is counted; the rule's test sends the burst a few
// calls at a time, so it fits. On PostgreSQL the rule passes strict through a balancer over three instances in
// test/reference/postgres-scale-out.test.ts, which also counts a limit's calls exactly across them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SqliteRateLimiter } from '../../reference/ad-creative/sqlite-rate-limiter.js';
import { ownFixturesConfig, runSuite } from '../support/contract-run.js';
import { startInstance, stopInstance, type Instance } from '../support/reference-instances.js';
import { bundleServeScript, type ServeBundle } from '../support/serve-bundle.js';
import { startBalancer, type Balancer } from '../support/round-robin-balancer.js';

/** Long enough that the 90 calls of the rule, one after another, take longer than the account's 10 s window. */
const LATENCY_MS = 150;

/** ADC-RATE-1 through a balancer with latency over three instances started with `args`: its verdict. */
async function rateRuleThroughBalancer(args: string[]): Promise<{ verdict: string; detail: string; served: number[] }> {
  const instances: Instance[] = [];
  let balancer: Balancer | undefined;
  try {
    // The first seeds the empty store, then the other two start together and find it seeded.
    const start = () => startInstance(args, 'ad-creative', bundle!.file);
    instances.push(await start());
    instances.push(...(await Promise.all([1, 2].map(start))));
    balancer = await startBalancer(
      instances.map((i) => i.urls['ad-creative']),
      { latencyMs: LATENCY_MS },
    );
    const run = await runSuite(
      [
        '--target',
        balancer.url,
        '--service',
        'ad-creative',
        '--rule',
        'ADC-RATE-1',
        '--strict',
        ...ownFixturesConfig(),
      ],
      'ADC-RATE-1 through a balancer',
    );
    const verdict = run.verdicts.find((v) => v.ruleId === 'ADC-RATE-1');
    return {
      verdict: verdict?.verdict ?? 'missing',
      detail: verdict?.tests.map((t) => t.detail).join(' | ') ?? '',
      served: balancer.served,
    };
  } finally {
    await balancer?.stop();
    await Promise.all(instances.map((i) => stopInstance(i)));
  }
}

// Each instance is the ad creative service on plain Node from one bundle: six starts without tsx.
let bundle: ServeBundle | undefined;
beforeAll(async () => {
  bundle = await bundleServeScript('test/reference/foundation-serve-one-thread.ts');
}, 120_000);

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the rate limit counted in the data directory', () => {
  const limiters: SqliteRateLimiter[] = [];
  afterEach(() => {
    for (const limiter of limiters.splice(0)) limiter.close();
  });

  it('two limiters on one directory (two processes) admit 10 calls of a limit of 10 between them', () => {
    const dir = tempDir('rate-calls-');
    const now = () => 1_000_000;
    limiters.push(new SqliteRateLimiter(dir, now), new SqliteRateLimiter(dir, now));
    const limit = { calls: 10, windowSeconds: 10 };
    const admitted = Array.from({ length: 20 }, (_, i) => limiters[i % 2]!.admit('acct', limit)).filter(Boolean);
    expect(admitted.length).toBe(10);
    // Another account has its own window.
    expect(limiters[0]!.admit('other', limit)).toBe(true);
  });

  it('calls that left the window no longer count', () => {
    let clock = 0;
    const limiter = new SqliteRateLimiter(tempDir('rate-calls-'), () => clock);
    limiters.push(limiter);
    const limit = { calls: 2, windowSeconds: 1 };
    expect([limiter.admit('a', limit), limiter.admit('a', limit), limiter.admit('a', limit)]).toEqual([
      true,
      true,
      false,
    ]);
    clock = 1000;
    expect(limiter.admit('a', limit)).toBe(true);
  });
});

describe('ADC-RATE-1 through a slow balancer over three instances', () => {
  it('on SQLite, three instances on one --data directory: pass, every instance served', async () => {
    const result = await rateRuleThroughBalancer(['--data', tempDir('rate-sqlite-')]);
    expect(`${result.verdict}: ${result.detail}`).toBe('pass: ');
    expect(result.served.every((n) => n > 0)).toBe(true);
  }, 600_000);
});
