// Ad creative: the ADC-INLINE-* rules (ADC-INLINE-1); their mutants are in ./inline.mutants.ts.
import { expect } from 'vitest';
import { ruleTests } from '../../harness/rule-test.js';
import { created, ctx, linkCreative, read } from './context.js';

ruleTests('ADC-INLINE-1', [
  [
    'inline-created posts are listed only with include_inline=true',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const post = (await read(t, id, 'effective_object_story_id')).effective_object_story_id;
      const ids = async (include_inline?: boolean) => {
        const out: string[] = [];
        for await (const p of client.listPromotablePostsAll({
          version,
          page_id: f.pageId,
          ...(include_inline === undefined ? {} : { include_inline }),
          fields: 'id',
          limit: 100,
        }))
          out.push(p.id!);
        return out;
      };
      expect(await ids(true)).toContain(post);
      const without = await ids(false);
      expect(without).not.toContain(post);
      expect(await ids()).not.toContain(post);
      // Posts that are not inline are listed either way.
      expect((await ids(true)).filter((p) => p !== post && without.includes(p)).length).toBe(without.length);
    },
  ],
]);
