// Analytics: the ANA-FILTER-* rules (ANA-FILTER-1); their mutants are in ./filter.mutants.ts.
import { expect } from 'vitest';
import { ruleTests } from '../../harness/rule-test.js';
import { allRows, ctx, month, rowsOf, sumOf, totalOf } from './context.js';

ruleTests('ANA-FILTER-1', [
  [
    'country==US answers the US row of the country breakdown, in total and day by day',
    async (t) => {
      const { client, ids } = ctx(t);
      const range = month(t);
      const byCountry = await client.queryReports({ ids, ...range, dimensions: 'country', metrics: 'views,likes' });
      const us = rowsOf(byCountry).find((r) => r[0] === 'US');
      expect(us, 'a US row').toBeDefined();
      const filtered = await client.queryReports({ ids, ...range, metrics: 'views,likes', filters: 'country==US' });
      expect(totalOf(filtered, 'views')).toBe(Number(us![1]));
      expect(totalOf(filtered, 'likes')).toBe(Number(us![2]));
      const days = await client.queryReports({
        ids,
        ...range,
        dimensions: 'day',
        metrics: 'views',
        filters: 'country==US',
      });
      expect(sumOf(days, 'views')).toBe(Number(us![1]));
    },
  ],
  [
    'video==a,b answers the two videos together; video==a;country==US the US data of a alone',
    async (t) => {
      const { f, client, ids } = ctx(t);
      const range = month(t);
      const [a, b] = f.videoIds as [string, string];
      const byVideo = await allRows(client, { ids, ...range, dimensions: 'video', metrics: 'views', sort: '-views' });
      const viewsOf = (id: string) => Number(rowsOf(byVideo).find((r) => r[0] === id)?.[1] ?? 0);
      expect(viewsOf(a)).toBeGreaterThan(0);
      expect(viewsOf(b)).toBeGreaterThan(0);
      expect(
        totalOf(await client.queryReports({ ids, ...range, metrics: 'views', filters: `video==${a},${b}` }), 'views'),
      ).toBe(viewsOf(a) + viewsOf(b));
      const aByCountry = await client.queryReports({
        ids,
        ...range,
        dimensions: 'country',
        metrics: 'views',
        filters: `video==${a}`,
      });
      expect(sumOf(aByCountry, 'views')).toBe(viewsOf(a));
      const aUs = Number(rowsOf(aByCountry).find((r) => r[0] === 'US')?.[1] ?? 0);
      expect(
        totalOf(
          await client.queryReports({ ids, ...range, metrics: 'views', filters: `video==${a};country==US` }),
          'views',
        ),
      ).toBe(aUs);
    },
  ],
]);
