// Ad creative: the mutants of the ADC-URL-* rules (./url.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { editCreates, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-URL-1',
    'object-url-truncated',
    'an object_url over 1000 characters is truncated instead of refused',
    editCreates((params) => {
      const url = params.object_url;
      if (url && url.length > 1000) params.object_url = url.slice(0, 1000);
    }),
  ),
  wire(
    'ADC-URL-1',
    'nested-urls-unchecked',
    'URLs inside object_story_spec are truncated to 1000 characters instead of refused',
    editCreates((params) => {
      const data = params.object_story_spec?.link_data;
      if (typeof data?.link === 'string') data.link = data.link.slice(0, 1000);
      if (typeof data?.call_to_action?.value?.link === 'string')
        data.call_to_action.value.link = data.call_to_action.value.link.slice(0, 1000);
    }),
  ),
];
