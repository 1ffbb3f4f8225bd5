// Analytics: the ANA-PAGE-* rules (ANA-PAGE-1); their mutants are in ./page.mutants.ts.
import { expect } from 'vitest';
import { ruleTest } from '../../harness/rule-test.js';
import { ctx, month, rowsOf } from './context.js';

ruleTest(
  'ANA-PAGE-1',
  'maxResults and startIndex answer exactly the rows startIndex .. startIndex + maxResults - 1',
  async (t) => {
    const { client, ids } = ctx(t);
    const base = { ids, ...month(t), dimensions: 'day', metrics: 'views', sort: 'day' };
    const all = rowsOf(await client.queryReports(base));
    expect(all.length).toBeGreaterThan(8);
    expect(rowsOf(await client.queryReports({ ...base, maxResults: 5 }))).toEqual(all.slice(0, 5));
    expect(rowsOf(await client.queryReports({ ...base, maxResults: 5, startIndex: 3 }))).toEqual(all.slice(2, 7));
    expect(rowsOf(await client.queryReports({ ...base, startIndex: all.length - 1 }))).toEqual(
      all.slice(all.length - 2),
    );
    expect(rowsOf(await client.queryReports({ ...base, startIndex: all.length + 1 }))).toEqual([]);
  },
);
