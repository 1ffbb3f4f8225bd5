// Ad creative: the mutants of the ADC-LINK-* rules (./link.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { editCreates, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-LINK-1',
    'default-title',
    'a link ad without title gets a default title instead of a refusal',
    editCreates((params) => {
      if (params.object_url !== undefined && params.title === undefined) params.title = 'Learn more';
    }),
  ),
];
