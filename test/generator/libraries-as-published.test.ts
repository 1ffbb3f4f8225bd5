// The generator uses its libraries as they are published: through the entry points their packages name, without
// patching globals or the engine's flags while it runs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../generator/model/index.js';

/** A package's module reached past its entry points, allowed where its documentation names the path. */
const DOCUMENTED_PATHS = new Set([
  // ajv's documented entry for JSON Schema draft 2020-12 (ajv has no `exports` map).
  'ajv/dist/2020.js',
]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(m?ts|mjs)$/.test(e.name) ? [full] : [];
  });
}

/** Code with its comments left out. */
function code(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/** Package specifiers (not `node:` modules, not relative paths) of imports, dynamic imports and requires. */
function packageSpecifiers(text: string): string[] {
  return [...text.matchAll(/(?:from\s*|import\s*\(\s*|require\(\s*)'([^'$]+)'/g)]
    .map((m) => m[1]!)
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:'));
}

/** Whether the specifier is a package's root or a subpath its `exports` map names one by one (no pattern). */
function isPublished(specifier: string, root = ROOT): boolean {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const subpath = specifier.slice(name.length);
  if (subpath === '') return true;
  if (DOCUMENTED_PATHS.has(specifier)) return true;
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'));
  const exported = manifest.exports && typeof manifest.exports === 'object' ? Object.keys(manifest.exports) : [];
  return exported.includes(`.${subpath}`);
}

const GENERATOR = sources(path.join(ROOT, 'generator'));

describe('the generator and its libraries', () => {
  it('tells a published entry from a module past it', () => {
    expect(isPublished('openapi-typescript')).toBe(true);
    expect(isPublished('@redocly/openapi-core/lib/bundle-oas')).toBe(true);
    // openapi-typescript's `exports` maps every file by a pattern: its dist/ modules are reachable, not published.
    expect(isPublished('openapi-typescript/dist/lib/utils.js')).toBe(false);
    expect(isPublished('ts-morph/dist/ts-morph.js')).toBe(false);
  });

  it('imports each library through an entry point it publishes', () => {
    const past = GENERATOR.flatMap((file) =>
      packageSpecifiers(code(file))
        .filter((s) => !isPublished(s))
        .map((s) => `${path.relative(ROOT, file)}: ${s}`),
    );
    expect(past).toEqual([]);
  });

  it('patches no built-in prototype and sets no V8 flag while it runs', () => {
    const found = GENERATOR.flatMap((file) => {
      const text = code(file);
      const hits = [...text.matchAll(/\b[A-Z]\w*\.prototype\.\w+\s*=(?!=)/g), ...text.matchAll(/setFlagsFromString/g)];
      return hits.map((m) => `${path.relative(ROOT, file)}: ${m[0]}`);
    });
    expect(found).toEqual([]);
  });
});
