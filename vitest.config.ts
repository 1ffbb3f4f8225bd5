import { defineConfig } from 'vitest/config';
import SlowestFirstSequencer from './test/support/slowest-first-sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Prism and generated servers bind ports: keep files in separate processes, two at a time (2 cores).
    pool: 'forks',
    // One PostgreSQL server for the run, started when a file first asks for a database (each file has its own).
    globalSetup: ['test/support/postgres-global-setup.ts'],
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirstSequencer },
  },
});
