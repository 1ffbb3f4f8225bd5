// The generated server runtime beside Fastify 5 on the same operations and handlers (bench/server-target.ts):
// the analytics groups list (query validated, a 10-group answer written) and a group insert (JSON body
// validated), both behind a Bearer check, each server in its own process, the load from this one (autocannon,
// keep-alive). The two are measured in turns, twice each, and each figure is the mean of its two turns.
// Goal: the generated server at least as fast as Fastify (ratio >= 1.0). Writes reports/bench-server.{md,json}.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../generator/model/index.js';
import { CONNECTIONS, DURATION_SECONDS, type LoadRequest, type MixResult, runMix } from './reference-load.js';
import { type RunningServers, spawnListening } from './reference-servers.js';

const TARGETS = ['generated', 'fastify'] as const;
type Target = (typeof TARGETS)[number];
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

async function measure(target: Target): Promise<MixResult> {
  const server = await start(target);
  try {
    const base = server.baseUrls.analytics!;
    await check(target, base);
    const parts = OPERATIONS.map((op) => ({ label: op.label, baseUrl: base, requests: [op.request] }));
    await runMix(parts, { duration: 1 });
    const before = server.cpuSeconds?.();
    const result = await runMix(parts);
    const after = server.cpuSeconds?.();
    result.serverCpuMicrosPerRequest =
      before === undefined || after === undefined ? undefined : ((after - before) * 1e6) / result.responses;
    console.error(
      `  ${target}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(2)} ms, CPU ${result.serverCpuMicrosPerRequest?.toFixed(0) ?? '-'} µs/request`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

function mean(results: MixResult[]): MixResult {
  const avg = (f: (r: MixResult) => number | undefined) =>
    results.reduce((n, r) => n + (f(r) ?? Number.NaN), 0) / results.length;
  return {
    requestsPerSecond: avg((r) => r.requestsPerSecond),
    p50Ms: avg((r) => r.p50Ms),
    p99Ms: avg((r) => r.p99Ms),
    responses: avg((r) => r.responses),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    serverCpuMicrosPerRequest: avg((r) => r.serverCpuMicrosPerRequest),
    perPart: results[0]!.perPart.map((p, i) => ({
      label: p.label,
      requestsPerSecond: avg((r) => r.perPart[i]!.requestsPerSecond),
      p50Ms: avg((r) => r.perPart[i]!.p50Ms),
      p99Ms: avg((r) => r.perPart[i]!.p99Ms),
      non2xx: results.reduce((n, r) => n + r.perPart[i]!.non2xx, 0),
    })),
  };
}

export async function serverBench(): Promise<{ generated: MixResult; fastify: MixResult; markdown: string }> {
  console.error('server runtime beside Fastify 5');
  const runs: Record<Target, MixResult[]> = { generated: [], fastify: [] };
  for (let round = 0; round < 2; round++) for (const target of TARGETS) runs[target].push(await measure(target));
  const generated = mean(runs.generated);
  const fastify = mean(runs.fastify);
  const f0 = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(0));
  const f2 = (n: number) => n.toFixed(2);
  const ratio = generated.requestsPerSecond / fastify.requestsPerSecond;
  const cpuRatio =
    (fastify.serverCpuMicrosPerRequest ?? Number.NaN) / (generated.serverCpuMicrosPerRequest ?? Number.NaN);
  const row = (name: string, m: MixResult) =>
    `| ${name} | ${f0(m.requestsPerSecond)} | ${f2(m.p50Ms)} | ${f2(m.p99Ms)} | ${f0(m.serverCpuMicrosPerRequest)} |${m.non2xx || m.errors ? ` (${m.non2xx} non-2xx, ${m.errors} errors)` : ''}`;
  const markdown = [
    `### Generated server runtime beside Fastify 5 (${CONNECTIONS} keep-alive connections, ${DURATION_SECONDS} s, two turns each)`,
    '',
    'Same operations (analytics listGroups and insertGroup), same handlers (bench/server-handlers.ts), both validating',
    'every request (the generated validators; Fastify: its ajv on the same schemas from the model, fast-json-stringify',
    'for answers) behind a Bearer check.',
    '',
    '| server | req/s | p50 ms | p99 ms | server CPU µs/request |',
    '|---|---:|---:|---:|---:|',
    row('generated server', generated),
    row('Fastify 5', fastify),
    '',
    `- generated / Fastify: **${f2(ratio)}x** req/s (goal >= 1.0: ${ratio >= 1 ? 'met' : 'NOT met'}); CPU per request: **${f2(cpuRatio)}x** (Fastify's CPU / ours)`,
    '',
    '| operation | generated req/s | generated p99 ms | Fastify req/s | Fastify p99 ms |',
    '|---|---:|---:|---:|---:|',
    ...generated.perPart.map(
      (p, i) =>
        `| ${p.label} | ${f0(p.requestsPerSecond)} | ${f2(p.p99Ms)} | ${f0(fastify.perPart[i]!.requestsPerSecond)} | ${f2(fastify.perPart[i]!.p99Ms)} |`,
    ),
  ].join('\n');
  return { generated, fastify, markdown };
}

/** Writes reports/bench-server.{md,json}; answers the Markdown. */
export function writeServerReport(result: { generated: MixResult; fastify: MixResult; markdown: string }): string {
  const header = `Run ${new Date().toISOString()} on ${os.cpus().length} CPUs (load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}), Node ${process.version}.\n\n`;
  fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'reports', 'bench-server.md'), `${header}${result.markdown}\n`);
  fs.writeFileSync(
    path.join(ROOT, 'reports', 'bench-server.json'),
    `${JSON.stringify({ generated: result.generated, fastify: result.fastify }, null, 2)}\n`,
  );
  return header + result.markdown;
}
