// Read mix of distinct reads: the reference beside a bare node:http server answering the same bytes and beside
// Prism on the same specs. Four operations at once (get a creative with fields and a thumbnail size, list groups
// by ids, a report over a date range and dimensions, list creatives with a page size and fields), every request different from every other
// (BENCH_DISTINCT per operation, default 6000, at most 6400): nothing the reference computed for one request answers another.
// The answers are captured from one reference process, served by the bare server, and measured on a fresh
// reference process (no warm query cache from the capture); warm-up and measurement take successive requests.
import { DEFAULT_FIXTURES } from '../contracts/targets/fixtures.js';
import type { CapturedAnswer } from './reference-bare-server.js';
import { type LoadRequest, type MixPart, type MixResult, runMix } from './reference-load.js';
import {
  type BenchServiceKey,
  type RunningServers,
  benchSeedFile,
  startBareProcess,
  startPrismProcesses,
  startReferenceProcess,
} from './reference-servers.js';

const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 1);
/** Distinct requests made per operation (the measurement wraps around, and says so, if it needs more). */
export const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 6000);
const SERVICES: BenchServiceKey[] = ['ad-creative', 'analytics'];

interface ReadOperation {
  label: string;
  service: BenchServiceKey;
  /** The i-th request of the operation: no two alike. */
  request(i: number): LoadRequest;
}

/** The seeded creative the default fixtures' token may read (seed.default.yaml, ad-creative creatives). */
const SEEDED_CREATIVE_ID = '120330000008134415';
/** The seeded groups of the fixtures' channel (seed.default.yaml, analytics groups). */
const SEEDED_GROUPS = ['Abc123Group', 'Def456Group'];
/** The fact table's days (seed.default.yaml, analytics facts). */
const FACT_DAYS = 91;
const FIRST_FACT_DAY = Date.UTC(2024, 0, 1);
const DIMENSIONS = ['day', 'insightTrafficSourceType', 'day,insightTrafficSourceType'];
const LIST_FIELDS = ['name', 'object_type', 'status', 'thumbnail_url', 'object_story_spec'];

const isoDay = (offset: number) => new Date(FIRST_FACT_DAY + offset * 86_400_000).toISOString().slice(0, 10);

/** The date range and dimensions of the i-th report: every (start, end, dimensions) once. */
export function reportOf(i: number): { start: string; end: string; dimensions: string } {
  const dimensions = DIMENSIONS[i % DIMENSIONS.length]!;
  let n = Math.floor(i / DIMENSIONS.length);
  for (let start = 0; start < FACT_DAYS; start++) {
    const lengths = FACT_DAYS - start;
    if (n < lengths) return { start: isoDay(start), end: isoDay(start + n), dimensions };
    n -= lengths;
  }
  throw new Error(`report ${i}: past the distinct date ranges of the fact table`);
}

export function readOperations(): ReadOperation[] {
  const adc = DEFAULT_FIXTURES['ad-creative'];
  const ana = DEFAULT_FIXTURES.analytics;
  const bearer = { authorization: `Bearer ${ana.accessToken}` };
  return [
    {
      label: 'get creative (fields, thumbnail size)',
      service: 'ad-creative',
      request: (i) => ({
        method: 'GET',
        path: `/${adc.apiVersion}/${SEEDED_CREATIVE_ID}?fields=id,name,object_type,object_story_spec,thumbnail_url&thumbnail_width=${1 + (i % 1000)}&thumbnail_height=${1 + Math.floor(i / 1000)}&access_token=${adc.accessToken}`,
      }),
    },
    {
      label: 'list groups (by ids)',
      service: 'analytics',
      request: (i) => ({
        method: 'GET',
        path: `/v2/groups?id=${SEEDED_GROUPS.join(',')},NoSuchGroup${i}`,
        headers: bearer,
      }),
    },
    {
      label: 'report (date range, dimensions)',
      service: 'analytics',
      request: (i) => {
        const r = reportOf(i);
        return {
          method: 'GET',
          path: `/v2/reports?ids=channel%3D%3DMINE&startDate=${r.start}&endDate=${r.end}&metrics=views&dimensions=${r.dimensions}`,
          headers: bearer,
        };
      },
    },
    {
      label: 'list creatives (page size, fields)',
      service: 'ad-creative',
      request: (i) => {
        // Every page size from 1 to 200 with each subset of the optional fields.
        const fields = LIST_FIELDS.filter((_, bit) => (Math.floor(i / 200) >> bit) & 1);
        return {
          method: 'GET',
          path: `/${adc.apiVersion}/act_${adc.adAccountId}/adcreatives?limit=${1 + (i % 200)}&fields=${['id', ...fields].join(',')}&access_token=${adc.accessToken}`,
        };
      },
    },
  ];
}

/**
 * An operation's requests for autocannon, taken in turn by every connection: the k-th request sent is the k-th
 * distinct one (from `start.next`, which moves on, so a warm-up and the measurement after it send different
 * requests); past DISTINCT it wraps around and `start.wrapped` says so.
 */
export function distinctRequests(op: ReadOperation, start = { next: 0, wrapped: false }): LoadRequest[] {
  return [
    {
      headers: {},
      ...op.request(0),
      setupRequest: () => {
        const i = start.next++;
        if (i >= DISTINCT) start.wrapped = true;
        return { headers: {}, ...op.request(i % DISTINCT) };
      },
    },
  ];
}

function parts(
  ops: ReadOperation[],
  servers: RunningServers,
  cursors: Array<{ next: number; wrapped: boolean }>,
): MixPart[] {
  return ops.map((op, o) => ({
    label: op.label,
    baseUrl: servers.baseUrls[op.service]!,
    requests: distinctRequests(op, cursors[o]),
  }));
}

/** The reference's answers to every distinct request, to serve from the bare server; each must be a 200. */
async function capture(
  ops: ReadOperation[],
  servers: RunningServers,
): Promise<{ answers: Map<string, CapturedAnswer>; meanBytes: Record<string, number> }> {
  const answers = new Map<string, CapturedAnswer>();
  const meanBytes: Record<string, number> = {};
  for (const op of ops) {
    let next = 0;
    let bytes = 0;
    const worker = async () => {
      for (let i = next++; i < DISTINCT; i = next++) {
        const request = op.request(i);
        const response = await fetch(servers.baseUrls[op.service]! + request.path, { headers: request.headers });
        const body = await response.text();
        if (response.status !== 200)
          throw new Error(`${op.label} #${i}: the reference answered ${response.status} ${body.slice(0, 300)}`);
        bytes += Buffer.byteLength(body);
        answers.set(`${op.service} ${request.path}`, {
          status: response.status,
          contentType: response.headers.get('content-type') ?? 'application/json',
          body,
        });
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    meanBytes[op.label] = Math.round(bytes / DISTINCT);
  }
  return { answers, meanBytes };
}

async function measure(name: string, ops: ReadOperation[], servers: RunningServers): Promise<MixResult> {
  const cursors = ops.map(() => ({ next: 0, wrapped: false }));
  if (WARMUP_SECONDS > 0) await runMix(parts(ops, servers, cursors), { duration: WARMUP_SECONDS });
  const cpuBefore = servers.cpuSeconds?.();
  const measured = await runMix(parts(ops, servers, cursors));
  const cpuAfter = servers.cpuSeconds?.();
  const result: MixResult = {
    ...measured,
    serverCpuMicrosPerRequest:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) * 1e6) / measured.responses,
    repeated: ops.filter((_, o) => cursors[o]!.wrapped).map((op) => op.label),
  };
  console.error(
    `  ${name}: ${result.requestsPerSecond.toFixed(0)} req/s, server CPU ${result.serverCpuMicrosPerRequest?.toFixed(0) ?? '-'} µs/request, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, non-2xx ${result.non2xx}, errors ${result.errors}${result.repeated?.length ? `; ran past ${DISTINCT} distinct requests of: ${result.repeated.join(', ')}` : ''}`,
  );
  return result;
}

export interface ReadBench {
  /** The reference: every answer computed (route, authenticate, validate, read, serialise). */
  reference: MixResult;
  bare: MixResult;
  prism?: MixResult;
  prismError?: string;
  /** Mean bytes of each operation's answers (what the bare server sends), for the report. */
  answerBytes: Record<string, number>;
}

export async function readBench(dir: string): Promise<ReadBench> {
  const ops = readOperations();
  const seed = benchSeedFile(dir);
  console.error(`read mix: capturing ${DISTINCT} distinct answers per operation from the reference`);
  const capturing = await startReferenceProcess(SERVICES, seed);
  let answers: Map<string, CapturedAnswer>;
  let meanBytes: Record<string, number>;
  try {
    ({ answers, meanBytes } = await capture(ops, capturing));
  } finally {
    await capturing.stop();
  }

  console.error('read mix: reference (a fresh process)');
  const reference = await startReferenceProcess(SERVICES, seed);
  let referenceResult: MixResult;
  try {
    referenceResult = await measure('reference', ops, reference);
  } finally {
    await reference.stop();
  }

  console.error('read mix: bare node:http');
  const plan = {
    services: SERVICES.map((key) => ({
      key,
      routes: Object.fromEntries(
        [...answers].filter(([k]) => k.startsWith(`${key} `)).map(([k, a]) => [k.slice(key.length + 1), a]),
      ),
    })),
  };
  const bare = await startBareProcess(plan, dir);
  let bareResult: MixResult;
  try {
    bareResult = await measure('bare node:http', ops, bare);
  } finally {
    await bare.stop();
  }

  let prismResult: MixResult | undefined;
  let prismError: string | undefined;
  if (process.env.BENCH_PRISM === '0') prismError = 'skipped (BENCH_PRISM=0)';
  else
    try {
      console.error('read mix: Prism (slow to start)');
      const prism = await startPrismProcesses(SERVICES);
      try {
        prismResult = await measure('Prism', ops, prism);
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
    prism: prismResult,
    prismError,
    answerBytes: meanBytes,
  };
}
