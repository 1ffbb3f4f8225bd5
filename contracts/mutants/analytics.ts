// Planted defects in the analytics reference (reference/analytics/), one or more per rule id: the suite must
// report each as FAIL under its rule. Each is planted from outside the service: on the wire (wire.ts: a request
// rewritten before the service sees it, or its answer after), or around one of the parts the service is built
// from (parts.ts): `store` (AnalyticsStore), `access` (AccessPolicy: scopes), `reports` (ReportCatalogue: which
// report table answers) and `groups` (GroupPolicy: what a group holds, who creates which).
import { DEFAULT_ANALYTICS_FIXTURES } from '../targets/fixtures/analytics.js';
import type { AccessPolicy } from '../../reference/analytics/access.js';
import { SCOPES } from '../../reference/analytics/catalogue.js';
import type { ReportCatalogue, ReportDef } from '../../reference/analytics/combinations.js';
import type { GroupPolicy } from '../../reference/analytics/group-policy.js';
import type { AnalyticsStore, ReportPlan, StoredGroup, StoredItem } from '../../reference/analytics/store.js';
import type { Mutant } from './mutant.js';
import { replacing } from './decorate.js';
import {
  answerInstead,
  chain,
  on,
  perRequest,
  rewriteAnswer,
  rewriteJsonAnswer,
  rewriteJsonRequest,
  rewriteQuery,
  type Wrap,
} from './wire.js';

type Rule = Mutant['rule'];
const ruleOf = (id: string) => id.split('/')[0] as Rule;

function wire(id: string, description: string, wrap: Wrap): Mutant {
  return { id, rule: ruleOf(id), description, wrap };
}

/** A defect around the store: `replace` gives the methods that behave differently. */
function store(
  id: string,
  description: string,
  replace: (original: AnalyticsStore) => Partial<AnalyticsStore>,
): Mutant {
  return { id, rule: ruleOf(id), description, decorate: { store: replacing(replace) } };
}

/** A defect in the reports the store is asked for: the plan the service made, changed. */
function plan(id: string, description: string, change: (plan: ReportPlan) => ReportPlan): Mutant {
  return store(id, description, (original) => ({ report: (p) => original.report(change(p)) }));
}

function access(id: string, description: string, replace: (original: AccessPolicy) => Partial<AccessPolicy>): Mutant {
  return { id, rule: ruleOf(id), description, decorate: { access: replacing(replace) } };
}

function reports(
  id: string,
  description: string,
  replace: (original: ReportCatalogue) => ReportCatalogue['reportFor'],
): Mutant {
  return {
    id,
    rule: ruleOf(id),
    description,
    decorate: { reports: replacing<ReportCatalogue>((original) => ({ reportFor: replace(original) })) },
  };
}

function groups(id: string, description: string, replace: (original: GroupPolicy) => Partial<GroupPolicy>): Mutant {
  return { id, rule: ruleOf(id), description, decorate: { groups: replacing(replace) } };
}

const REPORTS = /^\/v2\/reports$/;
const GROUPS = /^\/v2\/groups$/;
const GROUP_ITEMS = /^\/v2\/groupItems$/;
const READS = new Set(['queryReports', 'listGroups', 'listGroupItems']);
const MANAGEMENT = [SCOPES.account, SCOPES.partner];

/** The report's answer with its columns (headers and every row's cells) in `order` of the old indexes. */
function reorderColumns(body: any, order: (headers: any[]) => number[]): void {
  const headers: any[] = body.columnHeaders ?? [];
  const indexes = order(headers);
  body.columnHeaders = indexes.map((i) => headers[i]);
  if (body.rows) body.rows = body.rows.map((row: unknown[]) => indexes.map((i) => row[i]));
}

const dimensionCount = (body: any) =>
  (body.columnHeaders ?? []).filter((h: any) => h.columnType === 'DIMENSION').length as number;

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The service's refusal of a reversed range, in its own error shape. */
const SAME_DAY_REFUSAL = {
  error: {
    code: 400,
    message: 'The startDate must not be after the endDate.',
    status: 'INVALID_ARGUMENT',
    errors: [
      {
        message: 'The startDate must not be after the endDate.',
        domain: 'global',
        reason: 'invalid',
        location: 'startDate',
        locationType: 'parameter',
      },
    ],
  },
};

/** A table that accepts any dimensions, metrics and filters (what an unchecked combination amounts to). */
const ANY_REPORT: ReportDef = { name: 'any', evidence: '', required: [], optional: [], metrics: [], filters: [] };

/** groups.update with contentDetails empties the group: the request shows it, the rename in the store does it. */
function updateClearsItems(): Mutant {
  const clearing = new Set<string>();
  return {
    id: 'ANA-GROUP-6/update-clears-items',
    rule: 'ANA-GROUP-6',
    description: 'groups.update with contentDetails empties the group',
    wrap: rewriteJsonRequest(on('PUT', GROUPS), (body) => {
      if (body.contentDetails && typeof body.id === 'string') clearing.add(body.id);
    }),
    decorate: {
      store: replacing<AnalyticsStore>((original) => ({
        renameGroup: async (id, title) => {
          if (clearing.delete(id)) for (const item of await original.items(id)) await original.deleteItem(item.id);
          return original.renameGroup(id, title);
        },
      })),
    },
  };
}

/** groups.delete removes the group row; its items (and the group, to their reader) stay. */
function deleteKeepsItems(): Mutant {
  const left = new Map<string, { group: StoredGroup; items: StoredItem[] }>();
  return store(
    'ANA-GROUP-8/delete-keeps-items',
    'groups.delete removes the group but its items are still listed',
    (original) => ({
      deleteGroup: async (id) => {
        const group = await original.group(id);
        if (group) left.set(id, { group, items: await original.items(id) });
        return original.deleteGroup(id);
      },
      group: async (id) => (await original.group(id)) ?? left.get(id)?.group,
      items: async (id) => left.get(id)?.items ?? original.items(id),
    }),
  );
}

export const MUTANTS: Mutant[] = [
  // Authorization
  store('ANA-AUTH-1/any-token-accepted', 'any bearer token string is accepted as the first user', (original) => ({
    principal: async (token) =>
      (await original.principal(token)) ?? original.principal(DEFAULT_ANALYTICS_FIXTURES.accessToken),
  })),
  access(
    'ANA-SCOPE-1/no-scope-reports',
    'report queries skip the scope check: a token for another service gets reports',
    (original) => ({ mayCall: (op, scopes) => op === 'queryReports' || original.mayCall(op, scopes) }),
  ),
  access('ANA-SCOPE-1/readonly-refused', 'reports refused to a token with only analytics.readonly', (original) => ({
    mayCall: (op, scopes) =>
      op === 'queryReports' && ![...MANAGEMENT, SCOPES.monetary].some((s) => scopes.has(s))
        ? false
        : original.mayCall(op, scopes),
  })),
  access(
    'ANA-SCOPE-2/writes-need-management',
    'writes need account-management or partner-management (narrower than the public service)',
    (original) => ({
      mayCall: (op, scopes) => (READS.has(op) ? original.mayCall(op, scopes) : MANAGEMENT.some((s) => scopes.has(s))),
    }),
  ),
  access(
    'ANA-SCOPE-2/writes-unchecked',
    'writes skip the scope check: a token for another service changes groups',
    (original) => ({ mayCall: (op, scopes) => !READS.has(op) || original.mayCall(op, scopes) }),
  ),
  access('ANA-QUERY-7/monetary-unchecked', 'revenue metrics answered without the monetary scope', () => ({
    mayReadMonetary: () => true,
  })),
  access('ANA-QUERY-7/monetary-always-refused', 'revenue metrics refused even with the monetary scope', () => ({
    mayReadMonetary: () => false,
  })),

  // Generic conformance and invalid requests
  wire(
    'ANA-CONFORM-1/delete-answers-200',
    'groups.delete answers 200 with an empty object instead of 204 No Content',
    rewriteAnswer(
      (answer) => (answer.method === 'DELETE' && answer.status === 204 ? { status: 200, json: {} } : undefined),
      {
        bodiless: true,
      },
    ),
  ),
  wire(
    'ANA-CONFORM-1/group-list-without-snippet',
    'groups.list answers its groups without their snippet (as if only ids were asked for)',
    rewriteJsonAnswer(on('GET', GROUPS), (body, status) => {
      if (status !== 200) return false;
      for (const g of body.items ?? []) delete g.snippet;
    }),
  ),
  wire(
    'ANA-INVALID-1/validation-422',
    'requests that break the schema are answered 422 instead of 400 INVALID_ARGUMENT',
    rewriteAnswer((answer) =>
      answer.status === 400 && JSON.stringify(answer.json).includes('google.rpc.BadRequest')
        ? { status: 422, json: { ...answer.json, error: { ...answer.json.error, code: 422 } } }
        : undefined,
    ),
  ),

  // reports.query: required parameters, dates, columns, rows, combinations
  wire(
    'ANA-QUERY-1/metrics-default-views',
    'a query without metrics is answered with views',
    rewriteQuery(on('GET', REPORTS), (q) => {
      if (!q.has('metrics')) q.set('metrics', 'views');
    }),
  ),
  wire(
    'ANA-QUERY-1/ids-default-mine',
    "a query without ids is answered for the caller's own channel",
    rewriteQuery(on('GET', REPORTS), (q) => {
      if (!q.has('ids')) q.set('ids', 'channel==MINE');
    }),
  ),
  wire(
    'ANA-QUERY-2/reversed-dates-accepted',
    'a range whose end is before its start is answered (empty)',
    perRequest(() => {
      let reversed = false;
      return chain(
        rewriteQuery(on('GET', REPORTS), (q) => {
          const [from, to] = [q.get('startDate') ?? '', q.get('endDate') ?? ''];
          if (from > to && to !== '') {
            reversed = true;
            q.set('startDate', to);
          }
        }),
        rewriteJsonAnswer(on('GET', REPORTS), (body, status) => {
          if (!reversed || status !== 200) return false;
          delete body.rows;
        }),
      );
    }),
  ),
  wire(
    'ANA-QUERY-2/same-day-refused',
    'a one-day range (start = end) is refused: off by one in the range check',
    answerInstead((r) =>
      on('GET', REPORTS)(r) && r.url.searchParams.get('startDate') === r.url.searchParams.get('endDate')
        ? { status: 400, json: SAME_DAY_REFUSAL }
        : undefined,
    ),
  ),
  wire(
    'ANA-QUERY-3/metrics-alphabetical',
    'metric columns come out in alphabetical order, not request order',
    rewriteJsonAnswer(on('GET', REPORTS), (body, status) => {
      if (status !== 200) return false;
      const dims = dimensionCount(body);
      reorderColumns(body, (headers) => [
        ...headers.slice(0, dims).map((_, i) => i),
        ...headers
          .slice(dims)
          .map((h, i) => ({ name: h.name as string, i: dims + i }))
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((m) => m.i),
      ]);
    }),
  ),
  wire(
    'ANA-QUERY-3/metrics-first',
    'metric columns come before the dimension columns',
    rewriteJsonAnswer(on('GET', REPORTS), (body, status) => {
      if (status !== 200) return false;
      const dims = dimensionCount(body);
      reorderColumns(body, (headers) => [...headers.keys()].slice(dims).concat([...headers.keys()].slice(0, dims)));
    }),
  ),
  wire(
    'ANA-QUERY-4/duplicate-rows',
    'reports with two dimensions repeat every row',
    rewriteJsonAnswer(on('GET', REPORTS), (body, status) => {
      if (status !== 200 || dimensionCount(body) < 2 || !body.rows) return false;
      body.rows = body.rows.flatMap((row: unknown[]) => [row, [...row]]);
    }),
  ),
  reports(
    'ANA-QUERY-5/combinations-unchecked',
    'unsupported combinations (video,day) are answered',
    (original) =>
      (...query) =>
        original.reportFor(...query) ?? ANY_REPORT,
  ),
  reports(
    'ANA-QUERY-5/top-videos-refused',
    'the supported top-videos report (dimension video) is refused',
    (original) => (kind, dims, metrics, filters) =>
      dims.includes('video') ? undefined : original.reportFor(kind, dims, metrics, filters),
  ),
  plan('ANA-QUERY-6/group-as-channel-totals', 'group== is validated, then the channel totals are answered', (p) => ({
    ...p,
    filters: p.filters.filter((f) => f.dimension !== 'group'),
  })),
  plan('ANA-QUERY-6/group-first-item-only', 'group== aggregates only the first item of the group', (p) => ({
    ...p,
    filters: p.filters.map((f) => (f.dimension === 'group' ? { ...f, values: f.values.slice(0, 1) } : f)),
  })),
  wire(
    'ANA-QUERY-8/small-rows-dropped',
    'breakdown rows under 1500 views are dropped while totals keep them',
    rewriteJsonAnswer(on('GET', REPORTS), (body, status) => {
      const views = (body.columnHeaders ?? []).findIndex((h: any) => h.name === 'views');
      if (status !== 200 || dimensionCount(body) === 0 || views < 0 || !body.rows) return false;
      body.rows = body.rows.filter((row: unknown[]) => Number(row[views]) >= 1500);
      if (body.rows.length === 0) delete body.rows;
    }),
  ),
  plan(
    'ANA-QUERY-8/totals-exclusive-end',
    'reports without a day breakdown leave out the end date (exclusive end)',
    (p) => (p.dimensions.some((d) => d.name === 'day') ? p : { ...p, to: dayBefore(p.to) }),
  ),

  // sort, paging, filters, currency, content owners
  plan('ANA-SORT-1/sort-ignored', 'sort is validated, then ignored', (p) => ({ ...p, sort: [] })),
  plan('ANA-SORT-1/first-key-only', 'only the first sort key is applied', (p) => ({ ...p, sort: p.sort.slice(0, 1) })),
  plan('ANA-SORT-1/descending-ignored', 'a leading - is accepted but sorts ascending', (p) => ({
    ...p,
    sort: p.sort.map((s) => ({ ...s, descending: false })),
  })),
  plan('ANA-PAGE-1/max-results-ignored', 'maxResults is validated, then ignored', (p) => ({ ...p, limit: undefined })),
  plan('ANA-PAGE-1/max-results-off-by-one', 'maxResults answers one row more than asked', (p) => ({
    ...p,
    limit: p.limit === undefined ? undefined : p.limit + 1,
  })),
  plan('ANA-PAGE-1/start-index-ignored', 'startIndex is validated, then ignored', (p) => ({ ...p, offset: 0 })),
  wire(
    'ANA-PAGE-1/start-index-zero-based',
    'startIndex is read as zero-based',
    rewriteQuery(on('GET', REPORTS), (q) => {
      const start = Number(q.get('startIndex'));
      if (q.has('startIndex') && Number.isInteger(start)) q.set('startIndex', String(start + 1));
    }),
  ),
  plan('ANA-FILTER-1/country-ignored', 'country== is validated, then ignored', (p) => ({
    ...p,
    filters: p.filters.filter((f) => f.dimension !== 'country'),
  })),
  plan('ANA-FILTER-1/video-ignored', 'video== is validated, then ignored', (p) => ({
    ...p,
    filters: p.filters.filter((f) => f.dimension !== 'video'),
  })),
  plan('ANA-FILTER-1/video-first-value-only', 'video==a,b applies a alone', (p) => ({
    ...p,
    filters: p.filters.map((f) => (f.dimension === 'video' ? { ...f, values: f.values.slice(0, 1) } : f)),
  })),
  plan('ANA-CURRENCY-1/currency-ignored', 'currency is validated, then revenue stays in USD', (p) => ({
    ...p,
    rate: 1,
  })),
  plan(
    'ANA-CURRENCY-1/gross-not-converted',
    'grossRevenue stays in USD while the other revenue metrics are converted',
    (p) => ({
      ...p,
      metrics: p.metrics.map((m) => (m.name === 'grossRevenue' ? { ...m, sql: m.sql.replaceAll(':rate', '1') } : m)),
    }),
  ),
  wire(
    'ANA-OWNER-1/owner-as-channel',
    "contentOwner== answers the caller's own channel report",
    rewriteQuery(on('GET', REPORTS), (q) => {
      if (q.get('ids')?.startsWith('contentOwner==')) q.set('ids', 'channel==MINE');
    }),
  ),
  reports(
    'ANA-OWNER-1/owner-channel-tables',
    'content owner reports are checked against the channel report tables',
    (original) => (_kind, dims, metrics, filters) => original.reportFor('channel', dims, metrics, filters),
  ),

  // Groups
  store('ANA-GROUP-1/limit-501', 'the limit check is off by one: a group takes 501 items', (original) => ({
    insertItem: (groupId, kind, id) => original.insertItem(groupId, kind, id, 501),
  })),
  store(
    'ANA-GROUP-1/limit-499',
    'the limit check is off by one the other way: the 500th item is refused',
    (original) => ({
      insertItem: (groupId, kind, id) => original.insertItem(groupId, kind, id, 499),
    }),
  ),
  groups('ANA-GROUP-2/kind-unchecked', 'items of another kind than the group are accepted', () => ({
    mayHold: () => true,
  })),
  groups(
    'ANA-GROUP-2/kind-assumed-video',
    'the kind check compares items with platform#video, so a playlist group refuses playlists',
    (original) => ({ mayHold: (_itemType, kind) => original.mayHold('platform#video', kind) }),
  ),
  store('ANA-GROUP-3/ownership-unchecked', 'resources the caller does not own are accepted', () => ({
    owns: async () => true,
  })),
  groups('ANA-GROUP-4/channel-owner-any-kind', 'channel owners may create groups of channels and assets', () => ({
    mayCreate: () => true,
  })),
  groups('ANA-GROUP-4/content-owner-videos-only', 'content owners may create video groups only', (original) => ({
    mayCreate: (owner, itemType) =>
      owner === 'contentOwner' ? itemType === 'platform#video' : original.mayCreate(owner, itemType),
  })),
  wire(
    'ANA-GROUP-5/update-changes-item-type',
    'groups.update also changes contentDetails.itemType',
    perRequest(() => {
      let itemType: unknown;
      return chain(
        rewriteJsonRequest(on('PUT', GROUPS), (body) => {
          itemType = body.contentDetails?.itemType;
        }),
        rewriteJsonAnswer(on('PUT', GROUPS), (body, status) => {
          if (status !== 200 || !itemType || !body.contentDetails) return false;
          body.contentDetails.itemType = itemType;
        }),
      );
    }),
  ),
  store('ANA-GROUP-5/update-ignores-title', 'groups.update answers 200 but keeps the old title', (original) => ({
    renameGroup: (id) => original.group(id),
  })),
  updateClearsItems(),
  wire(
    'ANA-GROUP-7/missing-title-defaulted',
    'a group without a title (or with an empty one) is created as "Untitled group" instead of refused',
    rewriteJsonRequest(on('POST', GROUPS), (body) => {
      body.snippet ??= {};
      if (!body.snippet.title) body.snippet.title = 'Untitled group';
    }),
  ),
  deleteKeepsItems(),
  store('ANA-GROUP-8/delete-noop', 'groups.delete answers 204 and keeps the group', () => ({
    deleteGroup: async () => true,
  })),
  wire(
    'ANA-LIST-1/no-filter-accepted',
    "groups.list without id or mine answers the caller's groups",
    rewriteQuery(on('GET', GROUPS), (q) => {
      if (!q.get('id') && q.get('mine') !== 'true') q.set('mine', 'true');
    }),
  ),
  wire(
    'ANA-LIST-1/both-accepted',
    'groups.list with both id and mine is answered',
    rewriteQuery(on('GET', GROUPS), (q) => {
      if (q.get('id') && q.get('mine') === 'true') q.delete('id');
    }),
  ),
  wire(
    'ANA-LIST-2/no-paging',
    'groups.list answers the first page only, without nextPageToken',
    rewriteJsonAnswer(on('GET', GROUPS), (body) => {
      if (body.nextPageToken === undefined) return false;
      delete body.nextPageToken;
    }),
  ),
  store(
    'ANA-LIST-2/page-token-ignored',
    'pageToken is validated, then the first page is answered again',
    (original) => ({
      listGroups: (owner, ids, _after, limit) => original.listGroups(owner, ids, 0, limit),
    }),
  ),
  wire(
    'ANA-LIST-2/token-on-last-page',
    'the last page carries a nextPageToken that points at itself',
    rewriteJsonAnswer(on('GET', GROUPS), (body, status, answer) => {
      const token = answer.url.searchParams.get('pageToken');
      if (status !== 200 || body.nextPageToken || !token || !body.items?.length) return false;
      body.nextPageToken = token;
    }),
  ),
  wire(
    'ANA-ITEM-1/item-count-stale',
    'itemCount is not updated after an insert',
    rewriteJsonAnswer(on('GET', GROUPS), (body, status) => {
      if (status !== 200) return false;
      for (const g of body.items ?? []) if (g.contentDetails) g.contentDetails.itemCount = '0';
    }),
  ),
  wire(
    'ANA-ITEM-1/insert-not-listed',
    'the newest item is missing from groupItems.list',
    rewriteJsonAnswer(on('GET', GROUP_ITEMS), (body, status) => {
      if (status !== 200 || !body.items?.length) return false;
      body.items = body.items.slice(0, -1);
    }),
  ),
  wire(
    'ANA-ITEM-2/no-group-id-accepted',
    'groupItems.list without groupId answers an empty list',
    answerInstead((r) =>
      on('GET', GROUP_ITEMS)(r) && !r.url.searchParams.has('groupId')
        ? { status: 200, json: { kind: 'platform#groupItemListResponse', etag: '"e"', items: [] } }
        : undefined,
    ),
  ),
  store(
    'ANA-ITEM-3/deletes-first-item',
    "groupItems.delete removes the group's first item instead of the named one",
    (original) => ({
      deleteItem: async (id) => {
        const item = await original.item(id);
        const first = item ? (await original.items(item.groupId))[0] : undefined;
        return original.deleteItem(first?.id ?? id);
      },
    }),
  ),
  store('ANA-ITEM-3/delete-noop', 'groupItems.delete answers 204 and keeps the item', () => ({
    deleteItem: async () => true,
  })),
];
