// Rollups of the fact table: the same sums, grouped by fewer columns (a channel's day; its day by traffic
// source, by video, by device type, by country), so a report that reads only those columns aggregates tens of rows instead of
// thousands. A report may read a rollup when every column its dimensions, filters and channels touch is one of
// the rollup's keys and every metric is built from sums of fact columns (SUM(SUM(x)) = SUM(x); COUNT(*) > 0
// holds for a group exactly when it holds on the facts); anything else (retention points, averages, platform
// comparisons) reads the facts. Only the seed writes the facts, and it fills the rollups in the same
// transaction; a store opened on facts from before the rollups fills them in its migration. They are tables of
// the service's database, so every process that shares the database reads the same sums.
import { COUNT_COLUMNS, FACT_COLUMNS } from './facts.js';
import type { ReportPlan } from './store.js';

export interface Rollup {
  table: string;
  /** The columns it groups by (its primary key, channel and day first). */
  keys: readonly string[];
}

/** Smallest first: a report reads the first one that holds its columns. */
export const ROLLUPS: readonly Rollup[] = [
  { table: 'facts_by_day', keys: ['channel_id', 'day'] },
  { table: 'facts_by_day_video', keys: ['channel_id', 'day', 'video_id'] },
  { table: 'facts_by_day_source', keys: ['channel_id', 'day', 'traffic_source'] },
  // Device and country breakdowns and filters (the read mix's device and filtered reports): without them such a
  // report aggregates the facts in SQL on a read thread, several milliseconds of CPU each.
  { table: 'facts_by_day_device', keys: ['channel_id', 'day', 'device_type'] },
  { table: 'facts_by_day_country', keys: ['channel_id', 'day', 'country'] },
];

/** The rollups each migration made (migrations.ts): a shipped migration keeps its list. */
export const ROLLUPS_OF_MIGRATION = { first: ROLLUPS.slice(0, 3), deviceAndCountry: ROLLUPS.slice(3, 5) };

/** The summed columns every rollup carries. */
export const SUMMED_COLUMNS: readonly string[] = COUNT_COLUMNS;

/** The statements that create a rollup's table (SQLite or PostgreSQL spelling). */
export function createRollupSql(rollup: Rollup, dialect: 'sqlite' | 'postgres'): string {
  const text = dialect === 'sqlite' ? 'TEXT NOT NULL' : 'TEXT COLLATE "C" NOT NULL';
  const count = dialect === 'sqlite' ? 'INTEGER NOT NULL' : 'BIGINT NOT NULL';
  return `CREATE TABLE ${rollup.table} (
    ${[...rollup.keys.map((k) => `${k} ${text}`), ...SUMMED_COLUMNS.map((c) => `${c} ${count}`)].join(', ')},
    PRIMARY KEY (${rollup.keys.join(', ')})
  )${dialect === 'sqlite' ? ' WITHOUT ROWID' : ''};`;
}

/** The statements that make a rollup's rows from the facts (all of them again). */
export function fillRollupSql(rollup: Rollup): string[] {
  const keys = rollup.keys.join(', ');
  return [
    `DELETE FROM ${rollup.table}`,
    `INSERT INTO ${rollup.table} (${keys}, ${SUMMED_COLUMNS.join(', ')}) SELECT ${keys}, ${SUMMED_COLUMNS.map((c) => `SUM(${c})`).join(', ')} FROM facts GROUP BY ${keys}`,
  ];
}

const FACT_COLUMN_NAMES = new Set<string>(FACT_COLUMNS as readonly string[]);
const SUMMED = new Set(SUMMED_COLUMNS);

/** columnsOf() of each SQL expression met so far (the catalogue's dimensions and filters: asked on every report). */
const COLUMNS = new Map<string, readonly string[]>();

/** The fact columns an SQL expression reads (its quoted literals left out). */
function columnsOf(sql: string): readonly string[] {
  let columns = COLUMNS.get(sql);
  if (columns === undefined) {
    columns = (sql.replace(/'[^']*'/g, '').match(/[a-z_][a-z0-9_]*/g) ?? []).filter((w) => FACT_COLUMN_NAMES.has(w));
    if (COLUMNS.size < 4096) COLUMNS.set(sql, columns);
  }
  return columns;
}

/** additive() of each metric SQL met so far (the catalogue's few texts: asked on every report). */
const ADDITIVE = new Map<string, boolean>();

/** Whether a metric is made of sums of fact columns only (any other use of a column, or another aggregate, is not). */
function additive(sql: string): boolean {
  let known = ADDITIVE.get(sql);
  if (known === undefined) {
    known = isAdditive(sql);
    if (ADDITIVE.size < 4096) ADDITIVE.set(sql, known);
  }
  return known;
}

function isAdditive(sql: string): boolean {
  const rest = sql.replace(/SUM\(\s*([a-z_][a-z0-9_]*)\s*\)/g, (whole, column: string) =>
    SUMMED.has(column) ? 'SUM()' : whole,
  );
  return columnsOf(rest).length === 0 && !/\b(COUNT|AVG|MIN|MAX|TOTAL|GROUP_CONCAT|facts)\b/i.test(rest);
}

/** The table a report aggregates: the smallest rollup that holds everything it reads, else the facts. */
export function reportSource(plan: ReportPlan): string {
  if (plan.platformFilters) return 'facts';
  if (plan.dimensions.some((d) => d.join)) return 'facts';
  if (!plan.metrics.every((m) => additive(m.sql))) return 'facts';
  // Every rollup keeps channel_id and day: the first that keeps the columns the dimensions and filters read.
  for (const rollup of ROLLUPS) if (keepsAll(rollup.keys, plan)) return rollup.table;
  return 'facts';
}

/** Whether `keys` hold every column the plan's dimensions and filters read (and channel_id and day). */
function keepsAll(keys: readonly string[], plan: ReportPlan): boolean {
  if (!keys.includes('channel_id') || !keys.includes('day')) return false;
  for (const d of plan.dimensions) for (const c of columnsOf(d.sql)) if (!keys.includes(c)) return false;
  for (const f of plan.filters) for (const c of columnsOf(f.column)) if (!keys.includes(c)) return false;
  return true;
}
