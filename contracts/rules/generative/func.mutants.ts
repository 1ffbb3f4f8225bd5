// Generative: the mutants of the GEN-FUNC-* rules (./func.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { type Json, answerJson, isGenerate, isOnly, requestJson, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-FUNC-1',
    'mode-none-calls',
    'mode NONE is treated as ANY',
    requestJson(isGenerate, (body) => {
      if (body.toolConfig?.functionCallingConfig?.mode === 'NONE') body.toolConfig.functionCallingConfig.mode = 'ANY';
    }),
  ),
  wire(
    'GEN-FUNC-1',
    'args-miss-required',
    'function call args leave out the first declared parameter',
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      const call = body.candidates?.[0]?.content?.parts?.find((p: Json) => p.functionCall)?.functionCall;
      if (!call?.args) return undefined;
      delete call.args[Object.keys(call.args)[0]!];
      return { body };
    }),
  ),
  wire(
    'GEN-FUNC-1',
    'allowed-names-ignored',
    'allowedFunctionNames is accepted and ignored',
    requestJson(isGenerate, (body) => {
      if (body.toolConfig?.functionCallingConfig) delete body.toolConfig.functionCallingConfig.allowedFunctionNames;
    }),
  ),
];
