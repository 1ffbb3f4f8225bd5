// Analytics: the mutants of the ANA-SORT-* rules (./sort.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { plan } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  plan('ANA-SORT-1/sort-ignored', 'sort is validated, then ignored', (p) => ({ ...p, sort: [] })),
  plan('ANA-SORT-1/first-key-only', 'only the first sort key is applied', (p) => ({ ...p, sort: p.sort.slice(0, 1) })),
  plan('ANA-SORT-1/descending-ignored', 'a leading - is accepted but sorts ascending', (p) => ({
    ...p,
    sort: p.sort.map((s) => ({ ...s, descending: false })),
  })),
];
