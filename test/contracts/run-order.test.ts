// The contract files' order on a shared target (contracts/harness/run-order.ts): every service's conformance
// families first, then each service's families, its rate-limit family last, so that the throttle its burst
// leaves on a real account cannot fail a later test of that service.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import RunOrder from '../../contracts/harness/run-order.js';

const RULES_DIR = path.resolve(import.meta.dirname, '../../contracts/rules');
const SERVICES = ['ad-creative', 'analytics', 'generative'];

async function runOrder(): Promise<string[]> {
  const files = SERVICES.flatMap((s) =>
    fs
      .readdirSync(path.join(RULES_DIR, s))
      .filter((f) => f.endsWith('.rules.ts'))
      .map((f) => path.join(RULES_DIR, s, f)),
  ).reverse();
  const specs = files.map((f) => ({ moduleId: f }) as TestSpecification);
  const sorted = await new RunOrder({} as never).sort(specs);
  expect(sorted).toHaveLength(files.length);
  return sorted.map((s) => path.relative(RULES_DIR, s.moduleId));
}

describe('contract run order', () => {
  it('runs the conform and invalid families of every service first', async () => {
    const names = await runOrder();
    const first = SERVICES.flatMap((s) => [`${s}/conform.rules.ts`, `${s}/invalid.rules.ts`]);
    expect(names.slice(0, first.length)).toEqual(first);
  });

  it('then runs one service after another, its families by name', async () => {
    const rest = (await runOrder()).slice(SERVICES.length * 2).filter((n) => !n.endsWith('/rate.rules.ts'));
    expect(rest).toEqual([...rest].sort());
  });

  it.each([
    ['ad-creative', 'ADC-RATE-1'],
    ['generative', 'GEN-RATE-1'],
  ])('%s runs its rate family (%s) last', async (service, ruleId) => {
    const names = await runOrder();
    const ofService = names.filter((n) => n.startsWith(`${service}/`));
    expect(ofService.at(-1)).toBe(`${service}/rate.rules.ts`);
    // The burst's rule is in that file, and no other rule of the service follows it there.
    const text = fs.readFileSync(path.join(RULES_DIR, service, 'rate.rules.ts'), 'utf8');
    const blocks = [...text.matchAll(/^ruleTests?\(\s*'([A-Z0-9-]+)'/gm)].map((m) => m[1]);
    expect(blocks).toEqual([ruleId]);
  });
});
