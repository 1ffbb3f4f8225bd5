// npm run bench:reference: the reference implementation measured, in one run (BENCH_ONLY=read|write|suite
// for one part; BENCH_DURATION seconds per measurement, default 5; BENCH_CONNECTIONS, default 50).
//  1. Read mix of distinct reads at 50 keep-alive connections: the reference beside a bare node:http server sending the same
//     bytes and beside Prism on the same specs (goals: >= 0.5x bare, p99 within 2x of bare; the Prism ratio printed).
//  2. Write mix with --data (durable): creates/s and p99.
//  3. The whole contract suite against the embedded reference: wall time (goal < 20 s), slowest rules.
//  4. Both mixes on PostgreSQL (serve --database) with one and three instances beside SQLite (BENCH_ONLY=postgres).
// Writes reports/bench.json and reports/bench.md and prints the table.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../generator/model/index.js';
import { CONNECTIONS, DURATION_SECONDS, type MixResult } from './reference-load.js';
import { EQUAL_LOAD_SHARE, readBench, ROUND_SECONDS, type ReadBench } from './reference-read.js';
import { postgresBench, type PostgresBench } from './reference-postgres.js';
import { benchTempDir } from './reference-servers.js';
import { suiteBench, type SuiteBench } from './reference-suite.js';
import { writeBench } from './reference-write.js';

// `reference` (from npm run bench) is every part of this one.
const ONLY = process.env.BENCH_ONLY === 'reference' ? undefined : process.env.BENCH_ONLY;

function machine() {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  let nproc = os.cpus().length;
  try {
    nproc = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    // nproc missing: os.cpus() stands in.
  }
  return {
    nproc,
    node: process.version,
    cpu: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown',
    loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
    date: new Date().toISOString(),
  };
}

const Machine = machine();
const dir = benchTempDir();
const read = ONLY && ONLY !== 'read' ? undefined : await readBench(dir);
const write = ONLY && ONLY !== 'write' ? undefined : await writeBench(dir);
const suite = ONLY && ONLY !== 'suite' ? undefined : await suiteBench();
const postgres = ONLY && ONLY !== 'postgres' ? undefined : await postgresBench(dir);
fs.rmSync(dir, { recursive: true, force: true });

const f0 = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(0));
const f1 = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(1));
const f2 = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(2));
const flags = (r: MixResult) => (r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : '');

/** Each server's requests sent per operation, and any sent twice (past the operation's distinct requests). */
function distinctLine(r: ReadBench): string {
  const servers: Array<[string, MixResult | undefined]> = [
    ['reference', r.reference],
    ['bare', r.bare],
    ['Prism', r.prism],
  ];
  return servers
    .filter(([, m]) => m?.distinct)
    .map(
      ([name, m]) =>
        `${name} ${m!.distinct!.map((d) => `${d.sent}${d.repeats ? ` (**${d.repeats} sent twice**)` : ''}`).join(' / ')}`,
    )
    .join('; ');
}

function readRows(r: ReadBench): string[] {
  const row = (name: string, m: MixResult | undefined) =>
    m
      ? `| ${name} | ${f0(m.requestsPerSecond)} | ${f2(m.p50Ms)} | ${f2(m.p99Ms)} | ${f0(m.serverCpuMicrosPerRequest)} |${flags(m)}`
      : `| ${name} | - | - | - | - | ${r.prismError ?? ''}`;
  const ratio = (m: MixResult) => m.requestsPerSecond / r.bare.requestsPerSecond;
  const cpuRatio = (m: MixResult) => (r.bare.serverCpuMicrosPerRequest ?? NaN) / (m.serverCpuMicrosPerRequest ?? NaN);
  const lines = [
    `### Read mix of distinct reads (${CONNECTIONS} keep-alive connections, 4 operations at once, ${r.rounds.length} rounds of ${ROUND_SECONDS} s each)`,
    '',
    'No two requests alike (thumbnail sizes, group ids, report date ranges with dimensions and metrics, page sizes and fields), so every',
    'answer of the reference is computed: route, authenticate, validate, read, serialise. The bare server sends the captured bytes.',
    `Distinct requests sent per operation (warm-up and measurement; none twice unless said): ${distinctLine(r)}.`,
    '',
    '| server | req/s | p50 ms | p99 ms | server CPU µs/request |',
    '|---|---:|---:|---:|---:|',
    row('reference', r.reference),
    row('bare node:http, same bytes', r.bare),
    row('Prism, same specs', r.prism),
    '',
    `- reference / bare node:http: **${f2(ratio(r.reference))}x** (goal >= 0.5x: ${ratio(r.reference) >= 0.5 ? 'met' : 'NOT met'})`,
    `- reference p99: **${f2(r.reference.p99Ms)} ms**, bare ${f2(r.bare.p99Ms)} ms (goal within 2x of bare: ${r.reference.p99Ms <= 2 * r.bare.p99Ms ? 'met' : 'NOT met'})`,
    `- server CPU per request (user + system of the server process; hardly affected by the other load on the machine): reference ${f0(r.reference.serverCpuMicrosPerRequest)} µs, bare ${f0(r.bare.serverCpuMicrosPerRequest)} µs: CPU-bound ratio **${f2(cpuRatio(r.reference))}x**`,
    `- each round (the two in turns, the order swapped every round): ${r.rounds
      .map(
        (round, i) =>
          `${i + 1}: ${f2(round.reference.requestsPerSecond / round.bare.requestsPerSecond)}x, CPU ${f0(round.reference.serverCpuMicrosPerRequest)} / ${f0(round.bare.serverCpuMicrosPerRequest)} µs, p99 ${f2(round.reference.p99Ms)} / ${f2(round.bare.p99Ms)} ms`,
      )
      .join('; ')} (reference / bare; the table gives each figure's median)`,
    ...(r.equalLoad
      ? [
          `- at one offered load, ${f0(r.equalLoad.rate)} req/s for both (${f2(EQUAL_LOAD_SHARE)} of the reference's rate above; BENCH_EQUAL_LOAD), p99: reference **${f2(r.equalLoad.reference.p99Ms)} ms**, bare ${f2(r.equalLoad.bare.p99Ms)} ms: **${f2(r.equalLoad.reference.p99Ms / r.equalLoad.bare.p99Ms)}x** (p50 ${f2(r.equalLoad.reference.p50Ms)} / ${f2(r.equalLoad.bare.p50Ms)} ms; served ${f0(r.equalLoad.reference.requestsPerSecond)} / ${f0(r.equalLoad.bare.requestsPerSecond)} req/s; rounds ${r.equalLoad.rounds.map((round) => `${f2(round.reference.p99Ms)} / ${f2(round.bare.p99Ms)}`).join(', ')} ms). The goal above is judged on the closed loop; this line is the time an answer takes when neither server is saturated`,
        ]
      : []),
    `- reference / Prism: **${r.prism ? f0(r.reference.requestsPerSecond / r.prism.requestsPerSecond) : '-'}x**`,
    '',
    '| operation | mean answer bytes | reference req/s | p99 ms | bare req/s | Prism req/s |',
    '|---|---:|---:|---:|---:|---:|',
    ...r.reference.perPart.map(
      (p, i) =>
        `| ${p.label} | ${r.answerBytes[p.label]} | ${f0(p.requestsPerSecond)} | ${f2(p.p99Ms)} | ${f0(r.bare.perPart[i]?.requestsPerSecond)} | ${f0(r.prism?.perPart[i]?.requestsPerSecond)} |`,
    ),
  ];
  return lines;
}

function writeRows(w: MixResult): string[] {
  return [
    `### Write mix with --data (WAL, group commit; ${CONNECTIONS} connections, ${DURATION_SECONDS} s)`,
    '',
    `Server CPU per create: ${f0(w.serverCpuMicrosPerRequest)} µs. Each create is one SQLite commit; its answer leaves only after an fsync`,
    'of the WAL that started after the commit (reference/foundation/group-commit.ts). The fsync runs off the event loop,',
    'and commits made while one runs share the next one, so creates/s is bounded by CPU per create, not by fsync time.',
    '',
    '| operation | creates/s | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    `| both at once | ${f0(w.requestsPerSecond)} | ${f2(w.p50Ms)} | ${f2(w.p99Ms)} |${flags(w)}`,
    ...w.perPart.map(
      (p) =>
        `| ${p.label} | ${f0(p.requestsPerSecond)} | ${f2(p.p50Ms)} | ${f2(p.p99Ms)} |${p.non2xx ? ` (${p.non2xx} non-2xx)` : ''}`,
    ),
  ];
}

function suiteRows(s: SuiteBench): string[] {
  return [
    '### Contract suite against the embedded reference (all three services)',
    '',
    `- wall time: **${s.wallSeconds.toFixed(1)} s** (goal < 20 s: ${s.wallSeconds < 20 ? 'met' : 'NOT met'}); ${s.rules} rules, ${s.tests} tests; verdicts ${Object.entries(
      s.verdicts,
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}; exit code ${s.exitCode}`,
    `- phases (seconds from the start): all tests collected ${f1(s.phases.collected)}, first test done ${f1(s.phases.firstTest)} (the reference started), last test done ${f1(s.phases.lastTest)}, process gone ${f1(s.phases.exited)}; tests themselves ${f1((s.phases.lastTest ?? 0) - (s.phases.firstTest ?? 0))} s`,
    `- test time per service (sum of the tests' own durations; files run one after another, so the rest of the tests phase is hooks and cleanup): ${Object.entries(
      s.testSecondsByService,
    )
      .map(([k, sec]) => `${k} ${sec.toFixed(1)} s`)
      .join(', ')}`,
    '',
    '| slowest rules | ms | tests |',
    '|---|---:|---:|',
    ...s.slowestRules.map((r) => `| ${r.ruleId} | ${f0(r.ms)} | ${r.tests} |`),
  ];
}

function postgresRows(p: PostgresBench): string[] {
  if (p.skipped) return ['### Read and write mixes on PostgreSQL', '', `Skipped: ${p.skipped}.`];
  return [
    `### Read and write mixes on PostgreSQL beside SQLite (${CONNECTIONS} connections, ${DURATION_SECONDS} s each)`,
    '',
    'Every setup sits behind the same round-robin balancer (http-proxy, in the bench process), so each pays the same',
    'hop; server CPU is the sum over the instances (the PostgreSQL server itself is not counted). On a machine with',
    'two cores, three instances cannot serve more than one: they share the cores with PostgreSQL, the balancer and the',
    'load generator, so the last row shows what spreading costs (more processes, more context switches), not how far',
    'the sandbox scales on more cores.',
    '',
    '| setup | read req/s | read p99 ms | read CPU µs/request | creates/s | write p99 ms | write CPU µs/create |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...p.setups.map(
      (s) =>
        `| ${s.setup} | ${f0(s.read.requestsPerSecond)} | ${f2(s.read.p99Ms)} | ${f0(s.read.serverCpuMicrosPerRequest)} | ${f0(s.write.requestsPerSecond)} | ${f2(s.write.p99Ms)} | ${f0(s.write.serverCpuMicrosPerRequest)} |${flags(s.read)}${flags(s.write)}`,
    ),
  ];
}

const m = Machine;
const md = [
  '## Benchmarks of the reference',
  '',
  `Run ${m.date} on ${m.nproc} CPUs (${m.cpu}), Node ${m.node}; load average at the start ${m.loadAverageAtStart.join(' / ')}.`,
  'The machine is shared with other agents while this runs: the figures are noisy, and a load average above the',
  'CPU count means the servers and the load generator were waiting for a CPU part of the time.',
  'Rate limits of the default seed are raised for the load (reference-servers.ts, benchSeedFile); servers run in',
  'their own processes, the load generator (autocannon) in the bench process, all on 127.0.0.1.',
  '',
  ...(read ? [...readRows(read), ''] : []),
  ...(write ? [...writeRows(write), ''] : []),
  ...(suite ? [...suiteRows(suite), ''] : []),
  ...(postgres ? [...postgresRows(postgres), ''] : []),
].join('\n');

const reports = path.join(ROOT, 'reports');
fs.mkdirSync(reports, { recursive: true });
fs.writeFileSync(
  path.join(reports, 'bench.json'),
  JSON.stringify(
    { machine: m, durationSeconds: DURATION_SECONDS, connections: CONNECTIONS, read, write, suite, postgres },
    null,
    2,
  ),
);
fs.writeFileSync(path.join(reports, 'bench.md'), md);
console.log(`\n${md}\nReports: reports/bench.{md,json}`);
