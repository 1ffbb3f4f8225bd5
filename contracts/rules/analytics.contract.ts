// Rules of the analytics reporting and group service (ANA-*), through the generated AnalyticsClient.
import { expect } from 'vitest';
import type { AnalyticsClient } from '../../generated/analytics/client.js';
import { expectStatusError, unique } from '../harness/expect-error.js';
import { ruleTest, ruleTests, type RuleContext } from '../harness/rule-test.js';

function ctx(t: RuleContext) {
  const f = t.session.fixtures.analytics;
  return { f, client: t.clients.analytics(), ids: `channel==${f.channelId}` };
}

const BAD = { status: 'INVALID_ARGUMENT', http: 400 };
const PRECONDITION = { status: 'FAILED_PRECONDITION', http: 400 };

async function newGroup(client: AnalyticsClient, itemType: 'platform#video' | 'platform#playlist' = 'platform#video') {
  const group = await client.insertGroup({ body: { snippet: { title: unique('group') }, contentDetails: { itemType } } });
  expect(group.id).toBeTypeOf('string');
  return group;
}

async function itemsOf(client: AnalyticsClient, groupId: string) {
  return (await client.listGroupItems({ groupId })).items;
}

ruleTest('ANA-AUTH-1', 'an invalid OAuth token is rejected with 401 UNAUTHENTICATED', async (t) => {
  const { f } = ctx(t);
  const client = t.clients.analytics(f.invalidToken);
  await expectStatusError(t, () => client.listGroups({ mine: true }), { status: 'UNAUTHENTICATED', http: 401 });
});

ruleTests('ANA-SCOPE-1', [
  ['a token with only a management scope cannot query monetary reports', async (t) => {
    const { f, ids } = ctx(t);
    if (!f.accountManagementToken) t.notApplicable('no accountManagementToken fixture');
    const client = t.clients.analytics(f.accountManagementToken);
    // account-management is an accepted scope of reports.query, but it does not carry analytics-monetary.readonly.
    const report = await client.queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-31', metrics: 'views' });
    expect(report.kind).toBe('platformAnalytics#resultTable');
    await expectStatusError(t, () => client.queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-31', metrics: 'estimatedRevenue' }), { status: 'PERMISSION_DENIED', http: 403 });
  }],
  ['a token with none of the accepted scopes is refused with 403', async (t) => {
    const { f, ids } = ctx(t);
    if (!f.noScopeToken) t.notApplicable('no noScopeToken fixture');
    const client = t.clients.analytics(f.noScopeToken);
    await expectStatusError(t, () => client.queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-31', metrics: 'views' }), { status: 'PERMISSION_DENIED', http: 403 });
  }],
]);

ruleTest('ANA-SCOPE-2', 'a token with only analytics.readonly cannot create groups', async (t) => {
  const { f } = ctx(t);
  if (!f.readonlyToken) t.notApplicable('no readonlyToken fixture');
  const client = t.clients.analytics(f.readonlyToken);
  await expectStatusError(t, () => client.insertGroup({ body: { snippet: { title: unique('g') }, contentDetails: { itemType: 'platform#video' } } }), { status: 'PERMISSION_DENIED', http: 403 });
});

ruleTests('ANA-QUERY-1', [
  ...(['ids', 'startDate', 'endDate', 'metrics'] as const).map((missing): [string, (t: RuleContext) => Promise<unknown>] => [`a query without ${missing} is rejected`, async (t) => {
    const { client, ids } = ctx(t);
    const params: Record<string, string> = { ids, startDate: '2024-01-01', endDate: '2024-01-31', metrics: 'views' };
    delete params[missing];
    await expectStatusError(t, () => client.queryReports(params as never), BAD);
  }]),
  ['a complete query answers a result table', async (t) => {
    const { client, ids } = ctx(t);
    const report = await client.queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-31', metrics: 'views' });
    expect(report.kind).toBe('platformAnalytics#resultTable');
  }],
]);

ruleTest('ANA-QUERY-2', 'an end date before the start date is rejected', async (t) => {
  const { client, ids } = ctx(t);
  await expectStatusError(t, () => client.queryReports({ ids, startDate: '2024-02-01', endDate: '2024-01-01', metrics: 'views' }), BAD);
});

ruleTest('ANA-QUERY-3', 'columnHeaders are the dimensions then the metrics, in request order', async (t) => {
  const { client, ids } = ctx(t);
  const report = await client.queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-07', dimensions: 'day', metrics: 'likes,views' });
  expect(report.columnHeaders.map((h) => [h.name, h.columnType])).toEqual([['day', 'DIMENSION'], ['likes', 'METRIC'], ['views', 'METRIC']]);
  for (const row of report.rows ?? []) expect(row).toHaveLength(3);
});

ruleTest('ANA-QUERY-4', 'each row holds a unique combination of dimension values', async (t) => {
  const { client, ids } = ctx(t);
  const report = await client.queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-31', dimensions: 'day', metrics: 'views' });
  const keys = (report.rows ?? []).map((r) => JSON.stringify(r.slice(0, 1)));
  expect(keys.length).toBeGreaterThan(0);
  expect(new Set(keys).size).toBe(keys.length);
});

ruleTest('ANA-QUERY-5', 'an unsupported combination (dimensions video,day) is rejected', async (t) => {
  const { client, ids } = ctx(t);
  await expectStatusError(t, () => client.queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-31', dimensions: 'video,day', metrics: 'views' }), BAD);
});

ruleTest('ANA-QUERY-6', 'filters=group==<id> answers data aggregated over the group', async (t) => {
  const { f, client, ids } = ctx(t);
  const group = await newGroup(client);
  await client.insertGroupItem({ body: { groupId: group.id!, resource: { kind: 'platform#video', id: f.videoIds[0]! } } });
  const report = await client.queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-31', metrics: 'views', filters: `group==${group.id}` });
  expect(report.columnHeaders.map((h) => h.name)).toEqual(['views']);
  expect(report.rows?.length ?? 0).toBeLessThanOrEqual(1);
});

ruleTest('ANA-QUERY-7', 'revenue metrics with analytics.readonly alone are refused', async (t) => {
  const { f, ids } = ctx(t);
  if (!f.readonlyToken) t.notApplicable('no readonlyToken fixture');
  const client = t.clients.analytics(f.readonlyToken);
  await expectStatusError(t, () => client.queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-31', metrics: 'estimatedRevenue' }), { status: 'PERMISSION_DENIED', http: 403 });
});

ruleTest('ANA-GROUP-1', 'a group holds 500 items; the 501st is rejected', async (t) => {
  const { f, client } = ctx(t);
  // Owned videos only: an id the caller does not own would be refused under ANA-GROUP-3 instead.
  const videos = [...new Set(f.bulkVideoIds ?? [])];
  if (videos.length < 501) t.notApplicable('needs 501 owned video ids in the bulkVideoIds fixture');
  const group = await newGroup(client);
  for (const id of videos.slice(0, 500)) await client.insertGroupItem({ body: { groupId: group.id!, resource: { kind: 'platform#video', id } } });
  await expectStatusError(t, () => client.insertGroupItem({ body: { groupId: group.id!, resource: { kind: 'platform#video', id: videos[500]! } } }), PRECONDITION);
  expect(await itemsOf(client, group.id!)).toHaveLength(500);
}, { timeout: 120_000 });

ruleTest('ANA-GROUP-2', 'an item of another kind than the group is rejected', async (t) => {
  const { f, client } = ctx(t);
  const group = await newGroup(client);
  await client.insertGroupItem({ body: { groupId: group.id!, resource: { kind: 'platform#video', id: f.videoIds[0]! } } });
  await expectStatusError(t, () => client.insertGroupItem({ body: { groupId: group.id!, resource: { kind: 'platform#playlist', id: f.playlistId } } }), PRECONDITION);
  expect(await itemsOf(client, group.id!)).toHaveLength(1);
});

ruleTest('ANA-GROUP-3', 'a resource the caller does not own is rejected', async (t) => {
  const { f, client } = ctx(t);
  if (!f.foreignVideoId) t.notApplicable('no foreignVideoId fixture');
  const group = await newGroup(client);
  await expectStatusError(t, () => client.insertGroupItem({ body: { groupId: group.id!, resource: { kind: 'platform#video', id: f.foreignVideoId! } } }), { status: 'PERMISSION_DENIED', http: 403 });
});

ruleTest('ANA-GROUP-4', 'a channel owner cannot group channels or assets', async (t) => {
  const { client } = ctx(t);
  await expectStatusError(t, () => client.insertGroup({ body: { snippet: { title: unique('g') }, contentDetails: { itemType: 'platformPartner#asset' } } }), BAD);
});

ruleTest('ANA-GROUP-5', 'an update changes the title and nothing else', async (t) => {
  const { f, client } = ctx(t);
  const group = await newGroup(client);
  await client.insertGroupItem({ body: { groupId: group.id!, resource: { kind: 'platform#video', id: f.videoIds[0]! } } });
  const title = unique('renamed');
  const updated = await client.updateGroup({ body: { id: group.id!, snippet: { title }, contentDetails: { itemType: 'platform#playlist', itemCount: '99' } } });
  expect(updated.snippet.title).toBe(title);
  expect(updated.contentDetails?.itemType).toBe('platform#video');
  expect(updated.contentDetails?.itemCount).toBe('1');
});

ruleTest('ANA-GROUP-6', 'groups.update never changes membership', async (t) => {
  const { f, client } = ctx(t);
  const group = await newGroup(client);
  await client.insertGroupItem({ body: { groupId: group.id!, resource: { kind: 'platform#video', id: f.videoIds[0]! } } });
  const before = await itemsOf(client, group.id!);
  await client.updateGroup({ body: { id: group.id!, snippet: { title: unique('t') }, contentDetails: { itemCount: '0' } } });
  expect(await itemsOf(client, group.id!)).toEqual(before);
});

ruleTests('ANA-GROUP-7', [
  ['a group without a title is rejected', async (t) => {
    const { client } = ctx(t);
    await expectStatusError(t, () => client.insertGroup({ body: { snippet: {}, contentDetails: { itemType: 'platform#video' } } as never }), BAD);
  }],
  ['a group with an empty title is rejected', async (t) => {
    const { client } = ctx(t);
    await expectStatusError(t, () => client.insertGroup({ body: { snippet: { title: '' }, contentDetails: { itemType: 'platform#video' } } }), BAD);
  }],
]);

ruleTest('ANA-GROUP-8', 'create, list, rename, delete: a deleted group is no longer listed and has no items', async (t) => {
  const { f, client } = ctx(t);
  const group = await newGroup(client);
  await client.insertGroupItem({ body: { groupId: group.id!, resource: { kind: 'platform#video', id: f.videoIds[1]! } } });
  expect((await client.listGroups({ id: group.id! })).items.map((g) => g.id)).toEqual([group.id]);
  await client.updateGroup({ body: { id: group.id!, snippet: { title: unique('renamed') } } });
  await client.deleteGroup({ id: group.id! });
  expect((await client.listGroups({ id: group.id! })).items).toEqual([]);
  await expectStatusError(t, () => client.listGroupItems({ groupId: group.id! }), { status: 'NOT_FOUND', http: 404 });
});

ruleTests('ANA-LIST-1', [
  ['groups.list without id or mine is rejected', async (t) => {
    const { client } = ctx(t);
    await expectStatusError(t, () => client.listGroups({}), BAD);
  }],
  ['groups.list with mine=true answers a list', async (t) => {
    const { client } = ctx(t);
    const list = await client.listGroups({ mine: true });
    expect(list.kind).toBe('platform#groupListResponse');
  }],
]);

ruleTest('ANA-LIST-2', 'nextPageToken pages through all groups without repeats', async (t) => {
  const { client } = ctx(t);
  for (let i = 0; i < 6; i++) await newGroup(client);
  const ids: string[] = [];
  for await (const g of client.listGroupsAll({ mine: true })) ids.push(g.id!);
  expect(ids.length).toBeGreaterThanOrEqual(6);
  expect(new Set(ids).size).toBe(ids.length);
});

ruleTest('ANA-ITEM-1', 'an inserted item is listed and itemCount grows', async (t) => {
  const { f, client } = ctx(t);
  const group = await newGroup(client);
  const item = await client.insertGroupItem({ body: { groupId: group.id!, resource: { kind: 'platform#video', id: f.videoIds[0]! } } });
  expect(item.kind).toBe('platform#groupItem');
  expect((await itemsOf(client, group.id!)).map((i) => i.id)).toContain(item.id);
  expect((await client.listGroups({ id: group.id! })).items[0]?.contentDetails?.itemCount).toBe('1');
});

ruleTest('ANA-ITEM-2', 'groupItems.list without groupId is rejected', async (t) => {
  const { client } = ctx(t);
  await expectStatusError(t, () => client.listGroupItems({} as never), BAD);
});

ruleTest('ANA-ITEM-3', 'a deleted item is gone and itemCount shrinks', async (t) => {
  const { f, client } = ctx(t);
  const group = await newGroup(client);
  const item = await client.insertGroupItem({ body: { groupId: group.id!, resource: { kind: 'platform#video', id: f.videoIds[2]! } } });
  await client.deleteGroupItem({ id: item.id! });
  expect(await itemsOf(client, group.id!)).toEqual([]);
  expect((await client.listGroups({ id: group.id! })).items[0]?.contentDetails?.itemCount).toBe('0');
});
