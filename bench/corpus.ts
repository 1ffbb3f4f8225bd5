// The corpus (test/generator/corpus.ts: npm-shipped public documents, GitHub's and DigitalOcean's whole) generated beside
// openapi-typescript's types-only run and hey-api's types + SDK + client on the same file: wall time, CPU time,
// peak memory of the process, output size. Goal (docs/adr/0008): CPU within 1.5x openapi-typescript's and at or
// below hey-api's on every document.
// One run each per document, alternating; `npm run bench` (or BENCH_ONLY=corpus) prints the table.
// BENCH_CORPUS=github,... measures only those documents; BENCH_CORPUS_RUNS=n alternates n pairs of runs per document,
// one row each (the spread of the ratios under the machine's load), and CPU time (user + system) beside wall time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../generator/model/index.js';
import { benchCorpusDocuments } from '../test/generator/corpus.js';

interface Measure {
  ms: number;
  cpuMs: number;
  peakMb: number;
  bytes: number;
  ok: boolean;
}

const MAX_RSS = path.join(ROOT, 'bench', 'max-rss.mjs');

/** One cold process of a Node script, timed, with its peak memory (bench/max-rss.mjs) and the bytes it wrote. */
function measure(script: string, args: string[], cwd: string, out: string, nodeFlags: string[] = []): Measure {
  const start = performance.now();
  const run = spawnSync(process.execPath, [...nodeFlags, MAX_RSS, script, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - start;
  const kb = Number(/max-rss (\d+)/.exec(run.stderr)?.[1] ?? 0);
  const cpuMs = Number(/cpu-ms (\d+)/.exec(run.stderr)?.[1] ?? 0);
  const bytes = sizeOf(out);
  // Written nothing is failed too (hey-api exits 0 on a document it cannot read).
  return { ms, cpuMs, peakMb: kb / 1024, bytes, ok: run.status === 0 && bytes > 0 };
}

function sizeOf(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

export async function corpusBench(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-corpus-'));
  const ots = path.join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
  // The program hey-api's bin (bin/run.js) starts in a child process: run in this one, so that its CPU and memory count.
  const heyApi = path.join(ROOT, 'node_modules', '@hey-api', 'openapi-ts', 'dist', 'run.mjs');
  const rows: string[] = [];
  const only = (process.env.BENCH_CORPUS ?? '').split(',').filter(Boolean);
  const runs = Math.max(1, Number(process.env.BENCH_CORPUS_RUNS ?? 1));
  const documents = benchCorpusDocuments().filter((d) => only.length === 0 || only.includes(d.name));
  for (const d of documents.flatMap((doc) => Array.from({ length: runs }, () => doc))) {
    if (!fs.existsSync(d.spec)) {
      rows.push(`| ${d.name} | (missing: npm install) |`);
      continue;
    }
    fs.rmSync(path.join(tmp, d.name), { recursive: true, force: true });
    const ours = measure(
      path.join(ROOT, 'generator', 'run.mjs'),
      // What a user runs: generate's defaults (its own type-check of what it writes included, where it runs by
      // default: packages up to the limit of docs/adr/0007).
      ['--spec', d.spec, '--out', path.join(tmp, d.name), '--key', d.name, '--quiet'],
      ROOT,
      path.join(tmp, d.name),
      // As `npm run generate` and the bin start it (generator/collect-garbage.ts).
      ['--expose-gc'],
    );
    // Run in the temporary folder: inside the project openapi-typescript would read the project's redocly.yaml.
    const theirs = measure(ots, [d.spec, '-o', path.join(tmp, `${d.name}.ts`)], tmp, path.join(tmp, `${d.name}.ts`));
    // hey-api's defaults: its types, its SDK and its fetch client (a config file in the folder would change them).
    const hey = measure(
      heyApi,
      ['-i', d.spec, '-o', path.join(tmp, `${d.name}-hey`)],
      tmp,
      path.join(tmp, `${d.name}-hey`),
    );
    const fmt = (m: Measure, value: string) => (m.ok ? value : 'failed');
    const ratio = (a: Measure, b: Measure, pick: (m: Measure) => number) =>
      a.ok && b.ok && pick(b) > 0 ? `${(pick(a) / pick(b)).toFixed(2)}x` : '';
    const seconds = (m: Measure, pick: (m: Measure) => number) => fmt(m, (pick(m) / 1000).toFixed(1));
    const wall = (m: Measure) => m.ms;
    const cpu = (m: Measure) => m.cpuMs;
    const cells = [
      d.name,
      ...[ours, theirs, hey].map((m) => seconds(m, wall)),
      ...[ours, theirs, hey].map((m) => seconds(m, cpu)),
      ratio(ours, theirs, cpu),
      ratio(ours, hey, cpu),
      ratio(ours, theirs, wall),
      ratio(ours, hey, wall),
      [ours, theirs, hey].map((m) => fmt(m, m.peakMb.toFixed(0))).join(' / '),
      [ours, theirs, hey].map((m) => fmt(m, (m.bytes / 1024).toFixed(0))).join(' / '),
    ];
    rows.push(`| ${cells.join(' | ')} |`);
  }
  console.log(
    `\nCorpus: generate --spec (everything, with its defaults) beside openapi-typescript (types only) and hey-api (types, SDK and fetch client), one cold process each, in turn\n`,
  );
  console.log(
    '| document | ours s | openapi-typescript s | hey-api s | ours CPU s | openapi-typescript CPU s | hey-api CPU s | CPU vs openapi-typescript | CPU vs hey-api | time vs openapi-typescript | time vs hey-api | peak MB (ours / ots / hey) | KB (ours / ots / hey) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  fs.rmSync(tmp, { recursive: true, force: true });
}
