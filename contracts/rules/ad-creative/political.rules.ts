// Ad creative: the ADC-POLITICAL-* rules (ADC-POLITICAL-1); their mutants are in ./political.mutants.ts.
import { unique } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { created, ctx, linkCreative, rejectsCreate } from './context.js';

ruleTests('ADC-POLITICAL-1', [
  [
    'authorization_category on a dynamic ad (product set, template) is code 100; on other creatives it is accepted',
    async (t) => {
      const { f } = ctx(t);
      await rejectsCreate(t, linkCreative(f.pageId, { authorization_category: 'POLITICAL', product_set_id: '998877' }));
      await rejectsCreate(t, {
        name: unique('template'),
        authorization_category: 'POLITICAL',
        object_story_spec: {
          page_id: f.pageId,
          template_data: {
            link: 'https://shop.example/catalog',
            message: 'Our catalog',
            call_to_action: { type: 'SHOP_NOW' },
          },
        },
      });
      await created(t, linkCreative(f.pageId, { product_set_id: '998877' }));
      await created(t, linkCreative(f.pageId, { authorization_category: 'POLITICAL' }));
      await created(
        t,
        linkCreative(f.pageId, {
          authorization_category: 'POLITICAL',
          asset_feed_spec: { bodies: [{ text: 'Vote early' }, { text: 'Every vote counts' }] },
        }),
      );
    },
  ],
]);
