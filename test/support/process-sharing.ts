// Which test files share a worker process with the files before them (one module graph, loaded once, not once per
// file): the reference's, the generator's and CI's, which mock no module, spy on nothing, fake no timer and set no
// environment variable. The files of those folders that do keep a process of their own (test/ci/process-sharing.test.ts finds
// them), as do the other folders' files until they are checked the same way.
export const SHARED_PROCESS = ['test/reference/**/*.test.ts', 'test/generator/**/*.test.ts', 'test/ci/**/*.test.ts'];

export const OWN_PROCESS_IN_SHARED_FOLDERS = [
  // vi.mock('yaml'): counts the seed's parses from a fresh module.
  'test/reference/foundation-seed-parsed-once.test.ts',
  // process.env.REFERENCE_REPORT_QUEUE.
  'test/reference/analytics-report-fairness.test.ts',
  // vi.spyOn on fs and console.
  'test/reference/foundation-group-commit.test.ts',
  'test/reference/foundation-target.test.ts',
  'test/reference/generative-video.test.ts',
  // vi.useFakeTimers: the client's retry and timeout clocks.
  'test/generator/client-runtime.test.ts',
  'test/generator/client-timeouts.test.ts',
  // vi.spyOn on process.stderr.
  'test/generator/server-runtime.test.ts',
  // vi.mock('esbuild'): counts the vendor bundle's builds from a fresh module.
  'test/generator/vendor-bundle-cache.test.ts',
];

/** What a file does that another file in its process could see: module mocks, spies, fake timers, process state. */
export const PROCESS_STATE =
  /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal|useFakeTimers)\b|process\.env\.\w+\s*=[^=]|delete process\.env\b|process\.exitCode\s*=[^=]|process\.chdir\(/;
