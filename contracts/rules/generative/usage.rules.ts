// Generative: the GEN-USAGE-* rules (GEN-USAGE-1); their mutants are in ./usage.mutants.ts.
import { expect } from 'vitest';
import { ruleTest } from '../../harness/rule-test.js';
import { type GenerateResponse, ctx, generate, hello, rawStream, user } from './context.js';

function expectTotal(answer: GenerateResponse, where: string) {
  const u = answer.usageMetadata as Record<string, number | undefined> | undefined;
  expect(u, `${where}: usageMetadata`).toBeDefined();
  const sum =
    (u!.promptTokenCount ?? 0) +
    (u!.candidatesTokenCount ?? 0) +
    (u!.toolUsePromptTokenCount ?? 0) +
    (u!.thoughtsTokenCount ?? 0);
  expect(u!.totalTokenCount, `${where}: ${JSON.stringify(u)}`).toBe(sum);
  expect(u!.promptTokenCount ?? 0, `${where}: the prompt has tokens`).toBeGreaterThan(0);
}
ruleTest(
  'GEN-USAGE-1',
  'totalTokenCount is prompt plus candidates, on every kind of answer and the last stream event',
  async (t) => {
    const { client, model } = ctx(t);
    const plain = await generate(client, model, hello);
    expect(plain.usageMetadata?.candidatesTokenCount ?? 0, 'a normal answer has candidate tokens').toBeGreaterThan(0);
    expectTotal(plain, 'a normal answer');
    expectTotal(await generate(client, model, user('Tell a story about a garden in 60 words.')), 'a longer answer');
    expectTotal(
      await generate(client, model, { ...hello, systemInstruction: { parts: [{ text: 'Answer briefly.' }] } }),
      'with a system instruction',
    );
    expectTotal(
      await generate(client, model, { ...hello, generationConfig: { responseMimeType: 'application/json' } }),
      'a JSON answer',
    );
    const stream = await rawStream(t, model, user('Tell a story about a garden in 40 words.'));
    expectTotal(stream.events.at(-1) as GenerateResponse, 'the last stream event');
  },
);
