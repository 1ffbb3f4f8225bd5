// The contract suite against the generated server stubs with example handlers (--target stubs): a stateless
// target of this project's own, judged strictly. No rule fails and nothing is excused as a "mock limitation"
// (that verdict is Prism's alone): a stateless rule either passes, or its test took the stateless shortcut
// (the part needing state skipped) and is then not applicable, never passed.
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../generated/rules.js';
import { runSuite, type Verdict } from '../support/contract-run.js';

describe('contract suite against the generated stubs', () => {
  let verdicts: Verdict[] = [];
  let exitCode = 0;

  beforeAll(async () => {
    ({ verdicts, exitCode } = await runSuite(['--target', 'stubs'], 'generated stubs'));
  }, 240_000);

  it('exits zero with no failure and no mock limitation', () => {
    expect(
      verdicts
        .filter((v) => v.verdict === 'fail' || v.verdict === 'mock-limitation')
        .map((v) => `${v.ruleId} ${v.verdict}`),
    ).toEqual([]);
    expect(exitCode).toBe(0);
  });

  it('passes every rule a stateless target can honour, or says which part it could not judge', () => {
    const stateless = new Set<string>(ALL_RULES.filter((r) => !r.statefulOnly).map((r) => r.id));
    const judged = verdicts.filter((v) => stateless.has(v.ruleId));
    expect(judged.filter((v) => v.verdict === 'pass').length).toBeGreaterThan(30);
    const unexplained = judged
      .filter((v) => v.verdict !== 'pass')
      .filter(
        (v) =>
          !v.tests.every(
            (t) =>
              t.verdict === 'not-applicable' &&
              /^partly judged on a stateless target|^fixture|not configured/.test(t.detail ?? ''),
          ),
      )
      .map((v) => `${v.ruleId} ${v.verdict}: ${v.tests.map((t) => t.detail).join(' | ')}`);
    expect(unexplained).toEqual([]);
  });

  it('reports rules that need stored state as not applicable, never as passed', () => {
    const stateful = ALL_RULES.filter((r) => r.statefulOnly).map((r) => r.id as string);
    expect(stateful.length).toBeGreaterThan(0);
    for (const id of stateful) expect(verdicts.find((v) => v.ruleId === id)?.verdict, id).toBe('not-applicable');
  });
});
