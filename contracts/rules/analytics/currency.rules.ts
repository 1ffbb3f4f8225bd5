// Analytics: the ANA-CURRENCY-* rules (ANA-CURRENCY-1); their mutants are in ./currency.mutants.ts.
import { expect } from 'vitest';
import { ruleTest } from '../../harness/rule-test.js';
import { ctx, month, rowsOf, sumOf } from './context.js';

ruleTest(
  'ANA-CURRENCY-1',
  'currency=EUR converts every revenue value by one rate and leaves views alone; no currency means USD',
  async (t) => {
    const { client, ids } = ctx(t);
    const base = { ids, ...month(t), dimensions: 'day', metrics: 'views,estimatedRevenue,grossRevenue' };
    const plain = await client.queryReports(base);
    const usd = await client.queryReports({ ...base, currency: 'USD' });
    const eur = await client.queryReports({ ...base, currency: 'EUR' });
    expect(rowsOf(usd)).toEqual(rowsOf(plain));
    expect(rowsOf(eur).map((r) => [r[0], r[1]])).toEqual(rowsOf(usd).map((r) => [r[0], r[1]]));
    const usdTotal = sumOf(usd, 'grossRevenue');
    expect(usdTotal).toBeGreaterThan(0);
    const rate = sumOf(eur, 'grossRevenue') / usdTotal;
    expect(Math.abs(rate - 1), 'EUR values differ from USD values').toBeGreaterThan(0.001);
    // Values are rounded to cents: each converted value is within a cent (plus the rate's own rounding) of USD x rate.
    const tolerance = (v: number) => 0.011 + Math.abs(v) * 0.002;
    rowsOf(eur).forEach((row, i) => {
      for (const col of [2, 3]) {
        const expected = Number(rowsOf(usd)[i]![col]) * rate;
        expect(
          Math.abs(Number(row[col]) - expected),
          `${eur.columnHeaders[col]!.name} on ${row[0]}`,
        ).toBeLessThanOrEqual(tolerance(expected));
      }
    });
  },
);
