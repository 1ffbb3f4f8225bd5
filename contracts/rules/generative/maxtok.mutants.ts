// Generative: the mutants of the GEN-MAXTOK-* rules (./maxtok.rules.ts), each to be caught under its own rule.
import type { DecoderFactory } from '../../../reference/generative/decoder.js';
import type { Mutant } from '../../mutants/mutant.js';
import { seam } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  seam('GEN-MAXTOK-1', 'max-tokens-ignored', 'maxOutputTokens is accepted and ignored', {
    decoder: (create: DecoderFactory) => (stops) => create(stops, undefined),
  }),
  seam('GEN-MAXTOK-1', 'max-tokens-says-stop', 'an answer cut at maxOutputTokens says STOP', {
    decoder: (create: DecoderFactory) => (stops, maxTokens) => {
      const decoder = create(stops, maxTokens);
      return {
        push: (piece) => decoder.push(piece),
        end: () => decoder.end(),
        get finish() {
          return decoder.finish === 'MAX_TOKENS' ? 'STOP' : decoder.finish;
        },
      };
    },
  }),
];
