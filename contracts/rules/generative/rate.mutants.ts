// Generative: the mutants of the GEN-RATE-* rules (./rate.rules.ts), each to be caught under its own rule.
import type { GenerativeStore } from '../../../reference/generative/store.js';
import { replacing } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { answerJson, seam, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  seam('GEN-RATE-1', 'no-rate-limit', 'bursts are never limited', {
    store: replacing<GenerativeStore>((original) => ({
      projectOfKey: async (key) => {
        const project = await original.projectOfKey(key);
        return project && { ...project, rateLimitBurst: Number.MAX_SAFE_INTEGER };
      },
    })),
  }),
  wire(
    'GEN-RATE-1',
    'limit-as-503',
    'the rate limit answers 503 UNAVAILABLE instead of 429 RESOURCE_EXHAUSTED',
    answerJson(
      () => true,
      (body, status) =>
        status === 429
          ? { body: { error: { ...body.error, code: 503, status: 'UNAVAILABLE' } }, status: 503 }
          : undefined,
    ),
  ),
];
