// The public service's own Node client (@googleapis/youtubeanalytics, unchanged) against the analytics
// reference served as a user serves it (`npm run serve -- analytics`, its own process): rootUrl pointed at
// it, an OAuth2 client holding a seeded access token.
import { auth, youtubeAnalytics } from '@googleapis/youtubeanalytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from './served.js';

let served: Served | undefined;
let baseUrl: string;

beforeAll(async () => {
  served = await serve('analytics');
  baseUrl = served.baseUrl;
});
afterAll(() => {
  served?.stop();
});

function client() {
  const oauth = new auth.OAuth2();
  oauth.setCredentials({ access_token: 'test-token-all-scopes' });
  return youtubeAnalytics({ version: 'v2', rootUrl: `${baseUrl}/`, auth: oauth });
}

describe('the public Node client against the analytics reference', () => {
  it('reports.query with dimensions, filters and sort', async () => {
    const res = await client().reports.query({
      ids: 'channel==MINE',
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      metrics: 'views,likes',
      dimensions: 'day',
      filters: 'country==US;video==video-00000001',
      sort: '-views',
    });
    expect(res.status).toBe(200);
    expect(res.data.columnHeaders?.map((h) => h.name)).toEqual(['day', 'views', 'likes']);
    const views = (res.data.rows ?? []).map((r) => Number(r[1]));
    expect(views).toHaveLength(31);
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });

  it('reports.query with the city and province dimensions, a required filter and a top-N sort', async () => {
    const ya = client();
    const cities = await ya.reports.query({
      ids: 'channel==MINE',
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      metrics: 'views,estimatedMinutesWatched',
      dimensions: 'city',
      filters: 'country==US',
      sort: '-views',
      maxResults: 3,
    });
    expect(cities.data.columnHeaders?.map((h) => [h.name, h.columnType, h.dataType])).toEqual([
      ['city', 'DIMENSION', 'STRING'],
      ['views', 'METRIC', 'INTEGER'],
      ['estimatedMinutesWatched', 'METRIC', 'INTEGER'],
    ]);
    const views = (cities.data.rows ?? []).map((r) => Number(r[1]));
    expect(views).toHaveLength(3);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const states = await ya.reports.query({
      ids: 'channel==MINE',
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      metrics: 'views',
      dimensions: 'province',
      filters: 'country==US',
      sort: 'province',
    });
    const us = await ya.reports.query({
      ids: 'channel==MINE',
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      metrics: 'views',
      filters: 'country==US',
    });
    expect((states.data.rows ?? []).reduce((n, r) => n + Number(r[1]), 0)).toBe(Number(us.data.rows?.[0]?.[0]));
    // The province report without its required filter: the client sees the service's 400.
    await expect(
      ya.reports.query({
        ids: 'channel==MINE',
        startDate: '2024-01-01',
        endDate: '2024-01-31',
        metrics: 'views',
        dimensions: 'province',
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('a content owner report with a narrowing filter is answered, without one it is refused as unsupported', async () => {
    const ya = client();
    const q = {
      ids: 'contentOwner==owner-1',
      startDate: '2024-02-01',
      endDate: '2024-02-29',
      metrics: 'views',
      dimensions: 'liveOrOnDemand',
    };
    const live = await ya.reports.query({ ...q, filters: 'uploaderType==self' });
    expect(live.data.rows?.map((r) => r[0])).toEqual(['LIVE', 'ON_DEMAND']);
    await expect(ya.reports.query(q)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('content owner reports need a filter'),
    });
  });

  it('groups and group items end to end', async () => {
    const ya = client();
    const group = (
      await ya.groups.insert({
        requestBody: { snippet: { title: 'client group' }, contentDetails: { itemType: 'platform#video' } },
      })
    ).data;
    expect(group.id).toBeTruthy();
    const item = (
      await ya.groupItems.insert({
        requestBody: { groupId: group.id!, resource: { kind: 'platform#video', id: 'video-00000003' } },
      })
    ).data;
    expect(item.resource?.id).toBe('video-00000003');
    expect((await ya.groupItems.list({ groupId: group.id! })).data.items?.map((i) => i.id)).toEqual([item.id]);
    const renamed = (await ya.groups.update({ requestBody: { id: group.id!, snippet: { title: 'renamed' } } })).data;
    expect(renamed.snippet?.title).toBe('renamed');
    expect(renamed.contentDetails?.itemCount).toBe('1');
    const mine = (await ya.groups.list({ mine: true })).data;
    expect(mine.items?.length).toBeGreaterThan(0);
    const report = (
      await ya.reports.query({
        ids: 'channel==MINE',
        startDate: '2024-01-01',
        endDate: '2024-01-31',
        metrics: 'views',
        filters: `group==${group.id}`,
      })
    ).data;
    const direct = (
      await ya.reports.query({
        ids: 'channel==MINE',
        startDate: '2024-01-01',
        endDate: '2024-01-31',
        metrics: 'views',
        filters: 'video==video-00000003',
      })
    ).data;
    expect(report.rows).toEqual(direct.rows);
    expect((await ya.groupItems.delete({ id: item.id! })).status).toBe(204);
    expect((await ya.groups.delete({ id: group.id! })).status).toBe(204);
    await expect(ya.groupItems.list({ groupId: group.id! })).rejects.toMatchObject({ status: 404 });
  });
});
