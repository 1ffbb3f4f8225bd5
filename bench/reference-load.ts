// One load measurement with autocannon: a mix of operations, each on its own service's base URL, run at
// the same time with the connections split among them (keep-alive, no pipelining). autocannon's own
// summary is per instance, so every response time is collected here and the percentiles are of the whole mix.
import { createRequire } from 'node:module';

// autocannon ships no type declarations: the few parts used here.
export interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called before each send, with the connection's own context object; answers the request to send. */
  setupRequest?: (request: LoadRequest, context: ConnectionContext) => LoadRequest;
  /** Called with each answer of the request (with the context of the connection it came on). */
  onResponse?: (status: number, body: string, context: ConnectionContext, headers: Record<string, string>) => void;
}
/** What a setupRequest notes on its connection for the answer: the index of the request sent. */
export interface ConnectionContext {
  index?: number;
}
interface AutocannonResult {
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, responseTime: number) => void): void;
  stop(): void;
}
type Autocannon = (
  options: {
    url: string;
    connections: number;
    duration: number;
    requests: LoadRequest[];
    timeout: number;
    overallRate?: number;
  },
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;
/** autocannon itself: one load run against one base URL. */
export const autocannonRun = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface MixPart {
  label: string;
  baseUrl: string;
  /** autocannon request objects, cycled per connection (setupRequest may vary the body per call). */
  requests: LoadRequest[];
}

export interface MixResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  responses: number;
  /** Answers outside 2xx, errors and timeouts: a measurement with any is flagged in the report. */
  non2xx: number;
  errors: number;
  /**
   * CPU time the server process spent per answered request (user + system, from /proc): unlike req/s it
   * hardly depends on how many other processes share the CPUs. Filled by the caller that owns the process.
   */
  serverCpuMicrosPerRequest?: number;
  perPart: Array<{ label: string; requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number }>;
  /** Per operation, where the caller tracks it: requests sent (warm-up included) and how many of them were repeats. */
  distinct?: Array<{ label: string; sent: number; repeats: number }>;
}

export const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function runOne(
  part: MixPart,
  connections: number,
  duration: number,
  rate: number | undefined,
): Promise<{ result: AutocannonResult; times: number[] }> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannonRun(
      // With a rate, autocannon corrects the times for coordinated omission (a late send counts from when it was due).
      { url: part.baseUrl, connections, duration, requests: part.requests, timeout: 10, overallRate: rate },
      (error, result) => {
        if (error) reject(error);
        else resolve({ result, times });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/**
 * The mix for `duration` seconds on `connections` split among the parts. Without `rate` each connection sends its
 * next request once the last is answered (a closed loop: the server's own pace); with `rate` (requests a second,
 * all parts together, split as the connections are) the requests are sent at that pace whatever the answers' speed.
 */
export async function runMix(
  parts: MixPart[],
  options: { connections?: number; duration?: number; rate?: number } = {},
): Promise<MixResult> {
  const connections = options.connections ?? CONNECTIONS;
  const duration = options.duration ?? DURATION_SECONDS;
  const share = (i: number) => Math.floor(connections / parts.length) + (i < connections % parts.length ? 1 : 0);
  const rateOf = (i: number) =>
    options.rate === undefined ? undefined : Math.max(1, Math.round((options.rate * share(i)) / connections));
  const runs = await Promise.all(parts.map((p, i) => runOne(p, share(i), duration, rateOf(i))));
  const all = runs.flatMap((r) => r.times).sort((a, b) => a - b);
  const seconds = Math.max(...runs.map((r) => r.result.duration));
  const perPart = runs.map((r, i) => {
    const sorted = [...r.times].sort((a, b) => a - b);
    return {
      label: parts[i]!.label,
      requestsPerSecond: r.times.length / r.result.duration,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      non2xx: r.result.non2xx,
    };
  });
  return {
    requestsPerSecond: all.length / seconds,
    p50Ms: percentile(all, 50),
    p99Ms: percentile(all, 99),
    responses: all.length,
    non2xx: runs.reduce((n, r) => n + r.result.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.result.errors + r.result.timeouts, 0),
    perPart,
  };
}
