// The contract run: rule tests against one target, started once by the global setup.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import RunOrder from './harness/run-order.js';
import { settingsFromEnvironment } from './harness/run-settings.js';

// Absolute paths: a folder named contracts/ beside the checkout must never stand in for this one.
const here = import.meta.dirname;

/**
 * Where vitest keeps the run's transformed modules between runs: a folder per installed dependency tree (the hash of
 * node_modules/.package-lock.json, the file vitest checks). Vitest empties its cache folder when that file changes;
 * with a folder of its own, a tree's cache never meets another tree's file and is never emptied under a run going
 * on beside it (one run emptying the shared folder made another's write fail with ENOENT, and no report).
 */
function moduleCacheFolder(): string {
  const modules = path.join(here, '..', 'node_modules');
  const lock = path.join(modules, '.package-lock.json');
  const tree = fs.existsSync(lock) ? crypto.createHash('sha256').update(fs.readFileSync(lock)).digest('hex') : 'none';
  return path.join(modules, '.cache', 'contract-run-modules', tree.slice(0, 16));
}

export default defineConfig({
  test: {
    include: ['contracts/rules/*/*.rules.ts'],
    // A command that starts vitest (the CLI, the mutation gate) provides its own settings over these.
    provide: { contractRun: settingsFromEnvironment(process.env) },
    globalSetup: [path.join(here, 'harness', 'global-setup.ts')],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One target with shared state: files run one after another so stateful rules do not interfere.
    fileParallelism: false,
    // One worker thread runs them all (files do not keep state between them; the mutation gate runs them so
    // too): the harness, clients and validators are loaded once, not once per file (suite wall time).
    isolate: false,
    pool: 'threads',
    sequence: { sequencer: RunOrder },
    reporters: [path.join(here, 'report', 'reporter.ts')],
    // The ~800 modules a run imports (harness, generated packages, model) are transformed once, not once per run:
    // about 4.5 s of CPU of each run's 14 s start (the tests and the mutation gate start dozens of runs).
    experimental: { fsModuleCache: true, fsModuleCachePath: moduleCacheFolder() },
    // The generated packages' vendored bundles (plain JS, ~640 KB a package) load through node, not vite's transform.
    server: { deps: { external: [/\/runtime\/server\/vendor\/[^/]+\.js$/] } },
  },
});
