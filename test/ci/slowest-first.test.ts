// The sequencer that starts the slowest files first names files that exist (a renamed file would silently drop
// out of the list), and puts them first in its order, slowest first.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import SlowestFirstSequencer, { SLOWEST_FILES } from '../support/slowest-first-sequencer.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the slowest-first sequencer', () => {
  it('names only files that exist', () => {
    for (const file of SLOWEST_FILES) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it('starts the listed files first, in the listed order, and keeps the order of the rest', async () => {
    const project = { name: '', config: { sequence: { groupOrder: 0 }, isolate: true } };
    const spec = (file: string) => ({ project, moduleId: path.join(ROOT, file) }) as unknown as TestSpecification;
    const others = ['test/a.test.ts', 'test/b.test.ts', 'test/c.test.ts'];
    const files = [others[0]!, SLOWEST_FILES[2]!, others[1]!, SLOWEST_FILES[0]!, others[2]!].map(spec);
    // No cached results or file stats: vitest's own order is then the given order.
    const ctx = {
      cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
      config: { root: ROOT },
    };
    const sorted = await new SlowestFirstSequencer(ctx as unknown as Vitest).sort(files);
    expect(sorted.map((s) => path.relative(ROOT, s.moduleId))).toEqual([SLOWEST_FILES[0], SLOWEST_FILES[2], ...others]);
  });
});
