// Ad creative: the ADC-STORYSPEC-* rules (ADC-STORYSPEC-1); their mutants are in ./storyspec.mutants.ts.
import { unique } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { created, ctx, linkCreative, rejectsCreate } from './context.js';

ruleTests('ADC-STORYSPEC-1', [
  [
    'without page_id, with two data members or with none it is code 100; page_id with one member is accepted',
    async (t) => {
      const { f } = ctx(t);
      const noPage = linkCreative(f.pageId);
      delete noPage.object_story_spec.page_id;
      await rejectsCreate(t, noPage);
      const two = linkCreative(f.pageId);
      two.object_story_spec.text_data = { message: 'hello' };
      await rejectsCreate(t, two);
      await rejectsCreate(t, { name: unique('empty'), object_story_spec: { page_id: f.pageId } });
      await created(t, {
        name: unique('text'),
        object_story_spec: { page_id: f.pageId, text_data: { message: `Hello ${unique('t')}` } },
      });
    },
  ],
]);
