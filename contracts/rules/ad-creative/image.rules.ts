// Ad creative: the ADC-IMAGE-* rules (ADC-IMAGE-1, ADC-IMAGE-2); their mutants are in ./image.mutants.ts.
import { expect } from 'vitest';
import { unique } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { created, ctx, linkAd, linkCreative, read, rejectsCreate } from './context.js';

ruleTests('ADC-IMAGE-1', [
  [
    'image_hash with image_url is code 100; each alone is accepted',
    async (t) => {
      const hash = t.fixture('imageHash');
      await rejectsCreate(t, linkAd({ image_hash: hash, image_url: 'https://img.example/a.jpg' } as never));
      await created(t, { ...linkAd(), image_hash: hash });
      await created(t, { ...linkAd(), image_url: 'https://img.example/a.jpg' });
    },
  ],
]);
ruleTests('ADC-IMAGE-2', [
  [
    'a post whose image is over 8 MB is code 100; a post with a small image is accepted',
    async (t) => {
      const { f } = ctx(t);
      await rejectsCreate(t, { name: unique('big'), object_story_id: t.fixture('oversizedImagePostId') });
      const id = await created(t, linkCreative(f.pageId));
      const post = (await read(t, id, 'effective_object_story_id')).effective_object_story_id;
      await created(t, { name: unique('small'), object_story_id: post });
    },
  ],
  [
    // 8 MB read as 8 x 1024 x 1024 bytes; the posts come from the target (the API takes no post image bytes).
    'a post whose image is exactly 8 MB is accepted; one byte more is code 100',
    async (t) => {
      const atLimit = t.fixture('imageAtLimitPostId');
      const overLimit = t.fixture('imageOverLimitPostId');
      await rejectsCreate(t, { name: unique('over-by-one'), object_story_id: overLimit });
      const id = await created(t, { name: unique('at-limit'), object_story_id: atLimit });
      expect((await read(t, id, 'object_story_id')).object_story_id, 'the creative reads back on that post').toBe(
        atLimit,
      );
    },
  ],
]);
