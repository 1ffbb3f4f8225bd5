// Generative: the mutants of the GEN-SYSINSTR-* rules (./sysinstr.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { type Json, isGenerate, requestJson, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-SYSINSTR-1',
    'non-text-parts-dropped',
    'non-text parts of the system instruction are dropped instead of refused',
    requestJson(isGenerate, (body) => {
      if (body.systemInstruction?.parts)
        body.systemInstruction.parts = body.systemInstruction.parts.filter((p: Json) => typeof p.text === 'string');
      if (body.systemInstruction?.parts?.length === 0) delete body.systemInstruction;
    }),
  ),
];
