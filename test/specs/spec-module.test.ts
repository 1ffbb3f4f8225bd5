// Data flows one way: specs -> generator -> generated -> (reference, contracts). The specs reach contracts/ and
// reference/ through specs/index.ts, never through generator/ (issue 11: one small shared module).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SERVICE_KEYS, loadSpec, resolveRef } from '../../specs/index.js';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(m?ts|mjs)$/.test(e.name) ? [full] : [];
  });
}

/** Module specifiers of static and dynamic imports that resolve into generator/. */
function importsOfGenerator(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const specifiers = [...text.matchAll(/(?:from\s*|import\s*\(\s*)'([^']+)'/g)].map((m) => m[1]!);
  return specifiers.filter(
    (s) => s.startsWith('.') && path.resolve(path.dirname(file), s).startsWith(path.join(ROOT, 'generator') + path.sep),
  );
}

describe('specs/index.ts, the shared spec module', () => {
  it.each(['contracts', 'reference'])('%s/ imports nothing from generator/', (dir) => {
    const offenders = sources(path.join(ROOT, dir)).flatMap((f) =>
      importsOfGenerator(f).map((s) => `${path.relative(ROOT, f)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('finds the offending import it is meant to find', () => {
    const probe = path.join(ROOT, 'contracts', 'harness', 'probe.ts');
    const text =
      "import { x } from '../../generator/model/build.js';\nimport { y } from '../../specs/index.js';\nconst z = await import('../../generator/cli.js');\n";
    expect(importsOfGenerator(probe, text)).toEqual(['../../generator/model/build.js', '../../generator/cli.js']);
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
});
