// Variants of the served reference side by side on the read mix (reference-read.ts): each variant a reference
// process with its own serve and node options, beside the bare node:http server answering the same bytes, all
// running at once and measured in rotating rounds (the order turned by one every round), so that every round's
// figures see the same machine. What a layout or a V8 option does to the read bench's rate and p99 is judged on
// the rounds' ratios to the bare server, never on figures of separate runs.
//   npx tsx bench/reference-variants.ts [--variant 'NAME: serve OPTIONS | node OPTIONS' ...]
// Default variants: `default` (serve as it is) and `one loop` (--threads 1). BENCH_VARIANT_ROUNDS rounds (default
// 5) of BENCH_READ_SECONDS (default 3); per round each variant's req/s, p99 and server CPU a request; then the
// medians. Prints a table, writes nothing.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { MixResult } from './reference-load.js';
import {
  type Cursors,
  capture,
  distinctCount,
  measure,
  newCursor,
  READ_SERVICES,
  readOperations,
  warmUp,
} from './reference-read.js';
import {
  benchSeedFile,
  benchTempDir,
  type RunningServers,
  startBareProcess,
  startReferenceProcess,
} from './reference-servers.js';

const ROUNDS = Number(process.env.BENCH_VARIANT_ROUNDS ?? 5);

interface Variant {
  name: string;
  serveArgs: string[];
  nodeArgs: string[];
}

/** `NAME: serve options | node options` (either side may be empty). */
export function parseVariant(text: string): Variant {
  const colon = text.indexOf(':');
  if (colon <= 0) throw new Error(`--variant ${text}: name it (NAME: serve options | node options)`);
  const [serve = '', node = ''] = text.slice(colon + 1).split('|');
  const words = (s: string) => s.split(' ').filter(Boolean);
  return { name: text.slice(0, colon).trim(), serveArgs: words(serve), nodeArgs: words(node) };
}

const { values } = parseArgs({ options: { variant: { type: 'string', multiple: true } } });
const variants = (values.variant ?? ['default:', 'one loop: --threads 1']).map(parseVariant);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = benchTempDir();
const ops = readOperations();
const seed = benchSeedFile(dir);
const answersFile = path.join(dir, 'read-answers.ndjson');
console.error(`capturing ${ops.map((op) => distinctCount(op)).join(' + ')} distinct answers from the reference`);
const capturing = await startReferenceProcess(READ_SERVICES, seed);
try {
  await capture(ops, capturing, answersFile);
} finally {
  await capturing.stop();
}

const sides: Array<{ name: string; servers: RunningServers; cursors: Cursors; rounds: MixResult[] }> = [];
try {
  for (const v of variants)
    sides.push({
      name: v.name,
      servers: await startReferenceProcess(READ_SERVICES, seed, undefined, v.serveArgs, v.nodeArgs),
      cursors: ops.map(newCursor),
      rounds: [],
    });
  sides.push({
    name: 'bare node:http',
    servers: await startBareProcess(READ_SERVICES, answersFile),
    cursors: ops.map(newCursor),
    rounds: [],
  });
  for (const side of sides) await warmUp(ops, side.servers, side.cursors);
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
  console.log(`Run ${new Date().toISOString()} on ${os.cpus().length} CPUs, load average ${load()}\n`);
  const bare = sides.at(-1)!;
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < sides.length; i++) {
      const side = sides[(i + round) % sides.length]!;
      side.rounds.push(await measure(`round ${round + 1}, ${side.name}`, ops, side.servers, side.cursors));
    }
    const b = bare.rounds.at(-1)!;
    console.log(
      `round ${round + 1} (load ${os.loadavg()[0]!.toFixed(1)}): ${sides
        .slice(0, -1)
        .map((s) => {
          const r = s.rounds.at(-1)!;
          return `${s.name} ${(r.requestsPerSecond / b.requestsPerSecond).toFixed(2)}x, p99 ${(r.p99Ms / b.p99Ms).toFixed(2)}x`;
        })
        .join('; ')}`,
    );
  }
  console.log('\n| server | req/s | p99 ms | server CPU µs/request | rate / bare (rounds) | p99 / bare (rounds) |');
  console.log('|---|---:|---:|---:|---|---|');
  for (const side of sides) {
    const ratio = (pick: (m: MixResult) => number) =>
      side.rounds.map((r, i) => (pick(r) / pick(bare.rounds[i]!)).toFixed(2)).join(', ');
    console.log(
      `| ${side.name} | ${median(side.rounds.map((r) => r.requestsPerSecond)).toFixed(0)} | ${median(side.rounds.map((r) => r.p99Ms)).toFixed(2)} | ${median(side.rounds.map((r) => r.serverCpuMicrosPerRequest ?? Number.NaN)).toFixed(0)} | ${ratio((m) => m.requestsPerSecond)} | ${ratio((m) => m.p99Ms)} |`,
    );
  }
} finally {
  for (const side of sides) await side.servers.stop();
}
