// The analytics reference's reports add up: every report is compared with sums computed here from the seed's
// fact generator (reference/analytics/facts.ts), not from the service's SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_RATES } from '../../reference/analytics/catalogue.js';
import type { FactRow } from '../../reference/analytics/facts.js';
import { startStandaloneAnalytics, type StandaloneAnalytics, factsOf, get, send, sum, sumBy } from './analytics-support.js';

const CHANNEL = 'UCchannel0000000000000001';
const JAN = { from: '2024-01-01', to: '2024-01-31' };
const inJanuary = (f: FactRow) => f.day >= JAN.from && f.day <= JAN.to;

let service: StandaloneAnalytics;
beforeAll(async () => {
  service = await startStandaloneAnalytics();
});
afterAll(async () => service?.close());

async function report(params: Record<string, string | number | boolean>, token?: string) {
  const q = new URLSearchParams({ ids: 'channel==MINE', startDate: JAN.from, endDate: JAN.to, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  const res = await get(service.baseUrl, `/v2/reports?${q}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { columnHeaders: Array<{ name: string; columnType: string; dataType: string }>; rows?: Array<Array<string | number>> };
}

describe('analytics reference: reports are aggregates of the fact table', () => {
  const facts = factsOf((f) => f.channel_id === CHANNEL && inJanuary(f));
  const METRICS: Array<[string, keyof FactRow]> = [
    ['views', 'views'], ['likes', 'likes'], ['comments', 'comments'], ['estimatedMinutesWatched', 'minutes_watched'],
    ['subscribersGained', 'subscribers_gained'], ['adImpressions', 'ad_impressions'],
  ];
  const metricList = METRICS.map(([m]) => m).join(',');

  it('the channel total of January is the sum of its facts', async () => {
    expect(facts.length).toBeGreaterThan(100);
    const total = await report({ metrics: metricList });
    expect(total.rows).toEqual([METRICS.map(([, c]) => sum(facts, c))]);
  });

  const DIMENSIONS: Array<[string, (f: FactRow) => string, Record<string, string | number>]> = [
    ['day', (f) => f.day, {}],
    ['month', (f) => f.day.slice(0, 7), {}],
    ['country', (f) => f.country, {}],
    ['video', (f) => f.video_id, { sort: '-views', maxResults: 200 }],
    ['playlist', (f) => f.playlist_id, { sort: '-views', maxResults: 200 }],
    ['deviceType', (f) => f.device_type, {}],
    ['operatingSystem', (f) => f.operating_system, {}],
    ['insightTrafficSourceType', (f) => f.traffic_source, {}],
    ['subscribedStatus', (f) => f.subscribed_status, {}],
  ];
  for (const [dimension, key, extra] of DIMENSIONS) {
    it(`every ${dimension} row is the sum of its facts, and the rows add up to the total`, async () => {
      const watchOnly = ['playlist', 'deviceType', 'operatingSystem', 'insightTrafficSourceType'].includes(dimension);
      const metrics: Array<[string, keyof FactRow]> = watchOnly ? [['views', 'views'], ['estimatedMinutesWatched', 'minutes_watched']] : METRICS;
      const got = await report({ dimensions: dimension, metrics: metrics.map(([m]) => m).join(','), ...extra });
      const rows = got.rows ?? [];
      const scoped = dimension === 'playlist' ? facts.filter((f) => f.playlist_id !== '') : facts;
      const expectedKeys = [...new Set(scoped.map(key))].sort();
      expect(rows.map((r) => r[0]).sort()).toEqual(expectedKeys);
      metrics.forEach(([metric, column], i) => {
        const expected = sumBy(scoped, key, column);
        for (const row of rows) expect(row[i + 1], `${metric} of ${dimension} ${row[0]}`).toBe(expected.get(String(row[0])));
        const total = rows.reduce((n, r) => n + Number(r[i + 1]), 0);
        expect(total, `${metric} summed over ${dimension}`).toBe(sum(scoped, column));
      });
    });
  }

  it('averages and ratios come from the sums (weighted), not from averaged rows', async () => {
    const got = await report({ dimensions: 'country', metrics: 'averageViewDuration,averageViewPercentage,cpm' });
    for (const row of got.rows ?? []) {
      const c = facts.filter((f) => f.country === row[0]);
      expect(row[1]).toBe(Math.round((sum(c, 'minutes_watched') * 60) / sum(c, 'views')));
      expect(row[2]).toBeCloseTo((100 * sum(c, 'minutes_watched') * 60) / sum(c, 'view_length_seconds'), 2);
      expect(row[3]).toBeCloseTo(((sum(c, 'gross_revenue_micros') / 1e6) * 1000) / sum(c, 'ad_impressions'), 2);
    }
  });

  it('viewerPercentage rows are shares of the report\'s views and add up to 100', async () => {
    const got = await report({ dimensions: 'ageGroup,gender', metrics: 'viewerPercentage' });
    const total = sum(facts, 'views');
    let share = 0;
    for (const row of got.rows ?? []) {
      const v = sum(facts.filter((f) => f.age_group === row[0] && f.gender === row[1]), 'views');
      expect(row[2]).toBeCloseTo((100 * v) / total, 2);
      share += Number(row[2]);
    }
    expect(share).toBeCloseTo(100, 0);
  });

  it('revenue is converted by the fixed rate table after summing', async () => {
    const got = await report({ metrics: 'estimatedRevenue,grossRevenue', currency: 'EUR' });
    const rate = CURRENCY_RATES.EUR!;
    expect(got.rows![0]![0]).toBeCloseTo(((sum(facts, 'ad_revenue_micros') + sum(facts, 'red_revenue_micros')) / 1e6) * rate, 2);
    expect(got.rows![0]![1]).toBeCloseTo((sum(facts, 'gross_revenue_micros') / 1e6) * rate, 2);
    expect(got.columnHeaders.map((h) => h.dataType)).toEqual(['CURRENCY', 'CURRENCY']);
  });

  it('filters pick facts: country==US;video==<id>', async () => {
    const got = await report({ metrics: 'views', filters: 'country==US;video==video-00000001' });
    expect(got.rows).toEqual([[sum(facts.filter((f) => f.country === 'US' && f.video_id === 'video-00000001'), 'views')]]);
  });

  it('a group report is the sum of its items (the seeded group of two videos)', async () => {
    const got = await report({ metrics: 'views,likes', filters: 'group==Abc123Group' });
    const items = facts.filter((f) => f.video_id === 'video-00000001' || f.video_id === 'video-00000002');
    expect(got.rows).toEqual([[sum(items, 'views'), sum(items, 'likes')]]);
  });

  it('a content owner sees a channel from the day it was linked, all of it with includeHistoricalChannelData', async () => {
    const owner = factsOf(inJanuary);
    const linked = owner.filter((f) => f.channel_id === CHANNEL);
    const all = owner.filter((f) => f.channel_id === CHANNEL || f.channel_id === 'UCchannel0000000000000003');
    expect(sum(all, 'views')).toBeGreaterThan(sum(linked, 'views'));
    expect((await report({ ids: 'contentOwner==owner-1', metrics: 'views' })).rows).toEqual([[sum(linked, 'views')]]);
    expect((await report({ ids: 'contentOwner==owner-1', metrics: 'views', includeHistoricalChannelData: true })).rows).toEqual([[sum(all, 'views')]]);
  });

  it('content owner dimensions: uploaderType and claimedStatus rows are sums of the owner\'s facts', async () => {
    const owner = factsOf((f) => f.day >= '2024-02-01' && f.day <= '2024-02-29' && (f.channel_id === CHANNEL || f.channel_id === 'UCchannel0000000000000003'));
    const q = { ids: 'contentOwner==owner-1', startDate: '2024-02-01', endDate: '2024-02-29' };
    const byUploader = await report({ ...q, dimensions: 'uploaderType', metrics: 'views' });
    expect(byUploader.rows).toEqual([...sumBy(owner, (f) => f.uploader_type, 'views')].sort().map(([k, v]) => [k, v]));
    expect(byUploader.rows).toHaveLength(2);
    const claimed = await report({ ...q, metrics: 'views', filters: 'claimedStatus==claimed;uploaderType==thirdParty' });
    expect(claimed.rows).toEqual([[sum(owner.filter((f) => f.asset_id !== '' && f.uploader_type === 'thirdParty'), 'views')]]);
    const channelReport = await get(service.baseUrl, '/v2/reports?ids=channel==MINE&startDate=2024-02-01&endDate=2024-02-29&metrics=views&filters=uploaderType==self');
    expect(channelReport.status).toBe(400);
  });

  it('column headers: dimensions then metrics in request order, with their data types', async () => {
    const got = await report({ dimensions: 'day', metrics: 'views,averageViewPercentage,estimatedRevenue' });
    expect(got.columnHeaders).toEqual([
      { name: 'day', columnType: 'DIMENSION', dataType: 'STRING' },
      { name: 'views', columnType: 'METRIC', dataType: 'INTEGER' },
      { name: 'averageViewPercentage', columnType: 'METRIC', dataType: 'FLOAT' },
      { name: 'estimatedRevenue', columnType: 'METRIC', dataType: 'CURRENCY' },
    ]);
  });

  it('an unsupported combination names what is unsupported; a partial month with the month dimension is refused', async () => {
    const res = await get(service.baseUrl, '/v2/reports?ids=channel==MINE&startDate=2024-01-01&endDate=2024-01-31&metrics=viewerPercentage&dimensions=day');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('dimensions [day] with metrics [viewerPercentage]');
    const month = await get(service.baseUrl, '/v2/reports?ids=channel==MINE&startDate=2024-01-02&endDate=2024-01-31&metrics=views&dimensions=month');
    expect(month.status).toBe(400);
  });
});

describe('analytics reference: tenants are isolated', () => {
  const TENANT_2 = 'test-token-tenant-2';
  it('a tenant sees neither the other tenant\'s groups nor its channel, and cannot group its videos', async () => {
    expect((await get(service.baseUrl, '/v2/groups?id=Abc123Group', TENANT_2)).body.items).toEqual([]);
    expect((await get(service.baseUrl, '/v2/groups?id=Tenant2Group', TENANT_2)).body.items.map((g: { id: string }) => g.id)).toEqual(['Tenant2Group']);
    expect((await get(service.baseUrl, '/v2/groups?id=Tenant2Group')).body.items).toEqual([]);
    expect((await get(service.baseUrl, `/v2/reports?ids=channel==${CHANNEL}&startDate=2024-01-01&endDate=2024-01-31&metrics=views`, TENANT_2)).status).toBe(403);
    expect((await get(service.baseUrl, '/v2/groupItems?groupId=Abc123Group', TENANT_2)).status).toBe(403);
    const group = await send(service.baseUrl, 'POST', '/v2/groups', { snippet: { title: 't2' }, contentDetails: { itemType: 'platform#video' } }, TENANT_2);
    expect(group.status).toBe(200);
    const refused = await send(service.baseUrl, 'POST', '/v2/groupItems', { groupId: group.body.id, resource: { kind: 'platform#video', id: 'video-00000001' } }, TENANT_2);
    expect(refused.status).toBe(403);
    const own = await send(service.baseUrl, 'POST', '/v2/groupItems', { groupId: group.body.id, resource: { kind: 'platform#video', id: 'video-not-mine-01' } }, TENANT_2);
    expect(own.status).toBe(200);
  });
});
