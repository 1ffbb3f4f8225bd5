// Ad creative: the ADC-PREVIEW-* rules (ADC-PREVIEW-1); their mutants are in ./preview.mutants.ts.
import { expect } from 'vitest';
import { expectGraphError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { ctx, someCreative } from './context.js';

ruleTests('ADC-PREVIEW-1', [
  [
    'a preview with ad_format answers HTML snippets; without ad_format it is code 100',
    async (t) => {
      const { client, version } = ctx(t);
      const id = await someCreative(t);
      await expectGraphError(t, () => client.getAdCreativePreviews({ version, creative_id: id } as never), {
        code: 100,
        http: 400,
      });
      const feed = await client.getAdCreativePreviews({ version, creative_id: id, ad_format: 'DESKTOP_FEED_STANDARD' });
      expect(feed.data.length).toBeGreaterThan(0);
      expect(feed.data[0]!.body).toMatch(/<iframe[^>]*src="[^"]+"/);
      if (t.partlyJudged('a stateless target answers its stored example for every format')) return;
      const story = await client.getAdCreativePreviews({
        version,
        creative_id: id,
        ad_format: 'PLATFORM_STORY_MOBILE',
      });
      expect(story.data[0]!.body).toMatch(/<iframe/);
      await t.convention(
        'each ad_format answers its own snippet (the frame of a story differs from the desktop feed)',
        () => {
          expect(story.data[0]!.body).not.toBe(feed.data[0]!.body);
        },
      );
    },
  ],
]);
