// Analytics: the mutants of the ANA-INVALID-* rules (./invalid.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteAnswer } from '../../mutants/wire.js';
import { wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ANA-INVALID-1/validation-422',
    'requests that break the schema are answered 422 instead of 400 INVALID_ARGUMENT',
    rewriteAnswer((answer) =>
      answer.status === 400 && JSON.stringify(answer.json).includes('google.rpc.BadRequest')
        ? { status: 422, json: { ...answer.json, error: { ...answer.json.error, code: 422 } } }
        : undefined,
    ),
  ),
];
