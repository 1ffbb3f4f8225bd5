// Ad creative: the mutants of the ADC-PREVIEW-* rules (./preview.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { operationOf, rewriteRequest } from '../../mutants/wire.js';
import { wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-PREVIEW-1',
    'format-ignored',
    'every ad_format gets the desktop feed snippet',
    rewriteRequest((r) => {
      if (operationOf(r.method, r.url) === 'getAdCreativePreviews' && r.url.searchParams.has('ad_format'))
        r.url.searchParams.set('ad_format', 'DESKTOP_FEED_STANDARD');
    }),
  ),
  wire(
    'ADC-PREVIEW-1',
    'default-format',
    'a preview without ad_format gets a default format instead of a refusal',
    rewriteRequest((r) => {
      if (operationOf(r.method, r.url) === 'getAdCreativePreviews' && !r.url.searchParams.has('ad_format'))
        r.url.searchParams.set('ad_format', 'DESKTOP_FEED_STANDARD');
    }),
  ),
];
