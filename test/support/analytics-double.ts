// A conforming in-memory double of the analytics reporting and group service, built on the generated
// server stubs (which already validate every request against the spec). It adds what no schema can say:
// OAuth scopes per operation for the fixture tokens, a deterministic synthetic report engine with
// per-report-kind validity of metrics, dimensions and filters, and stored groups and group items.
// Every answer is validated against the spec (validateResponses), so a wrong answer shows up as a 500.
import { createHash } from 'node:crypto';
import {
  createAnalyticsServer, statusError, type AnalyticsHandlers, type HandlerInput, type ServiceError,
} from '../../generated/analytics/server.js';
import type { components } from '../../generated/analytics/types.js';
import { DEFAULT_FIXTURES } from '../../contracts/targets/fixtures.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';

export type { RunningServer };

type ItemKind = components['schemas']['ItemKind'];
type GroupBody = components['schemas']['Group'];
type GroupItemBody = components['schemas']['GroupItem'];
type QueryResponse = components['schemas']['QueryResponse'];
type ColumnHeader = components['schemas']['ResultTableColumnHeader'];

const fixture = DEFAULT_FIXTURES.analytics;

// ---------------------------------------------------------------------------------------------------------
// Tokens and scopes
// ---------------------------------------------------------------------------------------------------------

const SCOPE = 'https://auth.platform.example/scopes';
const READONLY = `${SCOPE}/analytics.readonly`;
const MONETARY = `${SCOPE}/analytics-monetary.readonly`;
const ACCOUNT = `${SCOPE}/account-management`;
const PARTNER = `${SCOPE}/partner-management`;

/** The fixture tokens and what they carry; every other token is unknown and refused with 401. */
const TOKENS = new Map<string, Set<string>>([
  [fixture.accessToken, new Set([READONLY, MONETARY, ACCOUNT, PARTNER])],
  [fixture.readonlyToken!, new Set([READONLY])],
  [fixture.accountManagementToken!, new Set([ACCOUNT])],
  // Valid, but granted for another service: refused with 403 by every operation.
  [fixture.noScopeToken!, new Set(['https://www.example/auth/other-service'])],
]);

/** Accepted scopes per operation (alternatives, as in each operation's `security`). */
const READ_SCOPES = [READONLY, MONETARY, ACCOUNT, PARTNER];
const MANAGE_SCOPES = [ACCOUNT, PARTNER];
const OPERATION_SCOPES: Record<string, string[]> = {
  queryReports: READ_SCOPES,
  listGroups: READ_SCOPES,
  listGroupItems: READ_SCOPES,
  insertGroup: MANAGE_SCOPES,
  updateGroup: MANAGE_SCOPES,
  deleteGroup: MANAGE_SCOPES,
  insertGroupItem: MANAGE_SCOPES,
  deleteGroupItem: MANAGE_SCOPES,
};

function tokenOf(input: HandlerInput): string | undefined {
  return input.credentials.bearerToken ?? input.credentials.accessToken;
}

function scopesOf(input: HandlerInput): Set<string> {
  return TOKENS.get(tokenOf(input) ?? '') ?? new Set();
}

// ---------------------------------------------------------------------------------------------------------
// Errors in the documented shapes (Status plus the legacy `errors` items the clients read)
// ---------------------------------------------------------------------------------------------------------

function fail(status: string, message: string, reason: string, location?: string): ServiceError {
  const item: Record<string, unknown> = { message, domain: 'global', reason };
  if (location) Object.assign(item, { location, locationType: 'parameter' });
  return statusError(status, message, { errors: [item] });
}

const invalid = (message: string, location?: string) => fail('INVALID_ARGUMENT', message, 'invalid', location);
const unsupported = (why: string) =>
  fail('INVALID_ARGUMENT', `The query is not supported. Check the documentation for the list of supported queries. (${why})`, 'badRequest');
const forbidden = (message = 'Forbidden') => fail('PERMISSION_DENIED', message, 'forbidden');

// ---------------------------------------------------------------------------------------------------------
// Who the caller is: the fixture channel, or the fixture content owner when onBehalfOfContentOwner names it
// ---------------------------------------------------------------------------------------------------------

type Owner = { kind: 'channel' | 'contentOwner'; id: string };

function ownerOf(query: { onBehalfOfContentOwner?: string }): Owner {
  const onBehalf = query.onBehalfOfContentOwner;
  if (onBehalf === undefined) return { kind: 'channel', id: fixture.channelId };
  // The fixture account acts for one content owner only.
  if (onBehalf !== fixture.contentOwner) throw forbidden(`The caller does not act for content owner ${onBehalf}.`);
  return { kind: 'contentOwner', id: onBehalf };
}

const ownerKey = (o: Owner) => `${o.kind}:${o.id}`;

/** Resources the caller neither uploaded/claimed nor manages: the fixture's foreign video (and its like). */
function isForeign(resourceId: string): boolean {
  return resourceId === fixture.foreignVideoId || resourceId.includes('not-mine');
}

// ---------------------------------------------------------------------------------------------------------
// Deterministic helpers
// ---------------------------------------------------------------------------------------------------------

/** A stable 32-bit number for a string: the synthetic data and etags depend only on their inputs. */
function hash(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0);
}

const etagOf = (value: unknown) => `"${createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16)}"`;

// ---------------------------------------------------------------------------------------------------------
// Groups and group items
// ---------------------------------------------------------------------------------------------------------

interface StoredItem {
  id: string;
  groupId: string;
  resource: { kind: ItemKind; id: string };
}

interface StoredGroup {
  seq: number;
  id: string;
  owner: string;
  title: string;
  itemType: ItemKind;
  publishedAt: string;
  items: Map<string, StoredItem>;
}

const MAX_ITEMS = 500;
const PAGE_SIZE = 5;
const CHANNEL_OWNER_KINDS: ItemKind[] = ['platform#video', 'platform#playlist'];

class GroupStore {
  readonly groups = new Map<string, StoredGroup>();
  /** Item id → group id, so groupItems.delete finds an item by its id alone. */
  readonly itemIndex = new Map<string, string>();
  private seq = 0;
  private itemSeq = 0;

  create(owner: string, title: string, itemType: ItemKind, id?: string, publishedAt?: string): StoredGroup {
    const seq = ++this.seq;
    const group: StoredGroup = {
      seq,
      id: id ?? `Grp${String(seq).padStart(6, '0')}`,
      owner,
      title,
      itemType,
      publishedAt: publishedAt ?? new Date().toISOString(),
      items: new Map(),
    };
    this.groups.set(group.id, group);
    return group;
  }

  addItem(group: StoredGroup, resource: { kind: ItemKind; id: string }, id?: string): StoredItem {
    const item: StoredItem = { id: id ?? `Itm${String(++this.itemSeq).padStart(6, '0')}`, groupId: group.id, resource: { kind: resource.kind, id: resource.id } };
    group.items.set(item.id, item);
    this.itemIndex.set(item.id, group.id);
    return item;
  }

  removeGroup(group: StoredGroup): void {
    for (const id of group.items.keys()) this.itemIndex.delete(id);
    this.groups.delete(group.id);
  }

  removeItem(item: StoredItem): void {
    this.groups.get(item.groupId)?.items.delete(item.id);
    this.itemIndex.delete(item.id);
  }
}

function groupBody(g: StoredGroup): GroupBody {
  const content = {
    id: g.id,
    snippet: { publishedAt: g.publishedAt, title: g.title },
    contentDetails: { itemCount: String(g.items.size), itemType: g.itemType },
  };
  return { kind: 'platform#group', etag: etagOf(content), ...content };
}

function itemBody(i: StoredItem): GroupItemBody {
  const content = { id: i.id, groupId: i.groupId, resource: { ...i.resource } };
  return { kind: 'platform#groupItem', etag: etagOf(content), ...content };
}

/** The spec's example groups, so that the example requests (CONFORM-1) name groups that exist. */
function seed(store: GroupStore): void {
  const channel = ownerKey({ kind: 'channel', id: fixture.channelId });
  const launch = store.create(channel, 'Launch videos', 'platform#video', 'Abc123Group', '2024-01-15T10:00:00.000Z');
  store.addItem(launch, { kind: 'platform#video', id: 'video-00000001' }, 'Abc123Item1');
  store.addItem(launch, { kind: 'platform#video', id: 'video-00000002' }, 'Abc123Item2');
  const tutorials = store.create(channel, 'Tutorial playlists', 'platform#playlist', 'Def456Group', '2024-02-01T08:30:00.000Z');
  for (let i = 1; i <= 5; i++) store.addItem(tutorials, { kind: 'platform#playlist', id: `PLplaylist0000000${i}` });
}

/** Page tokens carry the sequence number of the last group of the previous page and what was asked. */
function pageToken(lastSeq: number, filter: string): string {
  return Buffer.from(JSON.stringify({ after: lastSeq, f: hash(filter) })).toString('base64url');
}

function readPageToken(token: string, filter: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { after?: unknown; f?: unknown };
    if (typeof parsed.after === 'number' && parsed.f === hash(filter)) return parsed.after;
  } catch {
    // fall through to the error below
  }
  throw invalid('Invalid page token.', 'pageToken');
}

// ---------------------------------------------------------------------------------------------------------
// Reports: what each report kind supports
// ---------------------------------------------------------------------------------------------------------

const CORE_METRICS = [
  'views', 'likes', 'dislikes', 'comments', 'shares', 'subscribersGained', 'subscribersLost', 'estimatedMinutesWatched',
  'averageViewDuration', 'averageViewPercentage', 'videosAddedToPlaylists', 'videosRemovedFromPlaylists',
];
/** Estimated revenue and ad-performance metrics: they need the analytics-monetary.readonly scope. */
const MONETARY_METRICS = [
  'estimatedRevenue', 'estimatedAdRevenue', 'grossRevenue', 'estimatedRedPartnerRevenue', 'monetizedPlaybacks',
  'playbackBasedCpm', 'adImpressions', 'cpm',
];
const WATCH_METRICS = ['views', 'estimatedMinutesWatched', 'averageViewDuration'];
const DEMOGRAPHIC_METRICS = ['viewerPercentage'];
const ALL_METRICS = new Set([...CORE_METRICS, ...MONETARY_METRICS, ...DEMOGRAPHIC_METRICS]);

type DataType = 'STRING' | 'INTEGER' | 'FLOAT' | 'CURRENCY';
const METRIC_TYPES: Record<string, DataType> = {
  averageViewPercentage: 'FLOAT',
  viewerPercentage: 'FLOAT',
  estimatedRevenue: 'CURRENCY',
  estimatedAdRevenue: 'CURRENCY',
  grossRevenue: 'CURRENCY',
  estimatedRedPartnerRevenue: 'CURRENCY',
  playbackBasedCpm: 'CURRENCY',
  cpm: 'CURRENCY',
};

/** Dimensions that stand for one resource; their rows are computed for that resource alone. */
const ENTITY_DIMENSIONS: Record<string, ItemKind> = {
  video: 'platform#video',
  playlist: 'platform#playlist',
  channel: 'platform#channel',
  asset: 'platformPartner#asset',
};

/** Values of the enumerated dimensions (also what filters on them may name). */
const DOMAINS: Record<string, string[]> = {
  country: ['BR', 'DE', 'FR', 'GB', 'IN', 'IT', 'JP', 'US'],
  continent: ['002', '009', '019', '142', '150'],
  subContinent: ['005', '013', '021', '029', '039', '151', '154', '155'],
  ageGroup: ['age13-17', 'age18-24', 'age25-34', 'age35-44', 'age45-54', 'age55-64', 'age65-'],
  gender: ['female', 'male', 'user_specified'],
  deviceType: ['DESKTOP', 'GAME_CONSOLE', 'MOBILE', 'TABLET', 'TV'],
  operatingSystem: ['ANDROID', 'IOS', 'LINUX', 'MACINTOSH', 'WINDOWS'],
  insightTrafficSourceType: ['ADVERTISING', 'EXT_URL', 'NO_LINK_OTHER', 'PLAYLIST', 'RELATED_VIDEO', 'SEARCH', 'SUBSCRIBER'],
  subscribedStatus: ['SUBSCRIBED', 'UNSUBSCRIBED'],
  claimedStatus: ['claimed'],
  uploaderType: ['self', 'thirdParty'],
};

/** The caller's own resources that entity dimensions list when no filter narrows them. */
const OWN_RESOURCES: Record<string, string[]> = {
  video: fixture.videoIds,
  playlist: [fixture.playlistId],
  channel: [fixture.channelId],
  asset: ['A000000000000001', 'A000000000000002'],
};

interface ReportDef {
  name: string;
  /** Dimensions the report must have. */
  required: string[];
  /** Dimensions it may add. */
  optional: string[];
  /** At least one of these must be present (demographics, devices). */
  atLeastOne?: string[];
  /** Whether one time dimension (day or month) may be added. */
  time: boolean;
  metrics: string[];
  filters: string[];
}

const GEO_FILTERS = ['country', 'continent', 'subContinent'];

function reportDefs(kind: Owner['kind']): ReportDef[] {
  // Content owner reports know the channel and asset of each view and the claim and uploader of each video.
  const ownerFilters = kind === 'contentOwner' ? ['channel', 'asset', 'claimedStatus', 'uploaderType'] : [];
  const all = [...CORE_METRICS, ...MONETARY_METRICS];
  const defs: ReportDef[] = [
    { name: 'basic stats', required: [], optional: ['subscribedStatus'], time: true, metrics: all, filters: [...GEO_FILTERS, 'video', 'playlist', 'group', ...ownerFilters] },
    { name: 'geography', required: ['country'], optional: ['subscribedStatus'], time: false, metrics: all, filters: ['continent', 'subContinent', 'video', 'playlist', 'group', ...ownerFilters] },
    { name: 'top videos', required: ['video'], optional: [], time: false, metrics: all, filters: [...GEO_FILTERS, 'group', 'subscribedStatus', ...ownerFilters] },
    { name: 'top playlists', required: ['playlist'], optional: [], time: false, metrics: WATCH_METRICS, filters: [...GEO_FILTERS, 'group', 'subscribedStatus', ...ownerFilters] },
    { name: 'demographics', required: [], optional: ['ageGroup', 'gender'], atLeastOne: ['ageGroup', 'gender'], time: false, metrics: DEMOGRAPHIC_METRICS, filters: [...GEO_FILTERS, 'video', 'playlist', 'group', 'subscribedStatus', ...ownerFilters] },
    { name: 'devices', required: [], optional: ['deviceType', 'operatingSystem'], atLeastOne: ['deviceType', 'operatingSystem'], time: true, metrics: WATCH_METRICS, filters: [...GEO_FILTERS, 'video', 'playlist', 'group', 'subscribedStatus', ...ownerFilters] },
    { name: 'traffic sources', required: ['insightTrafficSourceType'], optional: [], time: true, metrics: WATCH_METRICS, filters: [...GEO_FILTERS, 'video', 'playlist', 'group', 'subscribedStatus', ...ownerFilters] },
  ];
  if (kind === 'contentOwner') {
    defs.push(
      { name: 'top channels', required: ['channel'], optional: [], time: false, metrics: all, filters: [...GEO_FILTERS, 'group', 'claimedStatus', 'uploaderType'] },
      { name: 'top assets', required: ['asset'], optional: [], time: false, metrics: all, filters: [...GEO_FILTERS, 'group'] },
      { name: 'claims', required: ['claimedStatus'], optional: ['uploaderType'], time: true, metrics: all, filters: [...GEO_FILTERS, 'video', 'channel', 'group'] },
    );
  }
  return defs;
}

const KNOWN_DIMENSIONS = new Set(['day', 'month', ...Object.keys(ENTITY_DIMENSIONS), ...Object.keys(DOMAINS)]);

function supports(def: ReportDef, dims: string[], metrics: string[], filterDims: string[]): boolean {
  const allowed = new Set([...def.required, ...def.optional, ...(def.time ? ['day', 'month'] : [])]);
  if (!def.required.every((d) => dims.includes(d))) return false;
  if (!dims.every((d) => allowed.has(d))) return false;
  if (dims.includes('day') && dims.includes('month')) return false;
  if (def.atLeastOne && !def.atLeastOne.some((d) => dims.includes(d))) return false;
  if (!metrics.every((m) => def.metrics.includes(m))) return false;
  // A filter on a dimension of the report narrows that dimension's values, which every report allows.
  return filterDims.every((f) => def.filters.includes(f) || dims.includes(f));
}

// ---------------------------------------------------------------------------------------------------------
// Reports: parsing and validating the query
// ---------------------------------------------------------------------------------------------------------

function list(text: string | undefined, what: string): string[] {
  if (text === undefined || text === '') return [];
  const parts = text.split(',');
  if (parts.some((p) => p === '')) throw invalid(`Empty entry in ${what}.`, what);
  const dup = parts.find((p, i) => parts.indexOf(p) !== i);
  if (dup) throw invalid(`${what} names ${dup} twice.`, what);
  return parts;
}

function parseDate(text: string, name: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const time = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text) throw invalid(`Invalid value for ${name}: ${text}.`, name);
  return time;
}

const DAY_MS = 86_400_000;
/** Longest date range a query may span; keeps synthetic reports bounded. */
const MAX_DAYS = 5 * 366;

interface Query {
  owner: Owner;
  days: string[];
  dims: string[];
  metrics: string[];
  /** Filters by dimension, each with its values. */
  filters: Map<string, string[]>;
  group?: StoredGroup;
}

/** Resolves `ids` to the report's owner: the caller's own channel, or the content owner it acts for. */
function reportOwner(ids: string): Owner {
  const [kind, value] = ids.split('==') as [string, string];
  if (kind === 'channel') {
    if (value === 'MINE' || value === fixture.channelId) return { kind: 'channel', id: fixture.channelId };
    throw forbidden(`The caller may not see the data of channel ${value}.`);
  }
  if (kind === 'contentOwner') {
    if (value === fixture.contentOwner) return { kind: 'contentOwner', id: value };
    throw forbidden(`The caller may not see the data of content owner ${value}.`);
  }
  throw invalid(`Unknown report kind ${kind} in ids: expected channel==… or contentOwner==….`, 'ids');
}

function parseFilters(text: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (text === undefined || text === '') return out;
  for (const part of text.split(';')) {
    const m = /^([a-zA-Z]+)==(.+)$/.exec(part);
    if (!m) throw invalid(`Invalid filter ${part}: expected dimension==value.`, 'filters');
    const [, dim, value] = m as unknown as [string, string, string];
    if (dim !== 'group' && !KNOWN_DIMENSIONS.has(dim)) throw invalid(`Unknown filter dimension ${dim}.`, 'filters');
    if (dim === 'day' || dim === 'month') throw invalid(`${dim} cannot be a filter; use startDate and endDate.`, 'filters');
    if (out.has(dim)) throw invalid(`The filter ${dim} is given twice.`, 'filters');
    const values = value.split(',');
    if (values.some((v) => v === '')) throw invalid(`Empty value in filter ${dim}.`, 'filters');
    const domain = DOMAINS[dim];
    const bad = domain ? values.find((v) => !domain.includes(v)) : undefined;
    if (bad !== undefined) throw invalid(`Invalid value ${bad} for filter ${dim}.`, 'filters');
    out.set(dim, values);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Reports: the synthetic data
// ---------------------------------------------------------------------------------------------------------

/** Additive counts of one resource on one day under one combination of the other dimension values. */
function counts(entity: string, day: string, context: string): Record<string, number> {
  const h = (k: string) => hash(`${entity}|${day}|${context}|${k}`);
  const views = 20 + (h('views') % 230);
  const likes = Math.floor((views * (h('likes') % 10)) / 100);
  const adImpressions = Math.floor((views * (40 + (h('imp') % 40))) / 100);
  const grossCents = Math.floor((adImpressions * (150 + (h('cpm') % 450))) / 1000);
  return {
    views,
    likes,
    dislikes: Math.floor((likes * (h('dislikes') % 5)) / 20),
    comments: Math.floor((views * (h('comments') % 4)) / 100),
    shares: Math.floor((views * (h('shares') % 3)) / 100),
    subscribersGained: Math.floor((views * (h('subs+') % 3)) / 100),
    subscribersLost: Math.floor((views * (h('subs-') % 2)) / 100),
    estimatedMinutesWatched: views * (1 + (h('minutes') % 6)),
    videosAddedToPlaylists: h('pl+') % 3,
    videosRemovedFromPlaylists: h('pl-') % 2,
    adImpressions,
    monetizedPlaybacks: Math.floor((adImpressions * (60 + (h('mp') % 30))) / 100),
    grossCents,
    redCents: Math.floor((grossCents * (h('red') % 5)) / 100),
  };
}

/** Made-up exchange rates from USD, for the currency parameter. */
const RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 151, CAD: 1.36, AUD: 1.52, CHF: 0.9, INR: 83.4, BRL: 5.1 };

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Turns summed counts into the requested metric values (ratios from the sums, money in the currency). */
function metricValue(metric: string, c: Record<string, number>, rate: number): number {
  const money = (cents: number) => round((cents / 100) * rate, 2);
  switch (metric) {
    case 'averageViewDuration':
      return c.views ? Math.round((c.estimatedMinutesWatched * 60) / c.views) : 0;
    case 'averageViewPercentage':
      // Against a nominal video length of six minutes.
      return c.views ? round(Math.min(100, (c.estimatedMinutesWatched / c.views / 6) * 100), 2) : 0;
    case 'grossRevenue':
      return money(c.grossCents);
    case 'estimatedRevenue':
      return money(c.grossCents * 0.55);
    case 'estimatedAdRevenue':
      return money(c.grossCents * 0.5);
    case 'estimatedRedPartnerRevenue':
      return money(c.redCents);
    case 'cpm':
      return c.adImpressions ? money((c.grossCents * 1000) / c.adImpressions) : 0;
    case 'playbackBasedCpm':
      return c.monetizedPlaybacks ? money((c.grossCents * 1000) / c.monetizedPlaybacks) : 0;
    default:
      return c[metric] ?? 0;
  }
}

function dayList(start: number, end: number): string[] {
  const out: string[] = [];
  for (let t = start; t <= end; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The values a dimension takes in this report: the date range, the resources in scope, or its domain. */
function dimensionValues(q: Query, dim: string): string[] {
  const filtered = q.filters.get(dim);
  if (dim === 'day') return q.days;
  if (dim === 'month') return [...new Set(q.days.map((d) => d.slice(0, 7)))];
  if (ENTITY_DIMENSIONS[dim]) {
    if (q.group) return [...q.group.items.values()].map((i) => i.resource.id);
    return filtered ?? OWN_RESOURCES[dim]!;
  }
  const domain = DOMAINS[dim]!;
  return filtered ? domain.filter((v) => filtered.includes(v)) : domain;
}

/** The resources whose data a row sums: the row's own, the group's items, the filtered ones, or the owner. */
function entitiesOf(q: Query, row: Record<string, string>): string[] {
  const own = Object.keys(ENTITY_DIMENSIONS).find((d) => row[d] !== undefined);
  if (own) return [row[own]!];
  if (q.group) return [...q.group.items.values()].map((i) => i.resource.id);
  for (const d of Object.keys(ENTITY_DIMENSIONS)) {
    const values = q.filters.get(d);
    if (values) return values;
  }
  return [q.owner.id];
}

function buildRows(q: Query, currency: string): Array<Array<string | number>> {
  const rate = RATES[currency]!;
  // Every combination of the dimension values: each row is one unique combination.
  let combos: Array<Record<string, string>> = [{}];
  for (const dim of q.dims) combos = combos.flatMap((c) => dimensionValues(q, dim).map((v) => ({ ...c, [dim]: v })));
  const contextFilters = [...q.filters].filter(([d]) => !ENTITY_DIMENSIONS[d] && d !== 'group' && !q.dims.includes(d));
  const rows = combos.map((combo) => {
    const days = combo.day ? [combo.day] : combo.month ? q.days.filter((d) => d.startsWith(combo.month!)) : q.days;
    const context = JSON.stringify([
      ...Object.entries(combo).filter(([d]) => d !== 'day' && d !== 'month' && !ENTITY_DIMENSIONS[d]),
      ...contextFilters,
    ]);
    const sum: Record<string, number> = {};
    for (const entity of entitiesOf(q, combo)) {
      for (const day of days) for (const [k, v] of Object.entries(counts(entity, day, context))) sum[k] = (sum[k] ?? 0) + v;
    }
    return { combo, sum };
  });
  // viewerPercentage: each row's share of the views of all rows.
  const totalViews = rows.reduce((n, r) => n + (r.sum.views ?? 0), 0);
  return rows
    .filter((r) => (r.sum.views ?? 0) > 0)
    .map(({ combo, sum }) => [
      ...q.dims.map((d) => combo[d]!),
      ...q.metrics.map((m) => (m === 'viewerPercentage' ? round(((sum.views ?? 0) / totalViews) * 100, 1) : metricValue(m, sum, rate))),
    ]);
}

function sortRows(rows: Array<Array<string | number>>, columns: string[], sort: string[]): void {
  rows.sort((a, b) => {
    for (const key of sort) {
      const desc = key.startsWith('-');
      const i = columns.indexOf(desc ? key.slice(1) : key);
      const x = a[i]!;
      const y = b[i]!;
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      if (cmp !== 0) return desc ? -cmp : cmp;
    }
    return 0;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------------------

function handlers(store: GroupStore): AnalyticsHandlers {
  /** A stored group of the caller, or 404 / 403. */
  const ownGroup = (id: string, owner: Owner): StoredGroup => {
    const group = store.groups.get(id);
    if (!group) throw fail('NOT_FOUND', 'Group not found.', 'notFound', 'id');
    if (group.owner !== ownerKey(owner)) throw forbidden();
    return group;
  };

  return {
    async queryReports(input) {
      const { query } = input;
      const owner = reportOwner(query.ids);
      const start = parseDate(query.startDate, 'startDate');
      const end = parseDate(query.endDate, 'endDate');
      if (start > end) throw invalid('The startDate must not be after the endDate.', 'startDate');
      if ((end - start) / DAY_MS + 1 > MAX_DAYS) throw invalid(`The date range may span at most ${MAX_DAYS} days.`, 'endDate');
      const metrics = list(query.metrics, 'metrics');
      if (metrics.length === 0) throw fail('INVALID_ARGUMENT', 'Required parameter missing: metrics', 'required', 'metrics');
      const unknownMetric = metrics.find((m) => !ALL_METRICS.has(m));
      if (unknownMetric) throw invalid(`Unknown metric ${unknownMetric}.`, 'metrics');
      const dims = list(query.dimensions, 'dimensions');
      const unknownDim = dims.find((d) => !KNOWN_DIMENSIONS.has(d));
      if (unknownDim) throw invalid(`Unknown dimension ${unknownDim}.`, 'dimensions');
      // Revenue and ad performance need the monetary scope, whatever else the token carries.
      if (metrics.some((m) => MONETARY_METRICS.includes(m)) && !scopesOf(input).has(MONETARY)) {
        throw fail('PERMISSION_DENIED', 'The request needs the analytics-monetary.readonly scope to return revenue or ad-performance metrics.', 'insufficientPermissions');
      }
      const filters = parseFilters(query.filters);
      const q: Query = { owner, days: dayList(start, end), dims, metrics, filters };
      const groupIds = filters.get('group');
      if (groupIds) {
        if (groupIds.length !== 1) throw invalid('The group filter takes exactly one group id.', 'filters');
        const group = store.groups.get(groupIds[0]!);
        // Another owner's group is as unknown to the caller as a missing one.
        if (!group || group.owner !== ownerKey(owner)) throw invalid(`Unknown group ${groupIds[0]}.`, 'filters');
        const entityFilter = Object.keys(ENTITY_DIMENSIONS).find((d) => filters.has(d));
        if (entityFilter) throw unsupported(`the group filter cannot be combined with a ${entityFilter} filter`);
        // An entity dimension breaks a group down by its items, so it must be the group's item kind.
        const entityDim = dims.find((d) => ENTITY_DIMENSIONS[d]);
        if (entityDim && ENTITY_DIMENSIONS[entityDim] !== group.itemType) throw unsupported(`a group of ${group.itemType} cannot be broken down by ${entityDim}`);
        q.group = group;
      }
      for (const [d, values] of filters) {
        if (ENTITY_DIMENSIONS[d] && values.some(isForeign)) throw forbidden(`The caller may not see the data of ${d} ${values.find(isForeign)}.`);
      }
      if (query.includeHistoricalChannelData !== undefined && owner.kind !== 'contentOwner') {
        throw unsupported('includeHistoricalChannelData applies to content owner reports only');
      }
      if (!reportDefs(owner.kind).some((def) => supports(def, dims, metrics, [...filters.keys()]))) {
        throw unsupported(`${owner.kind === 'channel' ? 'channel' : 'content owner'} reports do not support dimensions [${dims.join(',')}] with metrics [${metrics.join(',')}] and filters [${[...filters.keys()].join(',')}]`);
      }
      const columns = [...dims, ...metrics];
      const sort = list(query.sort, 'sort');
      const unsortable = sort.find((s) => !columns.includes(s.replace(/^-/, '')));
      if (unsortable) throw invalid(`Cannot sort by ${unsortable}: sort by a requested dimension or metric.`, 'sort');
      const currency = query.currency ?? 'USD';
      if (!RATES[currency]) throw invalid(`Unsupported currency ${currency}.`, 'currency');

      const rows = buildRows(q, currency);
      // Without sort instructions rows follow the dimension values, in the order of the dimensions.
      sortRows(rows, columns, sort.length ? sort : dims);
      const first = (query.startIndex ?? 1) - 1;
      const page = rows.slice(first, query.maxResults !== undefined ? first + query.maxResults : undefined);
      const columnHeaders: ColumnHeader[] = [
        ...dims.map((name): ColumnHeader => ({ name, columnType: 'DIMENSION', dataType: 'STRING' })),
        ...metrics.map((name): ColumnHeader => ({ name, columnType: 'METRIC', dataType: METRIC_TYPES[name] ?? 'INTEGER' })),
      ];
      const body: QueryResponse = { kind: 'platformAnalytics#resultTable', columnHeaders };
      if (page.length > 0) body.rows = page;
      return { body };
    },

    async listGroups({ query }) {
      const owner = ownerOf(query);
      const mine = query.mine === true;
      const ids = query.id === undefined ? undefined : query.id.split(',').filter((s) => s !== '');
      if (mine === (ids !== undefined && ids.length > 0)) {
        throw fail('INVALID_ARGUMENT', mine ? 'Only one filter may be selected: id or mine.' : 'No filter selected. Expected one of: id, mine.', 'missingRequiredParameter', 'id');
      }
      const filter = mine ? `mine|${ownerKey(owner)}` : `id|${ownerKey(owner)}|${ids!.join(',')}`;
      const after = query.pageToken ? readPageToken(query.pageToken, filter) : 0;
      // Groups of another owner, and unknown ids, are simply not in the answer.
      const all = [...store.groups.values()]
        .filter((g) => g.owner === ownerKey(owner) && (mine || ids!.includes(g.id)))
        .sort((a, b) => a.seq - b.seq);
      const rest = all.filter((g) => g.seq > after);
      const page = rest.slice(0, PAGE_SIZE);
      const items = page.map(groupBody);
      const body: components['schemas']['ListGroupsResponse'] = { kind: 'platform#groupListResponse', etag: etagOf(items.map((i) => i.etag)), items };
      if (rest.length > PAGE_SIZE) body.nextPageToken = pageToken(page.at(-1)!.seq, filter);
      return { body };
    },

    async insertGroup({ query, body }) {
      const owner = ownerOf(query);
      const title = body.snippet.title as string;
      if (typeof title !== 'string' || title.trim() === '') throw fail('INVALID_ARGUMENT', 'Required field missing: snippet.title', 'required', 'snippet.title');
      const itemType = body.contentDetails.itemType;
      if (owner.kind === 'channel' && !CHANNEL_OWNER_KINDS.includes(itemType)) {
        throw invalid('Channel owners can create groups of videos and playlists only.', 'contentDetails.itemType');
      }
      return { body: groupBody(store.create(ownerKey(owner), title, itemType)) };
    },

    async updateGroup({ query, body }) {
      const owner = ownerOf(query);
      if (!body.id) throw fail('INVALID_ARGUMENT', 'Required field missing: id', 'required', 'id');
      const title = body.snippet.title as string;
      if (typeof title !== 'string' || title.trim() === '') throw fail('INVALID_ARGUMENT', 'Required field missing: snippet.title', 'required', 'snippet.title');
      const group = ownGroup(body.id, owner);
      // Only the title changes; contentDetails and anything else sent are ignored.
      group.title = title;
      return { body: groupBody(group) };
    },

    async deleteGroup({ query }) {
      store.removeGroup(ownGroup(query.id, ownerOf(query)));
      return { status: 204 };
    },

    async listGroupItems({ query }) {
      const group = ownGroup(query.groupId, ownerOf(query));
      const items = [...group.items.values()].map(itemBody);
      return { body: { kind: 'platform#groupItemListResponse', etag: etagOf(items.map((i) => i.etag)), items } };
    },

    async insertGroupItem({ query, body }) {
      const owner = ownerOf(query);
      const { groupId, resource } = body;
      if (!groupId) throw fail('INVALID_ARGUMENT', 'Required field missing: groupId', 'required', 'groupId');
      if (!resource) throw fail('INVALID_ARGUMENT', 'Required field missing: resource', 'required', 'resource');
      const group = ownGroup(groupId, owner);
      if (resource.kind !== group.itemType) {
        throw fail('FAILED_PRECONDITION', `The item kind ${resource.kind} does not match the group item type ${group.itemType}.`, 'badRequest', 'resource.kind');
      }
      // Adding a resource that is already in the group changes nothing: membership stays unique.
      const existing = [...group.items.values()].find((i) => i.resource.id === resource.id);
      if (existing) return { body: itemBody(existing) };
      if (group.items.size >= MAX_ITEMS) throw fail('FAILED_PRECONDITION', `The group already contains the maximum of ${MAX_ITEMS} items.`, 'badRequest');
      if (isForeign(resource.id)) throw fail('PERMISSION_DENIED', `The caller did not upload or claim ${resource.id} and does not manage its channel.`, 'forbidden', 'resource.id');
      return { body: itemBody(store.addItem(group, resource)) };
    },

    async deleteGroupItem({ query }) {
      const owner = ownerOf(query);
      const groupId = store.itemIndex.get(query.id);
      const item = groupId ? store.groups.get(groupId)?.items.get(query.id) : undefined;
      if (!item) throw fail('NOT_FOUND', 'Group item not found.', 'notFound', 'id');
      if (store.groups.get(item.groupId)!.owner !== ownerKey(owner)) throw forbidden();
      store.removeItem(item);
      return { status: 204 };
    },
  };
}

export async function startAnalyticsDouble(): Promise<RunningServer> {
  const store = new GroupStore();
  seed(store);
  const listener = createAnalyticsServer(handlers(store), {
    validateResponses: true,
    onError: (error) => console.error('analytics double:', error),
    authenticate: (input, route) => {
      const token = tokenOf(input);
      if (!token || !TOKENS.has(token)) {
        throw statusError('UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected an OAuth 2.0 access token.', {
          errors: [{ message: 'Invalid Credentials', domain: 'global', reason: 'authError', location: 'Authorization', locationType: 'header' }],
        });
      }
      const accepted = OPERATION_SCOPES[route.operationId] ?? [];
      const scopes = scopesOf(input);
      if (!accepted.some((s) => scopes.has(s))) {
        throw statusError('PERMISSION_DENIED', 'Request had insufficient authentication scopes.', {
          errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
        });
      }
    },
  });
  return listenLocal(listener);
}

// Run directly: prints the address, for running the contract suite against it.
if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startAnalyticsDouble();
  console.log(`analytics double on ${running.baseUrl}`);
}
