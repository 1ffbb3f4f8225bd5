// Generative: the GEN-MODEL-* rules (GEN-MODEL-1); their mutants are in ./model.mutants.ts.
import { expect } from 'vitest';
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { ctx, generate, hello } from './context.js';

ruleTests('GEN-MODEL-1', [
  [
    'an unknown model is NOT_FOUND; the fixture model answers',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(t, () => generate(client, 'no-such-model-0', hello), { status: 'NOT_FOUND', http: 404 });
      await generate(client, model, hello);
    },
  ],
  [
    'a tuned model answers as tunedModels/<id>',
    async (t) => {
      const { client } = ctx(t);
      const tuned = t.fixture('tunedModel') as string;
      const answer = await client.generateContent({ collection: 'tunedModels', model: tuned, body: hello as never });
      expect(answer.candidates?.length).toBe(1);
    },
  ],
]);
