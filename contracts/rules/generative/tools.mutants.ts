// Generative: the mutants of the GEN-TOOLS-* rules (./tools.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { type Json, isGenerate, requestJson, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-TOOLS-1',
    'other-tools-ignored',
    'tools of other kinds are silently ignored instead of refused',
    requestJson(isGenerate, (body) => {
      if (Array.isArray(body.tools))
        body.tools = body.tools.filter((t: Json) => t.functionDeclarations || t.codeExecution);
      if (body.tools?.length === 0) delete body.tools;
    }),
  ),
];
