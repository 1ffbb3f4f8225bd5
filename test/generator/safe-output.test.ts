// What generate writes: never through a symlink already in the output folder (a link named like a generated file
// or folder), and nothing of a package any of whose TypeScript files does not parse.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replaceFile, StagedFolder, UnsafeOutputError } from '../../generator/safe-write.js';
import { syntaxError } from '../../generator/syntax-check.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safe-output-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function fresh(name: string) {
  const out = path.join(dir, name, 'out');
  const elsewhere = path.join(dir, name, 'elsewhere');
  fs.mkdirSync(out, { recursive: true });
  fs.mkdirSync(elsewhere, { recursive: true });
  fs.writeFileSync(path.join(elsewhere, 'victim.txt'), 'victim');
  return { out, elsewhere };
}

describe('writing into an output folder', () => {
  it('replaces a symlink named like a file instead of writing through it', () => {
    const { out, elsewhere } = fresh('file-link');
    fs.symlinkSync(path.join(elsewhere, 'victim.txt'), path.join(out, 'README.md'));
    replaceFile(out, 'README.md', 'readme');
    expect(fs.readFileSync(path.join(elsewhere, 'victim.txt'), 'utf8')).toBe('victim');
    expect(fs.lstatSync(path.join(out, 'README.md')).isSymbolicLink()).toBe(false);
    expect(fs.readFileSync(path.join(out, 'README.md'), 'utf8')).toBe('readme');
  });

  it('refuses a symlink named like a folder, in one line, writing nothing of the package', () => {
    const { out, elsewhere } = fresh('folder-link');
    fs.symlinkSync(elsewhere, path.join(out, 'runtime'));
    const staged = new StagedFolder(out);
    staged.put('client.ts', 'export {};\n');
    staged.put('runtime/core.ts', 'export {};\n');
    expect(() => staged.commit()).toThrow(UnsafeOutputError);
    expect(() => replaceFile(out, 'runtime/core.ts', 'x')).toThrow(
      /runtime is a symlink: nothing is written through it/,
    );
    expect(fs.readdirSync(elsewhere)).toEqual(['victim.txt']);
    // Nothing moved in, and the staging folder is gone.
    expect(fs.readdirSync(out)).toEqual(['runtime']);
  });

  it('moves a staged package into place, folders made as needed', () => {
    const { out } = fresh('staged');
    const staged = new StagedFolder(out);
    staged.put('runtime/server/index.ts', 'export const a = 1;\n');
    staged.put('README.md', '# r\n');
    staged.commit();
    expect(fs.readdirSync(out).sort()).toEqual(['README.md', 'runtime']);
    expect(fs.readFileSync(path.join(out, 'runtime/server/index.ts'), 'utf8')).toBe('export const a = 1;\n');
  });
});

describe('the syntax check before writing', () => {
  it('passes TypeScript that parses, whatever its types', () => {
    expect(syntaxError('a.ts', 'export const a: Missing = undefined as never;\n')).toBe(undefined);
  });

  it('names the line of what does not parse', () => {
    expect(syntaxError('a.ts', 'export const a = 1;\nexport const b = ;\n')).toMatch(/^line 2: Expression expected/);
    expect(syntaxError('a.ts', '/** a */ b */\n')).toMatch(/^line 1: /);
  });
});
