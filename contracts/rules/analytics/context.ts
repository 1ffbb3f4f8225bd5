// What the analytics rule families (./<family>.rules.ts) share. Their tests go through the generated AnalyticsClient.
// Report rules compare one answer with others of the same target (a total with the sum of its breakdown,
// a filtered report with the rows it picks), so they judge a real service with its own data too.
import { expect } from 'vitest';
import type { AnalyticsClient } from '../../../generated/analytics/client.js';
import type { components } from '../../../generated/analytics/types.js';
import { unique } from '../../harness/expect-error.js';
import type { RuleContext } from '../../harness/rule-test.js';

export type QueryResponse = components['schemas']['QueryResponse'];
type Row = Array<string | number | boolean | null>;
export function ctx(t: RuleContext) {
  const f = t.session.fixtures.analytics;
  return { f, client: t.clients.analytics(), ids: `channel==${f.channelId}` };
}
export const BAD = { status: 'INVALID_ARGUMENT', http: 400 };
export const DENIED = { status: 'PERMISSION_DENIED', http: 403 };
/** The fixture month as an inclusive date range. */
export function month(t: RuleContext): { startDate: string; endDate: string } {
  const m = t.fixture('reportMonth') as string;
  const [y, mm] = m.split('-').map(Number) as [number, number];
  return { startDate: `${m}-01`, endDate: new Date(Date.UTC(y, mm, 0)).toISOString().slice(0, 10) };
}
export const rowsOf = (r: QueryResponse): Row[] => (r.rows ?? []) as Row[];
export function column(r: QueryResponse, name: string): number {
  const i = r.columnHeaders.findIndex((h) => h.name === name);
  expect(i, `column ${name} in ${JSON.stringify(r.columnHeaders.map((h) => h.name))}`).toBeGreaterThanOrEqual(0);
  return i;
}
/** Sum of a metric column over the rows of a report. */
export const sumOf = (r: QueryResponse, name: string): number =>
  rowsOf(r).reduce((n, row) => n + Number(row[column(r, name)]), 0);
/** The single total of a report without dimensions (0 when it has no rows). */
export const totalOf = (r: QueryResponse, name: string): number =>
  rowsOf(r).length ? Number(rowsOf(r)[0]![column(r, name)]) : 0;
type QueryParams = Parameters<AnalyticsClient['queryReports']>[0];
/** A top-N report (video, channel) read whole: pages of 200 rows through startIndex until a short page. */
export async function allRows(client: AnalyticsClient, params: QueryParams): Promise<QueryResponse> {
  const first = await client.queryReports({ ...params, maxResults: 200, startIndex: 1 });
  const rows = [...rowsOf(first)];
  for (let page = first; rowsOf(page).length === 200 && rows.length < 10_000; ) {
    page = await client.queryReports({ ...params, maxResults: 200, startIndex: rows.length + 1 });
    rows.push(...rowsOf(page));
  }
  return { ...first, rows };
}
export async function newGroup(
  t: RuleContext,
  client: AnalyticsClient,
  itemType: components['schemas']['ItemKind'] = 'platform#video',
  onBehalfOfContentOwner?: string,
) {
  const group = await client.insertGroup({
    onBehalfOfContentOwner,
    body: { snippet: { title: unique('group') }, contentDetails: { itemType } },
  });
  expect(group.id).toBeTypeOf('string');
  t.defer(() => client.deleteGroup({ id: group.id!, onBehalfOfContentOwner }));
  // A created group is judged by a later read, not by the insert's answer: groups.list answers it as created.
  if (t.session.kind === 'stateful') {
    const stored = (await client.listGroups({ id: group.id!, onBehalfOfContentOwner })).items ?? [];
    expect(
      stored.map((g) => ({ id: g.id, title: g.snippet?.title, itemType: g.contentDetails?.itemType })),
      'groups.list answers the created group',
    ).toEqual([{ id: group.id, title: group.snippet.title, itemType }]);
  }
  return group;
}
export async function addVideo(client: AnalyticsClient, groupId: string, id: string) {
  return client.insertGroupItem({ body: { groupId, resource: { kind: 'platform#video', id } } });
}
export async function itemsOf(client: AnalyticsClient, groupId: string) {
  return (await client.listGroupItems({ groupId })).items ?? [];
}
export async function groupById(client: AnalyticsClient, id: string) {
  return (await client.listGroups({ id })).items?.find((g) => g.id === id);
}
