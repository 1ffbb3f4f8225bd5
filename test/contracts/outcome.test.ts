// How a rule's verdict follows from its tests: a mock limitation is never reported as a pass.
import { describe, expect, it } from 'vitest';
import { markdownReport, summaryLine } from '../../contracts/report/markdown.js';
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
    [['pass', 'error'], 'error'],
    [['not-applicable', 'error', 'mock-limitation'], 'error'],
    [['error', 'fail'], 'fail'],
    [[], 'no-test'],
  ] as const)('%j -> %s', (verdicts, expected) => {
    expect(ruleVerdict(verdicts.map((v) => t(v)))).toBe(expected);
  });
});

describe('the report', () => {
  const verdict = (ruleId: string, v: TestOutcome['verdict'], warnings: string[] = []) => ({
    ruleId,
    service: 'analytics',
    text: `${ruleId} text`,
    verdict: v,
    tests: [{ ...t(v), ruleId, warnings }],
    warnings,
  });

  it('counts pass, FAIL, ERROR, warnings, mock limitations and not applicable', () => {
    const line = summaryLine([
      verdict('A-1', 'pass', ['x']),
      verdict('A-2', 'fail'),
      verdict('A-3', 'not-applicable'),
      verdict('A-4', 'mock-limitation'),
      verdict('A-5', 'error'),
    ]);
    expect(line).toBe(
      '5 rules (5 tests): 1 pass, 1 FAIL, 1 ERROR, 1 with warnings, 1 mock limitation, 1 not applicable, 0 without a test',
    );
  });

  it('lists convention-only broken expectations under their rule in a warnings section', () => {
    const md = markdownReport('t', [
      verdict('A-1', 'pass', [
        'exact error 400 FAILED_PRECONDITION, by convention only; the target answered 400 INVALID_ARGUMENT',
      ]),
      verdict('A-2', 'pass'),
    ]);
    expect(md).toMatch(/## Warnings[\s\S]*### A-1\n\n- exact error 400 FAILED_PRECONDITION/);
    expect(md).not.toMatch(/### A-2/);
  });
});
