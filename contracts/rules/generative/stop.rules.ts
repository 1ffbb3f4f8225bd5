// Generative: the GEN-STOP-* rules (GEN-STOP-1); their mutants are in ./stop.mutants.ts.
import { expect } from 'vitest';
import { ruleTest } from '../../harness/rule-test.js';
import { ctx, generate, textOf, user } from './context.js';

ruleTest('GEN-STOP-1', 'generation stops at a stop sequence, which is not in the answer', async (t) => {
  const { client, model } = ctx(t);
  const prompt = user('Repeat exactly these words: alpha bravo charlie delta echo foxtrot.');
  const free = await generate(client, model, prompt);
  if (!textOf(free).includes('charlie'))
    t.notApplicable('the model did not repeat the words it was asked to repeat (no stop sequence to observe)');
  const cut = await generate(client, model, { ...prompt, generationConfig: { stopSequences: ['charlie'] } });
  const text = textOf(cut);
  expect(text).not.toContain('charlie');
  expect(text).not.toContain('delta');
  expect(text).not.toContain('foxtrot');
  expect(cut.candidates?.[0]?.finishReason).toBe('STOP');
});
