// Analytics: the mutants of the ANA-OWNER-* rules (./owner.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { on, rewriteQuery } from '../../mutants/wire.js';
import { REPORTS, reports, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ANA-OWNER-1/owner-as-channel',
    "contentOwner== answers the caller's own channel report",
    rewriteQuery(on('GET', REPORTS), (q) => {
      if (q.get('ids')?.startsWith('contentOwner==')) q.set('ids', 'channel==MINE');
    }),
  ),
  reports(
    'ANA-OWNER-1/owner-channel-tables',
    'content owner reports are checked against the channel report tables',
    (original) => (_kind, dims, metrics, filters) => original.reportFor('channel', dims, metrics, filters),
  ),
];
