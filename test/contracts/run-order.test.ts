// The contract files' order on a shared target (contracts/harness/run-order.ts): conformance first, then
// the service files; and each rate-limit rule is the last test of its file, so that the throttle its
// burst leaves on a real account cannot fail a later test of that service.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import RunOrder from '../../contracts/harness/run-order.js';

const RULES_DIR = path.resolve(import.meta.dirname, '../../contracts/rules');

describe('contract run order', () => {
  it('runs conformance.contract.ts first, then the other files by name', async () => {
    const files = fs
      .readdirSync(RULES_DIR)
      .filter((f) => f.endsWith('.contract.ts'))
      .reverse();
    const specs = files.map((f) => ({ moduleId: path.join(RULES_DIR, f) }) as TestSpecification);
    const sorted = await new RunOrder({} as never).sort(specs);
    const names = sorted.map((s) => path.basename(s.moduleId));
    expect(names[0]).toBe('conformance.contract.ts');
    expect(names.slice(1)).toEqual([...names.slice(1)].sort());
    expect(names).toHaveLength(files.length);
  });

  it.each([
    ['ad-creative.contract.ts', 'ADC-RATE-1'],
    ['generative.contract.ts', 'GEN-RATE-1'],
  ])('%s ends with %s', (file, ruleId) => {
    const text = fs.readFileSync(path.join(RULES_DIR, file), 'utf8');
    const blocks = [...text.matchAll(/^ruleTests?\(\s*'([A-Z0-9-]+)'/gm)].map((m) => m[1]);
    expect(blocks.at(-1)).toBe(ruleId);
  });
});
