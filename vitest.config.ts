import path from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import { OWN_PROCESS, SHARED_PROCESS } from './test/support/process-sharing.js';
import SlowestFirstSequencer from './test/support/slowest-first-sequencer.js';

const ROOT = import.meta.dirname;

/**
 * Transformed modules are kept on disk for the checkout's own files only: a package a test generates in a temporary
 * folder is transformed for its run and forgotten, not added to the cache on every run.
 */
const checkoutFilesOnlyOnDisk: Plugin = {
  name: 'checkout-files-only-in-module-cache',
  configureVitest({ experimental_defineCacheKeyGenerator }) {
    experimental_defineCacheKeyGenerator(({ id }) => (id.startsWith(`${ROOT}${path.sep}`) ? undefined : false));
  },
};

export default defineConfig({
  plugins: [checkoutFilesOnlyOnDisk],
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Prism and generated servers bind ports: files run in worker processes, two at a time (2 cores).
    pool: 'forks',
    // One PostgreSQL server for the run, started when a file first asks for a database (each file has its own).
    globalSetup: ['test/support/postgres-global-setup.ts'],
    maxWorkers: 2,
    // The generated packages' vendor bundles (ajv, re2js, the multipart parser: ~640 KB of plain ESM JavaScript a
    // package) load as Node loads them: through vite's transform each copy cost its parse, rewrite and source map.
    server: { deps: { external: [/\/runtime\/server\/vendor\/[^/]+\.js$/] } },
    // Each project has its own vite server: with the transformed modules on disk, a module both projects import is
    // transformed once a run, not once a project (a fresh clone starts with none).
    experimental: {
      fsModuleCache: true,
      fsModuleCachePath: path.join(ROOT, 'node_modules', '.cache', 'vitest-test-modules'),
    },
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
