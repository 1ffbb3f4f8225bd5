// Analytics: the mutants of the ANA-SCOPE-* rules (./scope.rules.ts), each to be caught under its own rule.
import { SCOPES } from '../../../reference/analytics/catalogue.js';
import type { Mutant } from '../../mutants/mutant.js';
import { access } from './mutant-context.js';

const READS = new Set(['queryReports', 'listGroups', 'listGroupItems']);
const MANAGEMENT = [SCOPES.account, SCOPES.partner];

export const MUTANTS: Mutant[] = [
  access(
    'ANA-SCOPE-1/no-scope-reports',
    'report queries skip the scope check: a token for another service gets reports',
    (original) => ({ mayCall: (op, scopes) => op === 'queryReports' || original.mayCall(op, scopes) }),
  ),
  access('ANA-SCOPE-1/readonly-refused', 'reports refused to a token with only analytics.readonly', (original) => ({
    mayCall: (op, scopes) =>
      op === 'queryReports' && ![...MANAGEMENT, SCOPES.monetary].some((s) => scopes.has(s))
        ? false
        : original.mayCall(op, scopes),
  })),
  access(
    'ANA-SCOPE-2/writes-need-management',
    'writes need account-management or partner-management (narrower than the public service)',
    (original) => ({
      mayCall: (op, scopes) => (READS.has(op) ? original.mayCall(op, scopes) : MANAGEMENT.some((s) => scopes.has(s))),
    }),
  ),
  access(
    'ANA-SCOPE-2/writes-unchecked',
    'writes skip the scope check: a token for another service changes groups',
    (original) => ({ mayCall: (op, scopes) => !READS.has(op) || original.mayCall(op, scopes) }),
  ),
];
