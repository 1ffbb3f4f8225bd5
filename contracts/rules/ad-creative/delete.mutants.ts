// Ad creative: the mutants of the ADC-DELETE-* rules (./delete.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { operationOf, rewriteAnswer } from '../../mutants/wire.js';
import { seam, store, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  seam(
    'ADC-DELETE-1',
    'delete-keeps-active',
    'a delete answers success and keeps the creative ACTIVE',
    store({
      updateCreative: (inner, id, changes) =>
        inner(id, changes.status === 'DELETED' ? { ...changes, status: undefined } : changes),
    }),
  ),
  wire(
    'ADC-DELETE-1',
    'delete-answers-empty',
    'a delete answers {} without success',
    rewriteAnswer((a) => {
      if (operationOf(a.method, a.url) === 'deleteAdCreative' && a.status === 200) return { json: {} };
    }),
  ),
];
