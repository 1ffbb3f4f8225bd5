// Ad creative: the mutants of the ADC-INLINE-* rules (./inline.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { seam, store } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  seam(
    'ADC-INLINE-1',
    'always-listed',
    'inline posts are listed without include_inline',
    store({ listPosts: (inner, page, query) => inner(page, { ...query, includeInline: true }) }),
  ),
  seam(
    'ADC-INLINE-1',
    'never-listed',
    'inline posts are not listed even with include_inline=true',
    store({ listPosts: (inner, page, query) => inner(page, { ...query, includeInline: false }) }),
  ),
];
