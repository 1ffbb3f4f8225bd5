// The contract run: rule tests against one target, started once by the global setup.
import { defineConfig } from 'vitest/config';
import RunOrder from './harness/run-order.js';

export default defineConfig({
  test: {
    include: ['contracts/rules/**/*.contract.ts'],
    globalSetup: ['contracts/harness/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One target with shared state: files run one after another so stateful rules do not interfere.
    fileParallelism: false,
    sequence: { sequencer: RunOrder },
    reporters: ['./contracts/report/reporter.ts'],
  },
});
