// Ad creative: the mutants of the ADC-BODY-* rules (./body.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { editCreates, refuseCreates, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-BODY-1',
    'video-body-accepted',
    'body is accepted on video post creatives (and dropped)',
    editCreates((params) => {
      if (params.object_story_spec?.video_data) delete params.body;
    }),
  ),
  wire(
    'ADC-BODY-1',
    'body-refused-on-posts',
    'body is refused on every object_story_spec creative',
    refuseCreates(
      (params) => params.object_story_spec !== undefined && params.body !== undefined,
      'Param body is not supported for video post creatives (object_story_spec[video_data])',
    ),
  ),
];
