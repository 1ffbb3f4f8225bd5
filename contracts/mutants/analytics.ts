// Planted defects in the analytics reference (reference/analytics/), one or more per rule id: the suite must
// report each as FAIL under its rule. Most are defect flags the service reads (reference/analytics/defects.ts:
// "validated, then ignored", off-by-one limits, wrong order, a missing check); a few live on the wire (`wrap`),
// where the bug sits before the service's own validation or rewrites its answer.
import type http from 'node:http';
import { Readable } from 'node:stream';
import type { AnalyticsDefects } from '../../reference/analytics/defects.js';
import type { Mutant } from './mutant.js';

type Listener = http.RequestListener;

/** A mutant from defect flags of the reference service. */
function flag(id: string, description: string, defects: AnalyticsDefects): Mutant {
  return { id, rule: id.split('/')[0] as Mutant['rule'], description, defects: defects as Record<string, unknown> };
}

/** Rewrites the request URL before the service sees it. */
function rewriteUrl(rewrite: (url: URL, req: http.IncomingMessage) => void): (inner: Listener) => Listener {
  return (inner) => (req, res) => {
    const url = new URL(req.url ?? '/', 'http://mutant.invalid');
    rewrite(url, req);
    req.url = url.pathname + url.search;
    inner(req, res);
  };
}

/** Lets the service answer into a buffer, then sends `rewrite(status, body)` instead. */
function rewriteAnswer(
  rewrite: (req: http.IncomingMessage, status: number, body: string) => { status: number; body: string } | undefined,
): (inner: Listener) => Listener {
  return (inner) => (req, res) => {
    const chunks: Buffer[] = [];
    let status = 200;
    let headers: http.OutgoingHttpHeaders = {};
    const realEnd = res.end.bind(res);
    const realWriteHead = res.writeHead.bind(res);
    res.writeHead = ((code: number, ...rest: unknown[]) => {
      status = code;
      const h = rest.find((r) => r && typeof r === 'object') as http.OutgoingHttpHeaders | undefined;
      if (h) headers = { ...headers, ...h };
      return res;
    }) as typeof res.writeHead;
    res.write = ((chunk: unknown) => {
      chunks.push(Buffer.from(chunk as string));
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
      const body = Buffer.concat(chunks).toString('utf8');
      const changed = rewrite(req, res.statusCode !== 200 ? res.statusCode : status, body) ?? {
        status: res.statusCode !== 200 ? res.statusCode : status,
        body,
      };
      for (const [k, v] of Object.entries(headers))
        if (v !== undefined && k.toLowerCase() !== 'content-length') res.setHeader(k, v);
      if (changed.body.length > 0 && !res.hasHeader('content-type'))
        res.setHeader('content-type', 'application/json; charset=UTF-8');
      res.setHeader('content-length', Buffer.byteLength(changed.body));
      realWriteHead(changed.status);
      return realEnd(changed.body);
    }) as typeof res.end;
    inner(req, res);
  };
}

/** Reads a JSON request body, rewrites it, and hands the service a request carrying the new body. */
function rewriteJsonBody(
  rewrite: (req: http.IncomingMessage, body: unknown) => unknown,
): (inner: Listener) => Listener {
  return (inner) => (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let text = Buffer.concat(chunks).toString('utf8');
      try {
        if (text) text = JSON.stringify(rewrite(req, JSON.parse(text)));
      } catch {
        // not JSON: passed on unchanged
      }
      const replay = Object.assign(Readable.from([Buffer.from(text)]), {
        method: req.method,
        url: req.url,
        headers: { ...req.headers, 'content-length': String(Buffer.byteLength(text)) },
        httpVersion: req.httpVersion,
        socket: req.socket,
        connection: req.socket,
      });
      inner(replay as unknown as http.IncomingMessage, res);
    });
  };
}

const isGet = (req: http.IncomingMessage, path: string) =>
  req.method === 'GET' && new URL(req.url ?? '/', 'http://x').pathname === path;

export const MUTANTS: Mutant[] = [
  // Authorization
  flag('ANA-AUTH-1/any-token-accepted', 'any bearer token string is accepted as the first user', {
    tokenUnchecked: true,
  }),
  flag(
    'ANA-SCOPE-1/no-scope-reports',
    'report queries skip the scope check: a token for another service gets reports',
    { reportScopeUnchecked: true },
  ),
  flag('ANA-SCOPE-1/readonly-refused', 'reports refused to a token with only analytics.readonly', {
    readonlyRefused: true,
  }),
  flag(
    'ANA-SCOPE-2/writes-need-management',
    'writes need account-management or partner-management (narrower than the public service)',
    { writeNeedsManagement: true },
  ),
  flag('ANA-SCOPE-2/writes-unchecked', 'writes skip the scope check: a token for another service changes groups', {
    writeScopeUnchecked: true,
  }),
  flag('ANA-QUERY-7/monetary-unchecked', 'revenue metrics answered without the monetary scope', {
    monetaryUnchecked: true,
  }),
  flag('ANA-QUERY-7/monetary-always-refused', 'revenue metrics refused even with the monetary scope', {
    monetaryAlwaysRefused: true,
  }),

  // Generic conformance and invalid requests
  {
    id: 'ANA-CONFORM-1/delete-answers-200',
    rule: 'ANA-CONFORM-1',
    description: 'groups.delete answers 200 with an empty object instead of 204 No Content',
    wrap: rewriteAnswer((req, status) =>
      req.method === 'DELETE' && status === 204 ? { status: 200, body: '{}' } : undefined,
    ),
  },
  {
    id: 'ANA-CONFORM-1/group-list-without-snippet',
    rule: 'ANA-CONFORM-1',
    description: 'groups.list answers its groups without their snippet (as if only ids were asked for)',
    wrap: rewriteAnswer((req, status, body) => {
      if (!isGet(req, '/v2/groups') || status !== 200) return undefined;
      const list = JSON.parse(body) as { items?: Array<Record<string, unknown>> };
      for (const g of list.items ?? []) delete g.snippet;
      return { status, body: JSON.stringify(list) };
    }),
  },
  {
    id: 'ANA-INVALID-1/validation-422',
    rule: 'ANA-INVALID-1',
    description: 'requests that break the schema are answered 422 instead of 400 INVALID_ARGUMENT',
    wrap: rewriteAnswer((_req, status, body) =>
      status === 400 && body.includes('google.rpc.BadRequest')
        ? { status: 422, body: body.replace('"code":400', '"code":422') }
        : undefined,
    ),
  },

  // reports.query: required parameters, dates, columns, rows, combinations
  {
    id: 'ANA-QUERY-1/metrics-default-views',
    rule: 'ANA-QUERY-1',
    description: 'a query without metrics is answered with views',
    wrap: rewriteUrl((url) => {
      if (url.pathname === '/v2/reports' && !url.searchParams.has('metrics')) url.searchParams.set('metrics', 'views');
    }),
  },
  {
    id: 'ANA-QUERY-1/ids-default-mine',
    rule: 'ANA-QUERY-1',
    description: "a query without ids is answered for the caller's own channel",
    wrap: rewriteUrl((url) => {
      if (url.pathname === '/v2/reports' && !url.searchParams.has('ids')) url.searchParams.set('ids', 'channel==MINE');
    }),
  },
  flag('ANA-QUERY-2/reversed-dates-accepted', 'a range whose end is before its start is answered (empty)', {
    reversedDatesAccepted: true,
  }),
  flag('ANA-QUERY-2/same-day-refused', 'a one-day range (start = end) is refused: off by one in the range check', {
    sameDayRefused: true,
  }),
  flag('ANA-QUERY-3/metrics-alphabetical', 'metric columns come out in alphabetical order, not request order', {
    metricsAlphabetical: true,
  }),
  flag('ANA-QUERY-3/metrics-first', 'metric columns come before the dimension columns', { metricsFirst: true }),
  flag('ANA-QUERY-4/duplicate-rows', 'reports with two dimensions repeat every row', { duplicateRows: true }),
  flag('ANA-QUERY-5/combinations-unchecked', 'unsupported combinations (video,day) are answered', {
    combinationsUnchecked: true,
  }),
  flag('ANA-QUERY-5/top-videos-refused', 'the supported top-videos report (dimension video) is refused', {
    videoDimensionRefused: true,
  }),
  flag('ANA-QUERY-6/group-as-channel-totals', 'group== is validated, then the channel totals are answered', {
    groupFilterIgnored: true,
  }),
  flag('ANA-QUERY-6/group-first-item-only', 'group== aggregates only the first item of the group', {
    groupFirstItemOnly: true,
  }),
  flag('ANA-QUERY-8/small-rows-dropped', 'breakdown rows under 1500 views are dropped while totals keep them', {
    smallRowsDropped: 1500,
  }),
  flag('ANA-QUERY-8/totals-exclusive-end', 'reports without a day breakdown leave out the end date (exclusive end)', {
    totalsExcludeLastDay: true,
  }),

  // sort, paging, filters, currency, content owners
  flag('ANA-SORT-1/sort-ignored', 'sort is validated, then ignored', { sortIgnored: true }),
  flag('ANA-SORT-1/first-key-only', 'only the first sort key is applied', { sortFirstKeyOnly: true }),
  flag('ANA-SORT-1/descending-ignored', 'a leading - is accepted but sorts ascending', { sortDescendingIgnored: true }),
  flag('ANA-PAGE-1/max-results-ignored', 'maxResults is validated, then ignored', { maxResultsIgnored: true }),
  flag('ANA-PAGE-1/max-results-off-by-one', 'maxResults answers one row more than asked', { maxResultsOffByOne: true }),
  flag('ANA-PAGE-1/start-index-ignored', 'startIndex is validated, then ignored', { startIndexIgnored: true }),
  flag('ANA-PAGE-1/start-index-zero-based', 'startIndex is read as zero-based', { startIndexZeroBased: true }),
  flag('ANA-FILTER-1/country-ignored', 'country== is validated, then ignored', { countryFilterIgnored: true }),
  flag('ANA-FILTER-1/video-ignored', 'video== is validated, then ignored', { videoFilterIgnored: true }),
  flag('ANA-FILTER-1/video-first-value-only', 'video==a,b applies a alone', { videoFilterFirstValueOnly: true }),
  flag('ANA-CURRENCY-1/currency-ignored', 'currency is validated, then revenue stays in USD', {
    currencyIgnored: true,
  }),
  flag(
    'ANA-CURRENCY-1/gross-not-converted',
    'grossRevenue stays in USD while the other revenue metrics are converted',
    { currencyPartial: true },
  ),
  flag('ANA-OWNER-1/owner-as-channel', "contentOwner== answers the caller's own channel report", {
    contentOwnerAsChannel: true,
  }),
  flag('ANA-OWNER-1/owner-channel-tables', 'content owner reports are checked against the channel report tables', {
    ownerTablesAsChannel: true,
  }),

  // Groups
  flag('ANA-GROUP-1/limit-501', 'the limit check is off by one: a group takes 501 items', { groupLimit: 501 }),
  flag('ANA-GROUP-1/limit-499', 'the limit check is off by one the other way: the 500th item is refused', {
    groupLimit: 499,
  }),
  flag('ANA-GROUP-2/kind-unchecked', 'items of another kind than the group are accepted', { kindUnchecked: true }),
  flag(
    'ANA-GROUP-2/kind-assumed-video',
    'the kind check compares items with platform#video, so a playlist group refuses playlists',
    { kindAssumedVideo: true },
  ),
  flag('ANA-GROUP-3/ownership-unchecked', 'resources the caller does not own are accepted', {
    ownershipUnchecked: true,
  }),
  flag('ANA-GROUP-4/channel-owner-any-kind', 'channel owners may create groups of channels and assets', {
    channelOwnerAnyKind: true,
  }),
  flag('ANA-GROUP-4/content-owner-videos-only', 'content owners may create video groups only', {
    contentOwnerVideoOnly: true,
  }),
  flag('ANA-GROUP-5/update-changes-item-type', 'groups.update also changes contentDetails.itemType', {
    updateChangesItemType: true,
  }),
  flag('ANA-GROUP-5/update-ignores-title', 'groups.update answers 200 but keeps the old title', {
    updateIgnoresTitle: true,
  }),
  flag('ANA-GROUP-6/update-clears-items', 'groups.update with contentDetails empties the group', {
    updateClearsItems: true,
  }),
  {
    id: 'ANA-GROUP-7/missing-title-defaulted',
    rule: 'ANA-GROUP-7',
    description: 'a group without a title (or with an empty one) is created as "Untitled group" instead of refused',
    wrap: rewriteJsonBody((req, body) => {
      if (req.method !== 'POST' || !req.url?.startsWith('/v2/groups')) return body;
      const snippet = ((body as { snippet?: Record<string, unknown> }).snippet ??= {});
      if (!snippet.title) snippet.title = 'Untitled group';
      return body;
    }),
  },
  flag('ANA-GROUP-8/delete-keeps-items', 'groups.delete removes the group but its items are still listed', {
    deleteKeepsItems: true,
  }),
  flag('ANA-GROUP-8/delete-noop', 'groups.delete answers 204 and keeps the group', { deleteNoop: true }),
  flag('ANA-LIST-1/no-filter-accepted', "groups.list without id or mine answers the caller's groups", {
    listWithoutFilterAccepted: true,
  }),
  flag('ANA-LIST-1/both-accepted', 'groups.list with both id and mine is answered', { listBothAccepted: true }),
  flag('ANA-LIST-2/no-paging', 'groups.list answers the first page only, without nextPageToken', {
    listNoPaging: true,
  }),
  flag('ANA-LIST-2/page-token-ignored', 'pageToken is validated, then the first page is answered again', {
    listPageTokenIgnored: true,
  }),
  flag('ANA-LIST-2/token-on-last-page', 'the last page carries a nextPageToken that points at itself', {
    listTokenOnLastPage: true,
  }),
  flag('ANA-ITEM-1/item-count-stale', 'itemCount is not updated after an insert', { itemCountStale: true }),
  flag('ANA-ITEM-1/insert-not-listed', 'the newest item is missing from groupItems.list', { insertNotListed: true }),
  {
    id: 'ANA-ITEM-2/no-group-id-accepted',
    rule: 'ANA-ITEM-2',
    description: 'groupItems.list without groupId answers an empty list',
    wrap: (inner) => (req, res) => {
      if (isGet(req, '/v2/groupItems') && !new URL(req.url ?? '/', 'http://x').searchParams.has('groupId')) {
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify({ kind: 'platform#groupItemListResponse', etag: '"e"', items: [] }));
        return;
      }
      inner(req, res);
    },
  },
  flag('ANA-ITEM-3/deletes-first-item', "groupItems.delete removes the group's first item instead of the named one", {
    itemDeleteFirst: true,
  }),
  flag('ANA-ITEM-3/delete-noop', 'groupItems.delete answers 204 and keeps the item', { itemDeleteNoop: true }),
];
