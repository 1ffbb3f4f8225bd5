// Generative: the GEN-SYSINSTR-* rules (GEN-SYSINSTR-1); their mutants are in ./sysinstr.mutants.ts.
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTest } from '../../harness/rule-test.js';
import { BAD, ctx, generate, hello } from './context.js';

ruleTest(
  'GEN-SYSINSTR-1',
  'a system instruction with a non-text part is rejected; a text one is accepted',
  async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(
      t,
      () =>
        generate(client, model, {
          ...hello,
          systemInstruction: { parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] },
        }),
      BAD,
    );
    await generate(client, model, { ...hello, systemInstruction: { parts: [{ text: 'Answer briefly.' }] } });
  },
);
