// spec-first lint [--spec <file>] [--format F]: Redocly's linter, as published (its CLI), on the toolkit's specs
// with the project's redocly.yaml, or on any document with Redocly's recommended rules. A user's document is read
// first by the generator's one loader (its rules for what a document may refer to), and the bundle is linted, so
// that linting never fetches or reads what generating would refuse.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { loadSpecFile } from './model/load.js';
import { ROOT } from './model/root.js';
import { defaultPackageKey } from './model/package-key.js';

export const USAGE = [
  'usage: spec-first lint [--spec <openapi file>] [--format stylish|codeframe|json|github-actions|junit|...]',
  '',
  "  (no --spec)    the toolkit's own specs, by the project's redocly.yaml (recommended rules and its conventions)",
  "  --spec FILE    any OpenAPI 3.0/3.1 document, by Redocly's recommended rules; problems point into the",
  '                 bundled document (one file), since it is what is linted',
  '',
  'exit codes: 0 no error, 1 the linter found errors or the document does not load, 2 a usage error.',
].join('\n');

function refuse(message: string): never {
  console.error(`lint: ${message}\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      spec: { type: 'string' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (error) {
  refuse((error as Error).message.split('\n')[0]!);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const redocly = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin',
  'cli.js',
);
const format = values.format ? [`--format=${values.format}`] : [];
const lint = (args: string[], cwd: string) =>
  spawnSync(process.execPath, [redocly, 'lint', ...args, ...format], {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  }).status ?? 1;

if (values.spec === undefined) process.exit(lint([], ROOT));
if (!fs.statSync(values.spec, { throwIfNoEntry: false })?.isFile()) refuse(`--spec ${values.spec}: no such file`);
const name = defaultPackageKey(values.spec);
let document: unknown;
try {
  ({ document } = await loadSpecFile(name, path.resolve(values.spec)));
} catch (error) {
  console.error(`lint: ${(error as Error).message.split('\n')[0]}`);
  process.exit(1);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-first-lint-'));
try {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(document, null, 2));
  // An empty config folder: the user's document is judged by the recommended rules, not the toolkit's conventions.
  process.exitCode = lint([file, '--extends=recommended'], dir);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
