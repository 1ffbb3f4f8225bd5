// Analytics: the mutants of the ANA-QUERY-* rules (./query.rules.ts), each to be caught under its own rule.
import type { ReportDef } from '../../../reference/analytics/combinations.js';
import type { Mutant } from '../../mutants/mutant.js';
import { answerInstead, chain, on, perRequest, rewriteJsonAnswer, rewriteQuery } from '../../mutants/wire.js';
import { REPORTS, access, plan, reports, wire } from './mutant-context.js';

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

export const MUTANTS: Mutant[] = [
  access('ANA-QUERY-7/monetary-unchecked', 'revenue metrics answered without the monetary scope', () => ({
    mayReadMonetary: () => true,
  })),
  access('ANA-QUERY-7/monetary-always-refused', 'revenue metrics refused even with the monetary scope', () => ({
    mayReadMonetary: () => false,
  })),
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
];
