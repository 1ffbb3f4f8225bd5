// Two (or more) checkouts' references side by side without the network: each tree's services are started in this
// one process (startReference, its listeners taken through `wrap`), each listener gets its own node:http server fed
// an in-memory connection, and every read-mix operation is sent to each tree in turn (the order reversed every
// round), its requests distinct as in the mix, 16 pipelined to a chunk. The figure is this process's CPU per
// answered request of each turn (median of the rounds): no kernel, no load generator and no other process share it,
// so it holds on a busy machine where bench/reference-trees.ts's network figures swing. It measures routing,
// authentication, validation, the handlers, the stores and node:http's parsing and writing, not the sockets.
// BENCH_TREES (comma-separated checkouts, each with node_modules), BENCH_OPS (labels' beginnings separated by |),
// BENCH_ROUNDS (default 8), BENCH_REQUESTS (a turn, default 800).
// `BENCH_TREES=/path/before,/path/after npx tsx bench/reference-trees-inprocess.ts`; prints a table, writes nothing.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadRequest } from './reference-load.js';
import { distinctRequests, newCursor, readOperations } from './reference-read.js';
import { benchSeedFile, benchTempDir } from './reference-servers.js';
import { MemorySocket } from './memory-socket.js';

const trees = (process.env.BENCH_TREES ?? '').split(',').filter(Boolean);
if (trees.length < 2) {
  console.error('BENCH_TREES: at least two checkout folders, comma-separated');
  process.exit(2);
}
const only = process.env.BENCH_OPS?.split('|');
const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
const requests = Number(process.env.BENCH_REQUESTS ?? 800);
const BATCH = 16;
const SERVICES = ['ad-creative', 'analytics'] as const;

const wire = (r: LoadRequest) =>
  `${r.method ?? 'GET'} ${r.path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${Object.entries(r.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

const seedFile = benchSeedFile(benchTempDir());
const servers: Array<Record<string, http.Server>> = [];
const sessions: Array<{ stop(): Promise<void> }> = [];
for (const tree of trees) {
  const { startReference } = (await import(pathToFileURL(path.join(tree, 'reference', 'index.ts')).href)) as {
    startReference(
      keys: readonly string[],
      options: { seedFile: string; wrap: Record<string, (inner: http.RequestListener) => http.RequestListener> },
    ): Promise<{ stop(): Promise<void> }>;
  };
  const listeners: Record<string, http.RequestListener> = {};
  const wrap = Object.fromEntries(
    SERVICES.map((key) => [key, (inner: http.RequestListener) => (listeners[key] = inner)]),
  );
  sessions.push(await startReference(SERVICES, { seedFile, wrap }));
  servers.push(Object.fromEntries(SERVICES.map((key) => [key, http.createServer(listeners[key])])));
}

const ops = readOperations().filter((o) => !only || only.some((x) => o.label.startsWith(x)));
const turns = ops.map(() => trees.map((): number[] => []));
for (const [o, op] of ops.entries()) {
  const cursors = trees.map(() => newCursor());
  // Round 0 warms every tree up and is not counted.
  for (let round = 0; round <= rounds; round++) {
    const order = round % 2 === 0 ? [...trees.keys()] : [...trees.keys()].reverse();
    for (const t of order) {
      const [first] = distinctRequests(op, cursors[t]);
      const next = () => wire(first!.setupRequest!(first!, {}));
      const socket = new MemorySocket();
      servers[t]![op.service]!.emit('connection', socket);
      const start = process.cpuUsage();
      for (let sent = 0; sent < requests; sent += BATCH) {
        const answered = socket.answers + BATCH;
        const chunk = Array.from({ length: BATCH }, next).join('');
        await new Promise<void>((resolve) => {
          socket.onAnswer = () => {
            if (socket.answers >= answered) resolve();
          };
          socket.push(chunk);
        });
      }
      const used = process.cpuUsage(start);
      socket.destroy();
      if (socket.refused.length > 0)
        throw new Error(`${trees[t]} ${op.label}: ${socket.refused.length} answers not 200: ${socket.refused[0]}`);
      if (round > 0) turns[o]![t]!.push((used.user + used.system) / requests);
    }
  }
}
for (const session of sessions) await session.stop();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `${rounds} rounds of ${requests} requests a turn, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}; CPU µs per request, median of the rounds\n`,
);
console.log(`| operation | ${trees.join(' | ')} |\n|---|${trees.map(() => '---:|').join('')}`);
for (const [o, op] of ops.entries())
  console.log(`| ${op.label} | ${turns[o]!.map((t) => median(t).toFixed(0)).join(' | ')} |`);
process.exit(0);
