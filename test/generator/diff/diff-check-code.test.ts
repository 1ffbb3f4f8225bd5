// `--check-code`: a small project of its own (a temp folder with a tsconfig, the package generated from the base
// spec, and code calling its client) type-checked against the revision's package; each new type error is listed
// under the change whose generated symbols it names, and errors no change explains are listed apart.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../generator/model/index.js';
import { generatePackage } from '../../../generator/pipeline.js';
import { formatGithub } from '../../../generator/diff/format-github.js';
import { formatMarkdown } from '../../../generator/diff/format-markdown.js';
import { formatText } from '../../../generator/diff/format-text.js';
import { OUTPUT_SCHEMA } from '../../../generator/diff/output-schema.js';
import { runDiff } from '../../../generator/diff/run-diff.js';
import { type Doc, petstore, write } from './pairs.js';

/** A project whose `api/` is the package of `spec` (key pets) and whose `src/main.ts` is `code`. */
async function project(spec: Doc, code: string): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-first-check-code-'));
  const files = await generatePackage({ key: 'pets', spec: write(spec) }, { onWarning: () => {} });
  for (const [name, content] of files) {
    fs.mkdirSync(path.dirname(path.join(folder, 'api', name)), { recursive: true });
    fs.writeFileSync(path.join(folder, 'api', name), content);
  }
  fs.mkdirSync(path.join(folder, 'src'));
  fs.writeFileSync(path.join(folder, 'src', 'main.ts'), code);
  fs.writeFileSync(
    path.join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [path.join(ROOT, 'node_modules', '@types')],
      },
      include: ['src'],
    }),
  );
  return folder;
}

// Line 5 is an error with either package; line 6 compiles until Pet.name is no longer a string.
const CALLER = [
  "import { PetsClient } from '../api/index.js';",
  "const client = new PetsClient({ baseUrl: 'http://localhost' });",
  "export const created = await client.createPet({ limit: 5, body: { name: 'Rex' } });",
  "export const fetched = await client.getPet({ petId: 'p1' });",
  "export const broken: number = 'not a number';",
  'export const name: string = fetched.name;',
  '',
].join('\n');

const base = petstore();
let tsconfig: string;
let folder: string;
beforeAll(async () => {
  folder = await project(base, CALLER);
  tsconfig = path.join(folder, 'tsconfig.json');
}, 300_000);

describe('spec-first diff --check-code', () => {
  it('lists a call to a renamed operation under the rename, and nothing where the code still compiles', async () => {
    const renamed = petstore((d) => {
      d.paths['/pets'].post.operationId = 'addPet';
      d.components.schemas.Pet.properties.note.maxLength = 10;
    });
    const { result } = await runDiff(write(base), write(renamed), { checkCode: { tsconfig } });
    expect(result.codeCheck).toMatchObject({ package: path.join(folder, 'api'), errors: 1, unexplained: [] });
    const rename = result.changes.find((f) => f.id === 'endpoint.operation-id-changed')!;
    expect(rename.code.typeErrors).toHaveLength(1);
    expect(rename.code.typeErrors![0]).toMatchObject({ line: 3, code: 2339 });
    expect(rename.code.typeErrors![0]!.message).toContain("'createPet'");
    // The other change of the revision touches code nobody's call stops compiling over.
    for (const f of result.changes.filter((c) => c !== rename)) expect(f.code.typeErrors).toBeUndefined();

    expect(new Ajv2020({ strict: false }).validate(OUTPUT_SCHEMA, JSON.parse(JSON.stringify(result)))).toBe(true);
    expect(formatText(result)).toMatch(
      /operation-id-changed[^\n]*\n[^\n]*\n[^\n]*\n\s+tsc: [^\n]*main\.ts:3:\d+ TS2339/,
    );
  }, 300_000);

  it('names the member a required parameter added misses, and lists apart an error no change names', async () => {
    // An error already there against the base's package is not the revision's doing; a type error that names no
    // generated symbol (a property's type, read into a variable) is listed apart.
    const revision = petstore((d) => {
      d.paths['/pets'].post.parameters.push({ name: 'owner', in: 'query', required: true, schema: { type: 'string' } });
      d.components.schemas.Pet.properties.name.type = 'integer';
    });
    const { result } = await runDiff(write(base), write(revision), {
      checkCode: { tsconfig: path.join(folder, 'tsconfig.json'), package: path.join(folder, 'api') },
    });
    expect(result.codeCheck!.errors).toBe(2);
    const param = result.changes.find((f) => f.id === 'request.parameter.added-required')!;
    expect(param.code.typeErrors?.map((e) => [e.line, e.code])).toEqual([[3, 2345]]);
    expect(result.codeCheck!.unexplained.map((e) => [e.line, e.code])).toEqual([[6, 2322]]);
    expect(result.changes.filter((f) => f.code.typeErrors).map((f) => f.id)).toEqual([
      'request.parameter.added-required',
    ]);
    // CI formats: an annotation on the project's own file and line, and a section of the pull request's report.
    const annotations = formatGithub(result, 'revision.yaml', 'base.yaml').split('\n');
    expect(annotations.filter((l) => /^::error file=[^,]*main\.ts,line=\d+,col=\d+,title=TS/.test(l))).toHaveLength(2);
    expect(formatMarkdown(result)).toContain('### Type errors in your code (2)');
  }, 300_000);

  it('on the command line: exit 0 where the wire holds, the error under the change, usage errors exit 2', () => {
    const bin = path.join(ROOT, 'generator', 'bin.mjs');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [bin, 'diff', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
    const renamed = write(petstore((d) => (d.paths['/pets'].post.operationId = 'addPet')));
    const text = run(write(base), renamed, '--check-code', tsconfig);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/\n\s+tsc: [^\n]*main\.ts:3:\d+ TS2339: Property 'createPet' does not exist/);
    expect(text.stdout).toContain('1 type error(s)');
    expect(run(write(base), renamed, '--package', 'api').status).toBe(2);
    expect(run(write(base), renamed, '--check-code', path.join(folder, 'nothing.json')).status).toBe(2);
  }, 300_000);
});
