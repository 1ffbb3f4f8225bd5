// A planted defect ("mutant") in a conforming implementation of one service, for the mutation gate
// (`npm run mutants`): the suite must report it as FAIL under `rule`. Defects are planted from outside the
// implementation, which carries no test-only branch. Two ways:
//  - `wrap`: on the wire, around the service's request listener (./wire.ts): rewrite the request before the
//    service sees it (drop `sort` = "validated, then ignored"; sanitise an invalid value into a valid one, so
//    the service "accepts" it), answer in the service's place, or rewrite its answer (reorder columns, change
//    a code);
//  - `decorate`: stand-ins for the service's seams (its store, rate limiter, model, clock: each service's
//    `reference/<service>/seams.ts` lists them), built with ./decorate.ts: a uniqueness check skipped (the
//    store gets a key no other creative has), an off-by-one limit (the limiter is handed one call more).
import type http from 'node:http';
import type { AnyRuleId } from '../../generated/rules.js';
import type { ServiceDecorators } from '../../reference/index.js';

export interface Mutant {
  /** Stable id, `<RULE-ID>/<short-name>`, e.g. `ANA-SORT-1/sort-ignored`. */
  id: string;
  /** The rule the suite must report FAIL for this mutant. */
  rule: AnyRuleId;
  /** What the bug is, as a user would describe it. */
  description: string;
  wrap?: (inner: http.RequestListener) => http.RequestListener;
  /** Seam name -> decorator (the reference's ReferenceOptions.decorate of the mutant's service). */
  decorate?: ServiceDecorators;
}

/** The rule a mutant id names (`<RULE-ID>/<short-name>`). */
export const ruleOfMutantId = (id: string): AnyRuleId => id.split('/')[0] as AnyRuleId;

/** A mutant planted on the wire, its rule read from its id (`<RULE-ID>/<short-name>`). */
export const wireMutant = (id: string, description: string, wrap: NonNullable<Mutant['wrap']>): Mutant => ({
  id,
  rule: ruleOfMutantId(id),
  description,
  wrap,
});
