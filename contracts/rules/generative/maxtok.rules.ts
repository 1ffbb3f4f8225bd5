// Generative: the GEN-MAXTOK-* rules (GEN-MAXTOK-1); their mutants are in ./maxtok.mutants.ts.
import { expect } from 'vitest';
import { ruleTest } from '../../harness/rule-test.js';
import { ctx, generate, textOf, user } from './context.js';

ruleTest(
  'GEN-MAXTOK-1',
  'an answer cut at maxOutputTokens ends with MAX_TOKENS and holds at most that many tokens',
  async (t) => {
    const { client, model } = ctx(t);
    const prompt = user('Tell a long story about a garden in 200 words.');
    const free = await generate(client, model, prompt);
    expect(
      free.usageMetadata?.candidatesTokenCount ?? 0,
      'the story without a limit is longer than the limit',
    ).toBeGreaterThan(8);
    expect(free.candidates?.[0]?.finishReason).toBe('STOP');
    const cut = await generate(client, model, { ...prompt, generationConfig: { maxOutputTokens: 8 } });
    expect(cut.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
    expect(cut.usageMetadata?.candidatesTokenCount ?? 0).toBeLessThanOrEqual(8);
    expect(textOf(cut).length).toBeLessThan(textOf(free).length);
  },
);
