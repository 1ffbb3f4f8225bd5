// Analytics: the mutants of the ANA-PAGE-* rules (./page.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { on, rewriteQuery } from '../../mutants/wire.js';
import { REPORTS, plan, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  plan('ANA-PAGE-1/max-results-ignored', 'maxResults is validated, then ignored', (p) => ({ ...p, limit: undefined })),
  plan('ANA-PAGE-1/max-results-off-by-one', 'maxResults answers one row more than asked', (p) => ({
    ...p,
    limit: p.limit === undefined ? undefined : p.limit + 1,
  })),
  plan('ANA-PAGE-1/start-index-ignored', 'startIndex is validated, then ignored', (p) => ({ ...p, offset: 0 })),
  wire(
    'ANA-PAGE-1/start-index-zero-based',
    'startIndex is read as zero-based',
    rewriteQuery(on('GET', REPORTS), (q) => {
      const start = Number(q.get('startIndex'));
      if (q.has('startIndex') && Number.isInteger(start)) q.set('startIndex', String(start + 1));
    }),
  ),
];
