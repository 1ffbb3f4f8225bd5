// Generative: the mutants of the GEN-INVALID-* rules (./invalid.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { answerJson, isOnly, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-INVALID-1',
    'error-without-status',
    'a refused file creation answers an error without its status name',
    answerJson(isOnly('POST', /^\/v1beta\/files$/), (body, status) => {
      if (status !== 400) return undefined;
      delete body.error.status;
      return { body };
    }),
  ),
];
