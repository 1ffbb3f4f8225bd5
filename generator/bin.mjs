#!/usr/bin/env -S node --expose-gc
// The package's `bin`: `spec-first <command> ...`, the toolkit's one command line. Each command is the module the
// npm scripts run (`npm run generate` is `spec-first generate`); TypeScript commands run through tsx's loader,
// registered in this process so that signals reach them directly.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Loads a TypeScript module of the toolkit; a script (`asScript`) runs with `args` as its command line. */
async function typescript(file, args, asScript = false) {
  const { register } = await import('tsx/esm/api');
  register();
  if (asScript) process.argv = [process.argv[0], path.join(here, file), ...args];
  return import(pathToFileURL(path.join(here, file)).href);
}

const wantsHelp = (args) => args.includes('--help') || args.includes('-h');

/** Runs the bundled generator (run.mjs: generate, or `diff` as its first argument) with `args` as its command line. */
async function bundled(args) {
  process.argv = [process.argv[0], path.join(here, 'run.mjs'), ...args];
  await import('./run.mjs');
}

const COMMANDS = {
  generate: {
    about: 'types, a typed client and a validating server from an OpenAPI 3.0/3.1 document',
    run: (args) => bundled(args),
  },
  diff: {
    about: 'what changed between two OpenAPI documents (files or git revisions), and what it breaks',
    run: (args) => bundled(['diff', ...args]),
  },
  mock: {
    about: "Prism serving any OpenAPI document (--spec) or one of the toolkit's services",
    run: (args) => typescript('../contracts/cli/mock.ts', args, true),
  },
  test: {
    about: 'conformance checks derived from any OpenAPI document, against any server (--spec, --target)',
    async run(args) {
      const { runTest } = await typescript('../contracts/cli/test.ts', args);
      process.exitCode = await runTest(args);
    },
  },
  contracts: {
    about: "the three services' documented rules against a target (the reference, Prism, or a base URL)",
    async run(args) {
      // vitest loads before tsx is registered, so that its own modules (and its test thread, which inherits no hooks)
      // load without tsx's loader: about 2 s of CPU of every run's start.
      if (!wantsHelp(args)) await import('vitest/node');
      const { runContracts, USAGE } = await typescript('../contracts/cli/run.ts', args);
      if (wantsHelp(args)) return console.log(USAGE);
      process.exitCode = await runContracts(args);
    },
  },
  serve: {
    about: 'the reference implementation of the three services (SQLite, or PostgreSQL with --database)',
    async run(args) {
      process.argv = [process.argv[0], path.join(here, '../reference/foundation/serve-bin.mjs'), ...args];
      await import('../reference/foundation/serve-bin.mjs');
    },
  },
  lint: {
    about: "an OpenAPI document checked by Redocly's recommended rules (or the toolkit's specs by its own)",
    run: (args) => typescript('./lint.ts', args, true),
  },
};

const USAGE = [
  'usage: spec-first <command> [options]   (spec-first <command> --help for its options)',
  '',
  ...Object.entries(COMMANDS).map(([name, { about }]) => `  ${name.padEnd(10)} ${about}`),
  '',
  'exit codes: 0 success, 1 the command ran and found a problem (a failed rule, a stale package, a document',
  'that does not load), 2 a usage error (one line and the usage on stderr).',
].join('\n');

const [command, ...rest] = process.argv.slice(2);
if (command === '--help' || command === '-h' || command === 'help') {
  console.log(USAGE);
} else if (command === undefined || !Object.hasOwn(COMMANDS, command)) {
  console.error(
    `spec-first: ${command === undefined ? 'a command is required' : `unknown command ${command}`}\n${USAGE}`,
  );
  process.exitCode = 2;
} else {
  await COMMANDS[command].run(rest);
}
