// How spec-first diff's verdicts compare with oasdiff's own tests: reads an oasdiff checkout (github.com/oasdiff/
// oasdiff; its checker/*_test.go and data/), keeps each test that diffs two files from data/ unedited with the
// default configuration, and labels the pair from what the test asserts (an asserted ERR rule: breaking; all checks
// run and the whole result asserted: breaking or not). Then runs the diff on every pair and prints: verdict
// agreement (our error-level finding vs the label), the share of oasdiff's asserted ERR findings we report at error
// (by oasdiff id, and by any error on the pair), pointers that do not resolve, and crashes.
//   npx tsx bench/diff-oasdiff.ts <oasdiff checkout> [--redocly] [--list]
// --redocly runs `redocly diff --format json` (the @redocly/cli of this project, its default rules) on the same
// pairs, scored the same way (breaking: a major change; its pointers checked against each file), and prints it in
// a column beside ours. Nothing of oasdiff's is kept in this repository.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { diffSides } from '../generator/diff/diff.js';
import { loadSide } from '../generator/diff/load.js';
import { followPointer as follow } from '../generator/model/index.js';

const [checkout] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const withRedocly = process.argv.includes('--redocly');
const list = process.argv.includes('--list');
if (!checkout) {
  console.error('usage: npx tsx bench/diff-oasdiff.ts <oasdiff checkout> [--redocly] [--list]');
  process.exit(2);
}
const checkerDir = path.join(checkout, 'checker');
const goFiles = fs.readdirSync(checkerDir).filter((f) => f.endsWith('.go'));
const read = (f: string) => fs.readFileSync(path.join(checkerDir, f), 'utf8');

// Rule ids and default levels, from the checker's own sources.
const constants = new Map<string, string>();
for (const f of goFiles.filter((f) => !f.endsWith('_test.go')))
  for (const m of read(f).matchAll(/^\s*(\w+Id)\s*=\s*"([a-z0-9-]+)"/gm)) constants.set(m[1]!, m[2]!);
const levels = new Map<string, string>();
for (const m of read('rules.go').matchAll(/newBackwardCompatibilityRule\((\w+), (ERR|WARN|INFO),/g)) {
  const id = constants.get(m[1]!);
  if (id) levels.set(id, m[2]!);
}

interface Case {
  test: string;
  base: string;
  revision: string;
  expected: Set<string>;
  complete: boolean;
}

const cases: Case[] = [];
for (const f of goFiles.filter((f) => f.endsWith('_test.go'))) {
  const text = read(f);
  for (const m of text.matchAll(/^func (Test\w+)\(t \*testing\.T\) \{\n([\s\S]*?)^\}/gm)) {
    const [, test, body] = m as unknown as [string, string, string];
    const loads: string[] = [];
    for (const l of body.matchAll(/(?:open|LoadFromFile)\("([^"]+)"/g)) loads.push(l[1]!);
    for (const l of body.matchAll(/loadFrom\(t, "([^"]+)", (\d+)\)/g)) loads.push(`${l[1]}spec${l[2]}.yaml`);
    // The same file on both sides is a test that edits one in memory in a way not caught below.
    if (loads.length !== 2 || loads[0] === loads[1]) continue;
    // Edited in memory, another configuration, or loops over cases: not a plain pair.
    if (
      /\.Spec\.[^\n]*[^=!<>:]=[^=]|\.Delete\(|\.Set\(|\bWith[A-Z]\w*\(|for [^\n]*range|t\.Run\(|os\.Setenv|NewConfig\(\)\./.test(
        body,
      )
    )
      continue;
    if (/singleCheckConfig\([^)]*,|allChecksConfig\([^)]/.test(body)) continue;
    const all = /allChecksConfig\(\)|GetAllChecks\(\)/.test(body);
    const absent = new Set<string>();
    const expected = new Set<string>();
    for (const line of body.split('\n')) {
      const names = [
        ...[...line.matchAll(/checker\.(\w+Id)\b/g)].map((x) => constants.get(x[1]!)),
        ...[...line.matchAll(/"([a-z]+(?:-[a-z0-9]+)+)"/g)].map((x) => (levels.has(x[1]!) ? x[1] : undefined)),
      ].filter((x): x is string => !!x);
      const negative = /NotContains|Nil\(t, findChange|NotEqual|require\.False|assert\.False|!/.test(line);
      for (const id of names) (negative ? absent : expected).add(id);
    }
    for (const id of absent) expected.delete(id);
    // The whole result asserted: nothing, or as many changes as the ids it names.
    const length = /require\.Len\(t, errs, (\d+)\)/.exec(body);
    const complete =
      all && (/require\.Empty\(t, (errs|changes)\)/.test(body) || (!!length && Number(length[1]) === expected.size));
    if (expected.size === 0 && !complete) continue;
    cases.push({
      test: `${f}:${test}`,
      base: path.resolve(checkerDir, loads[0]!),
      revision: path.resolve(checkerDir, loads[1]!),
      expected,
      complete,
    });
  }
}

// One label per pair: its tests' assertions together.
interface Pair {
  base: string;
  revision: string;
  tests: string[];
  expected: Set<string>;
  complete: boolean;
}
const pairs = new Map<string, Pair>();
for (const c of cases) {
  if (!fs.existsSync(c.base) || !fs.existsSync(c.revision)) continue;
  const key = `${c.base}\n${c.revision}`;
  const pair = pairs.get(key) ?? {
    base: c.base,
    revision: c.revision,
    tests: [],
    expected: new Set(),
    complete: false,
  };
  pair.tests.push(c.test);
  for (const id of c.expected) pair.expected.add(id);
  pair.complete ||= c.complete;
  pairs.set(key, pair);
}

const errIds = (p: Pair) => [...p.expected].filter((id) => levels.get(id) === 'ERR');
const labelled = [...pairs.values()].map((p) => ({
  ...p,
  breaking: errIds(p).length > 0,
  // Certain: an ERR asserted (breaking), or every check run and the whole result asserted.
  certain: errIds(p).length > 0 || p.complete,
}));

let crashes = 0;
let unresolved = 0;
let pointers = 0;
let agreeCertain = 0;
let certain = 0;
let agreeAll = 0;
let errExpected = 0;
let errSameId = 0;
let errOnPair = 0;
const disagreements: string[] = [];
const startedAt = performance.now();
for (const p of labelled) {
  let ours: boolean;
  let findings: ReturnType<typeof diffSides>;
  try {
    const [b, r] = await Promise.all([
      loadSide({ source: p.base, file: p.base }),
      loadSide({ source: p.revision, file: p.revision }),
    ]);
    findings = diffSides(b, r, { now: new Date('2026-08-08') });
    for (const f of findings)
      for (const [side, place] of [
        [b, f.base],
        [r, f.revision],
      ] as const) {
        if (!place) continue;
        pointers++;
        if (follow(side.written, place.pointer) === undefined) unresolved++;
      }
  } catch (error) {
    crashes++;
    disagreements.push(`CRASH ${p.tests[0]}: ${(error as Error).message.split('\n')[0]}`);
    continue;
  }
  ours = findings.some((f) => f.level === 'error');
  if (ours === p.breaking) agreeAll++;
  if (p.certain) {
    certain++;
    if (ours === p.breaking) agreeCertain++;
    else
      disagreements.push(
        `${ours ? 'OURS-BREAKING' : 'MISSED'} ${path.relative(checkout, p.base)} ${path.relative(checkout, p.revision)} expected [${[...p.expected].join(' ')}] ours [${findings.map((f) => `${f.level}:${f.id}`).join(' ')}]`,
      );
  }
  for (const id of errIds(p)) {
    errExpected++;
    if (findings.some((f) => f.oasdiff === id && f.level === 'error')) errSameId++;
    else if (list)
      disagreements.push(
        `ERR-ID ${id} not reported as such: ours [${findings.map((f) => `${f.level}:${f.oasdiff ?? f.id}`).join(' ')}]`,
      );
    if (findings.some((f) => f.level === 'error')) errOnPair++;
  }
}
const elapsed = performance.now() - startedAt;
const pct = (a: number, b: number) => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
console.log(
  `oasdiff tests read: ${cases.length} plain-pair tests, ${labelled.length} distinct pairs (${certain} with a certain label)`,
);
if (list) for (const d of disagreements) console.log(`  ${d}`);

// Redocly's diff, scored the same way (breaking: a major change), run from an empty folder so that its default
// rules apply: this project's redocly.yaml (lint rules only) turns every diff rule off.
const rows: Array<[string, string, string]> = [
  ['verdict agreement, certain labels', `${pct(agreeCertain, certain)} (${agreeCertain}/${certain})`, '—'],
  ['verdict agreement, all pairs', pct(agreeAll, labelled.length), '—'],
  [`oasdiff ERR findings (${errExpected}) at error, same oasdiff id`, pct(errSameId, errExpected), '(no ids)'],
  [`oasdiff ERR findings (${errExpected}) with an error on the pair`, pct(errOnPair, errExpected), '—'],
  ['pointers that do not resolve', `${unresolved} of ${pointers}`, '—'],
  ['crashes (failed runs)', String(crashes), '—'],
  ['time a pair', `${(elapsed / labelled.length).toFixed(0)} ms (in-process)`, '—'],
];
if (withRedocly) {
  const bin = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'redocly');
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'diff-oasdiff-redocly-'));
  let agree = 0;
  let agreeC = 0;
  let failed = 0;
  let errFound = 0;
  let redoclyPointers = 0;
  let redoclyUnresolved = 0;
  const started = performance.now();
  for (const p of labelled) {
    const run = spawnSync(bin, ['diff', p.base, p.revision, '--format', 'json'], {
      cwd: empty,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
      maxBuffer: 1 << 28,
    });
    let report: { summary: { major: number }; changes?: Array<Record<string, any>> };
    try {
      report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
    } catch {
      failed++;
      continue;
    }
    const breaking = report.summary.major > 0;
    if (breaking === p.breaking) agree++;
    if (p.certain && breaking === p.breaking) agreeC++;
    if (breaking) errFound += errIds(p).length;
    const written = [p.base, p.revision].map((f) => parse(fs.readFileSync(f, 'utf8')));
    for (const change of report.changes ?? [])
      for (const [i, side] of [change.base, change.revision].entries()) {
        if (typeof side?.pointer !== 'string') continue;
        redoclyPointers++;
        if (follow(written[i], decodeURIComponent(side.pointer.replace(/^#/, ''))) === undefined) redoclyUnresolved++;
      }
  }
  const ms = (performance.now() - started) / labelled.length;
  fs.rmSync(empty, { recursive: true, force: true });
  const column = [
    `${pct(agreeC, certain)} (${agreeC}/${certain})`,
    pct(agree, labelled.length),
    '(no ids)',
    pct(errFound, errExpected),
    `${redoclyUnresolved} of ${redoclyPointers}`,
    String(failed),
    `${ms.toFixed(0)} ms (a process each)`,
  ];
  column.forEach((value, i) => (rows[i]![2] = value));
}
const width = Math.max(...rows.map((r) => r[0].length));
console.log(`${''.padEnd(width)}  ${'spec-first diff'.padEnd(24)}  redocly diff${withRedocly ? '' : ' (--redocly)'}`);
for (const [name, ours, theirs] of rows) console.log(`${name.padEnd(width)}  ${ours.padEnd(24)}  ${theirs}`);
