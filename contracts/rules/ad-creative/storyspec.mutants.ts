// Ad creative: the mutants of the ADC-STORYSPEC-* rules (./storyspec.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { editCreates, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-STORYSPEC-1',
    'extra-member-dropped',
    'a second data member of object_story_spec is dropped instead of refused',
    editCreates((params) => {
      const spec = params.object_story_spec;
      if (spec?.link_data && spec.text_data) delete spec.text_data;
    }),
  ),
];
