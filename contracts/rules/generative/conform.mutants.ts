// Generative: the mutants of the GEN-CONFORM-* rules (./conform.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { answerJson, isOnly, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-CONFORM-1',
    'cache-tokens-as-string',
    'the cache list reports usageMetadata.totalTokenCount as a string',
    answerJson(isOnly('GET', /^\/v1beta\/cachedContents$/), (body) => {
      for (const c of body.cachedContents ?? [])
        if (c.usageMetadata) c.usageMetadata.totalTokenCount = String(c.usageMetadata.totalTokenCount);
      return { body };
    }),
  ),
];
