// The read mix's creative reads (bench/reference-read.ts: get a creative with fields and a thumbnail size, list
// creatives with a page size and fields) answered by the ad creative handlers in this process, side by side in
// alternating rounds: with the store keeping parsed records (reference/ad-creative/kept-store.ts, what the
// service does) and with it keeping none (every read selects and parses its row). The answers are compared
// first. CPU of this process per read, authentication and JSON text of the answer included; the served
// request's HTTP and runtime work is not in these figures (bench/reference-per-operation.ts has the whole).
// `npx tsx bench/reference-creative-records.ts` (BENCH_READS per operation and round, BENCH_ROUNDS); prints a table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import type { HandlerInput } from '../generated/ad-creative/server.js';
import { ROOT } from '../generator/model/index.js';
import { createAuthenticate, createHandlers, type HandlerContext } from '../reference/ad-creative/handlers.js';
import { MediaUrls } from '../reference/ad-creative/media.js';
import { service as adCreative } from '../reference/ad-creative/index.js';
import { KEPT_RECORDS, KeptAdCreativeStore } from '../reference/ad-creative/kept-store.js';
import { AccountRateLimiter } from '../reference/ad-creative/rate-limit.js';
import { parseSeed } from '../reference/ad-creative/seed.js';
import { migrate, openDatabase } from '../reference/foundation/database.js';
import { withStatementCache } from '../reference/foundation/statement-cache.js';
import { readOperations } from './reference-read.js';

const READS = Number(process.env.BENCH_READS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const raw = parse(fs.readFileSync(path.join(ROOT, 'reference', 'seed.default.yaml'), 'utf8'))['ad-creative'];
raw.rateLimit = { calls: 1e12, windowSeconds: 60 };
const seed = parseSeed(raw);

/** The handlers over a store that keeps `keptRecords` parsed creatives, on a database seeded as the service's. */
async function service(keptRecords: number) {
  const db = withStatementCache(openDatabase({ name: 'ad-creative' }));
  migrate(db, adCreative.migrations);
  const store = new KeptAdCreativeStore(db, keptRecords);
  await store.loadSeed(seed);
  const ctx: HandlerContext = {
    store,
    limiter: new AccountRateLimiter(),
    rateLimit: seed.rateLimit,
    media: new MediaUrls('bench-secret-bench-secret-bench-secret-0000'),
    publicBase: () => 'http://127.0.0.1:8080',
  };
  return { handlers: createHandlers(ctx), authenticate: createAuthenticate(ctx) };
}

type Operation = 'getAdCreative' | 'listAdCreatives';
const OPERATIONS: Array<{ label: string; id: Operation; path: RegExp; numbers: string[] }> = [
  {
    label: 'get creative (fields, thumbnail size)',
    id: 'getAdCreative',
    path: /^\/(?<version>v[0-9.]+)\/(?<creative_id>[0-9]+)$/,
    numbers: ['thumbnail_width', 'thumbnail_height'],
  },
  {
    label: 'list creatives (page size, fields)',
    id: 'listAdCreatives',
    path: /^\/(?<version>v[0-9.]+)\/act_(?<ad_account_id>[0-9]+)\/adcreatives$/,
    numbers: ['limit'],
  },
];

/** The handler input the router makes of the mix's i-th request of an operation (its parameters coerced). */
function inputOf(op: (typeof OPERATIONS)[number], i: number): HandlerInput {
  const mix = readOperations().find((o) => o.label === op.label)!;
  const url = new URL(`http://127.0.0.1:8080${mix.request(i).path}`);
  const query: Record<string, unknown> = Object.fromEntries(url.searchParams);
  for (const name of op.numbers) if (name in query) query[name] = Number(query[name]);
  return {
    operationId: op.id,
    path: { ...op.path.exec(url.pathname)!.groups },
    query,
    headers: {},
    cookies: {},
    body: undefined,
    credentials: { accessToken: String(query.access_token) },
    url,
  } as unknown as HandlerInput;
}

async function answer(s: Awaited<ReturnType<typeof service>>, op: Operation, input: HandlerInput): Promise<string> {
  // The router keeps what authenticate returns as the input's caller.
  input.caller = await s.authenticate(input, undefined as never);
  const result = (await s.handlers[op](input as never)) as { body: unknown };
  return JSON.stringify(result.body);
}

const ways = { 'records kept': await service(KEPT_RECORDS), 'none kept': await service(0) };
const inputs = new Map(OPERATIONS.map((op) => [op.id, Array.from({ length: READS }, (_, i) => inputOf(op, i))]));
// The same answers either way (a fresh input each: its caller is the grant authenticate found).
for (const op of OPERATIONS)
  for (let i = 0; i < READS; i += 97) {
    const [kept, none] = await Promise.all(Object.values(ways).map((s) => answer(s, op.id, inputOf(op, i))));
    if (kept !== none) throw new Error(`${op.label} #${i}: the answers differ\n${kept}\n${none}`);
  }

const cpu: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? Object.entries(ways) : Object.entries(ways).reverse();
  for (const [way, s] of order)
    for (const op of OPERATIONS) {
      const batch = inputs.get(op.id)!;
      const start = process.cpuUsage();
      for (const input of batch) await answer(s, op.id, input);
      const used = process.cpuUsage(start);
      (cpu[`${op.label}\u0000${way}`] ??= []).push((used.user + used.system) / batch.length);
    }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `Run ${new Date().toISOString()} on ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}; ${READS} distinct reads per operation and round, ${ROUNDS} rounds (the first warms up)\n`,
);
console.log('| operation | records kept µs/read | none kept µs/read | kept / none | rounds (kept / none) |');
console.log('|---|---:|---:|---:|---|');
for (const op of OPERATIONS) {
  const kept = cpu[`${op.label}\u0000records kept`]!.slice(1);
  const none = cpu[`${op.label}\u0000none kept`]!.slice(1);
  const rounds = kept.map((k, r) => `${k.toFixed(1)} / ${none[r]!.toFixed(1)}`).join(', ');
  console.log(
    `| ${op.label} | ${median(kept).toFixed(1)} | ${median(none).toFixed(1)} | ${(median(kept) / median(none)).toFixed(2)} | ${rounds} |`,
  );
}
