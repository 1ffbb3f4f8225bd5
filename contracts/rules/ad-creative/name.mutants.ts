// Ad creative: the mutants of the ADC-NAME-* rules (./name.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { editCreates, editUpdates, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-NAME-1',
    'create-name-truncated',
    'a name over 100 characters is truncated to 100 on create instead of refused',
    editCreates((params) => {
      if (typeof params.name === 'string' && params.name.length > 100) params.name = params.name.slice(0, 100);
    }),
  ),
  wire(
    'ADC-NAME-1',
    'update-name-off-by-one',
    'an update accepts a name of 101 characters (stored cut to 100)',
    editUpdates((params) => {
      if (typeof params.name === 'string' && params.name.length === 101) params.name = params.name.slice(0, 100);
    }),
  ),
];
