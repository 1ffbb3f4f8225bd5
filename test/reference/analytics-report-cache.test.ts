// Report answers are serialised once per cached result (handlers.ts, a WeakMap on the store's rows): a repeated
// report must go out byte for byte as a freshly computed one, and a group change must give the new answer,
// never the bytes made before it. A report made for one request (from the rollups held in memory) is serialised and
// kept by nothing: what a young-generation collection keeps of it lengthens the distinct-read mix's pauses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { override } from '../../contracts/mutants/decorate.js';
import type { FactRow } from '../../reference/analytics/facts.js';
import type { AnalyticsStore, ReportRows } from '../../reference/analytics/store.js';
import { startStandaloneAnalytics, type StandaloneAnalytics, factsOf, send, sum, sumBy } from './analytics-support.js';

const CHANNEL = 'UCchannel0000000000000001';
const JAN = { from: '2024-01-01', to: '2024-01-31' };
const TOKEN = 'test-token-all-scopes';
const facts = factsOf((f: FactRow) => f.channel_id === CHANNEL && f.day >= JAN.from && f.day <= JAN.to);

let cached: StandaloneAnalytics;
let fresh: StandaloneAnalytics;
beforeAll(async () => {
  [cached, fresh] = await Promise.all([startStandaloneAnalytics(), startStandaloneAnalytics()]);
});
afterAll(async () => {
  await Promise.all([cached?.close(), fresh?.close()]);
});

/** The answer as sent: its bytes and the content-length header. */
async function raw(
  baseUrl: string,
  params: Record<string, string>,
): Promise<{ status: number; text: string; length: string | null }> {
  const q = new URLSearchParams({ ids: 'channel==MINE', startDate: JAN.from, endDate: JAN.to, ...params });
  const res = await fetch(`${baseUrl}/v2/reports?${q}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await res.text();
  return { status: res.status, text, length: res.headers.get('content-length') };
}

describe('analytics reference: a report answer serialised once', () => {
  // The bench's report (a month by day and traffic source).
  const TWO_DIMENSIONS = { dimensions: 'day,insightTrafficSourceType', metrics: 'views,estimatedMinutesWatched' };

  it('a repeated report is byte-identical to the same report computed fresh by another instance, with a true content-length', async () => {
    const first = await raw(cached.baseUrl, TWO_DIMENSIONS);
    const again = await raw(cached.baseUrl, TWO_DIMENSIONS);
    const computed = await raw(fresh.baseUrl, TWO_DIMENSIONS);
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.text).toBe(computed.text);
    expect(Number(again.length)).toBe(Buffer.byteLength(again.text));
    // The bytes are the report itself: rows that are the sums of their facts.
    const rows = (JSON.parse(again.text) as { rows: Array<[string, string, number, number]> }).rows;
    const views = sumBy(facts, (f) => `${f.day}|${f.traffic_source}`, 'views');
    expect(rows).toHaveLength(views.size);
    for (const [day, source, v] of rows) expect(v).toBe(views.get(`${day}|${source}`));
    // Another query is another answer, not the cached one.
    const other = await raw(cached.baseUrl, { ...TWO_DIMENSIONS, metrics: 'views' });
    expect(other.status).toBe(200);
    expect(other.text).not.toBe(again.text);
  });

  it('a group report, cached, follows a change of the group: an added item gives the new sums', async () => {
    const group = await send(cached.baseUrl, 'POST', '/v2/groups', {
      snippet: { title: 'cache' },
      contentDetails: { itemType: 'platform#video' },
    });
    expect(group.status).toBe(200);
    const add = (video: string) =>
      send(cached.baseUrl, 'POST', '/v2/groupItems', {
        groupId: group.body.id,
        resource: { kind: 'platform#video', id: video },
      });
    const params = { metrics: 'views,likes', filters: `group==${group.body.id}` };
    const expected = (videos: string[]) => {
      const items = facts.filter((f) => videos.includes(f.video_id));
      return [[sum(items, 'views'), sum(items, 'likes')]];
    };

    expect((await add('video-00000001')).status).toBe(200);
    const one = await raw(cached.baseUrl, params);
    expect((await raw(cached.baseUrl, params)).text).toBe(one.text);
    expect(JSON.parse(one.text).rows).toEqual(expected(['video-00000001']));

    expect((await add('video-00000002')).status).toBe(200);
    const two = await raw(cached.baseUrl, params);
    expect(two.status).toBe(200);
    expect(two.text).not.toBe(one.text);
    expect(JSON.parse(two.text).rows).toEqual(expected(['video-00000001', 'video-00000002']));
    expect(Number(two.length)).toBe(Buffer.byteLength(two.text));
  });

  it('rows made for one request are serialised for it and kept by nothing; rows the store keeps, once', async () => {
    // The store answers the same array each time, counting how often the answer's serialisation reads it: rows it
    // says it keeps (a cached answer) are serialised once, other rows for each request (a weak entry keyed by
    // rows made for one request would only carry the answer's bytes through the next young-generation collection).
    let reads = 0;
    const counted = (rows: Array<[string, number]>) =>
      new Proxy(rows, {
        get(target, key, receiver) {
          if (key === '0') reads += 1;
          return Reflect.get(target, key, receiver);
        },
      });
    const made = counted([['2024-01-02', 7]]);
    const kept = counted(Object.assign([['2024-01-03', 9]] as Array<[string, number]>, { kept: true as const }));
    let rows: ReportRows = made;
    const service = await startStandaloneAnalytics({
      decorate: { store: (store: AnalyticsStore) => override(store, { report: async () => rows }) },
    });
    try {
      const ask = () => raw(service.baseUrl, { dimensions: 'day', metrics: 'views' });
      const first = await ask();
      expect(JSON.parse(first.text).rows).toEqual([['2024-01-02', 7]]);
      expect((await ask()).text).toBe(first.text);
      expect(reads).toBe(2);
      rows = kept;
      const third = await ask();
      expect(JSON.parse(third.text).rows).toEqual([['2024-01-03', 9]]);
      expect((await ask()).text).toBe(third.text);
      expect(reads).toBe(3);
    } finally {
      await service.close();
    }
  });

  it('rows the SQL store caches say so, and come again for the same report', async () => {
    const answered: ReportRows[] = [];
    const service = await startStandaloneAnalytics({
      decorate: {
        store: (store: AnalyticsStore) =>
          override(store, {
            report: async (report, plan) => {
              const rows = await report(plan);
              answered.push(rows);
              return rows;
            },
          }),
      },
    });
    try {
      // An average is no sum of rollup rows: the SQL answers it (and its store caches the rows).
      const average = { dimensions: 'day', metrics: 'views,averageViewDuration' };
      expect((await raw(service.baseUrl, average)).status).toBe(200);
      expect((await raw(service.baseUrl, average)).status).toBe(200);
      expect(answered).toHaveLength(2);
      expect(answered[0]!.kept).toBe(true);
      expect(answered[1]).toBe(answered[0]);
    } finally {
      await service.close();
    }
  });
});
