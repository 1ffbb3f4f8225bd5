// npm run bench:allocation: bytes the reference allocates per answer of each read-mix operation (reference-read.ts),
// beside a bare node:http listener answering the same requests with fixed bytes, both in this one process, fed through
// in-memory connections (memory-socket.ts) one request at a time. Allocation drives how often the young generation
// is collected, which is the read mix's p99 tail (docs/benchmarks.md); unlike a rate, it does not depend on what
// else the machine runs. Beside it, the bytes young-generation collections kept per answer (copied or promoted):
// what a scavenge copies is most of its pause. BENCH_ALLOCATION_REQUESTS answers per operation (default 4,000,
// after as many to warm up).
import http from 'node:http';
import os from 'node:os';
import v8 from 'node:v8';
import { startReference } from '../reference/index.js';
import { MemorySocket } from './memory-socket.js';
import type { LoadRequest } from './reference-load.js';
import { distinctRequests, newCursor, readOperations } from './reference-read.js';
import { benchSeedFile, benchTempDir, type BenchServiceKey } from './reference-servers.js';

const REQUESTS = Number(process.env.BENCH_ALLOCATION_REQUESTS ?? 4000);
const SERVICES: BenchServiceKey[] = ['ad-creative', 'analytics'];

const wire = (r: LoadRequest) =>
  `${r.method ?? 'GET'} ${r.path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${Object.entries(r.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

const SCAVENGES = new Set(['Scavenge', 'MinorMarkSweep']);
const spaceUsed = (spaces: v8.HeapSpaceStatistics[], name: string) =>
  spaces.find((s) => s.spaceName === name)?.spaceUsedSize ?? 0;

/**
 * Bytes allocated while `run` runs (the heap's growth plus what every collection in between freed), and the bytes
 * its young-generation collections kept (copied within the young generation or promoted out of it): what a
 * scavenge copies is most of its pause, so that figure is the pause's share of an answer, load aside.
 */
async function allocated(run: () => Promise<void>): Promise<{ allocated: number; survived: number }> {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const before = v8.getHeapStatistics().used_heap_size;
  await run();
  const after = v8.getHeapStatistics().used_heap_size;
  let freed = 0;
  let survived = 0;
  for (const gc of profiler.stop().statistics) {
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
    if (!SCAVENGES.has(gc.gcType)) continue;
    const [b, a] = [gc.beforeGC.heapSpaceStatistics, gc.afterGC.heapSpaceStatistics];
    survived += spaceUsed(a, 'new_space');
    for (const old of ['old_space', 'large_object_space']) survived += spaceUsed(a, old) - spaceUsed(b, old);
  }
  return { allocated: after - before + freed, survived };
}

const listeners: Partial<Record<BenchServiceKey, http.RequestListener>> = {};
const session = await startReference(SERVICES, {
  seedFile: benchSeedFile(benchTempDir()),
  wrap: Object.fromEntries(SERVICES.map((key) => [key, (inner: http.RequestListener) => (listeners[key] = inner)])),
});
const BARE_ANSWER = Buffer.alloc(1000, 'x');
const bare: http.RequestListener = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': BARE_ANSWER.length });
  res.end(BARE_ANSWER);
};

/**
 * KB allocated per answer of each operation by the given listeners (the same requests' text made either way), and
 * bytes their young-generation collections kept per answer.
 */
async function perAnswer(
  listenerOf: (service: BenchServiceKey) => http.RequestListener,
): Promise<Array<{ kb: number; survivedBytes: number }>> {
  const ops = readOperations();
  const servers = Object.fromEntries(SERVICES.map((key) => [key, http.createServer(listenerOf(key))]));
  const out: Array<{ kb: number; survivedBytes: number }> = [];
  for (const op of ops) {
    const socket = new MemorySocket();
    servers[op.service]!.emit('connection', socket);
    const source = distinctRequests(op, newCursor())[0]!;
    const one = () => {
      const text = wire(source.setupRequest!(source, {}) as LoadRequest);
      const target = socket.answers + 1;
      return new Promise<void>((resolve) => {
        socket.onAnswer = () => {
          if (socket.answers >= target) resolve();
        };
        socket.push(text);
      });
    };
    for (let i = 0; i < REQUESTS; i++) await one();
    const measured = await allocated(async () => {
      for (let i = 0; i < REQUESTS; i++) await one();
    });
    if (socket.refused.length) throw new Error(`${op.label}: ${socket.refused[0]}`);
    out.push({ kb: measured.allocated / REQUESTS / 1024, survivedBytes: measured.survived / REQUESTS });
    socket.destroy();
  }
  return out;
}

const reference = await perAnswer((service) => listeners[service]!);
const baseline = await perAnswer(() => bare);
await session.stop();
console.log(
  `Allocated per answer, ${REQUESTS} answers an operation after as many to warm up (Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}):\n`,
);
console.log(
  '| operation | reference KB | bare node:http KB | reference beyond bare KB | kept by scavenges B, reference / bare |',
);
console.log('|---|---:|---:|---:|---:|');
const row = (label: string, r: number, b: number, rs: number, bs: number) =>
  console.log(
    `| ${label} | ${r.toFixed(1)} | ${b.toFixed(1)} | ${(r - b).toFixed(1)} | ${rs.toFixed(0)} / ${bs.toFixed(0)} |`,
  );
readOperations().forEach((op, i) =>
  row(op.label, reference[i]!.kb, baseline[i]!.kb, reference[i]!.survivedBytes, baseline[i]!.survivedBytes),
);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
row(
  'the mix (mean)',
  mean(reference.map((r) => r.kb)),
  mean(baseline.map((r) => r.kb)),
  mean(reference.map((r) => r.survivedBytes)),
  mean(baseline.map((r) => r.survivedBytes)),
);
