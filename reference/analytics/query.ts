// reports.query: the request checked against what the service supports (ids, dates, metrics, dimensions,
// filters, the report tables, sort, paging, currency, scopes) and turned into a ReportPlan over the fact table.
import type { QueryReportsInput } from '../../generated/analytics/server.js';
import { CURRENCY_RATES, DIMENSION_BY_NAME, METRIC_BY_NAME } from './catalogue.js';
import type { AccessPolicy } from './access.js';
import { NARROWING_FILTERS, type ReportCatalogue, type ReportKind } from './combinations.js';
import { VIEWER_FILTERS } from './relative-retention.js';
import { forbidden, invalid, required, unsupported } from './errors.js';
import {
  ownerKey,
  type AnalyticsStore,
  type Owner,
  type Principal,
  type ReportPlan,
  type ResourceKind,
} from './store.js';

const RESOURCE_COLUMN: Record<string, string> = {
  'platform#video': 'video_id',
  'platform#playlist': 'playlist_id',
  'platform#channel': 'channel_id',
  'platformPartner#asset': 'asset_id',
};

/**
 * A comma list. A name given twice is refused, but in `metrics`, where it is read once in the place it first
 * has: a public client's report named two metrics twice and the service's answer turned on another cause (403 for a
 * missing scope), so nothing shows it refuses them, and no sentence of the document does.
 */
function list(text: string | undefined, what: string, repeats: 'refused' | 'read once' = 'refused'): string[] {
  if (text === undefined || text === '') return [];
  const parts = text.split(',');
  if (parts.some((p) => p === '')) throw invalid(`Empty entry in ${what}.`, what);
  const dup = parts.find((p, i) => parts.indexOf(p) !== i);
  if (dup === undefined) return parts;
  if (repeats === 'refused') throw invalid(`${what} names ${dup} twice.`, what);
  return parts.filter((p, i) => parts.indexOf(p) === i);
}

export function parseDate(text: string, name: string): string {
  // Read by character codes: two dates a report, with nothing made for a well-formed one.
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (
    text.length !== 10 ||
    text.charCodeAt(4) !== DASH ||
    text.charCodeAt(7) !== DASH ||
    year < 0 ||
    month < 0 ||
    day < 0 ||
    !isCalendarDay(year, month, day)
  )
    throw invalid(`Invalid value '${text}' for ${name}: expected YYYY-MM-DD.`, name);
  return text;
}

const DASH = 45;

/** The number the `count` ASCII digits of `text` at `at` write, or -1 when one of them is not a digit. */
function digits(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const d = text.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * A day of the proleptic Gregorian calendar, by arithmetic (a Date and its ISO text cost more than the rest of the
 * check, on every report). Years below 100 are refused as before, when Date.UTC read them as 19xx.
 */
function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day <= days;
}

const lastDayOfMonth = (date: string): string => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** Resolves `ids` to the report's subject: the caller's channel, a channel it manages, or its content owner. */
async function subjectOf(ids: string, principal: Principal, store: AnalyticsStore): Promise<Owner> {
  const m = /^([a-zA-Z]+)==(.+)$/.exec(ids);
  if (!m)
    throw invalid(
      `Invalid value '${ids}' for ids: expected channel==MINE, channel==<id> or contentOwner==<name>.`,
      'ids',
    );
  const [, kind, value] = m as unknown as [string, string, string];
  if (kind === 'channel') {
    if (value === 'MINE' || value === principal.channelId) return { kind: 'channel', id: principal.channelId };
    if (principal.contentOwner && (await store.ownerChannels(principal.contentOwner)).some((c) => c.id === value))
      return { kind: 'channel', id: value };
    throw forbidden(`The caller may not see the data of channel ${value}.`);
  }
  if (kind === 'contentOwner') {
    if (principal.contentOwner !== value) throw forbidden(`The caller does not act for content owner ${value}.`);
    return { kind: 'contentOwner', id: value };
  }
  throw invalid(`Unknown report kind '${kind}' in ids: expected channel==... or contentOwner==....`, 'ids');
}

interface Filter {
  dimension: string;
  values: string[];
}

function parseFilters(text: string | undefined): Filter[] {
  const out: Filter[] = [];
  if (text === undefined || text === '') return out;
  for (const part of text.split(';')) {
    const m = /^([a-zA-Z]+)==(.+)$/.exec(part);
    if (!m) throw invalid(`Invalid filter '${part}': expected dimension==value.`, 'filters');
    const [, dimension, value] = m as unknown as [string, string, string];
    const def = DIMENSION_BY_NAME.get(dimension);
    if (dimension !== 'group' && !def) throw invalid(`Unknown filter dimension ${dimension}.`, 'filters');
    if (dimension === 'day' || dimension === 'month')
      throw invalid(`${dimension} cannot be a filter; use startDate and endDate.`, 'filters');
    if (out.some((f) => f.dimension === dimension)) throw invalid(`The filter ${dimension} is given twice.`, 'filters');
    const values = value.split(',');
    if (values.some((v) => v === '')) throw invalid(`Empty value in filter ${dimension}.`, 'filters');
    const bad = values.find((v) => (def?.values && !def.values.includes(v)) || (def?.pattern && !def.pattern.test(v)));
    if (bad !== undefined) throw invalid(`Invalid value '${bad}' for filter ${dimension}.`, 'filters');
    out.push({ dimension, values });
  }
  return out;
}

const isMonetary = (metric: string) => METRIC_BY_NAME.get(metric)!.monetary === true;

/** Each dimension and metric as a plan names it, made once: plans share them and never change them. */
const PLANNED_DIMENSION = new Map<string, ReportPlan['dimensions'][number]>(
  [...DIMENSION_BY_NAME].map(([name, def]) => [
    name,
    { name, sql: def.sql, nonEmpty: def.presentOnly === true, join: def.join },
  ]),
);
const PLANNED_METRIC = new Map<string, ReportPlan['metrics'][number]>(
  [...METRIC_BY_NAME].map(([name, def]) => [name, { name, sql: def.sql, digits: def.digits }]),
);

export interface PlannedReport {
  plan: ReportPlan;
  dimensions: string[];
  metrics: string[];
}

/** What planning a report consults besides the request and the caller. */
export interface PlanningParts {
  store: AnalyticsStore;
  access: AccessPolicy;
  reports: ReportCatalogue;
}

export async function planReport(
  input: QueryReportsInput,
  principal: Principal,
  { store, access, reports }: PlanningParts,
): Promise<PlannedReport> {
  const q = input.query;
  if (!q.ids) throw required('ids');
  const subject = await subjectOf(q.ids, principal, store);
  const from = parseDate(q.startDate, 'startDate');
  const to = parseDate(q.endDate, 'endDate');
  if (from > to) {
    throw invalid('The startDate must not be after the endDate.', 'startDate');
  }
  const metrics = list(q.metrics, 'metrics', 'read once');
  if (metrics.length === 0) throw required('metrics');
  for (const m of metrics) if (!METRIC_BY_NAME.has(m)) throw invalid(`Unknown metric ${m}.`, 'metrics');
  const dims = list(q.dimensions, 'dimensions');
  for (const d of dims) if (!DIMENSION_BY_NAME.has(d)) throw invalid(`Unknown dimension ${d}.`, 'dimensions');
  // Revenue and ad performance need the monetary scope, whatever else the token carries.
  if (metrics.some(isMonetary) && !access.mayReadMonetary(principal.scopes)) {
    throw forbidden(`The metrics ${metrics.filter(isMonetary).join(',')} need the analytics-monetary.readonly scope.`);
  }
  const filters = parseFilters(q.filters);
  const kind: ReportKind = subject.kind;
  const report = reports.reportFor(kind, dims, metrics, filters);
  if (!report) {
    throw unsupported(
      `${kind === 'channel' ? 'channel' : 'content owner'} reports do not support dimensions [${dims.join(',')}] with metrics [${metrics.join(',')}] and filters [${filters.map((f) => f.dimension).join(',')}]`,
    );
  }
  // Content owner reports narrow the content (combinations.ts, NARROWING_FILTERS).
  const narrowing = NARROWING_FILTERS[kind];
  if (narrowing && !filters.some((f) => narrowing.includes(f.dimension))) {
    throw unsupported(`content owner reports need a filter on one of ${narrowing.join(', ')}`);
  }
  // With the month dimension a report covers whole months: startDate is the first day of a month, and endDate
  // the first day of the last month, which then names that whole month. Sources (no answer of the public service
  // is recorded): the analytix client (parafoxia/analytix, analytix/reports/builder.py) moves both dates of a
  // month report to the 1st before it sends them ("these should always be the first day of the month"), and a
  // gateway's documentation of the public API ends a monthly report on 2024-12-01, "not 2024-12-31". An end on
  // the month's last day, which one third-party description uses, is read alike, beyond what those sources show.
  let reportTo = to;
  if (dims.includes('month')) {
    if (!from.endsWith('-01') || (!to.endsWith('-01') && to !== lastDayOfMonth(to)))
      throw invalid(
        'With the month dimension, startDate must be the first day of a month and endDate the first day of a month (or its last day).',
        'startDate',
      );
    reportTo = lastDayOfMonth(to);
  }

  const sort = list(q.sort, 'sort').map((s) => ({ name: s.replace(/^-/, ''), descending: s.startsWith('-') }));
  const twice = sort.find((s, i) => sort.findIndex((o) => o.name === s.name) !== i);
  if (twice) throw invalid(`sort names ${twice.name} twice.`, 'sort');
  const unsortable = sort.find((s) => !dims.includes(s.name) && !metrics.includes(s.name));
  if (unsortable)
    throw invalid(`Cannot sort by ${unsortable.name}: sort keys must be requested dimensions or metrics.`, 'sort');
  if (report.topN !== undefined) {
    const first = sort[0];
    const sortable = report.sortBy ? metrics.filter((m) => report.sortBy!.includes(m)) : metrics;
    if (!first?.descending || !sortable.includes(first.name)) {
      throw unsupported(
        `the ${report.name} report needs sort starting with a descending metric of [${(report.sortBy ?? metrics).join(',')}] that the query requests`,
      );
    }
    if (q.maxResults === undefined || q.maxResults > report.topN)
      throw unsupported(`the ${report.name} report needs maxResults of at most ${report.topN}`);
  }
  const currency = q.currency ?? 'USD';
  const rate = CURRENCY_RATES[currency];
  if (rate === undefined)
    throw invalid(
      `Unsupported currency ${currency}; supported: ${Object.keys(CURRENCY_RATES).join(', ')}.`,
      'currency',
    );

  // Which channels and days the report covers. A content owner sees a channel from the day it was linked,
  // or all of its history with includeHistoricalChannelData.
  const historical = q.includeHistoricalChannelData === true;
  const channels =
    subject.kind === 'channel'
      ? [{ id: subject.id, since: '' }]
      : (await store.ownerChannels(subject.id)).map((c) => ({ id: c.id, since: historical ? '' : c.linkedAt }));

  const planFilters: ReportPlan['filters'] = [];
  for (const f of filters) {
    if (f.dimension === 'group') {
      const groups = await Promise.all(f.values.map((id) => store.group(id)));
      const missing = f.values.find((_, i) => !groups[i] || groups[i]!.owner !== ownerKey(subject));
      // Another owner's group is as unknown to the caller as a missing one.
      if (missing) throw invalid(`Unknown group ${missing}.`, 'filters');
      const kinds = new Set(groups.map((g) => g!.itemType));
      if (kinds.size > 1) throw unsupported('the groups of one group filter must hold one kind of resource');
      const ids = (await Promise.all(groups.map((g) => store.items(g!.id)))).flat().map((i) => i.resourceId);
      planFilters.push({ dimension: 'group', column: RESOURCE_COLUMN[[...kinds][0]!]!, values: ids });
      continue;
    }
    const def = DIMENSION_BY_NAME.get(f.dimension)!;
    if (def.resource) {
      const owned = await Promise.all(f.values.map((v) => store.owns(subject, def.resource as ResourceKind, v)));
      const foreign = f.values.find((_, i) => !owned[i]);
      if (foreign) throw forbidden(`The caller may not see the data of ${f.dimension} ${foreign}.`);
    }
    planFilters.push({ dimension: f.dimension, column: def.sql, values: f.values });
  }
  // The platform's videos are compared under the same viewer filters (relative-retention.ts).
  const platformFilters = metrics.some((m) => METRIC_BY_NAME.get(m)!.platformRetention)
    ? filters
        .filter((f) => VIEWER_FILTERS.includes(f.dimension))
        .map((f) => ({ column: DIMENSION_BY_NAME.get(f.dimension)!.sql, values: f.values }))
    : undefined;

  const startIndex = q.startIndex ?? 1;
  const plan: ReportPlan = {
    from,
    to: reportTo,
    channels,
    filters: planFilters,
    dimensions: dims.map((d) => PLANNED_DIMENSION.get(d)!),
    metrics: metrics.map((m) => PLANNED_METRIC.get(m)!),
    platformFilters,
    rate,
    sort,
    offset: startIndex - 1,
    limit: q.maxResults,
  };
  return { plan, dimensions: dims, metrics };
}
