#!/usr/bin/env -S node --expose-gc
// The package's `bin` (npx spec-first generate --spec <file> --out <folder>): the generator's command line,
// as `npm run generate` runs it, behind a subcommand.
const [command, ...rest] = process.argv.slice(2);
if (command !== 'generate' && command !== 'diff') {
  console.error(
    `spec-first: ${command === undefined ? 'a command is required' : `unknown command ${command}`}\nusage: spec-first generate --spec <openapi file> --out <folder> [--key <name>]\n       spec-first diff <base> <revision> [--format text|json|markdown|junit|github] [--fail-on error|warning|info]\n       spec-first generate [--check | --watch] [--service <key>] [--config <spec list>]`,
  );
  process.exit(2);
}
process.argv = [process.argv[0], process.argv[1], ...(command === 'diff' ? ['diff'] : []), ...rest];
await import('./run.mjs');
