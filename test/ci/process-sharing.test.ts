// A file that shares its worker process with others must leave nothing behind that they could see: every test file
// that mocks, spies, fakes timers or sets process-wide state is listed to keep a process of its own.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { OWN_PROCESS, PROCESS_STATE } from '../support/process-sharing.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

function testFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.posix.join(folder, f.split(path.sep).join('/')));
}

it('lists every test file that touches process state, and only files that exist', () => {
  const touching = testFiles('test').filter(
    (file) =>
      file !== 'test/ci/process-sharing.test.ts' && PROCESS_STATE.test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
  );
  expect(touching.sort()).toEqual([...OWN_PROCESS].sort());
});

it('recognises what touches process state', () => {
  for (const line of [
    "vi.mock('yaml')",
    'vi.spyOn(console, "warn")',
    'vi.useFakeTimers()',
    'process.env.X = "1"',
    'delete process.env.X',
    'process.exitCode = 1',
    "process.chdir('/tmp')",
  ])
    expect(PROCESS_STATE.test(line), line).toBe(true);
  for (const line of ['const x = process.env.X;', "process.env.X === '1'", 'vi.fn()', 'process.exitCode === 1'])
    expect(PROCESS_STATE.test(line), line).toBe(false);
});
