// Generative: the GEN-GENCFG-* rules (GEN-GENCFG-1, GEN-GENCFG-2, GEN-GENCFG-3, GEN-GENCFG-4, GEN-GENCFG-5); their mutants are in ./gencfg.mutants.ts.
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTest, ruleTests } from '../../harness/rule-test.js';
import { BAD, ctx, generate, hello, refusedBodies } from './context.js';

ruleTests('GEN-GENCFG-1', [
  ...refusedBodies([
    [
      'six stop sequences are rejected',
      { ...hello, generationConfig: { stopSequences: ['a', 'b', 'c', 'd', 'e', 'f'] } },
    ],
  ]),
  [
    'five stop sequences are accepted',
    async (t) => {
      const { client, model } = ctx(t);
      await generate(client, model, { ...hello, generationConfig: { stopSequences: ['a', 'b', 'c', 'd', 'e'] } });
    },
  ],
]);
ruleTest('GEN-GENCFG-2', 'candidateCount 2 is rejected; 1 is accepted', async (t) => {
  const { client, model } = ctx(t);
  await expectStatusError(t, () => generate(client, model, { ...hello, generationConfig: { candidateCount: 2 } }), BAD);
  await generate(client, model, { ...hello, generationConfig: { candidateCount: 1 } });
});
ruleTests('GEN-GENCFG-3', [
  ...refusedBodies([
    ['temperature 2.1 is rejected', { ...hello, generationConfig: { temperature: 2.1 } }],
    ['temperature -0.1 is rejected', { ...hello, generationConfig: { temperature: -0.1 } }],
  ]),
  [
    'temperatures 0 and 2 are accepted',
    async (t) => {
      const { client, model } = ctx(t);
      await generate(client, model, { ...hello, generationConfig: { temperature: 0 } });
      await generate(client, model, { ...hello, generationConfig: { temperature: 2 } });
    },
  ],
]);
ruleTests('GEN-GENCFG-4', [
  ...refusedBodies([
    [
      'responseSchema without responseMimeType is rejected',
      {
        ...hello,
        generationConfig: { responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } },
      },
    ],
    [
      'responseSchema with text/plain is rejected',
      {
        ...hello,
        generationConfig: { responseMimeType: 'text/plain', responseSchema: { type: 'STRING' } },
      },
    ],
  ]),
  [
    'responseSchema with application/json is accepted',
    async (t) => {
      const { client, model } = ctx(t);
      await generate(client, model, {
        ...hello,
        generationConfig: {
          responseMimeType: 'application/json',
          responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } },
        },
      });
    },
  ],
]);
ruleTest(
  'GEN-GENCFG-5',
  'responseMimeType text/html is rejected; text/plain and application/json are accepted',
  async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(
      t,
      () => generate(client, model, { ...hello, generationConfig: { responseMimeType: 'text/html' } }),
      BAD,
    );
    await generate(client, model, { ...hello, generationConfig: { responseMimeType: 'text/plain' } });
    await generate(client, model, { ...hello, generationConfig: { responseMimeType: 'application/json' } });
  },
);
