// Ad creative: the ADC-TEXT-* rules (ADC-TEXT-1, ADC-TEXT-2, ADC-TEXT-3, ADC-TEXT-4, ADC-TEXT-5, ADC-TEXT-6, ADC-TEXT-7); their mutants are in ./text.mutants.ts.
import { unique } from '../../harness/expect-error.js';
import { ruleTests, type RuleContext } from '../../harness/rule-test.js';
import { created, ctx, linkAd, linkCreative, rejectsCreate } from './context.js';

type Case = [string, (t: RuleContext) => Promise<unknown>];
ruleTests('ADC-TEXT-1', [
  [
    'an empty title or body is code 100; one character, and more than the recommended maximum, are accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ title: '' }));
      await rejectsCreate(t, linkAd({ body: '' }));
      await created(t, linkAd({ title: 'A' }));
      await created(
        t,
        linkAd({
          title: 'Fresh deals for the whole family this spring',
          body: `${'Good prices every day '.repeat(5)}and more`,
        }),
      );
    },
  ],
]);
ruleTests('ADC-TEXT-2', [
  ...['\\', '/', '!', '.', '?', '-', '*', '(', ')', ',', ';', ':'].map(
    (c): Case => [
      `a title starting with ${c} is code 100`,
      async (t) => rejectsCreate(t, linkAd({ title: `${c}Sale` })),
    ],
  ),
  [
    'a body starting with ! is code 100; the same characters inside the text are accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ body: '!Big savings' }));
      await created(t, linkAd({ title: 'Sale (today)', body: 'Big savings: now, here!' }));
    },
  ],
]);
ruleTests('ADC-TEXT-3', [
  [
    'consecutive punctuation is code 100, also after an allowed run; a run of three full stops is accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ body: 'Great deals!! today' }));
      await rejectsCreate(t, linkAd({ body: 'Wait for it... deals?! today' }));
      await created(t, linkAd({ body: 'Wait for it... deals' }));
    },
  ],
]);
ruleTests('ADC-TEXT-4', [
  [
    'a word of 31 characters is code 100; 30 characters are accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ body: `Buy ${'x'.repeat(31)} now` }));
      await created(t, linkAd({ body: `Buy ${'x'.repeat(30)} now` }));
    },
  ],
]);
ruleTests('ADC-TEXT-5', [
  [
    'four one-character words are code 100; three are accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ body: 'a b c d deals' }));
      await created(t, linkAd({ body: 'a b c deals' }));
    },
  ],
]);
ruleTests('ADC-TEXT-6', [
  ...['^', '~', '_', '=', '{', '}', '[', ']', '|', '<', '>', '\u00b2', '\u2082', '\u0250'].map(
    (c): Case => [
      `the character U+${c.codePointAt(0)!.toString(16).padStart(4, '0')} is code 100`,
      async (t) => rejectsCreate(t, linkAd({ body: `Deals ${c} here` })),
    ],
  ),
  ['a standalone diacritical mark is code 100', async (t) => rejectsCreate(t, linkAd({ body: 'Deals \u0301 here' }))],
  [
    'U+2122, U+2120 and U+0259 are accepted',
    async (t) => created(t, linkAd({ body: `Brand\u2122 Service\u2120 sch\u0259dule ${unique('d')}` })),
  ],
]);
ruleTests('ADC-TEXT-7', [
  [
    'a link ad with a special character is code 100; the same text without it is accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ title: 'Deals \u2605 now' }));
      await created(t, linkAd({ title: 'Deals now' }));
    },
  ],
  [
    'a page post ad with a special character is accepted',
    async (t) => {
      const { f } = ctx(t);
      await created(t, linkCreative(f.pageId, { body: 'Deals \u2605 now' }));
      const body = linkCreative(f.pageId);
      body.object_story_spec.link_data.message = 'Deals \u2605 now';
      await created(t, body);
    },
  ],
]);
