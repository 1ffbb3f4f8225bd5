// reference/foundation/result-cache.ts, and its use for analytics reports: a cached report answer never
// outlives a change of what the report covers (the members of a filter group).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCache } from '../../reference/foundation/result-cache.js';
import type { FactRow } from '../../reference/analytics/facts.js';
import { factsOf, get, send, startStandaloneAnalytics, sum, type StandaloneAnalytics } from './analytics-support.js';

describe('ResultCache', () => {
  it('computes a key once, answers it from the cache after, and keeps the answer of each key apart', () => {
    const cache = new ResultCache<number>();
    let computed = 0;
    const compute = (n: number) => () => {
      computed += 1;
      return [n];
    };
    expect(cache.get('a', compute(1))).toEqual([1]);
    expect(cache.get('a', compute(99))).toEqual([1]);
    expect(cache.get('b', compute(2))).toEqual([2]);
    expect(computed).toBe(2);
    cache.clear();
    expect(cache.get('a', compute(3))).toEqual([3]);
  });

  it('is bounded in entries and rows: the least recently used answer goes first', () => {
    const cache = new ResultCache<number>(2, 10);
    cache.get('a', () => [1]);
    cache.get('b', () => [2]);
    cache.get('a', () => [0]); // a is now the most recently used
    cache.get('c', () => [3]); // b goes
    expect(cache.size).toBe(2);
    expect(cache.get('a', () => [-1])).toEqual([1]);
    expect(cache.get('b', () => [-2])).toEqual([-2]);
    // An answer larger than the row bound is answered, not kept.
    const big = Array.from({ length: 11 }, (_, i) => i);
    expect(cache.get('big', () => big)).toBe(big);
    expect(cache.get('big', () => [7])).toEqual([7]);
    // Rows in all stay within the bound: an answer of 10 rows pushes out every other (held: b and big, a row each).
    cache.get('ten', () => Array.from({ length: 10 }, () => 0));
    expect(cache.size).toBe(1);
    expect(cache.get('ten', () => [])).toHaveLength(10);
  });
});

describe('analytics reports answered from the cache follow the group they filter on', () => {
  let service: StandaloneAnalytics;
  beforeAll(async () => {
    service = await startStandaloneAnalytics();
  });
  afterAll(async () => service?.close());

  const january = (f: FactRow) =>
    f.channel_id === 'UCchannel0000000000000001' && f.day >= '2024-01-01' && f.day <= '2024-01-31';
  const viewsOf = (videos: string[]) =>
    sum(
      factsOf((f) => january(f) && videos.includes(f.video_id)),
      'views',
    );
  const groupViews = async (groupId: string) => {
    const res = await get(
      service.baseUrl,
      `/v2/reports?ids=channel%3D%3DMINE&startDate=2024-01-01&endDate=2024-01-31&metrics=views&filters=group%3D%3D${groupId}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.rows as number[][] | undefined;
  };

  it('an item added to or removed from the group changes the next report, asked the same way', async () => {
    const group = await send(service.baseUrl, 'POST', '/v2/groups', {
      snippet: { title: 'cached' },
      contentDetails: { itemType: 'platform#video' },
    });
    expect(group.status).toBe(200);
    const add = (video: string) =>
      send(service.baseUrl, 'POST', '/v2/groupItems', {
        groupId: group.body.id,
        resource: { kind: 'platform#video', id: video },
      });
    expect((await add('video-00000001')).status).toBe(200);
    const one = viewsOf(['video-00000001']);
    expect(one).toBeGreaterThan(0);
    expect(await groupViews(group.body.id)).toEqual([[one]]);
    expect(await groupViews(group.body.id)).toEqual([[one]]);
    const second = await add('video-00000002');
    expect(second.status).toBe(200);
    const two = viewsOf(['video-00000001', 'video-00000002']);
    expect(two).toBeGreaterThan(one);
    expect(await groupViews(group.body.id)).toEqual([[two]]);
    expect((await send(service.baseUrl, 'DELETE', `/v2/groupItems?id=${second.body.id}`)).status).toBe(204);
    expect(await groupViews(group.body.id)).toEqual([[one]]);
  });
});
