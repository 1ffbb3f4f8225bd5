// Generative: the mutants of the GEN-USAGE-* rules (./usage.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { answerJson, isOnly, usage, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-USAGE-1',
    'total-off-by-one',
    'totalTokenCount is one more than prompt plus candidates',
    usage((u) => {
      u.totalTokenCount += 1;
    }),
  ),
  wire(
    'GEN-USAGE-1',
    'total-is-prompt',
    'totalTokenCount leaves out the candidates',
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      if (!body.usageMetadata) return undefined;
      body.usageMetadata.totalTokenCount = body.usageMetadata.promptTokenCount;
      return { body };
    }),
  ),
];
