// Generative: the mutants of the GEN-CACHED-* rules (./cached.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { usage, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-CACHED-1',
    'prompt-excludes-cache',
    'promptTokenCount leaves out the cached tokens',
    usage((u) => {
      u.promptTokenCount -= u.cachedContentTokenCount ?? 0;
      u.totalTokenCount -= u.cachedContentTokenCount ?? 0;
    }),
  ),
  wire(
    'GEN-CACHED-1',
    'cached-count-missing',
    'cachedContentTokenCount is not reported',
    usage((u) => {
      delete u.cachedContentTokenCount;
    }),
  ),
];
