import { defineConfig } from 'vitest/config';
import { OWN_PROCESS, SHARED_PROCESS } from './test/support/process-sharing.js';
import SlowestFirstSequencer from './test/support/slowest-first-sequencer.js';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Prism and generated servers bind ports: files run in worker processes, two at a time (2 cores).
    pool: 'forks',
    // One PostgreSQL server for the run, started when a file first asks for a database (each file has its own).
    globalSetup: ['test/support/postgres-global-setup.ts'],
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirstSequencer },
    // Test files share a process each worker keeps, but for those listed to keep their own (test/support/process-sharing.ts).
    projects: [
      {
        extends: true,
        test: { name: 'one-process', include: SHARED_PROCESS, exclude: OWN_PROCESS, isolate: false },
      },
      {
        extends: true,
        test: { name: 'a-process-each', include: OWN_PROCESS, isolate: true },
      },
    ],
  },
});
