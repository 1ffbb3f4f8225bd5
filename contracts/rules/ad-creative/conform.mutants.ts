// Ad creative: the mutants of the ADC-CONFORM-* rules (./conform.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { operationOf, rewriteAnswer } from '../../mutants/wire.js';
import { wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-CONFORM-1',
    'preview-without-data',
    'the preview edge answers {} without its required data (former broken server)',
    rewriteAnswer((a) => {
      if (operationOf(a.method, a.url) === 'getAdCreativePreviews' && a.status === 200) return { json: {} };
    }),
  ),
  wire(
    'ADC-CONFORM-1',
    'list-without-data',
    'the creative list answers its paging without the data member',
    rewriteAnswer((a) => {
      if (a.method === 'GET' && operationOf(a.method, a.url) === 'listAdCreatives' && a.status === 200)
        return { json: { paging: a.json.paging ?? {} } };
    }),
  ),
];
