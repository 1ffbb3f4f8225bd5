// Generative: the GEN-RESP-* rules (GEN-RESP-1, GEN-RESP-2, GEN-RESP-3); their mutants are in ./resp.mutants.ts.
import { expect } from 'vitest';
import { ruleTest, ruleTests, type RuleContext } from '../../harness/rule-test.js';
import {
  type GenerateResponse,
  RANK,
  ctx,
  generate,
  hello,
  onlyThreshold,
  rawStream,
  safetyPrompts,
  strongest,
  user,
} from './context.js';

function negligible(t: RuleContext) {
  const found = safetyPrompts(t).find((p) => p.probability === 'NEGLIGIBLE');
  if (!found) t.notApplicable('fixture generative.safetyPrompts has no NEGLIGIBLE prompt');
  return found;
}
function expectOneRatingPerCategory(answer: GenerateResponse, where: string) {
  const lists = [
    answer.promptFeedback?.safetyRatings ?? [],
    ...(answer.candidates ?? []).map((c) => c.safetyRatings ?? []),
  ];
  for (const list of lists) {
    const categories = list.map((r) => r.category);
    expect(new Set(categories).size, `${where}: ratings ${JSON.stringify(categories)}`).toBe(categories.length);
  }
}

ruleTests('GEN-RESP-1', [
  [
    'a normal prompt answers exactly one candidate',
    async (t) => {
      const { client, model } = ctx(t);
      const answer = await generate(client, model, hello);
      expect(answer.candidates?.length).toBe(1);
      expect(answer.promptFeedback?.blockReason).toBeUndefined();
    },
  ],
  [
    'no candidate only with a prompt problem in promptFeedback',
    async (t) => {
      const { client, model } = ctx(t);
      const unsafe = strongest(t);
      if (t.partlyJudged('a stateless target does not rate prompts')) return;
      const answer = await generate(client, model, {
        ...user(unsafe.prompt),
        safetySettings: onlyThreshold(unsafe.category, 'BLOCK_LOW_AND_ABOVE'),
      });
      expect(answer.candidates ?? []).toHaveLength(0);
      expect(answer.promptFeedback?.blockReason).toBeDefined();
    },
  ],
]);
ruleTest(
  'GEN-RESP-2',
  'a blocked prompt has blockReason SAFETY, its rating, and no candidates; a harmless one is answered',
  async (t) => {
    const { client, model } = ctx(t);
    const unsafe = strongest(t);
    const answer = await generate(client, model, {
      ...user(unsafe.prompt),
      safetySettings: onlyThreshold(unsafe.category, 'BLOCK_LOW_AND_ABOVE'),
    });
    expect(answer.promptFeedback?.blockReason).toBe('SAFETY');
    expect(answer.candidates ?? []).toHaveLength(0);
    expect(
      answer.promptFeedback?.safetyRatings?.some((r) => r.category === unsafe.category && RANK[r.probability]! >= 1),
    ).toBe(true);
    const fine = await generate(client, model, {
      ...user(negligible(t).prompt),
      safetySettings: onlyThreshold(unsafe.category, 'BLOCK_LOW_AND_ABOVE'),
    });
    expect(fine.promptFeedback?.blockReason).toBeUndefined();
    expect(fine.candidates?.length).toBe(1);
  },
);
ruleTest(
  'GEN-RESP-3',
  'safety ratings hold at most one rating per category (answers, blocked prompts, stream events)',
  async (t) => {
    const { f, client, model } = ctx(t);
    expectOneRatingPerCategory(await generate(client, model, hello), 'a normal answer');
    const rated = safetyPrompts(t)
      .filter((p) => p.probability !== 'NEGLIGIBLE')
      .slice(0, 4);
    for (const p of rated)
      expectOneRatingPerCategory(
        await generate(client, model, {
          ...user(p.prompt),
          safetySettings: onlyThreshold(p.category, 'BLOCK_LOW_AND_ABOVE'),
        }),
        `${p.category} ${p.probability}`,
      );
    const stream = await rawStream(t, model, user('Tell a story about a garden in 40 words.'));
    stream.events.forEach((e, i) => expectOneRatingPerCategory(e as GenerateResponse, `stream event ${i}`));
    void f;
  },
);
