// A test's outcome is read from what the harness recorded on it (task meta), never from its name or from the
// type strings of its annotations.
import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';
import { outcomeOf } from '../../contracts/report/reporter.js';
import type { RuleMeta } from '../../contracts/report/rule-meta.js';

type State = 'passed' | 'failed' | 'skipped';

/** The parts of a finished vitest test case that the reporter reads. */
function testCase(
  name: string,
  state: State,
  rule: RuleMeta | undefined,
  extra: { errors?: string[]; note?: string } = {},
) {
  return {
    name,
    meta: () => (rule ? { rule } : {}),
    result: () => ({ state, errors: (extra.errors ?? []).map((message) => ({ message })), note: extra.note }),
    annotations: () => [{ type: 'not-applicable', message: 'an annotation is for people, not for the report' }],
    diagnostic: () => ({ duration: 5 }),
  } as unknown as TestCase;
}

describe('outcomeOf', () => {
  it('takes the rule id from the meta, whatever the test is called', () => {
    expect(outcomeOf(testCase('a test with any name', 'passed', { ruleId: 'ANA-SORT-1' }))).toMatchObject({
      ruleId: 'ANA-SORT-1',
      verdict: 'pass',
      durationMs: 5,
    });
  });

  it('ignores a test the harness did not record, even one named like a rule', () => {
    expect(outcomeOf(testCase('ANA-SORT-1 sorts', 'passed', undefined))).toBeUndefined();
  });

  it.each([
    [
      'skipped',
      { verdict: 'not-applicable', detail: 'no shortVideo fixture' },
      'not-applicable',
      'no shortVideo fixture',
    ],
    [
      'skipped',
      { verdict: 'mock-limitation', detail: 'the mock keeps nothing' },
      'mock-limitation',
      'the mock keeps nothing',
    ],
    ['failed', { verdict: 'error', detail: 'the target did not answer' }, 'error', 'the target did not answer'],
    ['failed', {}, 'fail', 'expected 400'],
  ] as const)('a %s test recorded as %j is %s', (state, found, verdict, detail) => {
    const outcome = outcomeOf(
      testCase(
        'GEN-FILE-1 x',
        state,
        { ruleId: 'GEN-FILE-1', ...found, exchange: 'GET /v1beta/files' },
        { errors: ['expected 400'] },
      ),
    );
    expect(outcome).toMatchObject({ ruleId: 'GEN-FILE-1', verdict, detail });
    if (verdict !== 'not-applicable') expect(outcome?.exchange).toBe('GET /v1beta/files');
  });

  it('carries the warnings recorded on the test', () => {
    const outcome = outcomeOf(
      testCase('t', 'passed', { ruleId: 'ADC-TEXT-1', warnings: ['exact code by convention only'] }),
    );
    expect(outcome?.warnings).toEqual(['exact code by convention only']);
  });
});
