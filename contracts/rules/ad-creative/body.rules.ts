// Ad creative: the ADC-BODY-* rules (ADC-BODY-1); their mutants are in ./body.mutants.ts.
import { unique } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { created, ctx, linkCreative, rejectsCreate } from './context.js';

ruleTests('ADC-BODY-1', [
  [
    'body on a video post is code 100; the video post without body, and body on a link post, are accepted',
    async (t) => {
      const { f } = ctx(t);
      const video = () => ({
        page_id: f.pageId,
        video_data: { video_id: '100200300400', image_url: `https://img.example/${unique('v')}.jpg` },
      });
      await rejectsCreate(t, { name: unique('video'), body: 'Watch this', object_story_spec: video() });
      await created(t, { name: unique('video'), object_story_spec: video() });
      await created(t, linkCreative(f.pageId, { body: 'Watch this' }));
    },
  ],
]);
