// How long spec-first diff takes on a large document against a copy with three edits (one path removed, one
// required query parameter added, one path added): the command as a user runs it (process start included) and the
// diff alone, in-process, beside Redocly's `diff` on the same pair (--redocly), as ratios of wall and CPU time. The
// issue's target is under 2 s for a 465-operation document (PagerDuty's, for one).
//   npx tsx bench/diff-speed.ts <openapi.json[.gz]> [--redocly] [--rounds 3]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runDiff } from '../generator/diff/run-diff.js';

const args = process.argv.slice(2);
const source = args.find((a) => !a.startsWith('--'));
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 3;
if (!source) {
  console.error('usage: npx tsx bench/diff-speed.ts <openapi.json[.gz]> [--redocly] [--rounds n]');
  process.exit(2);
}
const raw = fs.readFileSync(source);
const text = (source.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
const document = JSON.parse(text);
const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const paths = Object.keys(document.paths);
const operations = paths.reduce((n, p) => n + methods.filter((m) => document.paths[p][m]).length, 0);
const revision = structuredClone(document);
delete revision.paths[paths[3]!];
const edited = revision.paths[paths[10]!];
const method = methods.find((m) => edited[m])!;
edited[method].parameters = [
  ...(edited[method].parameters ?? []),
  { name: 'bench_required', in: 'query', required: true, schema: { type: 'string' } },
];
revision.paths['/bench-added'] = { get: { operationId: 'benchAdded', responses: { '200': { description: 'ok' } } } };
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'diff-speed-'));
const baseFile = path.join(folder, 'base.json');
const revisionFile = path.join(folder, 'revision.json');
fs.writeFileSync(baseFile, text);
fs.writeFileSync(revisionFile, JSON.stringify(revision));

const root = path.resolve(import.meta.dirname, '..');
// Redocly runs from a folder without a config, so that its default diff rules apply (this project's redocly.yaml
// has lint rules only, and Redocly then checks nothing).
const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'diff-speed-redocly-'));
// Each command runs as a Node script under bench/max-rss.mjs, which reports its CPU time (user + system): on a
// shared machine the steadier figure, and the one an idle machine's wall time comes near (both are one thread).
const MAX_RSS = path.join(root, 'bench', 'max-rss.mjs');
const OURS = path.join(root, 'generator', 'bin.mjs');
const REDOCLY = path.join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
interface Timing {
  ms: number;
  cpuMs: number;
  stdout: string;
}
const timed = (script: string, argv: string[], cwd = root): Timing => {
  const started = performance.now();
  const run = spawnSync(process.execPath, [MAX_RSS, script, ...argv], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
  });
  const cpuMs = Number(/cpu-ms (\d+)/.exec(run.stderr)?.[1] ?? Number.NaN);
  return { ms: performance.now() - started, cpuMs, stdout: run.stdout };
};
// One run first: the generator's bundle is built on first use, not on every run.
timed(OURS, ['diff', baseFile, revisionFile]);
const ours: Timing[] = [];
const inProcess: number[] = [];
const redocly: Timing[] = [];
let findings = 0;
let redoclyChanges = 0;
for (let i = 0; i < rounds; i++) {
  const cli = timed(OURS, ['diff', baseFile, revisionFile, '--format', 'json']);
  ours.push(cli);
  findings = JSON.parse(cli.stdout).changes.length;
  const started = performance.now();
  await runDiff(baseFile, revisionFile);
  inProcess.push(performance.now() - started);
  if (args.includes('--redocly')) {
    const theirs = timed(REDOCLY, ['diff', baseFile, revisionFile, '--format', 'json'], empty);
    redocly.push(theirs);
    redoclyChanges = JSON.parse(theirs.stdout.slice(theirs.stdout.indexOf('{'))).changes?.length ?? 0;
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const wall = (ts: Timing[]) => median(ts.map((t) => t.ms));
const cpu = (ts: Timing[]) => median(ts.map((t) => t.cpuMs));
console.log(
  `${operations} operations, ${(text.length / 2 ** 20).toFixed(1)} MB, 3 edits; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores; medians of ${rounds}`,
);
const theirs = (f: (ts: Timing[]) => number) => (redocly.length ? `${f(redocly).toFixed(0)} ms` : '(--redocly)');
const rows: Array<[string, string, string]> = [
  ['the command: wall time', `${wall(ours).toFixed(0)} ms`, theirs(wall)],
  ['the command: CPU time (user + system)', `${cpu(ours).toFixed(0)} ms`, theirs(cpu)],
  ['changes reported', String(findings), redocly.length ? String(redoclyChanges) : ''],
  ['in-process wall time (load, model, diff)', `${median(inProcess).toFixed(0)} ms`, ''],
];
console.log(`${''.padEnd(42)}${'spec-first diff'.padEnd(18)}redocly diff`);
for (const [name, a, b] of rows) console.log(`${name.padEnd(42)}${a.padEnd(18)}${b}`);
if (redocly.length)
  console.log(
    `ratio spec-first / redocly: wall ${(wall(ours) / wall(redocly)).toFixed(2)}, CPU ${(cpu(ours) / cpu(redocly)).toFixed(2)} (below 1: faster)`,
  );
console.log(
  `ratio spec-first / the issue's 2000 ms target: CPU ${(cpu(ours) / 2000).toFixed(2)}, wall ${(wall(ours) / 2000).toFixed(2)} (wall time moves with the machine's load)`,
);
fs.rmSync(folder, { recursive: true, force: true });
fs.rmSync(empty, { recursive: true, force: true });
