// `generate` writes nothing when a file of the package does not parse, end to end: the command as a user runs it,
// from a copy of the toolkit whose runtime template (copied into every package as it is, no escaper between) has
// been broken, as a local edit or a bad merge would break it. It exits 1 with one line naming the file and the line,
// and the output folder is as it was: an existing one keeps exactly its files, a new one is not made.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../generator/model/root.js';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unparsable-package-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A copy of the toolkit's generator and templates, its dependencies linked, with one runtime file broken. */
function brokenToolkit(): string {
  const copy = path.join(dir, 'toolkit');
  for (const name of ['generator', 'templates', 'package.json', 'package-lock.json', 'tsconfig.json'])
    fs.cpSync(path.join(ROOT, name), path.join(copy, name), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  fs.appendFileSync(path.join(copy, 'templates/runtime/client/core.ts'), '\nexport const = ;\n');
  return copy;
}

const spec = path.join(dir, 'small.json');
fs.writeFileSync(
  spec,
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Small', version: '1' },
    paths: { '/a': { get: { operationId: 'getA', responses: { '200': { description: 'ok' } } } } },
  }),
);

/** The folder's files and their contents, to compare before and after. */
const contents = (folder: string) =>
  Object.fromEntries(
    fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .sort()
      .map((name) => {
        const file = path.join(folder, name);
        return [name, fs.statSync(file).isDirectory() ? 'a folder' : fs.readFileSync(file, 'utf8')];
      }),
  );

async function generate(toolkit: string, out: string, ...flags: string[]) {
  return run(process.execPath, [path.join(toolkit, 'generator/run.mjs'), '--spec', spec, '--out', out, ...flags], {
    cwd: dir,
    // The copy's bundle in a cache of its own: through the linked node_modules it would share the project's
    // cache folder, where a new bundle removes the others while other test files run theirs.
    env: { ...process.env, SPEC_FIRST_GENERATOR_CACHE: path.join(dir, 'generator-cache') },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('generate with a file that does not parse', () => {
  const toolkit = brokenToolkit();

  for (const flags of [[], ['--typecheck']])
    it(`exits 1 in one line and leaves the output folder as it was (${flags.join(' ') || 'default'})`, async () => {
      const existing = path.join(dir, `existing${flags.join('')}`);
      fs.mkdirSync(path.join(existing, 'runtime'), { recursive: true });
      fs.writeFileSync(path.join(existing, 'client.ts'), '// the user’s previous package\n');
      fs.writeFileSync(path.join(existing, 'runtime', 'notes.txt'), 'kept\n');
      const before = contents(existing);
      const result = await generate(toolkit, existing, ...flags);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toEqual([
        `generate: ${path.join(existing, 'runtime/client/core.ts')} does not parse (line ${result.stderr.match(/line (\d+)/)?.[1]}: Variable declaration expected.); nothing was written`,
      ]);
      expect(contents(existing)).toEqual(before);
      // Nothing staged beside it either.
      expect(fs.readdirSync(dir).filter((name) => name.startsWith(`existing${flags.join('')}`))).toEqual([
        `existing${flags.join('')}`,
      ]);

      const fresh = path.join(dir, `fresh${flags.join('')}`);
      const second = await generate(toolkit, fresh, ...flags);
      expect(second.code).toBe(1);
      expect(fs.existsSync(fresh)).toBe(false);
    }, 180_000);

  it('writes the package once the runtime parses again (the same command, the same folder)', async () => {
    const core = path.join(toolkit, 'templates/runtime/client/core.ts');
    fs.writeFileSync(core, fs.readFileSync(core, 'utf8').replace('\nexport const = ;\n', ''));
    const out = path.join(dir, 'existing');
    const result = await generate(toolkit, out);
    expect(result.code).toBe(0);
    expect(fs.readFileSync(path.join(out, 'client.ts'), 'utf8')).toContain('getA');
  }, 180_000);
});
