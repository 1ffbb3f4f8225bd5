// Generative: the mutants of the GEN-MODEL-* rules (./model.rules.ts), each to be caught under its own rule.
import type { GenerativeStore } from '../../../reference/generative/store.js';
import { replacing } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { requestHead, seam, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  seam('GEN-MODEL-1', 'unknown-model-answers', 'an unknown model answers with a default model', {
    store: replacing<GenerativeStore>((original) => ({
      model: async (name) => (await original.model(name)) ?? original.model('models/text-model-1'),
    })),
  }),
  wire(
    'GEN-MODEL-1',
    'tuned-models-unaddressable',
    'tunedModels/<id> is looked up among the base models (and not found)',
    requestHead((req) => {
      if (req.url?.startsWith('/v1beta/tunedModels/'))
        req.url = req.url.replace('/v1beta/tunedModels/', '/v1beta/models/');
    }),
  ),
];
