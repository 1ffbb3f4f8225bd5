// The contract run: rule tests against one target, started once by the global setup.
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import RunOrder from './harness/run-order.js';
import { settingsFromEnvironment } from './harness/run-settings.js';

// Absolute paths: a folder named contracts/ beside the checkout must never stand in for this one.
const here = import.meta.dirname;

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
    // No experimental fs module cache: contract runs go on side by side (the tests, the mutation gate's workers)
    // and one run clearing the shared cache directory made another's write fail with ENOENT, and no report.
  },
});
