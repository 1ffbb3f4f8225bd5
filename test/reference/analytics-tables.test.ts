// The report tables of the analytics reference (reference/analytics/combinations.ts) are executable: every
// entry of both report kinds answers its smallest query and its widest one (every optional dimension, every
// metric), and queries drawn at random from the catalogue's names answer 200 or the documented 400, never
// anything else.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIMENSIONS, METRICS } from '../../reference/analytics/catalogue.js';
import { REPORTS, type ReportDef, type ReportKind } from '../../reference/analytics/combinations.js';
import { get, startStandaloneAnalytics, type StandaloneAnalytics } from './analytics-support.js';

let service: StandaloneAnalytics;
beforeAll(async () => {
  service = await startStandaloneAnalytics();
});
afterAll(async () => service?.close());

/** A value of the default seed for each filter a table may require. */
const SAMPLE: Record<string, string> = {
  province: 'US-CA',
  video: 'video-00000001',
  isCurated: '1',
  country: 'US',
  channel: 'UCchannel0000000000000001',
  insightPlaybackLocationType: 'EMBEDDED',
  insightTrafficSourceType: 'EXT_URL',
};

function queryOf(kind: ReportKind, def: ReportDef, widest: boolean): URLSearchParams {
  const time = def.exactlyOne?.[0];
  const optional = widest ? def.optional.filter((d) => d !== 'month' || !def.optional.includes('day')) : [];
  const dims = [
    ...new Set([
      ...def.required,
      ...(def.atLeastOne ? (widest ? def.atLeastOne : [def.atLeastOne[0]!]) : []),
      ...(time ? [time] : []),
      ...optional,
    ]),
  ];
  const metrics = widest ? def.metrics : [def.metrics[0]!];
  const filters = (def.requiredFilters ?? []).map(
    (f) =>
      `${f.dimension}==${f.values?.includes(SAMPLE[f.dimension]!) || !f.values ? SAMPLE[f.dimension] : f.values[0]}`,
  );
  if (kind === 'contentOwner') filters.push('uploaderType==self');
  const q = new URLSearchParams({
    ids: kind === 'channel' ? 'channel==MINE' : 'contentOwner==owner-1',
    startDate: '2024-02-01',
    endDate: '2024-02-29',
    metrics: metrics.join(','),
  });
  if (dims.length) q.set('dimensions', dims.join(','));
  if (filters.length) q.set('filters', filters.join(';'));
  if (def.topN !== undefined) {
    q.set('sort', `-${(def.sortBy ?? metrics).find((m) => metrics.includes(m)) ?? metrics[0]}`);
    q.set('maxResults', String(def.topN));
  }
  return q;
}

describe('analytics reference: every report table entry answers', () => {
  for (const kind of ['channel', 'contentOwner'] as const) {
    it(`the ${REPORTS[kind].length} ${kind} tables answer their smallest and widest queries with rows`, async () => {
      for (const def of REPORTS[kind]) {
        for (const widest of [false, true]) {
          const q = queryOf(kind, def, widest);
          const res = await get(service.baseUrl, `/v2/reports?${q}`);
          expect(
            res.status,
            `${kind} ${def.name} (${widest ? 'widest' : 'smallest'}): ${q} -> ${JSON.stringify(res.body?.error?.message)}`,
          ).toBe(200);
          expect(res.body.columnHeaders.map((h: { name: string }) => h.name)).toEqual([
            ...(q.get('dimensions')?.split(',') ?? []),
            ...q.get('metrics')!.split(','),
          ]);
          expect(res.body.rows?.length ?? 0, `${kind} ${def.name}: rows`).toBeGreaterThan(0);
        }
      }
    });
  }

  it('random queries over the catalogue answer 200 or 400 INVALID_ARGUMENT, never another status', async () => {
    const dimensionNames = DIMENSIONS.map((d) => d.name);
    const metricNames = METRICS.map((m) => m.name);
    const filterValues = ['US', 'video-00000001', '1', 'EMBEDDED', 'US-CA', 'self', 'claimed', 'MOBILE', '150', 'x'];
    const answered = { 200: 0, 400: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('channel==MINE', 'contentOwner==owner-1'),
        fc.uniqueArray(fc.constantFrom(...dimensionNames), { maxLength: 3 }),
        fc.uniqueArray(fc.constantFrom(...metricNames), { minLength: 1, maxLength: 3 }),
        fc.uniqueArray(fc.tuple(fc.constantFrom(...dimensionNames), fc.constantFrom(...filterValues)), {
          maxLength: 2,
          selector: ([d]) => d,
        }),
        fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
        async (ids, dims, metrics, filters, maxResults) => {
          const q = new URLSearchParams({
            ids,
            startDate: '2024-01-01',
            endDate: '2024-01-31',
            metrics: metrics.join(','),
          });
          if (dims.length) q.set('dimensions', dims.join(','));
          if (filters.length) q.set('filters', filters.map(([d, v]) => `${d}==${v}`).join(';'));
          if (maxResults !== undefined) q.set('maxResults', String(maxResults));
          q.set('sort', `-${metrics[0]}`);
          const res = await get(service.baseUrl, `/v2/reports?${q}`);
          expect([200, 400], `${q} -> ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
          if (res.status === 400) expect(res.body.error.status).toBe('INVALID_ARGUMENT');
          answered[res.status as 200 | 400] += 1;
        },
      ),
      { numRuns: 300, seed: 20240101 },
    );
    // Both kinds of answer occur (the draws reach supported queries too).
    expect(answered[200]).toBeGreaterThan(0);
    expect(answered[400]).toBeGreaterThan(0);
  });
});
