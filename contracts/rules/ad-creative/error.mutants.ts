// Ad creative: the mutants of the ADC-ERROR-* rules (./error.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteAnswer } from '../../mutants/wire.js';
import { isError, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-ERROR-1',
    'no-fbtrace-id',
    'error answers lose fbtrace_id',
    rewriteAnswer((a) => {
      if (isError(a.json)) {
        const { fbtrace_id: _trace, ...rest } = a.json.error;
        return { json: { error: rest } };
      }
    }),
  ),
  wire(
    'ADC-ERROR-1',
    'extra-top-level-member',
    'error answers carry a top-level success: false beside error',
    rewriteAnswer((a) => {
      if (isError(a.json)) return { json: { ...a.json, success: false } };
    }),
  ),
];
