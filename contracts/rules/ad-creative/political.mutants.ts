// Ad creative: the mutants of the ADC-POLITICAL-* rules (./political.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { editCreates, refuseCreates, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-POLITICAL-1',
    'dynamic-ad-accepted',
    'authorization_category is accepted on dynamic ads (and dropped)',
    editCreates((params) => {
      if (params.product_set_id !== undefined || params.object_story_spec?.template_data)
        delete params.authorization_category;
    }),
  ),
  wire(
    'ADC-POLITICAL-1',
    'refused-everywhere',
    'authorization_category is refused on every creative',
    refuseCreates(
      (params) => params.authorization_category !== undefined && params.authorization_category !== 'NONE',
      'Param authorization_category is not available for dynamic ads (product_set_id or template_data)',
    ),
  ),
];
