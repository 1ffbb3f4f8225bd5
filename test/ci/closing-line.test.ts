// .ci/run's closing line counts tests only, and nothing hides: a failed suite without a failed test (an import
// error, a failed hook), a missing report, an empty run or a failed test step each count as one failed test.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of CI, without type declarations
import { closingLine } from '../../.ci/count-tests.mjs';

const report = (r: object) => JSON.stringify({ numTotalTests: 10, numPassedTests: 9, numFailedTests: 1, ...r });
const suite = (status: string, ...tests: string[]) => ({ status, assertionResults: tests.map((s) => ({ status: s })) });

describe('closing line of .ci/run', () => {
  it('counts one failed test once, not again for its suite', () => {
    const text = report({
      numFailedTestSuites: 1,
      testResults: [suite('failed', 'failed', 'passed'), suite('passed', 'passed')],
    });
    expect(closingLine(text, true)).toBe('9 passed, 1 failed');
  });

  it('counts a failed suite without a failed test as one failed test', () => {
    const text = report({
      numFailedTests: 0,
      numFailedTestSuites: 1,
      testResults: [suite('failed'), suite('passed', 'passed')],
    });
    expect(closingLine(text, true)).toBe('9 passed, 1 failed');
  });

  it('counts a missing report, an empty run and a failed step without a failed test', () => {
    expect(closingLine('', false)).toBe('0 passed, 1 failed');
    expect(
      closingLine(report({ numTotalTests: 0, numPassedTests: 0, numFailedTests: 0, testResults: [] }), false),
    ).toBe('0 passed, 1 failed');
    expect(closingLine(report({ numFailedTests: 0, testResults: [] }), true)).toBe('9 passed, 1 failed');
    expect(closingLine(report({ numFailedTests: 0, testResults: [] }), false)).toBe('9 passed, 0 failed');
  });
});
