// The SQL of a report (one aggregate over the fact table), with named parameters (:name), for SQLite or
// PostgreSQL. The dialects differ in a few spellings only: an empty OR, rounding (PostgreSQL rounds to
// digits on numeric, not on double precision), and an unbounded LIMIT.
import { platformRetentionCte } from './relative-retention.js';
import { reportSource } from './rollups.js';
import type { ReportPlan } from './store.js';

export type Dialect = 'sqlite' | 'postgres';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `source`: the table aggregated, by default the smallest rollup that answers the plan (rollups.ts). */
export function reportSql(
  plan: ReportPlan,
  dialect: Dialect,
  source: string = reportSource(plan),
): { sql: string; params: Record<string, string | number> } {
  const params: Record<string, string | number> = { from: plan.from, to: plan.to, rate: plan.rate };
  const where = ['day BETWEEN :from AND :to'];
  where.push(
    `(${
      plan.channels
        .map((c, i) => {
          params[`ch${i}`] = c.id;
          params[`since${i}`] = c.since;
          return `(channel_id = :ch${i} AND day >= :since${i})`;
        })
        .join(' OR ') || (dialect === 'sqlite' ? '0' : 'FALSE')
    })`,
  );
  const inList = (f: { column: string; values: string[] }, key: string) =>
    `${f.column} IN (${
      f.values
        .map((v, j) => {
          params[`${key}_${j}`] = v;
          return `:${key}_${j}`;
        })
        .join(', ') || 'NULL'
    })`;
  plan.filters.forEach((f, i) => where.push(inList(f, `f${i}`)));
  // relativeRetentionPerformance: every video's retention curve over the report's days and viewer filters first.
  const platform = plan.platformFilters
    ? `WITH ${platformRetentionCte(['day BETWEEN :from AND :to', ...plan.platformFilters.map((f, i) => inList(f, `p${i}`))].join(' AND '))} `
    : '';
  for (const d of plan.dimensions) if (d.nonEmpty) where.push(`${d.sql} <> ''`);
  const rounded = (sql: string, digits: number) => {
    if (dialect === 'sqlite') return digits === 0 ? `CAST(ROUND(${sql}) AS INTEGER)` : `ROUND(${sql}, ${digits})`;
    return digits === 0 ? `CAST(ROUND((${sql})::numeric) AS BIGINT)` : `ROUND((${sql})::numeric, ${digits})`;
  };
  const select = [
    ...plan.dimensions.map((d) => `${d.sql} AS ${quote(d.name)}`),
    ...plan.metrics.map((m) => `${rounded(m.sql, m.digits)} AS ${quote(m.name)}`),
  ];
  const groupBy = plan.dimensions.length ? ` GROUP BY ${plan.dimensions.map((d) => d.sql).join(', ')}` : '';
  const order = [
    ...plan.sort.map((s) => `${quote(s.name)} ${s.descending ? 'DESC' : 'ASC'}`),
    ...plan.dimensions.map((d) => `${quote(d.name)} ASC`),
  ];
  const joins = [...new Set(plan.dimensions.flatMap((d) => (d.join ? [d.join] : [])))].map((j) => ` ${j}`).join('');
  const unbounded = dialect === 'sqlite' ? '-1' : 'ALL';
  const sql =
    `${platform}SELECT ${select.join(', ')} FROM ${source}${joins} WHERE ${where.join(' AND ')}${groupBy} HAVING COUNT(*) > 0` +
    (order.length ? ` ORDER BY ${order.join(', ')}` : '') +
    ` LIMIT ${plan.limit ?? unbounded} OFFSET ${plan.offset}`;
  return { sql, params };
}
