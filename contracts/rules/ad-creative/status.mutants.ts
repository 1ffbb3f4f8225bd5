// Ad creative: the mutants of the ADC-STATUS-* rules (./status.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteRequest } from '../../mutants/wire.js';
import { editUpdates, updates, versionOf, wire, withVersion } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-STATUS-1',
    'old-version-sets-new-statuses',
    'versions before 4.0 may set IN_PROCESS and WITH_ISSUES (updates are taken as version 4.0 takes them)',
    rewriteRequest((r) => {
      if (updates(r) && versionOf(r.url) < 4) withVersion(r.url, 'v4.0');
    }),
  ),
  wire(
    'ADC-STATUS-1',
    'unknown-status-active',
    'an unknown status is read as ACTIVE',
    editUpdates((params) => {
      if (params.status !== undefined && !['ACTIVE', 'IN_PROCESS', 'WITH_ISSUES', 'DELETED'].includes(params.status))
        params.status = 'ACTIVE';
    }),
  ),
];
