// Analytics: the ANA-SORT-* rules (ANA-SORT-1); their mutants are in ./sort.mutants.ts.
import { expect } from 'vitest';
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { BAD, type QueryResponse, ctx, month, rowsOf } from './context.js';

ruleTests('ANA-SORT-1', [
  [
    'sort=-views orders rows by views descending; sort=views ascending; the rows are the same',
    async (t) => {
      const { client, ids } = ctx(t);
      const range = month(t);
      const plain = await client.queryReports({ ids, ...range, dimensions: 'day', metrics: 'views' });
      const down = await client.queryReports({ ids, ...range, dimensions: 'day', metrics: 'views', sort: '-views' });
      const up = await client.queryReports({ ids, ...range, dimensions: 'day', metrics: 'views', sort: 'views' });
      const views = (r: QueryResponse) => rowsOf(r).map((row) => Number(row[1]));
      expect(views(down).length).toBeGreaterThan(1);
      expect(views(down)).toEqual([...views(down)].sort((x, y) => y - x));
      expect(views(up)).toEqual([...views(up)].sort((x, y) => x - y));
      const key = (r: QueryResponse) =>
        rowsOf(r)
          .map((row) => JSON.stringify(row))
          .sort();
      expect(key(down)).toEqual(key(plain));
      expect(key(up)).toEqual(key(plain));
    },
  ],
  [
    'several keys: sort=insightTrafficSourceType,-views orders by the first key, then the second descending',
    async (t) => {
      const { client, ids } = ctx(t);
      const report = await client.queryReports({
        ids,
        ...month(t),
        dimensions: 'day,insightTrafficSourceType',
        metrics: 'views',
        sort: 'insightTrafficSourceType,-views',
      });
      const rows = rowsOf(report);
      expect(rows.length).toBeGreaterThan(1);
      const expected = [...rows].sort((x, y) =>
        String(x[1]) < String(y[1]) ? -1 : String(x[1]) > String(y[1]) ? 1 : Number(y[2]) - Number(x[2]),
      );
      expect(rows.map((r) => [r[1], r[2]])).toEqual(expected.map((r) => [r[1], r[2]]));
    },
  ],
  [
    'a sort key that is not a requested column is rejected',
    async (t) => {
      const { client, ids } = ctx(t);
      await t.convention('a sort key outside the requested columns answers 400 INVALID_ARGUMENT', async () => {
        await expectStatusError(
          t,
          () =>
            client.queryReports({
              ids,
              startDate: '2024-01-01',
              endDate: '2024-01-31',
              dimensions: 'day',
              metrics: 'views',
              sort: 'likes',
            }),
          BAD,
        );
      });
    },
  ],
]);
