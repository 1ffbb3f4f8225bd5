// Read mix of distinct reads: the reference beside a bare node:http server answering the same bytes and beside
// Prism on the same specs. Four operations at once (get a creative with fields and a thumbnail size, list groups
// by ids, a report over a date range of one of 45 shapes (wideReportOf), list creatives with a page size and fields), every
// request different from every other
// (BENCH_DISTINCT per operation, default 100,000, or all an operation's parameters give): nothing the reference computed
// for one request answers another, and no request of a run is sent twice (the table counts any that were).
// The answers are captured from one reference process, served by the bare server, and measured on a fresh
// reference process (no warm query cache from the capture); warm-up and measurement take successive requests.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_FIXTURES } from '../contracts/targets/fixtures.js';
import type { CapturedAnswer } from './reference-bare-server.js';
import { autocannonRun, type LoadRequest, type MixPart, type MixResult, runMix } from './reference-load.js';
import {
  type BenchServiceKey,
  type RunningServers,
  benchSeedFile,
  startBareProcess,
  startPrismProcesses,
  startReferenceProcess,
} from './reference-servers.js';

const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 1);
/** Requests of each operation a server answers before it is measured (BENCH_WARMUP_REQUESTS; see warmUp). */
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 2000);
const WARMUP_MAX_SECONDS = 30;
/** Alternating rounds of the reference and the bare server (BENCH_READ_ROUNDS): the figures are their medians. */
const ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 3);
/**
 * Seconds of each round (BENCH_READ_SECONDS): three closed-loop rounds of three and three at half the rate take
 * about 75,000 requests of an operation from a reference at 25,000 reads a second, within DISTINCT.
 */
export const ROUND_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 3);
/**
 * Distinct requests made per operation (BENCH_DISTINCT, at most what the operation's parameters allow): enough for
 * the bare server's rate over the warm-up and the measurement, so no request is sent twice. A run that needs more
 * wraps around, and the table says how many requests it sent again.
 */
export const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 100_000);
/**
 * The offered load of the equal-load rounds, as a share of the reference's closed-loop rate (BENCH_EQUAL_LOAD; 0
 * leaves them out). In the closed loop each server sets its own pace, and by Little's law its latency is the
 * connections over its throughput, so that p99 restates the throughput ratio; at one offered rate both serve, the
 * p99s compare the time an answer takes.
 */
export const EQUAL_LOAD_SHARE = Number(process.env.BENCH_EQUAL_LOAD ?? 0.5);
export const READ_SERVICES: BenchServiceKey[] = ['ad-creative', 'analytics'];

interface ReadOperation {
  label: string;
  service: BenchServiceKey;
  /** How many distinct requests the operation's parameters give (Infinity: no end). */
  space: number;
  /** The i-th request of the operation (i < space): no two alike. */
  request(i: number): LoadRequest;
}

/** The distinct requests the bench makes of an operation. */
export const distinctCount = (op: ReadOperation): number => Math.min(DISTINCT, op.space);

/** The seeded creative the default fixtures' token may read (seed.default.yaml, ad-creative creatives). */
const SEEDED_CREATIVE_ID = '120330000008134415';
/** The seeded groups of the fixtures' channel (seed.default.yaml, analytics groups). */
const SEEDED_GROUPS = ['Abc123Group', 'Def456Group'];
/** The fact table's days (seed.default.yaml, analytics facts). */
const FACT_DAYS = 91;
const FIRST_FACT_DAY = Date.UTC(2024, 0, 1);
/** Every (start, end) date range within the fact table's days. */
const FACT_RANGES = (FACT_DAYS * (FACT_DAYS + 1)) / 2;
const DIMENSIONS = ['day', 'insightTrafficSourceType', 'day,insightTrafficSourceType'];
// The metrics every one of these dimensions' reports offers (the traffic source reports: views and minutes watched).
const METRICS = ['views', 'estimatedMinutesWatched', 'views,estimatedMinutesWatched', 'estimatedMinutesWatched,views'];
const LIST_FIELDS = [
  'name',
  'object_type',
  'status',
  'thumbnail_url',
  'object_story_spec',
  'account_id',
  'body',
  'effective_object_story_id',
  'actor_id',
  'call_to_action_type',
];
const PAGE_SIZES = 200;
const THUMBNAIL_SIDES = 1000;

/**
 * A permutation of 0..space-1 (a stride prime to the space), so that the requests of any prefix, the part a run
 * sends, are spread over every parameter's values rather than the first values of the slowest-moving one.
 */
const STRIDE = 7919;
const spread = (i: number, space: number) => (i * STRIDE) % space;

const isoDay = (offset: number) => new Date(FIRST_FACT_DAY + offset * 86_400_000).toISOString().slice(0, 10);

/** The n-th (start, end) date range of the fact table's days, n < FACT_RANGES. */
function rangeOf(n: number): { start: string; end: string } {
  for (let start = 0; start < FACT_DAYS; start++) {
    const lengths = FACT_DAYS - start;
    if (n < lengths) return { start: isoDay(start), end: isoDay(start + n) };
    n -= lengths;
  }
  throw new Error('past the distinct date ranges of the fact table');
}

/**
 * The reports of the read mix beyond the rollups' day and traffic-source breakdowns: a device breakdown, a filtered
 * report, content-owner reports (which must narrow to a channel) and a sorted top-N, besides the three breakdowns
 * of reportOf; each over every date range of the fact table.
 */
const CONTENT_OWNER = { ids: 'contentOwner==owner-1', filters: 'channel==UCchannel0000000000000001' };
/** The seeded countries (catalogue.ts COUNTRIES) and the channel's videos with facts (seed.default.yaml). */
const COUNTRIES = ['BR', 'DE', 'FR', 'GB', 'IN', 'IT', 'JP', 'US'];
const CHANNEL_VIDEOS = ['video-00000001', 'video-00000002', 'video-00000003'];
const VIEWS_AND_MINUTES = 'views,estimatedMinutesWatched';
const WIDE_SHAPES: Array<Record<string, string>> = [
  { dimensions: 'day', metrics: VIEWS_AND_MINUTES },
  { dimensions: 'insightTrafficSourceType', metrics: VIEWS_AND_MINUTES },
  { dimensions: 'day,insightTrafficSourceType', metrics: 'views' },
  { dimensions: 'deviceType', metrics: VIEWS_AND_MINUTES },
  { dimensions: 'day', metrics: 'views', filters: 'country==US' },
  { ...CONTENT_OWNER, dimensions: 'day', metrics: 'views' },
  { ...CONTENT_OWNER, dimensions: 'insightTrafficSourceType', metrics: VIEWS_AND_MINUTES },
  { dimensions: 'video', metrics: VIEWS_AND_MINUTES, sort: '-views', maxResults: '10' },
  // The same work asked in other words (metric order, sort key, N).
  { dimensions: 'day', metrics: 'estimatedMinutesWatched,views' },
  { dimensions: 'deviceType', metrics: 'estimatedMinutesWatched,views' },
  { dimensions: 'video', metrics: VIEWS_AND_MINUTES, sort: '-estimatedMinutesWatched', maxResults: '10' },
  { dimensions: 'video', metrics: 'views', sort: '-views', maxResults: '25' },
  // Enough distinct reports that a reference at 25,000 reads a second sends none twice in a default run (about
  // 190,000 with the shapes above): every country's filtered days, a video's days, traffic-source and device
  // breakdowns by day, content-owner reports by device, source and country, sorted countries and a top 2.
  ...COUNTRIES.filter((c) => c !== 'US').map((c) => ({
    dimensions: 'day',
    metrics: 'views',
    filters: `country==${c}`,
  })),
  ...COUNTRIES.map((c) => ({ dimensions: 'day', metrics: VIEWS_AND_MINUTES, filters: `country==${c}` })),
  ...CHANNEL_VIDEOS.map((v) => ({ dimensions: 'day', metrics: VIEWS_AND_MINUTES, filters: `video==${v}` })),
  { dimensions: 'insightTrafficSourceType', metrics: 'views' },
  { dimensions: 'day,insightTrafficSourceType', metrics: VIEWS_AND_MINUTES },
  { dimensions: 'day,insightTrafficSourceType', metrics: 'estimatedMinutesWatched' },
  { dimensions: 'day,deviceType', metrics: 'views' },
  { dimensions: 'deviceType', metrics: 'views' },
  { ...CONTENT_OWNER, dimensions: 'deviceType', metrics: VIEWS_AND_MINUTES },
  { ...CONTENT_OWNER, dimensions: 'day,insightTrafficSourceType', metrics: 'views' },
  ...['US', 'GB', 'IN', 'JP'].map((c) => ({
    ...CONTENT_OWNER,
    dimensions: 'day',
    metrics: 'views',
    filters: `${CONTENT_OWNER.filters};country==${c}`,
  })),
  { dimensions: 'country', metrics: VIEWS_AND_MINUTES, sort: '-views' },
  { dimensions: 'country', metrics: VIEWS_AND_MINUTES, sort: '-estimatedMinutesWatched' },
  { dimensions: 'video', metrics: VIEWS_AND_MINUTES, sort: '-views', maxResults: '2' },
  { dimensions: 'video', metrics: 'estimatedMinutesWatched', sort: '-estimatedMinutesWatched', maxResults: '2' },
];
export const WIDE_REPORT_KINDS = WIDE_SHAPES.length;

/** The query of the i-th report of the wide mix (i < FACT_RANGES * WIDE_SHAPES.length): every shape and range once. */
export function wideReportOf(i: number): Record<string, string> {
  const space = FACT_RANGES * WIDE_SHAPES.length;
  if (i >= space) throw new Error(`report ${i}: past the ${space} distinct reports`);
  const j = spread(i, space);
  const { start, end } = rangeOf(Math.floor(j / WIDE_SHAPES.length));
  return { ids: 'channel==MINE', ...WIDE_SHAPES[j % WIDE_SHAPES.length]!, startDate: start, endDate: end };
}

/** The date range, dimensions and metrics of the i-th report: every combination once. */
export function reportOf(i: number): { start: string; end: string; dimensions: string; metrics: string } {
  const space = FACT_RANGES * DIMENSIONS.length * METRICS.length;
  if (i >= space) throw new Error(`report ${i}: past the ${space} distinct reports`);
  const j = spread(i, space);
  return {
    ...rangeOf(Math.floor(j / (DIMENSIONS.length * METRICS.length))),
    dimensions: DIMENSIONS[j % DIMENSIONS.length]!,
    metrics: METRICS[Math.floor(j / DIMENSIONS.length) % METRICS.length]!,
  };
}

export function readOperations(): ReadOperation[] {
  const adc = DEFAULT_FIXTURES['ad-creative'];
  const ana = DEFAULT_FIXTURES.analytics;
  const bearer = { authorization: `Bearer ${ana.accessToken}` };
  return [
    {
      label: 'get creative (fields, thumbnail size)',
      service: 'ad-creative',
      space: THUMBNAIL_SIDES * THUMBNAIL_SIDES,
      request: (i) => {
        const j = spread(i, THUMBNAIL_SIDES * THUMBNAIL_SIDES);
        return {
          method: 'GET',
          path: `/${adc.apiVersion}/${SEEDED_CREATIVE_ID}?fields=id,name,object_type,object_story_spec,thumbnail_url&thumbnail_width=${1 + (j % THUMBNAIL_SIDES)}&thumbnail_height=${1 + Math.floor(j / THUMBNAIL_SIDES)}&access_token=${adc.accessToken}`,
        };
      },
    },
    {
      label: 'list groups (by ids)',
      service: 'analytics',
      space: Number.POSITIVE_INFINITY,
      request: (i) => ({
        method: 'GET',
        path: `/v2/groups?id=${SEEDED_GROUPS.join(',')},NoSuchGroup${i}`,
        headers: bearer,
      }),
    },
    {
      label: 'report (date range; day, traffic source, device, country, filtered, content owner, top N)',
      service: 'analytics',
      space: FACT_RANGES * WIDE_REPORT_KINDS,
      request: (i) => ({
        method: 'GET',
        path: `/v2/reports?${new URLSearchParams(wideReportOf(i))}`,
        headers: bearer,
      }),
    },
    {
      label: 'list creatives (page size, fields)',
      service: 'ad-creative',
      space: PAGE_SIZES * 2 ** LIST_FIELDS.length,
      request: (i) => {
        // Every page size with each subset of the optional fields.
        const j = spread(i, PAGE_SIZES * 2 ** LIST_FIELDS.length);
        const fields = LIST_FIELDS.filter((_, bit) => (Math.floor(j / PAGE_SIZES) >> bit) & 1);
        return {
          method: 'GET',
          path: `/${adc.apiVersion}/act_${adc.adAccountId}/adcreatives?limit=${1 + (j % PAGE_SIZES)}&fields=${['id', ...fields].join(',')}&access_token=${adc.accessToken}`,
        };
      },
    },
  ];
}

/** Where an operation's requests are: the next to send, and how many were sent past its distinct ones. */
export interface RequestCursor {
  next: number;
  /** Requests sent again (past the distinct ones): 0 in an honest run. */
  repeats: number;
}

export const newCursor = (): RequestCursor => ({ next: 0, repeats: 0 });

/**
 * An operation's requests for autocannon, taken in turn by every connection: the k-th request sent is the k-th
 * distinct one (from `start.next`, which moves on, so a warm-up and the measurement after it send different
 * requests); past the operation's distinct count it wraps around and counts the repeats.
 */
export function distinctRequests(op: ReadOperation, start: RequestCursor = newCursor()): LoadRequest[] {
  const count = distinctCount(op);
  return [
    {
      headers: {},
      ...op.request(0),
      setupRequest: () => {
        const i = start.next++;
        if (i >= count) start.repeats++;
        return { headers: {}, ...op.request(i % count) };
      },
    },
  ];
}

function parts(ops: ReadOperation[], servers: RunningServers, cursors: RequestCursor[]): MixPart[] {
  return ops.map((op, o) => ({
    label: op.label,
    baseUrl: servers.baseUrls[op.service]!,
    requests: distinctRequests(op, cursors[o]),
  }));
}

/**
 * The reference's answers to every distinct request, written one a line to `file` for the bare server (the
 * answers of one run outgrow a single JSON text); each must be a 200. autocannon sends them (fetch was far too
 * slow for this many); a connection sends its next request only once the last is answered, so the index a
 * connection set up last is the one its answer belongs to.
 */
export async function capture(
  ops: ReadOperation[],
  servers: RunningServers,
  file: string,
): Promise<{ meanBytes: Record<string, number> }> {
  const fd = fs.openSync(file, 'w');
  const meanBytes: Record<string, number> = {};
  try {
    for (const op of ops) {
      const count = distinctCount(op);
      const answered = new Uint8Array(count);
      let left = count;
      let bytes = 0;
      let next = 0;
      let failure: Error | undefined;
      await new Promise<void>((resolve, reject) => {
        const instance = autocannonRun(
          {
            url: servers.baseUrls[op.service]!,
            connections: 32,
            duration: 3600,
            timeout: 30,
            requests: [
              {
                headers: {},
                ...op.request(0),
                setupRequest: (_request, context) => {
                  // Past the end, unanswered ones again (an answer lost to a closed connection): never a gap.
                  let i = next++;
                  if (i >= count) for (i = 0; i < count - 1 && answered[i]; ) i++;
                  context.index = i;
                  return { headers: {}, ...op.request(i) };
                },
                onResponse: (status, body, context, headers) => {
                  const i = context.index!;
                  if (answered[i]) return;
                  const request = op.request(i);
                  if (status !== 200) {
                    failure ??= new Error(`${op.label} #${i}: the reference answered ${status} ${body.slice(0, 300)}`);
                    instance.stop();
                    return;
                  }
                  answered[i] = 1;
                  bytes += Buffer.byteLength(body);
                  const answer: CapturedAnswer = {
                    service: op.service,
                    path: request.path,
                    status,
                    contentType: headers['content-type'] ?? 'application/json',
                    body,
                  };
                  fs.writeSync(fd, `${JSON.stringify(answer)}\n`);
                  if (--left === 0) instance.stop();
                },
              },
            ],
          },
          (error) => (error ? reject(error) : failure ? reject(failure) : resolve()),
        );
      });
      meanBytes[op.label] = Math.round(bytes / count);
    }
  } finally {
    fs.closeSync(fd);
  }
  return { meanBytes };
}

/** Where each operation's requests are for one server, kept across its warm-up and every round. */
export type Cursors = RequestCursor[];

/**
 * Warms a server up: BENCH_WARMUP seconds of the mix, then more seconds until it has answered WARMUP_REQUESTS of
 * every operation (at most WARMUP_MAX_SECONDS in all). The compiler's work on the first thousands of requests
 * (its threads count in the process's CPU) is no part of serving; on a busy machine the reference answers only a
 * few hundred requests in a second, and a warm-up counted in seconds measured its compiling.
 */
export async function warmUp(ops: ReadOperation[], servers: RunningServers, cursors: Cursors): Promise<void> {
  if (WARMUP_SECONDS <= 0) return;
  await runMix(parts(ops, servers, cursors), { duration: WARMUP_SECONDS });
  const started = Date.now();
  while (
    cursors.some((c, o) => c.next < Math.min(WARMUP_REQUESTS, distinctCount(ops[o]!) / 4)) &&
    Date.now() - started < WARMUP_MAX_SECONDS * 1000
  )
    await runMix(parts(ops, servers, cursors), { duration: 1 });
}

export async function measure(
  name: string,
  ops: ReadOperation[],
  servers: RunningServers,
  cursors: Cursors,
  rate?: number,
): Promise<MixResult> {
  const cpuBefore = servers.cpuSeconds?.();
  const measured = await runMix(parts(ops, servers, cursors), { duration: ROUND_SECONDS, rate });
  const cpuAfter = servers.cpuSeconds?.();
  const result: MixResult = {
    ...measured,
    serverCpuMicrosPerRequest:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) * 1e6) / measured.responses,
    distinct: ops.map((op, o) => ({ label: op.label, sent: cursors[o]!.next, repeats: cursors[o]!.repeats })),
  };
  const repeated = result.distinct!.filter((d) => d.repeats > 0);
  console.error(
    `  ${name}: ${result.requestsPerSecond.toFixed(0)} req/s, server CPU ${result.serverCpuMicrosPerRequest?.toFixed(0) ?? '-'} µs/request, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, non-2xx ${result.non2xx}, errors ${result.errors}; ${repeated.length ? `sent again: ${repeated.map((d) => `${d.repeats} of ${d.label}`).join(', ')}` : 'no request sent twice'}`,
  );
  return result;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * One figure of several rounds: the median of each number (req/s, percentiles, CPU per request, each
 * operation's), the counts summed, the distinct requests as sent by the last round.
 */
export function medianOfRounds(rounds: MixResult[]): MixResult {
  const of = (pick: (m: MixResult) => number | undefined) => {
    const values = rounds.map(pick).filter((v): v is number => v !== undefined);
    return values.length === rounds.length ? median(values) : undefined;
  };
  const last = rounds.at(-1)!;
  return {
    requestsPerSecond: of((m) => m.requestsPerSecond)!,
    p50Ms: of((m) => m.p50Ms)!,
    p99Ms: of((m) => m.p99Ms)!,
    responses: rounds.reduce((n, m) => n + m.responses, 0),
    non2xx: rounds.reduce((n, m) => n + m.non2xx, 0),
    errors: rounds.reduce((n, m) => n + m.errors, 0),
    serverCpuMicrosPerRequest: of((m) => m.serverCpuMicrosPerRequest),
    perPart: last.perPart.map((part, i) => ({
      label: part.label,
      requestsPerSecond: of((m) => m.perPart[i]!.requestsPerSecond)!,
      p50Ms: of((m) => m.perPart[i]!.p50Ms)!,
      p99Ms: of((m) => m.perPart[i]!.p99Ms)!,
      non2xx: rounds.reduce((n, m) => n + m.perPart[i]!.non2xx, 0),
    })),
    distinct: last.distinct,
  };
}

/** One round: the reference and the bare server measured one after the other. */
export interface ReadRound {
  reference: MixResult;
  bare: MixResult;
}

export interface ReadBench {
  /** The reference: every answer computed (route, authenticate, validate, read, serialise); median of the rounds. */
  reference: MixResult;
  /** The bare server; median of the rounds. */
  bare: MixResult;
  /** Each round's pair, in order. */
  rounds: ReadRound[];
  /** Both servers offered the same rate (EQUAL_LOAD_SHARE of the reference's closed-loop rate); medians and rounds. */
  equalLoad?: { rate: number; reference: MixResult; bare: MixResult; rounds: ReadRound[] };
  prism?: MixResult;
  prismError?: string;
  /** Mean bytes of each operation's answers (what the bare server sends), for the report. */
  answerBytes: Record<string, number>;
}

export async function readBench(dir: string): Promise<ReadBench> {
  const ops = readOperations();
  const seed = benchSeedFile(dir);
  const answersFile = path.join(dir, 'read-answers.ndjson');
  console.error(
    `read mix: capturing ${ops.map((op) => `${distinctCount(op)}`).join(' + ')} distinct answers from the reference`,
  );
  const capturing = await startReferenceProcess(READ_SERVICES, seed);
  let meanBytes: Record<string, number>;
  try {
    ({ meanBytes } = await capture(ops, capturing, answersFile));
  } finally {
    await capturing.stop();
  }

  // Both servers run at once and are measured in turns, the order swapped every round, so each round's pair
  // sees the same machine; the figures are the rounds' medians, with each round's pair kept for the report.
  console.error(`read mix: reference (a fresh process) and bare node:http, ${ROUNDS} alternating rounds`);
  const reference = await startReferenceProcess(READ_SERVICES, seed);
  let bare: RunningServers | undefined;
  const rounds: ReadRound[] = [];
  const equalRounds: ReadRound[] = [];
  let equalLoad: ReadBench['equalLoad'];
  try {
    bare = await startBareProcess(READ_SERVICES, answersFile);
    const cursors = { reference: ops.map(newCursor), bare: ops.map(newCursor) };
    const servers = { reference, bare };
    const names = { reference: 'reference', bare: 'bare node:http' } as const;
    await warmUp(ops, reference, cursors.reference);
    await warmUp(ops, bare, cursors.bare);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['reference', 'bare'] as const) : (['bare', 'reference'] as const);
      const pair = {} as ReadRound;
      for (const side of order)
        pair[side] = await measure(`round ${round + 1}, ${names[side]}`, ops, servers[side], cursors[side]);
      rounds.push(pair);
    }
    if (EQUAL_LOAD_SHARE > 0) {
      const rate = Math.round(EQUAL_LOAD_SHARE * medianOfRounds(rounds.map((r) => r.reference)).requestsPerSecond);
      console.error(`read mix: both offered ${rate} req/s, ${ROUNDS} alternating rounds`);
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (['bare', 'reference'] as const) : (['reference', 'bare'] as const);
        const pair = {} as ReadRound;
        for (const side of order)
          pair[side] = await measure(
            `at ${rate} req/s, round ${round + 1}, ${names[side]}`,
            ops,
            servers[side],
            cursors[side],
            rate,
          );
        equalRounds.push(pair);
      }
      equalLoad = {
        rate,
        reference: medianOfRounds(equalRounds.map((r) => r.reference)),
        bare: medianOfRounds(equalRounds.map((r) => r.bare)),
        rounds: equalRounds,
      };
    }
  } finally {
    await reference.stop();
    await bare?.stop();
    fs.rmSync(answersFile, { force: true });
  }
  const referenceResult = medianOfRounds(rounds.map((r) => r.reference));
  const bareResult = medianOfRounds(rounds.map((r) => r.bare));

  let prismResult: MixResult | undefined;
  let prismError: string | undefined;
  if (process.env.BENCH_PRISM === '0') prismError = 'skipped (BENCH_PRISM=0)';
  else
    try {
      console.error('read mix: Prism (slow to start)');
      const prism = await startPrismProcesses(READ_SERVICES);
      try {
        const cursors = ops.map(newCursor);
        await warmUp(ops, prism, cursors);
        prismResult = await measure('Prism', ops, prism, cursors);
      } finally {
        await prism.stop();
      }
    } catch (error) {
      prismError = (error as Error).message.split('\n')[0];
      console.error(`  Prism: ${prismError}`);
    }
  return {
    reference: referenceResult,
    bare: bareResult,
    rounds,
    equalLoad,
    prism: prismResult,
    prismError,
    answerBytes: meanBytes,
  };
}
