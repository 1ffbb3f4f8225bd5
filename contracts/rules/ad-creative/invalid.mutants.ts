// Ad creative: the mutants of the ADC-INVALID-* rules (./invalid.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteAnswer } from '../../mutants/wire.js';
import { isError, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-INVALID-1',
    'invalid-request-500',
    'a request that breaks the schema is answered as an internal error (HTTP 500)',
    rewriteAnswer((a) => {
      if (a.status === 400 && isError(a.json) && /Invalid parameter|Invalid request body/.test(a.json.error.message))
        return { status: 500, json: { error: { ...a.json.error, code: 1 } } };
    }),
  ),
  wire(
    'ADC-INVALID-1',
    'invalid-request-unshaped',
    'a request that breaks the schema is answered with a bare {message} instead of the Graph error shape',
    rewriteAnswer((a) => {
      if (a.status === 400 && isError(a.json) && /Invalid parameter|Invalid request body/.test(a.json.error.message))
        return { status: 400, json: { message: a.json.error.message } };
    }),
  ),
];
