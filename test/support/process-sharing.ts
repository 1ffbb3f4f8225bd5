// Which test files share a worker process with the files before them (one module graph, loaded once, not once per
// file): every folder's, except the files that mock a module, spy, fake timers or set process-wide state (the
// environment, the exit code, the working folder), which keep a process of their own. test/ci/process-sharing.test.ts
// finds those files and fails until each is listed here.
export const SHARED_PROCESS = ['test/**/*.test.ts'];

export const OWN_PROCESS = [
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
  // vi.mock('json-schema-faker') and listen-local: the round trip's draws and requests, in order.
  'test/generator/roundtrip-draw-order.test.ts',
  // process.env.SPEC_FIRST_ROUNDTRIP_REPORT: the round trip's lines, read back.
  'test/generator/roundtrip-named-refusals.test.ts',
  'test/generator/roundtrip-parameter-oneof.test.ts',
  'test/generator/roundtrip-webhooks-only.test.ts',
  // vi.spyOn on console.warn: openapi-typescript's own warnings, counted.
  'test/generator/discriminator-mapping-targets.test.ts',
  // vi.mock of the types emitter's presorted maps, to type each document with and without them.
  'test/generator/presorted-maps.test.ts',
  // vi.spyOn on process.stderr.
  'test/generator/server-runtime.test.ts',
  // vi.mock('esbuild'): counts the vendor bundle's builds from a fresh module.
  'test/generator/vendor-bundle-cache.test.ts',
  // vi.spyOn on console: the CLI's lines, captured.
  'test/contracts/cli-user-errors.test.ts',
  // vi.spyOn and process.exitCode: the reporter's exit code.
  'test/contracts/reporter-settings.test.ts',
];

/** What a file does that another file in its process could see: module mocks, spies, fake timers, process state. */
export const PROCESS_STATE =
  /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal|useFakeTimers)\b|process\.env\.\w+\s*=[^=]|delete process\.env\b|process\.exitCode\s*=[^=]|process\.chdir\(/;
