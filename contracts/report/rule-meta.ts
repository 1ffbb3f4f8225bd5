// What one contract test found, as typed data on the test itself (vitest's task meta): the harness writes it
// (harness/rule-test.ts), and every report (console, Markdown, JUnit, JSON) and the mutation gate read it
// through `outcomeOf`. No rule id is read back out of a test's name, no verdict out of an annotation's type.
import type { Verdict } from './outcome.js';

export interface RuleMeta {
  /** The catalogue id the test judges. */
  ruleId: string;
  /** Set when the harness ends the test other than by a plain pass or fail. */
  verdict?: Extract<Verdict, 'not-applicable' | 'mock-limitation' | 'error'>;
  /** Why it is not applicable, what the mock could not do, or why the target could not be judged. */
  detail?: string;
  /** The request and the answer that broke the rule (or that the target did not finish). */
  exchange?: string;
  /** Convention-only expectations the target broke (warnings; failures under --strict). */
  warnings?: string[];
  /** The engine's checks (contracts/engine/checks.ts) the test found broken, beneath its rule id. */
  checks?: string[];
  /** The run's target the test judged, when one run judges several (session.ts, RunTarget). */
  target?: string;
}

declare module '@vitest/runner' {
  interface TaskMeta {
    rule?: RuleMeta;
  }
}
