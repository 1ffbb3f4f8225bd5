// The generator's command line as a user meets it: `spec-first generate --spec` (the package's bin) writes a
// package whose banner names the spec it came from; a flag or command it does not take is one line and the
// usage, exit 2, never a stack trace.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../generator/model/index.js';
import { PETSTORE_EXPANDED } from './corpus.js';

const BIN = path.join(ROOT, 'generator', 'bin.mjs');
const run = (file: string, args: string[]) =>
  spawnSync(process.execPath, [file, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-first-bin-'));

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('generate on the command line', () => {
  it('is the package bin: generate --spec writes a package whose banner names its source', () => {
    expect(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).bin['spec-first']).toBe(
      'generator/bin.mjs',
    );
    const spec = path.relative(ROOT, PETSTORE_EXPANDED);
    const result = run(BIN, ['generate', '--spec', spec, '--out', out, '--quiet']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const banner = fs.readFileSync(path.join(out, 'client.ts'), 'utf8').split('\n')[0];
    expect(banner).toContain(`from ${spec}.`);
    expect(banner).not.toContain('specs/');
  }, 300_000);

  it.each([
    [path.join(ROOT, 'generator', 'run.mjs'), ['--bogus'], "generate: Unknown option '--bogus'"],
    [BIN, ['generate', '--spec', 'x.yaml', '--outdir', 'y'], "generate: Unknown option '--outdir'"],
    [BIN, ['genrate'], 'spec-first: unknown command genrate'],
  ])(
    '%s %j: one line, the usage, exit 2',
    (file, args, first) => {
      const result = run(file, args);
      expect(result.status).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines[0]).toBe(first);
      expect(lines[1]).toMatch(/^usage: /);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
    120_000,
  );
});
