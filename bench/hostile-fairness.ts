// npx tsx bench/hostile-fairness.ts: `serve all` in its own process; while ten distinct
// uncached relativeRetentionPerformance reports run (analytics, each a different date range), another service's
// cheap read (generative GET /v1beta/files) is timed; printed beside the same read on an idle server.
// Target (issue 22): a median under 20 ms while the reports run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(import.meta.dirname, '..');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);

const child = spawn(process.execPath, ['reference/foundation/serve-bin.mjs', 'all', '--log-level', 'error'], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const urls = await new Promise<Record<string, string>>((resolve, reject) => {
  let out = '';
  const found: Record<string, string> = {};
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const m of out.matchAll(/(\S+) listening on (http:\/\/\S+)/g)) found[m[1]!] = m[2]!;
    if (Object.keys(found).length === 3) resolve(found);
  });
  child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function cheapRead(): Promise<number> {
  const start = performance.now();
  const r = await fetch(`${urls.generative}/v1beta/files?pageSize=10`, {
    headers: { 'x-goog-api-key': 'test-api-key' },
  });
  await r.arrayBuffer();
  return performance.now() - start;
}

async function sample(n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    out.push(await cheapRead());
    await new Promise((r) => setTimeout(r, 5));
  }
  return out;
}

function heavyReport(i: number, round: number): Promise<number> {
  // A date range of its own each (a start day per round, an end day per report): none answers from a cached result.
  const start = `2024-01-${String(1 + (round % 28)).padStart(2, '0')}`;
  const end = `2024-03-${String(10 + i).padStart(2, '0')}`;
  const q = new URLSearchParams({
    ids: 'channel==MINE',
    startDate: start,
    endDate: end,
    dimensions: 'elapsedVideoTimeRatio',
    metrics: 'relativeRetentionPerformance,audienceWatchRatio',
    filters: 'video==video-00000001;audienceType==ORGANIC',
  });
  const began = performance.now();
  return fetch(`${urls.analytics}/v2/reports?${q}`, {
    headers: { authorization: 'Bearer test-token-all-scopes' },
  }).then(async (r) => {
    if (r.status !== 200) throw new Error(`report answered ${r.status}: ${(await r.text()).slice(0, 200)}`);
    await r.arrayBuffer();
    return performance.now() - began;
  });
}

try {
  await sample(10);
  const idle = await sample(SAMPLES);
  let running = true;
  const reports: number[] = [];
  const load = (async () => {
    let round = 0;
    while (running) {
      const times = await Promise.all(Array.from({ length: 10 }, (_, i) => heavyReport(i, round)));
      reports.push(...times);
      round++;
    }
  })();
  const busy = await sample(SAMPLES);
  running = false;
  await load;
  console.log('generative GET /v1beta/files (ms)    median    p95');
  console.log(
    `  idle                              ${median(idle).toFixed(1).padStart(6)} ${p95(idle).toFixed(1).padStart(6)}`,
  );
  console.log(
    `  during 10 heavy analytics reports ${median(busy).toFixed(1).padStart(6)} ${p95(busy).toFixed(1).padStart(6)}`,
  );
  console.log(`  (heavy reports: ${reports.length}, median ${median(reports).toFixed(0)} ms each)`);
} finally {
  child.kill('SIGTERM');
}
