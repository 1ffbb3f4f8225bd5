// generate type-checks what it would write (strict, noUnusedLocals): a package that would not compile is reported
// as file:line and message, and the command writes nothing and exits 1.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../generator/model/index.js';
import { generatePackage } from '../../generator/pipeline.js';
import { runtimeFiles } from '../../generator/emitters/runtime.js';
import { checkRuntime, runtimeSources } from '../../generator/runtime-declarations.js';
import { GENERATED_CODE_OPTIONS, TypeChecker, typeCheckPackages } from '../../generator/typecheck.js';

const SPEC = path.join(import.meta.dirname, 'fixtures', 'foreign-features', 'openapi.yaml');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'typecheck-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
/** The package of SPEC, generated once for the tests that break a copy of it. */
let generated: Promise<Map<string, string>> | undefined;
const featuresPackage = () => (generated ??= generatePackage({ key: 'features', spec: SPEC }));
/** One checker for the checks after the first: the standard library and @types/node are parsed once for them. */
const checker = new TypeChecker();

describe('the type-check of a generated package', () => {
  it('passes on what the generator writes, and names file, line and message of what would not compile', async () => {
    const files = await featuresPackage();
    expect(typeCheckPackages(new Map([['features', files]])).get('features')).toEqual([]);
    const broken = new Map(files);
    broken.set('client.ts', `${files.get('client.ts')}\nconst unused = 1;\nexport const n: number = 'text';\n`);
    const lines = broken.get('client.ts')!.split('\n').length;
    const errors = checker.check(new Map([['features', broken]])).get('features')!;
    expect(errors).toEqual([
      { file: 'client.ts', line: lines - 2, message: "'unused' is declared but its value is never read." },
      { file: 'client.ts', line: lines - 1, message: "Type 'string' is not assignable to type 'number'." },
    ]);
  }, 120_000);

  it("compiles the whole runtime of templates/runtime strictly with Node's declarations and no DOM, once, into the declarations packages are checked against", () => {
    const runtime = runtimeSources(runtimeFiles());
    expect([...runtime.keys()]).toContain('runtime/server/index.ts');
    const checked = checkRuntime(runtime, GENERATED_CODE_OPTIONS);
    expect('errors' in checked ? checked.errors : []).toEqual([]);
    const { declarations } = checked as { declarations: Map<string, string> };
    // One declaration file for each runtime file, and nothing of an implementation in them.
    expect([...declarations.keys()].sort()).toEqual(
      [...runtime.keys()].map((name) => name.replace(/(?<!\.d)\.ts$/, '.d.ts')).sort(),
    );
    expect(declarations.get('runtime/server/index.d.ts')).toMatch(/^export /m);
    // Read back from the cache (a process of its own would find the same), file by file: modules that import each
    // other keep their own declarations.
    const cached = checkRuntime(new Map([...runtime].reverse()), GENERATED_CODE_OPTIONS);
    expect('declarations' in cached && Object.fromEntries(cached.declarations)).toEqual(
      Object.fromEntries(declarations),
    );
  }, 120_000);

  it('names file, line and message of an error in the runtime a package carries', async () => {
    const files = await featuresPackage();
    const broken = new Map(files);
    const name = [...files.keys()].find((f) => f.startsWith('runtime/client/') && f.endsWith('.ts'))!;
    broken.set(name, `${files.get(name)}\nexport const text: string = 1;\n`);
    const lines = broken.get(name)!.split('\n').length;
    expect(checker.check(new Map([['features', broken]])).get('features')).toEqual([
      { file: name, line: lines - 1, message: "Type 'number' is not assignable to type 'string'." },
    ]);
    // The same package with its runtime intact (its declarations then from the cache) compiles.
    expect(checker.check(new Map([['features', files]])).get('features')).toEqual([]);
  }, 120_000);

  // In this thread, and on the worker that parses the declarations while the package is made.
  it.each(['main', 'worker'])(
    'generate --spec --typecheck type-checks the package and writes it when it compiles (%s thread)',
    (thread) => {
      const out = path.join(tmp, `out-${thread}`);
      const run = spawnSync(
        process.execPath,
        [path.join(ROOT, 'generator', 'run.mjs'), '--spec', SPEC, '--out', out, '--typecheck'],
        {
          cwd: ROOT,
          encoding: 'utf8',
          env: { ...process.env, SPEC_FIRST_TYPECHECK_THREAD: thread },
        },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(fs.existsSync(path.join(out, 'client.ts'))).toBe(true);
    },
    300_000,
  );

  it('by default generate --spec writes the package without the check (docs/adr/0008); --typecheck and --skip-typecheck exclude each other', () => {
    const run = (out: string, ...flags: string[]) =>
      spawnSync(process.execPath, [path.join(ROOT, 'generator', 'run.mjs'), '--spec', SPEC, '--out', out, ...flags], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    const unchecked = run(path.join(tmp, 'unchecked'));
    expect(unchecked.stderr).toBe('');
    expect(unchecked.status).toBe(0);
    expect(fs.existsSync(path.join(tmp, 'unchecked', 'client.ts'))).toBe(true);
    // --typecheck alone is the two runs above (this machine's default thread is one of them).
    const both = run(path.join(tmp, 'both'), '--typecheck', '--skip-typecheck');
    expect(both.status).toBe(2);
    expect(both.stderr.split('\n')[0]).toBe('--typecheck and --skip-typecheck exclude each other');
  }, 300_000);
});
