// Generative: the mutants of the GEN-REQ-* rules (./req.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { isGenerate, requestJson, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-REQ-1',
    'empty-contents-answered',
    'empty contents are filled in and answered instead of refused',
    requestJson(isGenerate, (body) => {
      if (Array.isArray(body.contents) && body.contents.length === 0)
        body.contents = [{ role: 'user', parts: [{ text: 'hi' }] }];
    }),
  ),
];
