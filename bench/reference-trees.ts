// Two (or more) checkouts of the project, each's reference served in turn on the read mix of distinct reads
// (bench/reference-read.ts), alternating rounds so that both see the same shared machine: what a change to the
// reference did, side by side. BENCH_TREES: comma-separated checkout folders (each with node_modules); BENCH_OPS:
// operation labels' beginnings separated by | (default all four at once, as the mix); BENCH_ROUNDS (default 3).
// The figure is the server's CPU per request (user + system of its process, every thread), with each round's.
// `BENCH_TREES=/path/before,/path/after npx tsx bench/reference-trees.ts`; prints a table, writes nothing.
import os from 'node:os';
import path from 'node:path';
import { type MixResult, runMix } from './reference-load.js';
import { distinctRequests, newCursor, readOperations } from './reference-read.js';
import { benchSeedFile, benchTempDir, spawnListening } from './reference-servers.js';

const trees = (process.env.BENCH_TREES ?? '').split(',').filter(Boolean);
if (trees.length < 2) {
  console.error('BENCH_TREES: at least two checkout folders, comma-separated');
  process.exit(2);
}
const only = process.env.BENCH_OPS?.split('|');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seed = benchSeedFile(benchTempDir());
const ops = readOperations().filter((o) => !only || only.some((x) => o.label.startsWith(x)));
const runs = new Map<string, Array<{ cpu: number; result: MixResult }>>(trees.map((t) => [t, []]));

for (let round = 0; round < rounds; round++) {
  // Each round in another order: no tree always runs right after the same one.
  const order = round % 2 === 0 ? trees : [...trees].reverse();
  for (const tree of order) {
    const servers = await spawnListening(
      [
        path.join(tree, 'reference', 'foundation', 'serve-bin.mjs'),
        'ad-creative,analytics',
        '--seed',
        seed,
        '--log-level',
        'error',
      ],
      ['ad-creative', 'analytics'],
    );
    try {
      const cursors = ops.map(newCursor);
      const parts = () =>
        ops.map((op, o) => ({
          label: op.label,
          baseUrl: servers.baseUrls[op.service]!,
          requests: distinctRequests(op, cursors[o]),
        }));
      await runMix(parts(), { duration: 2 });
      const before = servers.cpuSeconds?.();
      const result = await runMix(parts());
      const after = servers.cpuSeconds?.();
      const cpu = before === undefined || after === undefined ? NaN : ((after - before) * 1e6) / result.responses;
      runs.get(tree)!.push({ cpu, result });
      console.error(
        `  round ${round + 1} ${tree}: ${cpu.toFixed(0)} µs CPU a request, ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(1)} ms, not 2xx ${result.non2xx}`,
      );
    } finally {
      await servers.stop();
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `${ops.map((o) => o.label).join(' + ')}; ${rounds} rounds, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}\n`,
);
console.log('| tree | median CPU µs/request | each round | median req/s | median p99 ms |\n|---|---:|---|---:|---:|');
for (const [tree, rs] of runs)
  console.log(
    `| ${tree} | ${median(rs.map((r) => r.cpu)).toFixed(0)} | ${rs.map((r) => r.cpu.toFixed(0)).join(', ')} | ${median(rs.map((r) => r.result.requestsPerSecond)).toFixed(0)} | ${median(rs.map((r) => r.result.p99Ms)).toFixed(1)} |`,
  );
