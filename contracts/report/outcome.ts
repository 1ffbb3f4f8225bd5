// One contract test's outcome, and one rule's verdict built from the outcomes of its tests.
export type Verdict = 'pass' | 'fail' | 'not-applicable' | 'mock-limitation' | 'no-test';

/** Annotation types the harness writes and the reporters read. */
export const ANNOTATION = {
  notApplicable: 'not-applicable',
  mockLimitation: 'mock-limitation',
  exchange: 'exchange',
  /** A convention-only expectation the target broke (not a failure unless --strict). */
  warning: 'warning',
} as const;

export interface TestOutcome {
  ruleId: string;
  name: string;
  verdict: Exclude<Verdict, 'no-test'>;
  /** Why it is not applicable, what the mock could not do, or what failed. */
  detail?: string;
  /** The request and the answer that broke the rule, for a failure. */
  exchange?: string;
  durationMs: number;
}

export interface RuleVerdict {
  ruleId: string;
  service: string;
  text: string;
  verdict: Verdict;
  tests: TestOutcome[];
}

// A mock limitation outranks a pass: a rule whose tests could not all be judged is never reported passed.
const ORDER: Verdict[] = ['fail', 'mock-limitation', 'pass', 'not-applicable', 'no-test'];

/**
 * A rule fails if any of its tests fails; is a mock limitation if any test hit one; passes if any test
 * passes (tests not applicable to the target aside); else not applicable.
 */
export function ruleVerdict(tests: TestOutcome[]): Verdict {
  if (tests.length === 0) return 'no-test';
  return ORDER.find((v) => tests.some((t) => t.verdict === v)) ?? 'no-test';
}

export function ruleIdOf(testName: string): string | undefined {
  return testName.match(/^((?:ADC|ANA|GEN)(?:-[A-Z0-9]+)+)\b/)?.[1];
}
