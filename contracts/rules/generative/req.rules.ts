// Generative: the GEN-REQ-* rules (GEN-REQ-1); their mutants are in ./req.mutants.ts.
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { BAD, ctx, generate, hello, refusedBodies } from './context.js';

ruleTests('GEN-REQ-1', [
  ...refusedBodies([['a request without contents is rejected', { generationConfig: { temperature: 1 } }]]),
  [
    'a request with empty contents is rejected; one Content is answered',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(t, () => generate(client, model, { contents: [] }), BAD);
      await generate(client, model, hello);
    },
  ],
]);
