// npm run bench: generation speed, the generated clients, the generated server beside Fastify (bench/server.ts)
// and the reference beside a bare node:http server (bench/reference-run.ts), each side by side in one run
// (BENCH_ONLY=generate | client | server | patterns | corpus | reference | read | write | suite for one part).
//  1. Cold process: `npm run generate` for all three specs (types, clients, servers, validators, rules)
//     against openapi-typescript's CLI generating types alone for the same three bundled specs.
//  2. Watch-mode regeneration of one spec in a warm process (what --watch does on a change).
//  3. The generated clients (bench/client.ts): entry size and per-call overhead against openapi-fetch.
// Prints a table of medians; targets: ratio <= 1.0 for (1), under 300 ms for (2), per-call ratio <= 1.0 for (3).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../generator/model/index.js';
import { SERVICE_KEYS } from '../contracts/harness/services.js';
import { generateAll } from '../generator/pipeline.js';
import { callOverhead, clientSizes } from './client.js';
import { corpusBench } from './corpus.js';
import { patternBench } from './patterns.js';
import { serverBench, writeServerReport } from './server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

if (!ONLY || ONLY === 'generate') await generation();
if (!ONLY || ONLY === 'client') await clients();
if (!ONLY || ONLY === 'server') console.log(`\n${writeServerReport(await serverBench())}`);
// Spec patterns on the server's linear-time engine beside JavaScript's (bench/patterns.ts).
if (!ONLY || ONLY === 'server' || ONLY === 'patterns') console.log(patternBench(RUNS));
// The corpus's public documents beside openapi-typescript (bench/corpus.ts).
if (!ONLY || ONLY === 'corpus') await corpusBench();
// The reference's read mix (distinct reads beside bare node:http), write mix and suite time (bench/reference-run.ts).
if (!ONLY || ['reference', 'read', 'write', 'suite'].includes(ONLY)) await import('./reference-run.js');

async function generation(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const ots = path.join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
  // openapi-typescript's own multi-spec mode: one cold process bundles the same source YAML and writes
  // types for all three, as our generate does (a Redocly config with x-openapi-ts.output per API).
  const otsConfig = path.join(tmp, 'redocly.yaml');
  fs.writeFileSync(
    otsConfig,
    [
      'apis:',
      ...SERVICE_KEYS.flatMap((s) => [
        `  ${s}:`,
        `    root: ${path.join(ROOT, 'specs', s, 'openapi.yaml')}`,
        '    x-openapi-ts:',
        `      output: ${path.join(tmp, `${s}.ts`)}`,
      ]),
    ].join('\n') + '\n',
  );

  const generatorCache = path.join(ROOT, 'node_modules', '.cache', 'spec-first-generator');
  const generate = () =>
    execFileSync(process.execPath, [path.join(ROOT, 'generator', 'run.mjs'), '--check'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  const ours: number[] = [];
  const oursFirst: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate them so machine noise hits all alike. --check writes nothing but does all the work.
    // First run after a change to generator/ (or a fresh install): bundle and V8 code cache rebuilt.
    fs.rmSync(generatorCache, { recursive: true, force: true });
    oursFirst.push(time(generate));
    ours.push(time(generate));
    theirs.push(
      time(() =>
        execFileSync(process.execPath, [ots, '--redocly', otsConfig, '--alphabetize', '--root-types'], {
          cwd: tmp,
          stdio: 'ignore',
          env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
        }),
      ),
    );
  }

  // Warm process, as in --watch: the first run loads and compiles the libraries, later runs are the change.
  await generateAll(['analytics']);
  const watch: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await generateAll(['analytics']);
    watch.push(performance.now() - start);
  }

  const rows = [
    ['generate (3 specs, everything), cold process', median(ours)],
    ['generate, cold process, first run after a generator change (bundle + code cache rebuilt)', median(oursFirst)],
    ['openapi-typescript (3 specs, types only), cold process', median(theirs)],
    ['watch-mode regeneration of one spec (analytics), warm', median(watch)],
  ] as const;
  console.log(`\nBenchmark (median of ${RUNS} runs, ${os.cpus().length} CPUs, Node ${process.version})\n`);
  console.log('| measurement | ms |\n|---|---:|');
  for (const [name, ms] of rows) console.log(`| ${name} | ${ms.toFixed(0)} |`);
  console.log(
    `\nratio generate / openapi-typescript: ${(median(ours) / median(theirs)).toFixed(2)} (target <= 1.00); first run after a generator change: ${(median(oursFirst) / median(theirs)).toFixed(2)}`,
  );
  console.log(`watch regeneration: ${median(watch).toFixed(0)} ms (target < 300 ms)`);
  fs.rmSync(tmp, { recursive: true, force: true });
}

async function clients(): Promise<void> {
  const sizes = await clientSizes(SERVICE_KEYS);
  const { ours, theirs, ratio } = await callOverhead(RUNS);
  console.log(
    `\nGenerated clients (${RUNS * 10} alternating pairs of 1,000 calls each over an in-memory fetch; medians)\n`,
  );
  console.log('| measurement | value |\n|---|---:|');
  for (const [name, value] of sizes) console.log(`| ${name} | ${value} |`);
  console.log(`| per call: AnalyticsClient.listGroups | ${ours.toFixed(1)} µs |`);
  console.log(`| per call: openapi-fetch GET /v2/groups | ${theirs.toFixed(1)} µs |`);
  console.log(
    `\nratio per-call overhead generated / openapi-fetch: ${ratio.toFixed(2)} (median of the pairs' ratios; target <= 1.00)`,
  );
}
