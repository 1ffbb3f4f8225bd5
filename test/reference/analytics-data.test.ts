// The analytics reference's reports add up: every report is compared with sums computed here from the seed's
// fact generator (reference/analytics/facts.ts), not from the service's SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_RATES } from '../../reference/analytics/catalogue.js';
import type { FactRow } from '../../reference/analytics/facts.js';
import {
  startStandaloneAnalytics,
  type StandaloneAnalytics,
  factsOf,
  get,
  send,
  sum,
  sumBy,
} from './analytics-support.js';

const CHANNEL = 'UCchannel0000000000000001';
const JAN = { from: '2024-01-01', to: '2024-01-31' };
const inJanuary = (f: FactRow) => f.day >= JAN.from && f.day <= JAN.to;

let service: StandaloneAnalytics;
beforeAll(async () => {
  service = await startStandaloneAnalytics();
});
afterAll(async () => service?.close());

async function report(params: Record<string, string | number | boolean>, token?: string) {
  const q = new URLSearchParams({
    ids: 'channel==MINE',
    startDate: JAN.from,
    endDate: JAN.to,
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  });
  const res = await get(service.baseUrl, `/v2/reports?${q}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    columnHeaders: Array<{ name: string; columnType: string; dataType: string }>;
    rows?: Array<Array<string | number>>;
  };
}

describe('analytics reference: reports are aggregates of the fact table', () => {
  const facts = factsOf((f) => f.channel_id === CHANNEL && inJanuary(f));
  const METRICS: Array<[string, keyof FactRow]> = [
    ['views', 'views'],
    ['likes', 'likes'],
    ['comments', 'comments'],
    ['estimatedMinutesWatched', 'minutes_watched'],
    ['subscribersGained', 'subscribers_gained'],
    ['adImpressions', 'ad_impressions'],
  ];
  const metricList = METRICS.map(([m]) => m).join(',');

  it('the channel total of January is the sum of its facts', async () => {
    expect(facts.length).toBeGreaterThan(100);
    const total = await report({ metrics: metricList });
    expect(total.rows).toEqual([METRICS.map(([, c]) => sum(facts, c))]);
  });

  // Every dimension the reference supports, each in a query the report tables accept (combinations.ts):
  // [dimension, the fact's value, extra parameters, metrics, the facts the report covers].
  type Case = [
    string,
    (f: FactRow) => string,
    Record<string, string | number>,
    Array<[string, keyof FactRow]>,
    (f: FactRow) => boolean,
  ];
  const WATCH: Array<[string, keyof FactRow]> = [
    ['views', 'views'],
    ['estimatedMinutesWatched', 'minutes_watched'],
  ];
  const all = () => true;
  const DIMENSIONS: Case[] = [
    ['day', (f) => f.day, {}, METRICS, all],
    ['month', (f) => f.day.slice(0, 7), {}, METRICS, all],
    ['country', (f) => f.country, {}, METRICS, all],
    ['video', (f) => f.video_id, { sort: '-views', maxResults: 200 }, METRICS, all],
    [
      'playlist',
      (f) => f.playlist_id,
      { filters: 'isCurated==1', sort: '-views', maxResults: 200 },
      [...WATCH, ['playlistStarts', 'playlist_starts'], ['redViews', 'red_views']],
      (f) => f.playlist_id !== '',
    ],
    ['deviceType', (f) => f.device_type, {}, WATCH, all],
    ['operatingSystem', (f) => f.operating_system, {}, WATCH, all],
    ['insightTrafficSourceType', (f) => f.traffic_source, {}, WATCH, all],
    ['insightPlaybackLocationType', (f) => f.playback_location, {}, WATCH, all],
    [
      'subscribedStatus',
      (f) => f.subscribed_status,
      {},
      [...WATCH, ['likes', 'likes'], ['redViews', 'red_views'], ['cardClicks', 'card_clicks']],
      all,
    ],
    [
      'liveOrOnDemand',
      (f) => f.live_or_on_demand,
      {},
      [...WATCH, ['estimatedRedMinutesWatched', 'red_minutes_watched']],
      all,
    ],
    [
      'creatorContentType',
      (f) => f.creator_content_type,
      {},
      [...WATCH, ['annotationImpressions', 'annotation_impressions']],
      all,
    ],
    [
      'youtubeProduct',
      (f) => f.platform_product,
      {},
      [...WATCH, ['redViews', 'red_views'], ['estimatedRedMinutesWatched', 'red_minutes_watched']],
      all,
    ],
    [
      'deviceType',
      (f) => f.device_type,
      { filters: 'youtubeProduct==GAMING' },
      WATCH,
      (f) => f.platform_product === 'GAMING',
    ],
    [
      'month',
      (f) => f.day.slice(0, 7),
      { filters: 'isCurated==1;youtubeProduct==KIDS' },
      [...WATCH, ['playlistStarts', 'playlist_starts']],
      (f) => f.playlist_id !== '' && f.platform_product === 'KIDS',
    ],
    [
      'province',
      (f) => f.province,
      { filters: 'country==US' },
      [...WATCH, ['cardImpressions', 'card_impressions']],
      (f) => f.country === 'US',
    ],
    ['city', (f) => f.city, { sort: '-views', maxResults: 250 }, WATCH, all],
    ['sharingService', (f) => f.sharing_service, {}, [['shares', 'shares']], all],
    ['adType', (f) => f.ad_type, {}, [['adImpressions', 'ad_impressions']], all],
    [
      'insightPlaybackLocationDetail',
      (f) => f.playback_location_detail,
      { filters: 'insightPlaybackLocationType==EMBEDDED', sort: '-views', maxResults: 25 },
      WATCH,
      (f) => f.playback_location === 'EMBEDDED',
    ],
    [
      'insightTrafficSourceDetail',
      (f) => f.traffic_source_detail,
      { filters: 'insightTrafficSourceType==EXT_URL', sort: '-views', maxResults: 25 },
      WATCH,
      (f) => f.traffic_source === 'EXT_URL',
    ],
    [
      'insightTrafficSourceDetail',
      (f) => f.traffic_source_detail,
      { filters: 'insightTrafficSourceType==YT_SEARCH', sort: '-estimatedMinutesWatched', maxResults: 25 },
      WATCH,
      (f) => f.traffic_source === 'YT_SEARCH',
    ],
  ];
  for (const [dimension, key, extra, metrics, covered] of DIMENSIONS) {
    it(`every ${dimension} row${extra.filters ? ` (${extra.filters})` : ''} is the sum of its facts, and the rows add up to the total`, async () => {
      const got = await report({ dimensions: dimension, metrics: metrics.map(([m]) => m).join(','), ...extra });
      const rows = got.rows ?? [];
      const scoped = facts.filter(covered);
      const expectedKeys = [...new Set(scoped.map(key))].sort();
      expect(expectedKeys.length, `${dimension} has values`).toBeGreaterThan(dimension === 'month' ? 0 : 1);
      expect(rows.map((r) => r[0]).sort()).toEqual(expectedKeys);
      metrics.forEach(([metric, column], i) => {
        const expected = sumBy(scoped, key, column);
        for (const row of rows)
          expect(row[i + 1], `${metric} of ${dimension} ${row[0]}`).toBe(expected.get(String(row[0])));
        const total = rows.reduce((n, r) => n + Number(r[i + 1]), 0);
        expect(total, `${metric} summed over ${dimension}`).toBe(sum(scoped, column));
      });
    });
  }

  for (const [dimension, key] of [
    ['ageGroup', (f: FactRow) => f.age_group],
    ['gender', (f: FactRow) => f.gender],
  ] as const) {
    it(`every ${dimension} row's viewerPercentage is its share of the views, and the rows add up to 100`, async () => {
      const got = await report({ dimensions: dimension, metrics: 'viewerPercentage', filters: 'country==US' });
      const us = facts.filter((f) => f.country === 'US');
      const views = sumBy(us, key, 'views');
      expect(got.rows!.map((r) => r[0]).sort()).toEqual([...views.keys()].sort());
      for (const row of got.rows ?? [])
        expect(row[1]).toBeCloseTo((100 * views.get(String(row[0]))!) / sum(us, 'views'), 2);
      expect(got.rows!.reduce((n, r) => n + Number(r[1]), 0)).toBeCloseTo(100, 1);
    });
  }

  it('every insightTrafficSourceDetail row of RELATED_VIDEO names another video of the channel and sums its facts', async () => {
    const got = await report({
      dimensions: 'insightTrafficSourceDetail',
      metrics: 'views',
      filters: 'insightTrafficSourceType==RELATED_VIDEO',
      sort: '-views',
      maxResults: 25,
    });
    const related = facts.filter((f) => f.traffic_source === 'RELATED_VIDEO');
    expect(new Map(got.rows!.map((r) => [r[0], r[1]]))).toEqual(
      sumBy(related, (f) => f.traffic_source_detail, 'views'),
    );
    expect(got.rows!.map((r) => r[0]).sort()).toEqual(['video-00000001', 'video-00000002', 'video-00000003']);
  });

  it('two dimensions at once: day by deviceType by operatingSystem rows are sums of their facts', async () => {
    const got = await report({ dimensions: 'day,deviceType,operatingSystem', metrics: 'views' });
    const expected = sumBy(facts, (f) => `${f.day}|${f.device_type}|${f.operating_system}`, 'views');
    expect(got.rows).toHaveLength(expected.size);
    for (const row of got.rows ?? []) expect(row[3]).toBe(expected.get(`${row[0]}|${row[1]}|${row[2]}`));
  });

  it('continent and subContinent filters pick the facts of their countries', async () => {
    expect((await report({ metrics: 'views', filters: 'continent==150' })).rows).toEqual([
      [
        sum(
          facts.filter((f) => f.continent === '150'),
          'views',
        ),
      ],
    ]);
    expect((await report({ metrics: 'views', filters: 'subContinent==155' })).rows).toEqual([
      [
        sum(
          facts.filter((f) => f.sub_continent === '155'),
          'views',
        ),
      ],
    ]);
  });

  it('the new dimensions hold what the seed says: live views only for the live stream, provinces only in the US', () => {
    expect(new Set(facts.filter((f) => f.live_or_on_demand === 'LIVE').map((f) => f.video_id))).toEqual(
      new Set(['video-00000002']),
    );
    expect(new Set(facts.map((f) => f.creator_content_type))).toEqual(
      new Set(['VIDEO_ON_DEMAND', 'LIVE_STREAM', 'SHORTS']),
    );
    expect(facts.filter((f) => f.province !== '').every((f) => f.country === 'US')).toBe(true);
    expect(
      facts.filter((f) => f.playback_location_detail !== '').every((f) => f.playback_location === 'EMBEDDED'),
    ).toBe(true);
    expect(
      facts.every(
        (f) =>
          f.red_views <= f.views &&
          f.card_clicks <= f.card_impressions &&
          f.annotation_clicks <= f.annotation_clickable_impressions,
      ),
    ).toBe(true);
  });

  it('card, annotation and playlist ratios come from the sums', async () => {
    const cards = await report({
      dimensions: 'country',
      metrics: 'cardClickRate,cardTeaserClickRate,annotationClickThroughRate,annotationCloseRate',
    });
    for (const row of cards.rows ?? []) {
      const c = facts.filter((f) => f.country === row[0]);
      expect(row[1]).toBeCloseTo(sum(c, 'card_clicks') / sum(c, 'card_impressions'), 4);
      expect(row[2]).toBeCloseTo(sum(c, 'card_teaser_clicks') / sum(c, 'card_teaser_impressions'), 4);
      expect(row[3]).toBeCloseTo(sum(c, 'annotation_clicks') / sum(c, 'annotation_clickable_impressions'), 4);
      expect(row[4]).toBeCloseTo(sum(c, 'annotation_closes') / sum(c, 'annotation_impressions'), 4);
    }
    const playlists = await report({
      dimensions: 'playlist',
      metrics: 'views,viewsPerPlaylistStart,averageTimeInPlaylist',
      filters: 'isCurated==1',
      sort: '-views',
      maxResults: 10,
    });
    expect(playlists.rows?.length).toBeGreaterThan(1);
    for (const row of playlists.rows ?? []) {
      const p = facts.filter((f) => f.playlist_id === row[0]);
      expect(row[2]).toBeCloseTo(sum(p, 'views') / sum(p, 'playlist_starts'), 2);
      expect(row[3]).toBeCloseTo(sum(p, 'minutes_watched') / sum(p, 'playlist_starts'), 2);
    }
  });

  it("audience retention: at each point, the share of a video's views whose watched fraction reaches it", async () => {
    const video = 'video-00000001';
    const got = await report({
      dimensions: 'elapsedVideoTimeRatio',
      metrics: 'audienceWatchRatio',
      filters: `video==${video};audienceType==ORGANIC`,
    });
    expect(got.columnHeaders).toEqual([
      { name: 'elapsedVideoTimeRatio', columnType: 'DIMENSION', dataType: 'FLOAT' },
      { name: 'audienceWatchRatio', columnType: 'METRIC', dataType: 'FLOAT' },
    ]);
    const rows = got.rows ?? [];
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 100 }, (_, i) => (i + 1) / 100));
    const organic = facts.filter((f) => f.video_id === video && f.traffic_source !== 'ADVERTISING');
    const views = sum(organic, 'views');
    for (const [point, ratio] of rows as Array<[number, number]>) {
      const watching = sum(
        organic.filter((f) => f.minutes_watched * 60 >= point * f.view_length_seconds),
        'views',
      );
      expect(ratio, `at ${point}`).toBeCloseTo(watching / views, 4);
    }
    // The curve never rises: whoever watches to a point watched every earlier point.
    expect(rows.map((r) => r[1])).toEqual([...rows.map((r) => Number(r[1]))].sort((a, b) => b - a));
    expect(rows[0]![1]).toBe(1);
    expect(rows[99]![1]).toBe(0);
  });

  it("relativeRetentionPerformance: at each point, the share of the platform's videos of the same length bucket retaining less (ties half)", async () => {
    // The platform: every video of the fact table, all tenants; each compared video's curve over the same days
    // and viewer filter (audienceType), the video's own over the report's facts.
    const platform = factsOf((f) => inJanuary(f) && f.traffic_source !== 'ADVERTISING');
    const lengthOf = (v: string) => {
      const f = platform.find((x) => x.video_id === v)!;
      return f.view_length_seconds / f.views;
    };
    const bucketOf = (seconds: number) => (seconds <= 60 ? 0 : seconds <= 240 ? 1 : seconds <= 1200 ? 2 : 3);
    const ratioAt = (rows: FactRow[], point: number) =>
      (sum(
        rows.filter((f) => f.minutes_watched * 60 >= point * f.view_length_seconds),
        'views',
      ) *
        1.0) /
      sum(rows, 'views');
    const videos = [...new Set(platform.map((f) => f.video_id))];
    // video-00000001 (300 s) meets 600 s and 900 s videos (one of another channel); video-00000003 (120 s) another tenant's 240 s video.
    for (const [video, peers] of [
      ['video-00000001', 2],
      ['video-00000003', 1],
    ] as const) {
      const others = videos.filter((v) => v !== video && bucketOf(lengthOf(v)) === bucketOf(lengthOf(video)));
      expect(others.length, `videos like ${video}`).toBe(peers);
      const got = await report({
        dimensions: 'elapsedVideoTimeRatio',
        metrics: 'relativeRetentionPerformance,audienceWatchRatio',
        filters: `video==${video};audienceType==ORGANIC`,
      });
      expect(got.columnHeaders[1]).toEqual({
        name: 'relativeRetentionPerformance',
        columnType: 'METRIC',
        dataType: 'FLOAT',
      });
      const own = platform.filter((f) => f.video_id === video);
      const seen = new Set<number>();
      for (const [point, relative] of (got.rows ?? []) as Array<[number, number, number]>) {
        const mine = ratioAt(own, point);
        const score =
          others.reduce((n, v) => {
            const theirs = ratioAt(
              platform.filter((f) => f.video_id === v),
              point,
            );
            return n + (theirs < mine ? 1 : theirs === mine ? 0.5 : 0);
          }, 0) / others.length;
        expect(relative, `${video} at ${point}`).toBeCloseTo(score, 4);
        seen.add(score);
      }
      expect(got.rows).toHaveLength(100);
      // The curves differ: the value is not one constant (both better and worse points exist).
      expect(seen.size, `${video} has more than one value`).toBeGreaterThan(1);
    }
  });

  it('the report tables refuse what the public tables do not list, and accept the nearest valid query', async () => {
    const refused = async (params: Record<string, string | number>, what: string) => {
      const q = new URLSearchParams({
        ids: 'channel==MINE',
        startDate: JAN.from,
        endDate: JAN.to,
        ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      });
      const res = await get(service.baseUrl, `/v2/reports?${q}`);
      expect(res.status, what).toBe(400);
      expect(res.body.error.message, what).toContain('The query is not supported');
    };
    // province needs country==US
    await refused({ dimensions: 'province', metrics: 'views' }, 'province without country==US');
    await refused(
      { dimensions: 'province', metrics: 'views', filters: 'country==GB' },
      'province with another country',
    );
    await report({ dimensions: 'province', metrics: 'views', filters: 'country==US' });
    // playlist reports need isCurated==1
    await refused(
      { dimensions: 'playlist', metrics: 'views', sort: '-views', maxResults: 10 },
      'playlist without isCurated',
    );
    // top cities: sort by views or estimatedMinutesWatched, maxResults at most 250
    await refused(
      { dimensions: 'city', metrics: 'views,averageViewDuration', sort: '-averageViewDuration', maxResults: 10 },
      'city sorted by a metric outside the sort options',
    );
    await refused(
      { dimensions: 'city', metrics: 'views', sort: '-views', maxResults: 251 },
      'city with maxResults over 250',
    );
    await report({ dimensions: 'city', metrics: 'views,averageViewDuration', sort: '-views', maxResults: 10 });
    // top cities (analytix GeographyBasedActivityByCity): by month too; with province only for country==US;
    // subscribedStatus is a dimension of the table, not a filter on its own
    await report({ dimensions: 'city,month', metrics: 'views', sort: '-views', maxResults: 25 });
    await refused(
      { dimensions: 'city,province', metrics: 'views', sort: '-views', maxResults: 25 },
      'cities by state without country==US',
    );
    await refused(
      {
        dimensions: 'city,province',
        metrics: 'views',
        filters: 'country==US;subContinent==021',
        sort: '-views',
        maxResults: 25,
      },
      'cities by state with a sub-continent filter',
    );
    await report({
      dimensions: 'city,province',
      metrics: 'views',
      filters: 'country==US;video==video-00000001',
      sort: '-views',
      maxResults: 25,
    });
    await refused(
      { dimensions: 'city', metrics: 'views', filters: 'subscribedStatus==SUBSCRIBED', sort: '-views', maxResults: 25 },
      'cities filtered by subscribedStatus alone',
    );
    await report({
      dimensions: 'city,subscribedStatus',
      metrics: 'views',
      filters: 'subscribedStatus==SUBSCRIBED',
      sort: '-views',
      maxResults: 25,
    });
    // detail reports need their type filter, with a detail-capable value
    await refused(
      { dimensions: 'insightTrafficSourceDetail', metrics: 'views', sort: '-views', maxResults: 10 },
      'traffic detail without its type',
    );
    await refused(
      {
        dimensions: 'insightTrafficSourceDetail',
        metrics: 'views',
        filters: 'insightTrafficSourceType==PLAYLIST',
        sort: '-views',
        maxResults: 10,
      },
      'traffic detail of a type without details',
    );
    await refused(
      {
        dimensions: 'insightPlaybackLocationDetail',
        metrics: 'views',
        filters: 'insightPlaybackLocationType==WATCH',
        sort: '-views',
        maxResults: 10,
      },
      'location detail of WATCH',
    );
    // at most one filter of a group: country and continent together
    await refused({ metrics: 'views', filters: 'country==US;continent==019' }, 'country and continent together');
    // traffic and device reports carry views and watch time only
    await refused({ dimensions: 'deviceType', metrics: 'views,likes' }, 'likes by device');
    // a metric outside the sharing table
    await refused({ dimensions: 'sharingService', metrics: 'views' }, 'views by sharing service');
    // audience retention: one video only, and a video filter is needed
    await refused({ dimensions: 'elapsedVideoTimeRatio', metrics: 'audienceWatchRatio' }, 'retention without a video');
    await refused(
      {
        dimensions: 'elapsedVideoTimeRatio',
        metrics: 'audienceWatchRatio',
        filters: 'video==video-00000001,video-00000002',
      },
      'retention of two videos',
    );
    await refused(
      { dimensions: 'day', metrics: 'audienceWatchRatio', filters: 'video==video-00000001' },
      'audienceWatchRatio by day',
    );
    await report({
      dimensions: 'elapsedVideoTimeRatio',
      metrics: 'audienceWatchRatio',
      filters: 'video==video-00000001',
    });
    // the platform product: only the tables that list it (playback details, devices, playlists, retention filter)
    await refused(
      { dimensions: 'insightTrafficSourceType,youtubeProduct', metrics: 'views' },
      'platform product by traffic source',
    );
    await refused({ metrics: 'views,likes', filters: 'youtubeProduct==GAMING' }, 'likes of one platform product');
    await refused(
      { dimensions: 'ageGroup', metrics: 'viewerPercentage', filters: 'youtubeProduct==KIDS' },
      'demographics of one platform product',
    );
    await report({ metrics: 'views', filters: 'youtubeProduct==GAMING' });
    await report({ dimensions: 'deviceType', metrics: 'views', filters: 'youtubeProduct==KIDS' });
    await report({
      dimensions: 'elapsedVideoTimeRatio',
      metrics: 'audienceWatchRatio,relativeRetentionPerformance',
      filters: 'video==video-00000001;youtubeProduct==CORE',
    });
    // relativeRetentionPerformance: audience retention reports only (one video, by elapsedVideoTimeRatio)
    await refused(
      { dimensions: 'day', metrics: 'relativeRetentionPerformance', filters: 'video==video-00000001' },
      'relativeRetentionPerformance by day',
    );
    await refused(
      { metrics: 'relativeRetentionPerformance', filters: 'video==video-00000001' },
      'relativeRetentionPerformance as a total',
    );
    await refused(
      {
        dimensions: 'elapsedVideoTimeRatio',
        metrics: 'relativeRetentionPerformance',
        filters: 'video==video-00000001,video-00000002',
      },
      'relativeRetentionPerformance of two videos',
    );
    await refused(
      {
        dimensions: 'elapsedVideoTimeRatio',
        metrics: 'relativeRetentionPerformance,views',
        filters: 'video==video-00000001',
      },
      'relativeRetentionPerformance with views',
    );
    await report({
      dimensions: 'elapsedVideoTimeRatio',
      metrics: 'relativeRetentionPerformance',
      filters: 'video==video-00000001;subscribedStatus==SUBSCRIBED',
    });
  });
  it('averages and ratios come from the sums (weighted), not from averaged rows', async () => {
    const got = await report({ dimensions: 'country', metrics: 'averageViewDuration,averageViewPercentage,cpm' });
    for (const row of got.rows ?? []) {
      const c = facts.filter((f) => f.country === row[0]);
      expect(row[1]).toBe(Math.round((sum(c, 'minutes_watched') * 60) / sum(c, 'views')));
      expect(row[2]).toBeCloseTo((100 * sum(c, 'minutes_watched') * 60) / sum(c, 'view_length_seconds'), 2);
      expect(row[3]).toBeCloseTo(((sum(c, 'gross_revenue_micros') / 1e6) * 1000) / sum(c, 'ad_impressions'), 2);
    }
  });

  it("viewerPercentage rows are shares of the report's views and add up to 100", async () => {
    const got = await report({ dimensions: 'ageGroup,gender', metrics: 'viewerPercentage' });
    const total = sum(facts, 'views');
    let share = 0;
    for (const row of got.rows ?? []) {
      const v = sum(
        facts.filter((f) => f.age_group === row[0] && f.gender === row[1]),
        'views',
      );
      expect(row[2]).toBeCloseTo((100 * v) / total, 2);
      share += Number(row[2]);
    }
    expect(share).toBeCloseTo(100, 0);
  });

  it('revenue is converted by the fixed rate table after summing', async () => {
    const got = await report({ metrics: 'estimatedRevenue,grossRevenue', currency: 'EUR' });
    const rate = CURRENCY_RATES.EUR!;
    expect(got.rows![0]![0]).toBeCloseTo(
      ((sum(facts, 'ad_revenue_micros') + sum(facts, 'red_revenue_micros')) / 1e6) * rate,
      2,
    );
    expect(got.rows![0]![1]).toBeCloseTo((sum(facts, 'gross_revenue_micros') / 1e6) * rate, 2);
    expect(got.columnHeaders.map((h) => h.dataType)).toEqual(['CURRENCY', 'CURRENCY']);
  });

  it('every currency of the table converts with its rate; a code outside it is refused naming the code', async () => {
    const gross = sum(facts, 'gross_revenue_micros') / 1e6;
    expect(Object.keys(CURRENCY_RATES).length).toBeGreaterThan(140);
    for (const code of ['NOK', 'KRW', 'ZAR', 'AED', 'VES']) {
      const got = await report({ metrics: 'grossRevenue', currency: code });
      expect(got.rows![0]![0], code).toBeCloseTo(gross * CURRENCY_RATES[code]!, 2);
    }
    for (const code of ['XAU', 'ABC', 'HRK']) {
      const res = await get(
        service.baseUrl,
        `/v2/reports?ids=channel==MINE&startDate=2024-01-01&endDate=2024-01-31&metrics=grossRevenue&currency=${code}`,
      );
      expect(res.status, code).toBe(400);
      expect(res.body.error.message, code).toContain(`Unsupported currency ${code}`);
    }
  });

  it('filters pick facts: country==US;video==<id>', async () => {
    const got = await report({ metrics: 'views', filters: 'country==US;video==video-00000001' });
    expect(got.rows).toEqual([
      [
        sum(
          facts.filter((f) => f.country === 'US' && f.video_id === 'video-00000001'),
          'views',
        ),
      ],
    ]);
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
    // The channel filter narrows the content (a content owner report needs one, below) and names both channels.
    const filters = `channel==${CHANNEL},UCchannel0000000000000003`;
    expect((await report({ ids: 'contentOwner==owner-1', metrics: 'views', filters })).rows).toEqual([
      [sum(linked, 'views')],
    ]);
    expect(
      (await report({ ids: 'contentOwner==owner-1', metrics: 'views', filters, includeHistoricalChannelData: true }))
        .rows,
    ).toEqual([[sum(all, 'views')]]);
  });

  it('a content owner report needs a filter narrowing the content; with one it is answered', async () => {
    const base = '/v2/reports?ids=contentOwner==owner-1&startDate=2024-02-01&endDate=2024-02-29&metrics=views';
    for (const query of ['', '&filters=country==US', '&dimensions=day', '&dimensions=uploaderType']) {
      const res = await get(service.baseUrl, `${base}${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toContain(
        'content owner reports need a filter on one of video, channel, asset, group',
      );
      expect(res.body.error.errors[0].reason).toBe('badRequest');
    }
    const owner = factsOf(
      (f) =>
        f.day >= '2024-02-01' &&
        f.day <= '2024-02-29' &&
        (f.channel_id === CHANNEL || f.channel_id === 'UCchannel0000000000000003'),
    );
    for (const [filter, pick] of [
      ['uploaderType==self', (f: FactRow) => f.uploader_type === 'self'],
      ['claimedStatus==claimed', (f: FactRow) => f.asset_id !== ''],
      [`channel==${CHANNEL}`, (f: FactRow) => f.channel_id === CHANNEL],
      ['video==video-00000004', (f: FactRow) => f.video_id === 'video-00000004'],
      ['asset==A000000000000001', (f: FactRow) => f.asset_id === 'A000000000000001'],
    ] as const) {
      const res = await get(service.baseUrl, `${base}&filters=${filter};country==US`);
      expect(res.status, filter).toBe(200);
      expect(res.body.rows, filter).toEqual([
        [
          sum(
            owner.filter((f) => pick(f) && f.country === 'US'),
            'views',
          ),
        ],
      ]);
    }
    // A channel report needs no such filter.
    expect(
      (
        await get(
          service.baseUrl,
          '/v2/reports?ids=channel==MINE&startDate=2024-02-01&endDate=2024-02-29&metrics=views',
        )
      ).status,
    ).toBe(200);
  });

  it("content owner dimensions: uploaderType, claimedStatus, channel and asset rows are sums of the owner's facts", async () => {
    const owner = factsOf(
      (f) =>
        f.day >= '2024-02-01' &&
        f.day <= '2024-02-29' &&
        (f.channel_id === CHANNEL || f.channel_id === 'UCchannel0000000000000003'),
    );
    const q = { ids: 'contentOwner==owner-1', startDate: '2024-02-01', endDate: '2024-02-29' };
    const filters = `channel==${CHANNEL},UCchannel0000000000000003`;
    const byUploader = await report({ ...q, dimensions: 'uploaderType', metrics: 'views', filters });
    expect(byUploader.rows).toEqual([...sumBy(owner, (f) => f.uploader_type, 'views')].sort().map(([k, v]) => [k, v]));
    expect(byUploader.rows).toHaveLength(2);
    const byChannel = await report({
      ...q,
      dimensions: 'channel',
      metrics: 'views',
      filters: 'uploaderType==self',
      sort: '-views',
      maxResults: 10,
    });
    const self = owner.filter((f) => f.uploader_type === 'self');
    expect(new Map(byChannel.rows!.map((r) => [r[0], r[1]]))).toEqual(sumBy(self, (f) => f.channel_id, 'views'));
    const byAsset = await report({
      ...q,
      dimensions: 'asset',
      metrics: 'views',
      filters: 'claimedStatus==claimed',
      sort: '-views',
      maxResults: 10,
    });
    expect(new Map(byAsset.rows!.map((r) => [r[0], r[1]]))).toEqual(
      sumBy(
        owner.filter((f) => f.asset_id !== ''),
        (f) => f.asset_id,
        'views',
      ),
    );
    const byClaim = await report({ ...q, dimensions: 'claimedStatus', metrics: 'views,likes', filters });
    expect(byClaim.rows).toEqual([
      [
        'claimed',
        sum(
          owner.filter((f) => f.asset_id !== ''),
          'views',
        ),
        sum(
          owner.filter((f) => f.asset_id !== ''),
          'likes',
        ),
      ],
    ]);
    const claimed = await report({
      ...q,
      metrics: 'views',
      filters: 'claimedStatus==claimed;uploaderType==thirdParty',
    });
    expect(claimed.rows).toEqual([
      [
        sum(
          owner.filter((f) => f.asset_id !== '' && f.uploader_type === 'thirdParty'),
          'views',
        ),
      ],
    ]);
    const channelReport = await get(
      service.baseUrl,
      '/v2/reports?ids=channel==MINE&startDate=2024-02-01&endDate=2024-02-29&metrics=views&filters=uploaderType==self',
    );
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
    const res = await get(
      service.baseUrl,
      '/v2/reports?ids=channel==MINE&startDate=2024-01-01&endDate=2024-01-31&metrics=viewerPercentage&dimensions=day',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('dimensions [day] with metrics [viewerPercentage]');
    const month = await get(
      service.baseUrl,
      '/v2/reports?ids=channel==MINE&startDate=2024-01-02&endDate=2024-01-31&metrics=views&dimensions=month',
    );
    expect(month.status).toBe(400);
  });
});

describe('analytics reference: the month dimension', () => {
  it('an end on the 1st names its whole month, as the public clients send it', async () => {
    const march = factsOf((f) => f.channel_id === CHANNEL && f.day >= '2024-03-01' && f.day <= '2024-03-31');
    const toFirst = await report({
      dimensions: 'month',
      metrics: 'views',
      startDate: '2024-01-01',
      endDate: '2024-03-01',
    });
    const toLast = await report({
      dimensions: 'month',
      metrics: 'views',
      startDate: '2024-01-01',
      endDate: '2024-03-31',
    });
    expect(toFirst.rows).toEqual(toLast.rows);
    expect(toFirst.rows?.find((r) => r[0] === '2024-03')?.[1]).toBe(sum(march, 'views'));
  });
});

describe('analytics reference: tenants are isolated', () => {
  const TENANT_2 = 'test-token-tenant-2';
  it("a tenant sees neither the other tenant's groups nor its channel, and cannot group its videos", async () => {
    expect((await get(service.baseUrl, '/v2/groups?id=Abc123Group', TENANT_2)).body.items).toEqual([]);
    expect(
      (await get(service.baseUrl, '/v2/groups?id=Tenant2Group', TENANT_2)).body.items.map((g: { id: string }) => g.id),
    ).toEqual(['Tenant2Group']);
    expect((await get(service.baseUrl, '/v2/groups?id=Tenant2Group')).body.items).toEqual([]);
    expect(
      (
        await get(
          service.baseUrl,
          `/v2/reports?ids=channel==${CHANNEL}&startDate=2024-01-01&endDate=2024-01-31&metrics=views`,
          TENANT_2,
        )
      ).status,
    ).toBe(403);
    // Another owner's group answers exactly as a missing one: nothing tells the other tenant it exists.
    const foreignItems = await get(service.baseUrl, '/v2/groupItems?groupId=Abc123Group', TENANT_2);
    const missingItems = await get(service.baseUrl, '/v2/groupItems?groupId=NoSuchGroup00', TENANT_2);
    expect(foreignItems.status).toBe(404);
    expect(foreignItems.body).toEqual(missingItems.body);
    for (const id of ['Abc123Group', 'NoSuchGroup00']) {
      const rename = await send(
        service.baseUrl,
        'PUT',
        '/v2/groups',
        { id, snippet: { title: 'taken' }, contentDetails: { itemType: 'platform#video' } },
        TENANT_2,
      );
      expect([rename.status, rename.body]).toEqual([404, missingItems.body]);
      const removed = await send(service.baseUrl, 'DELETE', `/v2/groups?id=${id}`, undefined, TENANT_2);
      expect([removed.status, removed.body]).toEqual([404, missingItems.body]);
      const added = await send(
        service.baseUrl,
        'POST',
        '/v2/groupItems',
        { groupId: id, resource: { kind: 'platform#video', id: 'video-00000001' } },
        TENANT_2,
      );
      expect([added.status, added.body]).toEqual([404, missingItems.body]);
    }
    const item = await send(service.baseUrl, 'DELETE', '/v2/groupItems?id=Abc123Item1', undefined, TENANT_2);
    const noItem = await send(service.baseUrl, 'DELETE', '/v2/groupItems?id=NoSuchItem000', undefined, TENANT_2);
    expect(item.status).toBe(404);
    expect(item.body).toEqual(noItem.body);
    // The group is untouched.
    expect((await get(service.baseUrl, '/v2/groups?id=Abc123Group')).body.items[0].snippet.title).not.toBe('taken');
    const group = await send(
      service.baseUrl,
      'POST',
      '/v2/groups',
      { snippet: { title: 't2' }, contentDetails: { itemType: 'platform#video' } },
      TENANT_2,
    );
    expect(group.status).toBe(200);
    const refused = await send(
      service.baseUrl,
      'POST',
      '/v2/groupItems',
      { groupId: group.body.id, resource: { kind: 'platform#video', id: 'video-00000001' } },
      TENANT_2,
    );
    expect(refused.status).toBe(403);
    const own = await send(
      service.baseUrl,
      'POST',
      '/v2/groupItems',
      { groupId: group.body.id, resource: { kind: 'platform#video', id: 'video-not-mine-01' } },
      TENANT_2,
    );
    expect(own.status).toBe(200);
  });
});
