// The toolkit as another project installs it (npm pack, then npm install <tarball>): the tarball holds what the
// bins run and nothing of the repository's own (tests, benches, databases), and every package the shipped code
// imports is a dependency, so that `npx spec-first ...` runs without this repository's dev tools.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../generator/model/index.js';

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** The files `npm pack` would put in the tarball. */
function packedFiles(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
}

/** The package name of a bare import specifier (`@scope/name/sub` -> `@scope/name`). */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const IMPORT = /(?:from\s+|import\(\s*|require\(\s*|resolve\(\s*)'([^.'/][^']*)'/g;

describe('the packed toolkit', () => {
  const files = packedFiles();

  it('holds the bins, the runtime templates, the specs and the generated packages, and no tests or data', () => {
    for (const bin of Object.values(manifest.bin as Record<string, string>)) expect(files).toContain(bin);
    expect(files).toContain('templates/runtime/server/router.ts');
    expect(files).toContain('generated/rules.ts');
    expect(files).toContain('specs/analytics/openapi.yaml');
    expect(files.filter((f) => /^(test|bench|\.ci)\//.test(f) || /\.sqlite/.test(f) || /\.test\.ts$/.test(f))).toEqual(
      [],
    );
  });

  it('imports only packages it lists as dependencies (and @types/node, which generate type-checks with)', () => {
    const dependencies = new Set(Object.keys(manifest.dependencies));
    const missing = new Set<string>();
    for (const file of files.filter((f) => /\.(ts|mjs|js)$/.test(f))) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, specifier] of text.matchAll(IMPORT)) {
        if (specifier!.startsWith('node:') || specifier!.includes('${')) continue;
        const name = packageOf(specifier!);
        if (!dependencies.has(name)) missing.add(`${name} (${file})`);
      }
    }
    expect([...missing]).toEqual([]);
    expect(dependencies.has('@types/node')).toBe(true);
  });
});
