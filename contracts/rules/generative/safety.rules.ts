// Generative: the GEN-SAFETY-* rules (GEN-SAFETY-1, GEN-SAFETY-2, GEN-SAFETY-3, GEN-SAFETY-4, GEN-SAFETY-5, GEN-SAFETY-6); their mutants are in ./safety.mutants.ts.
import { expect } from 'vitest';
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTest, ruleTests } from '../../harness/rule-test.js';
import type { GenerativeFixtures } from '../../targets/fixtures/generative.js';
import {
  BAD,
  CATEGORIES,
  type GenerateResponse,
  RANK,
  SLOW,
  ctx,
  generate,
  hello,
  onlyThreshold,
  safetyPrompts,
  strongest,
  textOf,
  user,
  refusedBodies,
} from './context.js';

/** The document's table: the lowest probability each threshold blocks (4: none). */
const BLOCKS_FROM: Record<string, number> = {
  BLOCK_LOW_AND_ABOVE: 1,
  BLOCK_MEDIUM_AND_ABOVE: 2,
  BLOCK_ONLY_HIGH: 3,
  BLOCK_NONE: 4,
};
const blocked = (answer: GenerateResponse) => answer.promptFeedback?.blockReason !== undefined;

ruleTests('GEN-SAFETY-1', [
  [
    'the settings are enforced on the prompt',
    async (t) => {
      const { client, model } = ctx(t);
      const unsafe = strongest(t);
      const strict = await generate(client, model, {
        ...user(unsafe.prompt),
        safetySettings: onlyThreshold(unsafe.category, 'BLOCK_LOW_AND_ABOVE'),
      });
      expect(strict.promptFeedback?.blockReason).toBe('SAFETY');
      const open = await generate(client, model, {
        ...user(unsafe.prompt),
        safetySettings: onlyThreshold(unsafe.category, 'BLOCK_NONE'),
      });
      expect(open.promptFeedback?.blockReason).toBeUndefined();
    },
  ],
  [
    'the settings are enforced on the answer',
    async (t) => {
      const { client, model } = ctx(t);
      const fixture = t.fixture('unsafeAnswerPrompt') as NonNullable<GenerativeFixtures['unsafeAnswerPrompt']>;
      const strict = await generate(client, model, {
        ...user(fixture.prompt),
        safetySettings: onlyThreshold(fixture.category, 'BLOCK_LOW_AND_ABOVE'),
      });
      expect(strict.promptFeedback?.blockReason, 'the prompt itself passes').toBeUndefined();
      expect(strict.candidates?.[0]?.finishReason).toBe('SAFETY');
      const open = await generate(client, model, {
        ...user(fixture.prompt),
        safetySettings: onlyThreshold(fixture.category, 'BLOCK_NONE'),
      });
      expect(open.candidates?.[0]?.finishReason).not.toBe('SAFETY');
    },
  ],
]);
ruleTest(
  'GEN-SAFETY-2',
  'two settings for one category are rejected; settings for two categories are accepted',
  async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(
      t,
      () =>
        generate(client, model, {
          ...hello,
          safetySettings: [
            { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' },
            { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' },
          ],
        }),
      BAD,
    );
    await generate(client, model, {
      ...hello,
      safetySettings: [
        { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' },
        { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' },
      ],
    });
  },
);
ruleTests(
  'GEN-SAFETY-3',
  [
    [
      'a listed category replaces its default, loosening as well as tightening',
      async (t) => {
        const { client, model } = ctx(t);
        for (const category of CATEGORIES) {
          const prompts = safetyPrompts(t).filter((p) => p.category === category && p.probability !== 'NEGLIGIBLE');
          for (const p of prompts) {
            const open = await generate(client, model, {
              ...user(p.prompt),
              safetySettings: [{ category, threshold: 'BLOCK_NONE' }],
            });
            expect(blocked(open), `${category} ${p.probability} listed BLOCK_NONE passes whatever the default`).toBe(
              false,
            );
            const strict = await generate(client, model, {
              ...user(p.prompt),
              safetySettings: [{ category, threshold: 'BLOCK_LOW_AND_ABOVE' }],
            });
            expect(
              blocked(strict),
              `${category} ${p.probability} listed BLOCK_LOW_AND_ABOVE is blocked whatever the default`,
            ).toBe(true);
          }
        }
      },
    ],
    [
      'a category not listed keeps its default',
      async (t) => {
        const { client, model } = ctx(t);
        let comparisons = 0;
        for (const p of safetyPrompts(t)) {
          const other = CATEGORIES.find((c) => c !== p.category)!;
          const byDefault = await generate(client, model, user(p.prompt));
          const otherListed = await generate(client, model, {
            ...user(p.prompt),
            safetySettings: [{ category: other, threshold: 'BLOCK_NONE' }],
          });
          expect(
            blocked(otherListed),
            `${p.category} ${p.probability}: listing only ${other} leaves ${p.category} at its default`,
          ).toBe(blocked(byDefault));
          comparisons += 1;
        }
        expect(comparisons).toBeGreaterThan(0);
      },
    ],
  ],
  SLOW,
);
ruleTests('GEN-SAFETY-4', [
  ...refusedBodies([
    [
      'HARM_CATEGORY_MEDICAL in safetySettings is rejected',
      {
        ...hello,
        safetySettings: [{ category: 'HARM_CATEGORY_MEDICAL', threshold: 'BLOCK_NONE' }],
      },
    ],
  ]),
  [
    'the four supported categories are accepted',
    async (t) => {
      const { client, model } = ctx(t);
      await generate(client, model, {
        ...hello,
        safetySettings: CATEGORIES.map((category) => ({ category, threshold: 'BLOCK_ONLY_HIGH' })),
      });
    },
  ],
]);
ruleTest(
  'GEN-SAFETY-5',
  'each threshold blocks exactly the probabilities of its row of the table',
  async (t) => {
    const { client, model } = ctx(t);
    const outcomes = new Set<boolean>();
    for (const p of safetyPrompts(t)) {
      for (const threshold of Object.keys(BLOCKS_FROM)) {
        const answer = await generate(client, model, {
          ...user(p.prompt),
          safetySettings: onlyThreshold(p.category, threshold),
        });
        // The probability the target reports for the category, else the one the fixture claims.
        const reported = answer.promptFeedback?.safetyRatings?.find((r) => r.category === p.category)?.probability;
        const probability = reported && reported !== 'HARM_PROBABILITY_UNSPECIFIED' ? reported : p.probability;
        const expected = RANK[probability]! >= BLOCKS_FROM[threshold]!;
        expect(blocked(answer), `${p.category} rated ${probability} under ${threshold}`).toBe(expected);
        outcomes.add(expected);
      }
    }
    expect([...outcomes].sort(), 'the fixtures show both a blocked and an allowed prompt').toEqual([false, true]);
  },
  SLOW,
);
ruleTest(
  'GEN-SAFETY-6',
  'a blocked candidate answers finishReason SAFETY without its text, the blocking rating marked blocked',
  async (t) => {
    const { client, model } = ctx(t);
    const fixture = t.fixture('unsafeAnswerPrompt') as NonNullable<GenerativeFixtures['unsafeAnswerPrompt']>;
    const answer = await generate(client, model, {
      ...user(fixture.prompt),
      safetySettings: onlyThreshold(fixture.category, 'BLOCK_LOW_AND_ABOVE'),
    });
    expect(answer.promptFeedback?.blockReason).toBeUndefined();
    expect(answer.candidates).toHaveLength(1);
    const candidate = answer.candidates![0]!;
    expect(candidate.finishReason).toBe('SAFETY');
    expect(candidate.safetyRatings?.find((r) => r.category === fixture.category)).toMatchObject({ blocked: true });
    await t.convention('the blocked candidate carries no text', () => {
      expect((candidate.content?.parts ?? []).map((p) => p.text ?? '').join('')).toBe('');
    });
    const open = await generate(client, model, {
      ...user(fixture.prompt),
      safetySettings: onlyThreshold(fixture.category, 'BLOCK_NONE'),
    });
    expect(open.candidates?.[0]?.finishReason).toBe('STOP');
    expect(textOf(open).length).toBeGreaterThan(0);
    expect(open.candidates?.[0]?.safetyRatings?.some((r) => r.blocked === true) ?? false).toBe(false);
  },
);
