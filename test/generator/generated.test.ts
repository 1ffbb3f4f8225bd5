// The generator's output: deterministic, identical to what is committed, self-contained, and strict-clean.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateAll } from '../../generator/pipeline.js';
import { compare, isClean } from '../../generator/writer.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('generate', () => {
  it('is deterministic and matches the committed generated/', async () => {
    const first = await generateAll();
    const second = await generateAll();
    expect([...second.files.entries()]).toEqual([...first.files.entries()]);
    const drift = compare(first.files);
    expect(isClean(drift), JSON.stringify(drift)).toBe(true);
  }, 120_000);

  it('emits packages that import nothing from the generator or node_modules', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, e.name);
        if (e.isDirectory()) walk(file);
        else if (/\.(ts|js)$/.test(e.name)) {
          const text = fs.readFileSync(file, 'utf8');
          // Real module references: import/export ... from '...', import('...'), require('...') not inside a string.
          const refs = [
            ...text.matchAll(/^\s*(?:import|export)\b[^;]*?from\s*['"]([^'"]+)['"]/gm),
            // (ajv's code generator writes `require("ajv/dist/runtime/...")` into template literals for its standalone
            // mode, which the vendored build never runs.)
            ...text.matchAll(/(?<!['"`\w.])(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g),
          ];
          for (const m of refs) {
            const spec = m[1]!;
            if (!spec.startsWith('.') && !spec.startsWith('node:'))
              offenders.push(`${path.relative(ROOT, file)} -> ${spec}`);
            if (spec.includes('generator/')) offenders.push(`${path.relative(ROOT, file)} -> ${spec}`);
          }
        }
      }
    };
    walk(path.join(ROOT, 'generated'));
    expect(offenders).toEqual([]);
  });

  it('type-checks under strict (and noUnusedLocals) on its own', () => {
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const run = () =>
      execFileSync(process.execPath, [tsc, '-p', path.join(import.meta.dirname, 'tsconfig.generated.json')], {
        encoding: 'utf8',
      });
    expect(run).not.toThrow();
  }, 120_000);
});
