// How long spec-first diff takes on a large document against a copy with three edits (one path removed, one
// required query parameter added, one path added): the command as a user runs it (process start included) and the
// diff alone, in-process, beside Redocly's `diff` on the same pair (--redocly), as a ratio. The target is
// under 2 s for a 465-operation document (PagerDuty's, for one).
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
const timed = (command: string, argv: string[]) => {
  const started = performance.now();
  const run = spawnSync(command, argv, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
  });
  return { ms: performance.now() - started, run };
};
// One run first: the generator's bundle is built on first use, not on every run.
timed(process.execPath, [path.join(root, 'generator', 'bin.mjs'), 'diff', baseFile, revisionFile]);
const ours: number[] = [];
const inProcess: number[] = [];
const redocly: number[] = [];
let findings = 0;
for (let i = 0; i < rounds; i++) {
  const cli = timed(process.execPath, [
    path.join(root, 'generator', 'bin.mjs'),
    'diff',
    baseFile,
    revisionFile,
    '--format',
    'json',
  ]);
  ours.push(cli.ms);
  findings = JSON.parse(cli.run.stdout).changes.length;
  const started = performance.now();
  await runDiff(baseFile, revisionFile);
  inProcess.push(performance.now() - started);
  if (args.includes('--redocly'))
    redocly.push(
      timed(path.join(root, 'node_modules', '.bin', 'redocly'), ['diff', baseFile, revisionFile, '--format', 'json'])
        .ms,
    );
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `${operations} operations, ${(text.length / 2 ** 20).toFixed(1)} MB; ${findings} findings (3 edits); load average ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `spec-first diff (command, process start included): median ${median(ours).toFixed(0)} ms of ${rounds}; target 2000 ms: ratio ${(median(ours) / 2000).toFixed(2)}`,
);
console.log(`spec-first diff (in-process, load + model + diff): median ${median(inProcess).toFixed(0)} ms`);
if (redocly.length)
  console.log(
    `redocly diff: median ${median(redocly).toFixed(0)} ms; spec-first / redocly = ${(median(ours) / median(redocly)).toFixed(2)}`,
  );
fs.rmSync(folder, { recursive: true, force: true });
