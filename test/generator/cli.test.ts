// Issue 3: the generate command as users run it (node generator/run.mjs: the bundled generator), on a copy of
// the project: --check passes on a fresh tree, fails and names the
// stale files after a spec edit, and --watch regenerates on a spec change and says what changed.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../generator/model/index.js';

let copy: string;
const env = () => ({ ...process.env, SPEC_FIRST_GENERATOR_CACHE: path.join(copy, '.generator-cache') });
const generate = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(copy, 'generator', 'run.mjs'), ...args], {
    cwd: copy,
    encoding: 'utf8',
    env: env(),
  });

/** Changes the description of the analytics spec: only analytics/openapi.json depends on it. */
function editAnalyticsSpec(marker: string): void {
  const file = path.join(copy, 'specs', 'analytics', 'openapi.yaml');
  const text = fs.readFileSync(file, 'utf8');
  const edited = text.replace(/^(info:\n(?: {2}.*\n)*? {2}title: .*)$/m, `$1 ${marker}`);
  expect(edited).not.toBe(text);
  fs.writeFileSync(file, edited);
}

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'generate-cli-'));
  for (const dir of ['generator', 'templates', 'specs', 'generated'])
    fs.cpSync(path.join(ROOT, dir), path.join(copy, dir), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(copy, 'package.json'));
  fs.copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(copy, 'package-lock.json'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
});
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));
/** The watchers started here: killed after each test, also one whose test failed or timed out while waiting. */
const watchers = new Set<ChildProcess>();
afterEach(() => {
  for (const watcher of watchers) watcher.kill('SIGKILL');
  watchers.clear();
});

describe('npm run generate', () => {
  it('--check passes on an up-to-date tree', () => {
    const run = generate('--check');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/generated\/ is up to date \(\d+ files\)/);
  }, 120_000);

  it('--check exits non-zero and names exactly the stale files after a spec edit', () => {
    editAnalyticsSpec('(edited)');
    const run = generate('--check');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('generated/ is stale');
    const named = run.stderr
      .split('\n')
      .filter((l) => l.startsWith('  changed'))
      .map((l) => l.trim());
    expect(named).toContain('changed  generated/analytics/openapi.json');
    expect(named.every((l) => l.includes('generated/analytics/'))).toBe(true);
  }, 120_000);

  it('a regeneration makes --check pass again: a second run would change no byte', () => {
    const regenerated = generate();
    expect(regenerated.status).toBe(0);
    expect(regenerated.stdout).not.toMatch(/; 0 changed\./);
    // --check compares what a run would write with what is there, file by file: the second run, without writing.
    const check = generate('--check');
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 120_000);

  it('a spec that does not bundle fails with the reason and no stack trace, writing nothing', () => {
    const file = path.join(copy, 'specs', 'generative', 'openapi.yaml');
    const text = fs.readFileSync(file, 'utf8');
    const before = fs.readFileSync(path.join(copy, 'generated', 'generative', 'types.ts'), 'utf8');
    fs.writeFileSync(file, text.replace(/\$ref: '#\/components\/schemas\/([A-Za-z]+)'/, "$ref: './missing.yaml#/$1'"));
    try {
      const run = generate();
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^generate failed: Spec generative does not bundle/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(fs.readFileSync(path.join(copy, 'generated', 'generative', 'types.ts'), 'utf8')).toBe(before);
    } finally {
      fs.writeFileSync(file, text);
    }
  }, 120_000);

  it('--watch regenerates a changed spec and prints what changed', async () => {
    const watcher = spawn(process.execPath, [path.join(copy, 'generator', 'run.mjs'), '--watch'], {
      cwd: copy,
      env: env(),
    });
    watchers.add(watcher);
    let out = '';
    watcher.stdout.on('data', (d) => (out += d));
    watcher.stderr.on('data', (d) => (out += d));
    /** Resolves once the output so far matches (checked on each chunk; the test's timeout bounds the wait). */
    const waitFor = (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const check = () => {
          const match = out.match(pattern);
          if (!match) return;
          watcher.stdout.off('data', check);
          resolve(match);
        };
        // Added after the line that appends the chunk: `out` holds it when this runs.
        watcher.stdout.on('data', check);
        watcher.once('exit', (code) => reject(new Error(`watch exited (${code}); it printed:\n${out}`)));
        check();
      });
    // Printed once the folders are watched (generator/watch-then-say.ts): one edit, made at once, is seen.
    await waitFor(/watching specs\/ and templates\//);
    editAnalyticsSpec('(watched)');
    const [line] = await waitFor(
      /analytics regenerated in \d+ ms; \d+ file\(s\) changed\n(?:.*\n)*?.*changed +generated\/analytics\/openapi\.json/,
    );
    expect(line).not.toContain('ad-creative');
    expect(
      JSON.parse(fs.readFileSync(path.join(copy, 'generated', 'analytics', 'openapi.json'), 'utf8')).info.title,
    ).toContain('(watched)');
  }, 120_000);
});
