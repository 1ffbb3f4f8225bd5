// Generative: the mutants of the GEN-GENCFG-* rules (./gencfg.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { isGenerate, requestJson, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-GENCFG-1',
    'sixth-stop-sequence-dropped',
    'stop sequences past the fifth are dropped instead of refused',
    requestJson(isGenerate, (body) => {
      if (body.generationConfig?.stopSequences?.length > 5)
        body.generationConfig.stopSequences = body.generationConfig.stopSequences.slice(0, 5);
    }),
  ),
  wire(
    'GEN-GENCFG-2',
    'candidate-count-ignored',
    'candidateCount is ignored instead of refused above 1',
    requestJson(isGenerate, (body) => {
      if (body.generationConfig) delete body.generationConfig.candidateCount;
    }),
  ),
  wire(
    'GEN-GENCFG-3',
    'temperature-clamped',
    'temperature outside 0..2 is clamped instead of refused',
    requestJson(isGenerate, (body) => {
      const t = body.generationConfig?.temperature;
      if (typeof t === 'number') body.generationConfig.temperature = Math.min(2, Math.max(0, t));
    }),
  ),
  wire(
    'GEN-GENCFG-4',
    'schema-dropped-without-json',
    'a responseSchema without application/json is dropped instead of refused',
    requestJson(isGenerate, (body) => {
      if (body.generationConfig?.responseSchema && body.generationConfig.responseMimeType !== 'application/json')
        delete body.generationConfig.responseSchema;
    }),
  ),
  wire(
    'GEN-GENCFG-5',
    'unknown-mime-type-ignored',
    'an unsupported responseMimeType is ignored instead of refused',
    requestJson(isGenerate, (body) => {
      const m = body.generationConfig?.responseMimeType;
      if (m && m !== 'text/plain' && m !== 'application/json') delete body.generationConfig.responseMimeType;
    }),
  ),
];
