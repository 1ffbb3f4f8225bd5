// Ad creative: the ADC-URL-* rules (ADC-URL-1); their mutants are in ./url.mutants.ts.
import { expect } from 'vitest';
import { ruleTests } from '../../harness/rule-test.js';
import { created, ctx, linkAd, linkCreative, rejectsCreate } from './context.js';

ruleTests('ADC-URL-1', [
  [
    'URLs of 1001 characters are code 100; 1000 characters are accepted',
    async (t) => {
      const { f } = ctx(t);
      const url = (n: number) => `https://shop.example/${'a'.repeat(n - 21)}`;
      expect(url(1001).length).toBe(1001);
      await rejectsCreate(t, { ...linkAd(), object_url: url(1001) });
      const body = linkCreative(f.pageId);
      body.object_story_spec.link_data.link = url(1001);
      await rejectsCreate(t, body);
      const cta = linkCreative(f.pageId);
      cta.object_story_spec.link_data.call_to_action.value.link = url(1001);
      await rejectsCreate(t, cta);
      await created(t, { ...linkAd(), object_url: url(1000) });
    },
  ],
]);
