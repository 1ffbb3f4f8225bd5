// The generated server runtime beside Fastify 5 on the same operations and handlers (bench/server-target.ts):
// the analytics groups list (query validated, a 10-group answer written) and a group insert (JSON body
// validated), both behind a Bearer check, each server in its own process, the load from this one (autocannon,
// keep-alive), with a bare node:http server calling the same handlers as the floor beside them. The servers
// start once and are loaded in turns, the order reversed every round, so that each round puts them side by side
// under the same load on the machine; each figure is the median of its turns, the ratios the median of the
// rounds' ratios, with their spread. The primary figure is server CPU per request (it hardly depends on what
// else runs on the machine); req/s is reported too. Goal: the generated server at least as fast as Fastify
// (ratios >= 1.0). The same three servers are then measured without the network, in this process
// (bench/server-inprocess.ts), a steadier ratio on a busy machine. Writes reports/bench-server.{md,json}.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../generator/model/index.js';
import { CONNECTIONS, DURATION_SECONDS, type LoadRequest, type MixResult, runMix } from './reference-load.js';
import { type RunningServers, spawnListening } from './reference-servers.js';
import { type InProcessResult, inProcessBench } from './server-inprocess.js';

const TARGETS = ['generated', 'fastify', 'bare'] as const;
type Target = (typeof TARGETS)[number];
/** Rounds of turns (each server loaded once per round). */
const ROUNDS = Number(process.env.BENCH_SERVER_ROUNDS ?? 4);
const AUTH = { authorization: 'Bearer bench-token' };
const OPERATIONS: Array<{ label: string; request: LoadRequest }> = [
  { label: 'list groups (GET, query)', request: { method: 'GET', path: '/v2/groups?mine=true', headers: AUTH } },
  {
    label: 'insert group (POST, JSON body)',
    request: {
      method: 'POST',
      path: '/v2/groups',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ snippet: { title: 'A new group' }, contentDetails: { itemType: 'platform#video' } }),
    },
  },
];

function start(target: Target): Promise<RunningServers> {
  return spawnListening(['--import', 'tsx', path.join(ROOT, 'bench', 'server-target.ts'), target], ['analytics']);
}

/** Both servers must answer the operations alike and refuse the same bad requests, or the race is unfair. */
async function check(target: Target, base: string): Promise<void> {
  const send = (r: LoadRequest) => fetch(base + r.path, { method: r.method, headers: r.headers, body: r.body });
  for (const op of OPERATIONS) {
    const answer = await send(op.request);
    if (answer.status !== 200)
      throw new Error(`${target}: ${op.label} answered ${answer.status} ${await answer.text()}`);
    await answer.arrayBuffer();
  }
  const refused = [
    { ...OPERATIONS[0]!.request, path: '/v2/groups?mine=maybe' },
    { ...OPERATIONS[1]!.request, body: JSON.stringify({ snippet: { title: '' }, contentDetails: {} }) },
    { ...OPERATIONS[0]!.request, headers: {} },
  ];
  for (const r of refused) {
    const answer = await send(r);
    await answer.arrayBuffer();
    if (answer.status < 400 || answer.status >= 500)
      throw new Error(`${target}: ${r.method} ${r.path} ${r.body ?? ''} was not refused (${answer.status})`);
  }
}

async function measure(target: Target, server: RunningServers): Promise<MixResult> {
  const base = server.baseUrls.analytics!;
  const parts = OPERATIONS.map((op) => ({ label: op.label, baseUrl: base, requests: [op.request] }));
  const before = server.cpuSeconds?.();
  const result = await runMix(parts);
  const after = server.cpuSeconds?.();
  result.serverCpuMicrosPerRequest =
    before === undefined || after === undefined ? undefined : ((after - before) * 1e6) / result.responses;
  console.error(
    `  ${target}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(2)} ms, CPU ${result.serverCpuMicrosPerRequest?.toFixed(0) ?? '-'} µs/request`,
  );
  return result;
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median turn of a server: each figure the median of its turns. */
function medianResult(results: MixResult[]): MixResult {
  const med = (f: (r: MixResult) => number | undefined) => median(results.map((r) => f(r) ?? Number.NaN));
  return {
    requestsPerSecond: med((r) => r.requestsPerSecond),
    p50Ms: med((r) => r.p50Ms),
    p99Ms: med((r) => r.p99Ms),
    responses: med((r) => r.responses),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    serverCpuMicrosPerRequest: med((r) => r.serverCpuMicrosPerRequest),
    perPart: results[0]!.perPart.map((p, i) => ({
      label: p.label,
      requestsPerSecond: med((r) => r.perPart[i]!.requestsPerSecond),
      p50Ms: med((r) => r.perPart[i]!.p50Ms),
      p99Ms: med((r) => r.perPart[i]!.p99Ms),
      non2xx: results.reduce((n, r) => n + r.perPart[i]!.non2xx, 0),
    })),
  };
}

/** A ratio's median over the rounds, with its lowest and highest. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  rounds: number[];
}
function spread(rounds: number[]): Spread {
  return { median: median(rounds), min: Math.min(...rounds), max: Math.max(...rounds), rounds };
}

export interface ServerBenchResult {
  generated: MixResult;
  fastify: MixResult;
  bare: MixResult;
  /** Fastify's CPU per request over the generated server's, per round. */
  cpuRatio: Spread;
  /** The generated server's req/s over Fastify's, per round. */
  requestRatio: Spread;
  turns: Record<Target, MixResult[]>;
  /** The same servers without the network (bench/server-inprocess.ts). */
  inProcess: InProcessResult;
  markdown: string;
}

export async function serverBench(): Promise<ServerBenchResult> {
  console.error(`server runtime beside Fastify 5 (${ROUNDS} rounds)`);
  const servers = {} as Record<Target, RunningServers>;
  try {
    for (const target of TARGETS) {
      servers[target] = await start(target);
      if (target !== 'bare') await check(target, servers[target].baseUrls.analytics!);
      const base = servers[target].baseUrls.analytics!;
      await runMix(
        OPERATIONS.map((op) => ({ label: op.label, baseUrl: base, requests: [op.request] })),
        { duration: 1 },
      );
    }
    const turns: Record<Target, MixResult[]> = { generated: [], fastify: [], bare: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? TARGETS : [...TARGETS].reverse();
      for (const target of order) turns[target].push(await measure(target, servers[target]));
    }
    const generated = medianResult(turns.generated);
    const fastify = medianResult(turns.fastify);
    const bare = medianResult(turns.bare);
    const cpuRatio = spread(
      turns.generated.map(
        (g, i) =>
          (turns.fastify[i]!.serverCpuMicrosPerRequest ?? Number.NaN) / (g.serverCpuMicrosPerRequest ?? Number.NaN),
      ),
    );
    const requestRatio = spread(
      turns.generated.map((g, i) => g.requestsPerSecond / turns.fastify[i]!.requestsPerSecond),
    );
    console.error('  in process, without the network');
    const inProcessResult = await inProcessBench(ROUNDS * 3);
    const markdown = serverMarkdown(generated, fastify, bare, cpuRatio, requestRatio, inProcessResult);
    return { generated, fastify, bare, cpuRatio, requestRatio, turns, inProcess: inProcessResult, markdown };
  } finally {
    for (const server of Object.values(servers)) await server.stop();
  }
}

function serverMarkdown(
  generated: MixResult,
  fastify: MixResult,
  bare: MixResult,
  cpuRatio: Spread,
  requestRatio: Spread,
  inProcess: InProcessResult,
): string {
  const f0 = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(0));
  const f2 = (n: number) => n.toFixed(2);
  const range = (s: Spread) => `${f2(s.median)}x (rounds ${s.rounds.map(f2).join(', ')})`;
  const verdict = (s: Spread) => (s.median >= 1 ? 'met' : 'NOT met');
  const row = (name: string, m: MixResult) =>
    `| ${name} | ${f0(m.serverCpuMicrosPerRequest)} | ${f0(m.requestsPerSecond)} | ${f2(m.p50Ms)} | ${f2(m.p99Ms)} |${m.non2xx || m.errors ? ` (${m.non2xx} non-2xx, ${m.errors} errors)` : ''}`;
  return [
    `### Generated server runtime beside Fastify 5 (${CONNECTIONS} keep-alive connections, ${DURATION_SECONDS} s turns, ${ROUNDS} rounds)`,
    '',
    'Same operations (analytics listGroups and insertGroup), same handlers (bench/server-handlers.ts), both validating',
    'every request (the generated validators; Fastify: its ajv on the same schemas from the model, fast-json-stringify',
    'for answers) behind a Bearer check. The bare node:http server calls the same handlers and validates nothing:',
    'the floor, not a goal. Figures are medians of the turns.',
    '',
    '| server | server CPU µs/request | req/s | p50 ms | p99 ms |',
    '|---|---:|---:|---:|---:|',
    row('generated server', generated),
    row('Fastify 5', fastify),
    row('bare node:http (floor)', bare),
    '',
    `- CPU per request, Fastify's over ours: **${range(cpuRatio)}** (goal >= 1.0: ${verdict(cpuRatio)})`,
    `- req/s, ours over Fastify's: **${range(requestRatio)}** (goal >= 1.0: ${verdict(requestRatio)})`,
    `- above the floor, CPU per request: generated +${f0((generated.serverCpuMicrosPerRequest ?? Number.NaN) - (bare.serverCpuMicrosPerRequest ?? Number.NaN))} µs, Fastify +${f0((fastify.serverCpuMicrosPerRequest ?? Number.NaN) - (bare.serverCpuMicrosPerRequest ?? Number.NaN))} µs`,
    '',
    `In process, without the network (bench/server-inprocess.ts: each server's http.Server fed the two requests pipelined through an in-memory connection, ${ROUNDS * 3} rounds): CPU µs per request generated ${inProcess.micros.generated.toFixed(1)}, Fastify ${inProcess.micros.fastify.toFixed(1)}, bare ${inProcess.micros.bare.toFixed(1)}; Fastify's over ours **${range(spread(inProcess.rounds))}**.`,
    '',
    `Answers that stop early, in process (CPU µs per answer): unknown path (404) generated ${inProcess.early.unknownPath.generated.toFixed(1)}, Fastify ${inProcess.early.unknownPath.fastify.toFixed(1)}; no credentials (401) generated ${inProcess.early.noCredentials.generated.toFixed(1)}, Fastify ${inProcess.early.noCredentials.fastify.toFixed(1)}, bare ${inProcess.early.noCredentials.bare.toFixed(1)} (a small JSON error written by node:http alone: the floor of either).`,
    '',
    '| operation | generated req/s | generated p99 ms | Fastify req/s | Fastify p99 ms |',
    '|---|---:|---:|---:|---:|',
    ...generated.perPart.map(
      (p, i) =>
        `| ${p.label} | ${f0(p.requestsPerSecond)} | ${f2(p.p99Ms)} | ${f0(fastify.perPart[i]!.requestsPerSecond)} | ${f2(fastify.perPart[i]!.p99Ms)} |`,
    ),
  ].join('\n');
}

/** Writes reports/bench-server.{md,json}; answers the Markdown. */
export function writeServerReport(result: ServerBenchResult): string {
  const header = `Run ${new Date().toISOString()} on ${os.cpus().length} CPUs (load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}), Node ${process.version}.\n\n`;
  fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'reports', 'bench-server.md'), `${header}${result.markdown}\n`);
  fs.writeFileSync(
    path.join(ROOT, 'reports', 'bench-server.json'),
    `${JSON.stringify({ ...result, markdown: undefined }, null, 2)}\n`,
  );
  return header + result.markdown;
}
