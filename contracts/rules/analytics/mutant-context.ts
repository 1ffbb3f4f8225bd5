// What the analytics families' mutants (./<family>.mutants.ts) share. They are planted defects in the analytics
// reference (reference/analytics/), one or more per rule id: the suite must
// report each as FAIL under its rule. Each is planted from outside the service: on the wire (wire.ts: a request
// rewritten before the service sees it, or its answer after), or around one of the parts the service is built
// from (parts.ts): `store` (AnalyticsStore), `access` (AccessPolicy: scopes), `reports` (ReportCatalogue: which
// report table answers) and `groups` (GroupPolicy: what a group holds, who creates which).
import type { AccessPolicy } from '../../../reference/analytics/access.js';
import type { ReportCatalogue } from '../../../reference/analytics/combinations.js';
import type { AnalyticsStore, ReportPlan } from '../../../reference/analytics/store.js';
import type { Mutant } from '../../mutants/mutant.js';
import { replacing } from '../../mutants/decorate.js';
import type { Wrap } from '../../mutants/wire.js';

type Rule = Mutant['rule'];
export const ruleOf = (id: string) => id.split('/')[0] as Rule;
export function wire(id: string, description: string, wrap: Wrap): Mutant {
  return { id, rule: ruleOf(id), description, wrap };
}
/** A defect around the store: `replace` gives the methods that behave differently. */
export function store(
  id: string,
  description: string,
  replace: (original: AnalyticsStore) => Partial<AnalyticsStore>,
): Mutant {
  return { id, rule: ruleOf(id), description, decorate: { store: replacing(replace) } };
}
/** A defect in the reports the store is asked for: the plan the service made, changed. */
export function plan(id: string, description: string, change: (plan: ReportPlan) => ReportPlan): Mutant {
  return store(id, description, (original) => ({ report: (p) => original.report(change(p)) }));
}
export function access(
  id: string,
  description: string,
  replace: (original: AccessPolicy) => Partial<AccessPolicy>,
): Mutant {
  return { id, rule: ruleOf(id), description, decorate: { access: replacing(replace) } };
}
export function reports(
  id: string,
  description: string,
  replace: (original: ReportCatalogue) => ReportCatalogue['reportFor'],
): Mutant {
  return {
    id,
    rule: ruleOf(id),
    description,
    decorate: { reports: replacing<ReportCatalogue>((original) => ({ reportFor: replace(original) })) },
  };
}
export const REPORTS = /^\/v2\/reports$/;
export const GROUPS = /^\/v2\/groups$/;
