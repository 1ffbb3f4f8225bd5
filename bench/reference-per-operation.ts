// The served reference's CPU per request of each read-mix operation alone, its requests distinct as in the mix
// (bench/reference-read.ts), and of two answers that stop early (an unknown path, a call without credentials):
// where the mix's cost is. In the mix the operations share the service threads, so how many of each are
// answered (and the mix's mean) moves with the others' speed; alone, each is its own figure. One operation at a
// time, 50 keep-alive connections (BENCH_CONNECTIONS), BENCH_DURATION seconds each (default 4) after a second
// of warm-up. Each operation is measured twice: distinct requests, then the same 64 requests over and over.
// `npx tsx bench/reference-per-operation.ts`; prints a table, writes nothing.
import os from 'node:os';
import { distinctRequests, readOperations } from './reference-read.js';
import { runMix, type LoadRequest } from './reference-load.js';
import { benchSeedFile, benchTempDir, startReferenceProcess } from './reference-servers.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 4);
/** How many keys the same-keys rows cycle through. */
const SAME_KEYS = 64;
const servers = await startReferenceProcess(
  ['ad-creative', 'analytics', 'generative'],
  benchSeedFile(benchTempDir()),
  undefined,
  process.argv.slice(2),
);
try {
  const operations: Array<{ label: string; baseUrl: string; requests: LoadRequest[] }> = readOperations().flatMap(
    (o) => [
      {
        label: o.label,
        baseUrl: servers.baseUrls[o.service]!,
        // One cursor for the warm-up and the measurement: no request is sent twice.
        requests: distinctRequests(o),
      },
      {
        // Beside it, the same operation over a few keys sent again and again: what the caches save.
        label: `${o.label}, the same ${SAME_KEYS} keys`,
        baseUrl: servers.baseUrls[o.service]!,
        requests: Array.from({ length: SAME_KEYS }, (_, i) => ({ headers: {}, ...o.request(i) })),
      },
    ],
  );
  const analytics = readOperations().find((o) => o.label.startsWith('list groups'))!;
  const analyticsUrl = servers.baseUrls[analytics.service]!;
  operations.push({
    label: 'unknown path (404)',
    baseUrl: analyticsUrl,
    requests: [{ ...analytics.request(0), path: '/v2/nothing' }],
  });
  operations.push({
    label: 'no credentials (401)',
    baseUrl: analyticsUrl,
    requests: [{ method: 'GET', path: analytics.request(0).path }],
  });
  console.log(
    `Run ${new Date().toISOString()} on ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}\n`,
  );
  console.log(
    '| operation alone | server CPU µs/request | req/s | p99 ms | answers not 2xx |\n|---|---:|---:|---:|---:|',
  );
  for (const op of operations) {
    const part = [{ label: op.label, baseUrl: op.baseUrl, requests: op.requests }];
    await runMix(part, { duration: 1 });
    const before = servers.cpuSeconds?.();
    const result = await runMix(part, { duration: DURATION });
    const after = servers.cpuSeconds?.();
    const cpu =
      before === undefined || after === undefined ? '-' : (((after - before) * 1e6) / result.responses).toFixed(0);
    console.log(
      `| ${op.label} | ${cpu} | ${result.requestsPerSecond.toFixed(0)} | ${result.p99Ms.toFixed(2)} | ${result.non2xx} |`,
    );
  }
} finally {
  await servers.stop();
}
