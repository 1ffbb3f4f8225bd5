// A planted defect ("mutant") in a conforming implementation of one service, for the mutation gate
// (`npm run mutants`): the suite must report it as FAIL under `rule`. Two ways to plant one:
//  - `wrap`: on the wire, around the conforming service's request listener (rewrite the request before
//    the service sees it, e.g. drop `sort` = "validated, then ignored" when validation already passed on
//    the original; or rewrite the answer, e.g. reorder columns, change a code);
//  - `defects`: flags the reference service reads from its ServiceContext (reference/foundation/service.ts)
//    for bugs that live inside it (a uniqueness check skipped under concurrency, an off-by-one limit).
import type http from 'node:http';
import type { AnyRuleId } from '../../generated/rules.js';

export interface Mutant {
  /** Stable id, `<RULE-ID>/<short-name>`, e.g. `ANA-SORT-1/sort-ignored`. */
  id: string;
  /** The rule the suite must report FAIL for this mutant. */
  rule: AnyRuleId;
  /** What the bug is, as a user would describe it. */
  description: string;
  wrap?: (inner: http.RequestListener) => http.RequestListener;
  defects?: Record<string, unknown>;
}
