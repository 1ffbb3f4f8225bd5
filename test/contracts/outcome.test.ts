// How a rule's verdict follows from its tests: a mock limitation is never reported as a pass.
import { describe, expect, it } from 'vitest';
import { ruleVerdict, type TestOutcome } from '../../contracts/report/outcome.js';

const t = (verdict: TestOutcome['verdict']): TestOutcome => ({ ruleId: 'X-1', name: 'X-1 t', verdict, durationMs: 0 });

describe('ruleVerdict', () => {
  it.each([
    [['pass', 'fail', 'mock-limitation'], 'fail'],
    [['pass', 'mock-limitation'], 'mock-limitation'],
    [['pass', 'not-applicable'], 'pass'],
    [['pass', 'pass'], 'pass'],
    [['not-applicable', 'mock-limitation'], 'mock-limitation'],
    [['not-applicable'], 'not-applicable'],
    [[], 'no-test'],
  ] as const)('%j -> %s', (verdicts, expected) => {
    expect(ruleVerdict(verdicts.map((v) => t(v)))).toBe(expected);
  });
});
