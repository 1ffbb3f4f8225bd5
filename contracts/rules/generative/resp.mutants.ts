// Generative: the mutants of the GEN-RESP-* rules (./resp.rules.ts), each to be caught under its own rule.
import type { SafetyFilter } from '../../../reference/generative/safety.js';
import { replacing } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { answerJson, isOnly, neverBlocks, seam, wire } from './mutant-context.js';

/** A safety filter whose ratings list the first category twice. */
const ratesFirstTwice = replacing<SafetyFilter>((original) => ({
  rate: (text) => {
    const ratings = original.rate(text);
    return ratings.length ? [...ratings, { ...ratings[0]! }] : ratings;
  },
}));

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-RESP-1',
    'blocked-prompt-answers-candidate',
    'a blocked prompt still answers an empty candidate',
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      if (!body.promptFeedback?.blockReason || body.candidates) return undefined;
      body.candidates = [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 }];
      return { body };
    }),
  ),
  wire(
    'GEN-RESP-1',
    'two-candidates',
    'every answer carries its candidate twice',
    answerJson(isOnly('POST', /:generateContent$/), (body) =>
      body.candidates?.length
        ? { body: { ...body, candidates: [body.candidates[0], { ...body.candidates[0], index: 1 }] } }
        : undefined,
    ),
  ),
  seam('GEN-RESP-2', 'prompt-never-blocked', 'prompts are never blocked', { promptFilter: neverBlocks }),
  wire(
    'GEN-RESP-2',
    'block-without-reason',
    'a blocked prompt answers no candidates but no blockReason either',
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      if (!body.promptFeedback?.blockReason) return undefined;
      delete body.promptFeedback.blockReason;
      return { body };
    }),
  ),
  seam('GEN-RESP-3', 'duplicate-ratings', 'the first category is rated twice', {
    promptFilter: ratesFirstTwice,
    answerFilter: ratesFirstTwice,
  }),
];
