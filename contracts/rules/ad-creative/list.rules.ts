// Ad creative: the ADC-LIST-* rules (ADC-LIST-1, ADC-LIST-2); their mutants are in ./list.mutants.ts.
import { expect } from 'vitest';
import { ruleTests } from '../../harness/rule-test.js';
import { type Body, created, ctx, linkCreative } from './context.js';

ruleTests('ADC-LIST-1', [
  [
    'pages of limit creatives, followed by cursors, list every creative once',
    async (t) => {
      const { f, client, version, account } = ctx(t);
      const ids = [
        await created(t, linkCreative(f.pageId)),
        await created(t, linkCreative(f.pageId)),
        await created(t, linkCreative(f.pageId)),
      ];
      const first = await client.listAdCreatives({ version, ad_account_id: account, fields: 'id', limit: 2 });
      expect(first.data.length).toBe(2);
      const seen: string[] = [];
      let page = first;
      for (let n = 1; ; n++) {
        seen.push(...page.data.map((c) => c.id!));
        const after = page.paging?.next ? page.paging.cursors?.after : undefined;
        if (!after || seen.length > 50_000) break;
        // Small pages first (cursors followed one by one), then pages of 100 through a large account.
        page = await client.listAdCreatives({
          version,
          ad_account_id: account,
          fields: 'id',
          limit: n < 3 ? 2 : 100,
          after,
        });
        if (n < 3) expect(page.data.length).toBeLessThanOrEqual(2);
      }
      for (const id of ids) expect(seen).toContain(id);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBeLessThanOrEqual(50_000);
    },
  ],
  [
    'the before cursor of the second page leads back to the first',
    async (t) => {
      const { f, client, version, account } = ctx(t);
      for (let i = 0; i < 3; i++) await created(t, linkCreative(f.pageId));
      const first = await client.listAdCreatives({ version, ad_account_id: account, fields: 'id', limit: 1 });
      const second = await client.listAdCreatives({
        version,
        ad_account_id: account,
        fields: 'id',
        limit: 1,
        after: first.paging!.cursors!.after,
      });
      expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
      const back = await client.listAdCreatives({
        version,
        ad_account_id: account,
        fields: 'id',
        limit: 1,
        before: second.paging!.cursors!.before,
      });
      expect(back.data.map((c) => c.id)).toEqual(first.data.map((c) => c.id));
    },
  ],
]);
ruleTests('ADC-LIST-2', [
  [
    'paging.next is present while pages follow, absent on the last page, and leads to the next page',
    async (t) => {
      const { f, client, version, account } = ctx(t);
      await created(t, linkCreative(f.pageId));
      await created(t, linkCreative(f.pageId));
      const first = await client.listAdCreatives({ version, ad_account_id: account, fields: 'id', limit: 1 });
      expect(first.paging?.cursors?.after).toBeTypeOf('string');
      expect(first.paging?.cursors?.before).toBeTypeOf('string');
      expect(first.paging?.next).toBeTypeOf('string');
      const viaNext = (await (await t.clients.fetch(first.paging!.next!)).json()) as Body;
      const viaCursor = await client.listAdCreatives({
        version,
        ad_account_id: account,
        fields: 'id',
        limit: 1,
        after: first.paging!.cursors!.after,
      });
      expect(viaNext.data.map((c: Body) => c.id)).toEqual(viaCursor.data.map((c) => c.id));
      let page = first;
      for (let i = 0; i < 100_000 && page.paging?.next; i++) {
        page = await client.listAdCreatives({
          version,
          ad_account_id: account,
          fields: 'id',
          limit: 100,
          after: page.paging.cursors!.after,
        });
        // paging.next promised more: the page it leads to is not empty.
        expect(page.data.length, 'the page a paging.next led to').toBeGreaterThan(0);
      }
      expect(page.paging?.next).toBeUndefined();
      if (page.data.length > 0) expect(page.paging?.cursors?.after).toBeTypeOf('string');
    },
  ],
]);
