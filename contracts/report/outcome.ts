// One contract test's outcome, and one rule's verdict built from the outcomes of its tests.
/**
 * `error`: the target did not answer, answered 5xx or ran out of time, so the rule could not be judged; like a
 * failure it is never a pass and fails the run.
 */
export type Verdict = 'pass' | 'fail' | 'error' | 'not-applicable' | 'mock-limitation' | 'no-test';

/** Kinds of finding: the harness shows each beside its test (an annotation) and records it in the task meta (./rule-meta.ts). */
export const ANNOTATION = {
  notApplicable: 'not-applicable',
  mockLimitation: 'mock-limitation',
  exchange: 'exchange',
  /** A convention-only expectation the target broke (not a failure unless --strict). */
  warning: 'warning',
  /** The target did not answer or answered 5xx: the test's outcome is an error. */
  targetError: 'target-error',
} as const;

export interface TestOutcome {
  ruleId: string;
  name: string;
  verdict: Exclude<Verdict, 'no-test'>;
  /** Why it is not applicable, what the mock could not do, or what failed. */
  detail?: string;
  /** The request and the answer that broke the rule, for a failure. */
  exchange?: string;
  /** Convention-only expectations the target broke (warnings; failures under --strict). */
  warnings?: string[];
  /** The engine's checks the test found broken (a FAIL's), beneath its rule id. */
  checks?: string[];
  durationMs: number;
}

export interface RuleVerdict {
  ruleId: string;
  service: string;
  text: string;
  verdict: Verdict;
  tests: TestOutcome[];
  /** Every warning of the rule's tests: convention-only expectations the target broke. */
  warnings: string[];
}

// A mock limitation outranks a pass: a rule whose tests could not all be judged is never reported passed.
const ORDER: Verdict[] = ['fail', 'error', 'mock-limitation', 'pass', 'not-applicable', 'no-test'];

/**
 * A rule fails if any of its tests fails; is an error if a test could not be judged (no answer, 5xx); is a mock limitation if any test hit one; passes if any test
 * passes (tests not applicable to the target aside); else not applicable.
 */
export function ruleVerdict(tests: TestOutcome[]): Verdict {
  if (tests.length === 0) return 'no-test';
  return ORDER.find((v) => tests.some((t) => t.verdict === v)) ?? 'no-test';
}

/** "pass" for a rule some of whose tests were not applicable says so: "pass (1 of 3 tests n/a)". */
export function verdictLabel(v: RuleVerdict, labels: Record<string, string>): string {
  const na = v.tests.filter((t) => t.verdict === 'not-applicable').length;
  return v.verdict === 'pass' && na > 0 ? `${labels.pass} (${na} of ${v.tests.length} n/a)` : labels[v.verdict]!;
}
