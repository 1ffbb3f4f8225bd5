// The served reference's CPU per request of each read-mix operation alone, and of two answers that stop early
// (an unknown path, a call without credentials): where the mix's cost is. One operation at a time, 50 keep-alive
// connections (BENCH_CONNECTIONS), BENCH_DURATION seconds each (default 4) after a second of warm-up.
// `npx tsx bench/reference-per-operation.ts`; prints a table, writes nothing.
import os from 'node:os';
import { readOperations } from './reference-read.js';
import { runMix, type LoadRequest } from './reference-load.js';
import { benchSeedFile, benchTempDir, startReferenceProcess } from './reference-servers.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const servers = await startReferenceProcess(
  ['ad-creative', 'analytics', 'generative'],
  benchSeedFile(benchTempDir()),
  undefined,
  process.argv.slice(2),
);
try {
  const operations: Array<{ label: string; baseUrl: string; request: LoadRequest }> = readOperations().map((o) => ({
    label: o.label,
    baseUrl: servers.baseUrls[o.service]!,
    request: o.request(0),
  }));
  const analytics = operations.find((o) => o.label.startsWith('list groups'))!;
  operations.push({
    label: 'unknown path (404)',
    baseUrl: analytics.baseUrl,
    request: { ...analytics.request, path: '/v2/nothing' },
  });
  operations.push({
    label: 'no credentials (401)',
    baseUrl: analytics.baseUrl,
    request: { method: 'GET', path: analytics.request.path },
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
    const part = [{ label: op.label, baseUrl: op.baseUrl, requests: [op.request] }];
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
