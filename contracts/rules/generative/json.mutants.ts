// Generative: the mutants of the GEN-JSON-* rules (./json.rules.ts), each to be caught under its own rule.
import type { Model } from '../../../reference/generative/model/model.js';
import { replacing } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { isGenerate, requestJson, seam, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  seam('GEN-JSON-1', 'json-mode-ignored', 'application/json is accepted and a plain text answer given', {
    model: replacing<Model>((original) => ({
      answer: (request) =>
        original.answer(
          request.generationConfig
            ? { ...request, generationConfig: { ...request.generationConfig, responseMimeType: 'text/plain' } }
            : request,
        ),
    })),
  }),
  wire(
    'GEN-JSON-1',
    'schema-ignored',
    'the responseSchema is accepted and ignored (JSON of another shape)',
    requestJson(isGenerate, (body) => {
      if (body.generationConfig?.responseSchema) delete body.generationConfig.responseSchema;
    }),
  ),
];
