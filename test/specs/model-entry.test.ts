// Data flows one way: specs -> model -> emitters -> generated -> (reference, contracts). Code outside the
// generator sees a spec only through the model's public entry (generator/model/index.ts), which stays pure:
// nothing behind it loads an emitter, ts-morph or handlebars.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVICE_KEYS } from '../../contracts/harness/services.js';
import { generatedSpec, loadSpec, loadSpecList, ROOT, resolveRef } from '../../generator/model/index.js';

const ENTRY = path.join(ROOT, 'generator', 'model', 'index.ts');
/**
 * Modules the entry re-exports that read no spec and load nothing else of the generator (the project's root, JSON
 * pointers): code outside may import them directly, so that a process needing a path does not load the model.
 */
const LEAVES = ['root.ts', 'json-pointer.ts'].map((f) => path.join(ROOT, 'generator', 'model', f));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(full);
    return /\.(m?ts|mjs)$/.test(e.name) ? [full] : [];
  });
}

const THIS_FILE = fileURLToPath(import.meta.url);

/** Code (comments left out) that names a generated package's bundled spec file. */
function namesSpecFile(text: string): boolean {
  const code = text.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  return /['"`/]openapi\.json['"`]/.test(code);
}

/** Module specifiers of static and dynamic imports (type-only ones too). */
function specifiers(text: string): string[] {
  return [...text.matchAll(/(?:from\s*|import\s*\(\s*)'([^']+)'/g)].map((m) => m[1]!);
}

/** Module specifiers of the imports that load at run time (type-only imports and exports left out). */
function runtimeSpecifiers(text: string): string[] {
  return specifiers(text.replace(/^(?:import|export) type [^;]*;/gm, ''));
}

/** Imports of `file` that resolve into generator/ anywhere but the model's entry. */
function importsPastTheEntry(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  return specifiers(text).filter((s) => {
    if (!s.startsWith('.')) return false;
    const target = path.resolve(path.dirname(file), s).replace(/\.js$/, '.ts');
    return target.startsWith(path.join(ROOT, 'generator') + path.sep) && target !== ENTRY && !LEAVES.includes(target);
  });
}

/** Every module the entry loads at run time: project files by path, packages by name. */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  if (!file.startsWith('/')) return seen;
  for (const s of runtimeSpecifiers(fs.readFileSync(file, 'utf8'))) {
    if (s.startsWith('.')) reach(path.resolve(path.dirname(file), s).replace(/\.js$/, '.ts'), seen);
    else seen.add(s);
  }
  return seen;
}

describe('the model entry, the one way downstream code sees a spec', () => {
  it.each(['contracts', 'reference'])('%s/ imports nothing of generator/ but the entry', (dir) => {
    const offenders = sources(path.join(ROOT, dir)).flatMap((f) =>
      importsPastTheEntry(f).map((s) => `${path.relative(ROOT, f)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it.each(LEAVES)(
    '%s, imported past the entry, is re-exported by it and loads nothing else of the generator',
    (leaf) => {
      const entry = fs.readFileSync(ENTRY, 'utf8');
      expect(entry).toContain(`from './${path.basename(leaf, '.ts')}.js'`);
      const generator = [...reach(leaf)].filter((m) => m.startsWith(path.join(ROOT, 'generator') + path.sep));
      expect(generator).toEqual([leaf]);
    },
  );

  it.each(['contracts', 'reference', 'bench', 'test'])('%s/ opens no generated spec file itself', (dir) => {
    const offenders = sources(path.join(ROOT, dir))
      // The generator's own tests read what the generator wrote; everyone else asks the model.
      .filter((f) => !f.startsWith(path.join(ROOT, 'test', 'generator') + path.sep) && f !== THIS_FILE)
      .filter((f) => namesSpecFile(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it('finds the file naming a generated spec it is meant to find', () => {
    expect(namesSpecFile("JSON.parse(fs.readFileSync(path.join(ROOT, 'generated', s, 'openapi.json'), 'utf8'))")).toBe(
      true,
    );
    expect(namesSpecFile("new URL('../../generated/analytics/openapi.json', import.meta.url)")).toBe(true);
    expect(namesSpecFile('// Prism mocks of the bundled specs (generated/<service>/openapi.json)')).toBe(false);
  });

  it('finds the offending import it is meant to find', () => {
    const probe = path.join(ROOT, 'contracts', 'harness', 'probe.ts');
    const text = [
      "import { x } from '../../generator/model/build.js';",
      "import { y } from '../../generator/model/index.js';",
      "const z = await import('../../generator/cli.js');",
    ].join('\n');
    expect(importsPastTheEntry(probe, text)).toEqual(['../../generator/model/build.js', '../../generator/cli.js']);
  });

  it('reaches no emitter, ts-morph or handlebars', () => {
    const reached = [...reach(ENTRY)];
    const projectFiles = reached.filter((m) => m.startsWith('/')).map((m) => path.relative(ROOT, m));
    expect(
      projectFiles.filter((f) => !/^(generator\/model\/|generator\/config\.ts$|templates\/runtime\/)/.test(f)),
    ).toEqual([]);
    expect(reached.filter((m) => /ts-morph|handlebars|typescript$/.test(m))).toEqual([]);
  });

  it('lists the services of generator/specs.config.json, the one service list', () => {
    expect(SERVICE_KEYS).toEqual(loadSpecList().map((e) => e.key));
  });

  it('loads every service and follows its internal references', async () => {
    for (const service of SERVICE_KEYS) {
      const { document } = await loadSpec(service);
      const first = Object.values<any>(document.paths)[0];
      const op = Object.values<any>(first).find((v) => v && typeof v === 'object' && 'responses' in v);
      const ok = resolveRef(document, op.responses['200'] ?? op.responses['204'] ?? Object.values(op.responses)[0]);
      expect(ok, service).toHaveProperty('description');
    }
  });

  it('models the bundled copies the generator wrote, the same as the specs themselves', async () => {
    for (const service of SERVICE_KEYS) {
      const { document } = await loadSpec(service);
      expect(generatedSpec(service).document, service).toEqual(document);
      expect(generatedSpec(service).model.operations.length, service).toBeGreaterThan(0);
    }
  });

  it("carries an event stream's event schema (x-sse-data) on its response", () => {
    const stream = generatedSpec('generative').model.operations.find((o) => o.id === 'streamGenerateContent')!;
    expect(stream.responses.find((r) => r.status === '200')?.sseData).toEqual({
      $ref: '#/components/schemas/GenerateContentResponse',
    });
    const plain = generatedSpec('generative').model.operations.find((o) => o.id === 'generateContent')!;
    expect(plain.responses.some((r) => r.sseData !== undefined)).toBe(false);
  });

  it('refuses a reference cycle and a dangling reference with the reference named', () => {
    const doc = {
      components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } } },
    };
    expect(() => resolveRef(doc, { $ref: '#/components/schemas/A' })).toThrow(
      'reference cycle at #/components/schemas/A',
    );
    expect(() => resolveRef(doc, { $ref: '#/components/schemas/C' })).toThrow(
      'unresolved reference #/components/schemas/C',
    );
  });
});
