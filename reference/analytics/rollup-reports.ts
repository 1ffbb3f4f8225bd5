// Reports answered from the rollups held in memory: a plan that a rollup answers (rollups.ts, reportSource) whose
// dimensions and filters are rollup columns (or the month of the day) and whose metrics are plain sums of fact
// columns is answered here, with no SQL and no trip to a read thread: a report by day or month scans the rows of
// its channels and days; any other sums each series (a combination of the rollup's other keys) over the range as
// the difference of two running sums, whatever the range's length. Any other plan is left to the SQL (undefined).
// The rollups are written only by the seed (and by the migration that made them, before the service starts), so
// the rows read once are the rows every process sharing the database reads: nothing here can go stale.
// The answer is the SQL's, row for row and in the same order (test/reference/analytics-rollups.test.ts compares
// them on random plans): SQLite's BINARY text order (by code point), integer sums, groups that have rows only.
import { reportSource, ROLLUPS, type Rollup } from './rollups.js';
import type { ReportPlan, ReportRows } from './store.js';

type Cell = string | number;
type RollupRow = Record<string, Cell>;

/** A plan scanning more rows than this goes to the SQL (off the event loop, in its tenant's turn). */
export const MAX_SCANNED_ROWS = 20_000;
/** A rollup larger than this is not held in memory (its reports stay with the SQL). */
export const MAX_HELD_ROWS = 500_000;
/**
 * Row answers (below) kept at once, the least recently used dropped first, and how often a shape is asked for
 * before its row answers are made: a shape asked once is answered by the scan, as cheaply as making them.
 */
export const MAX_ROW_ANSWERS = 64;
export const ROW_ANSWERS_AFTER = 2;

const PLAIN_SUM = /^SUM\(([a-z_][a-z0-9_]*)\)$/;
/** The column a metric's SQL sums when it is a plain SUM(column), by SQL text (the catalogue's few: every report asks). */
const SUMMED_COLUMN = new Map<string, string | null>();
function summedColumn(sql: string): string | undefined {
  let column = SUMMED_COLUMN.get(sql);
  if (column === undefined) {
    column = PLAIN_SUM.exec(sql)?.[1] ?? null;
    if (SUMMED_COLUMN.size < 4096) SUMMED_COLUMN.set(sql, column);
  }
  return column ?? undefined;
}
const MONTH_OF_DAY = 'substr(day, 1, 7)';

/** One rollup's rows by channel, each channel's in day order. */
/**
 * A channel's rows of one rollup in day order, and (made on first use) its series: the rows of each combination
 * of the rollup's other keys, in day order, with running sums per summed column. A report that reads no day
 * (no day or month dimension) sums a series over a range as two running sums, whatever the range's length.
 */
interface ChannelRows {
  days: string[];
  rows: RollupRow[];
  series?: Series[];
}
interface Series {
  /** A row of the series: its keys (other than the day) are the series'. */
  sample: RollupRow;
  days: string[];
  rows: RollupRow[];
  /** Column -> running sums: entry i is the sum over the first i rows. */
  running: Map<string, Float64Array>;
}
type HeldRollup = Map<string, ChannelRows>;

/**
 * One channel's answer rows of a report shape whose every rollup row is a group of its own (its dimensions are
 * the rollup's keys other than the channel, in the rollup's order, no filter, one channel, no sort but the
 * dimensions'): the rows in answer order, each made once with its JSON text, and the texts joined, so the answer
 * over any date range is a slice of the rows and a substring of the text, whatever the range's length.
 */
interface RowAnswers {
  days: string[];
  rows: Cell[][];
  /** The rows' JSON texts joined by commas, and where row i's text starts and ends in it. */
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

function seriesOf(channel: ChannelRows, keys: readonly string[]): Series[] {
  if (channel.series) return channel.series;
  const others = keys.filter((k) => k !== 'channel_id' && k !== 'day');
  const byKey = new Map<string, Series>();
  for (const row of channel.rows) {
    const key = others.map((k) => row[k]).join('\u0000');
    let series = byKey.get(key);
    if (!series) byKey.set(key, (series = { sample: row, days: [], rows: [], running: new Map() }));
    series.days.push(row.day as string);
    series.rows.push(row);
  }
  channel.series = [...byKey.values()];
  return channel.series;
}

function runningSums(series: Series, column: string): Float64Array {
  let sums = series.running.get(column);
  if (!sums) {
    sums = new Float64Array(series.rows.length + 1);
    for (let i = 0; i < series.rows.length; i++) sums[i + 1] = sums[i]! + (series.rows[i]![column] as number);
    series.running.set(column, sums);
  }
  return sums;
}

/** SQLite's BINARY collation on text (UTF-8 bytes, that is code points), for UTF-16 strings. */
export function compareText(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (code points above U+FFFF) sort after U+E000..U+FFFF by code point, not before them.
    if (x >= 0xd800) x += x >= 0xe000 ? -0x800 : 0x2000;
    if (y >= 0xd800) y += y >= 0xe000 ? -0x800 : 0x2000;
    return x - y;
  }
  return a.length - b.length;
}

const compareCells = (a: Cell, b: Cell): number =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : typeof a === 'string' && typeof b === 'string'
      ? compareText(a, b)
      : typeof a === 'number'
        ? -1
        : 1;

/** Each rollup's keys as a set (every scanned report asks whether its columns are among them). */
const KEY_SETS = new Map<Rollup, ReadonlySet<string>>(ROLLUPS.map((r) => [r, new Set(r.keys)]));

/**
 * What a scanned report groups its rows by: each dimension's rollup column (null: the month of the day), which
 * dimensions may not be empty, the filters a row must meet, and the groups made so far (the dimension values,
 * then a sum per metric). A plain object and function rather than closures made per report.
 */
interface Grouping {
  columns: ReadonlyArray<string | null>;
  nonEmpty: readonly boolean[];
  filters: ReadonlyArray<{ column: string; values: ReadonlySet<string> }>;
  /** How many sums a group carries after its dimension values. */
  sums: number;
  groups: Map<string, Cell[]>;
  /** The current row's dimension values (scratch). */
  dims: string[];
}

/** The row's group, or undefined when a filter or a non-empty dimension leaves it out. */
function groupOf(grouping: Grouping, row: RollupRow): Cell[] | undefined {
  const { filters, columns, dims } = grouping;
  for (let f = 0; f < filters.length; f++)
    if (!filters[f]!.values.has(row[filters[f]!.column] as string)) return undefined;
  const width = columns.length;
  for (let d = 0; d < width; d++) {
    const column = columns[d];
    const value = column === null ? (row.day as string).slice(0, 7) : (row[column!] as string);
    if (grouping.nonEmpty[d] && value === '') return undefined;
    dims[d] = value;
  }
  const key = width === 0 ? '' : width === 1 ? dims[0]! : dims.join('\u0000');
  let group = grouping.groups.get(key);
  if (!group) {
    group = dims.slice();
    for (let m = 0; m < grouping.sums; m++) group.push(0);
    grouping.groups.set(key, group);
  }
  return group;
}

/** Whether a row's value of each filter's column is one of the filter's values. */
function meets(row: RollupRow, filters: ReadonlyArray<{ column: string; values: ReadonlySet<string> }>): boolean {
  for (const f of filters) if (!f.values.has(row[f.column] as string)) return false;
  return true;
}

/** First index of `days` (sorted) not before `day`. */
function lowerBound(days: readonly string[], day: string): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index of `days` (sorted) after `day`. */
function upperBound(days: readonly string[], day: string): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A channel's row answers of one shape: its rollup rows (in channel and day order) sorted by the other keys
 * within a day as the SQL's ORDER BY does, those with an empty non-empty dimension left out, each as its answer
 * row (the keys, then the sums) and that row's JSON text.
 */
function makeRowAnswers(
  rollupRows: readonly RollupRow[],
  keys: readonly string[],
  nonEmpty: readonly boolean[],
  sums: readonly string[],
): RowAnswers {
  const kept = rollupRows.filter((row) => keys.every((k, i) => !nonEmpty[i] || row[k] !== ''));
  kept.sort((a, b) => {
    for (const k of keys) {
      const c = compareCells(a[k]!, b[k]!);
      if (c !== 0) return c;
    }
    return 0;
  });
  const days: string[] = [];
  const rows: Cell[][] = [];
  const texts: string[] = [];
  const starts = new Int32Array(kept.length);
  const ends = new Int32Array(kept.length);
  let at = 0;
  for (let r = 0; r < kept.length; r++) {
    const row = kept[r]!;
    const cells: Cell[] = [...keys.map((k) => row[k]!), ...sums.map((c) => row[c]!)];
    const text = JSON.stringify(cells);
    days.push(row.day as string);
    rows.push(cells);
    texts.push(text);
    starts[r] = at;
    ends[r] = at + text.length;
    at += text.length + 1;
  }
  return { days, rows, text: texts.join(','), starts, ends };
}

/**
 * The plan with a filter on the channel read as its channels: only the filter's channels are scanned, and the
 * filter, which every row of theirs then meets, is left out (so a content owner's report on one of its channels
 * is answered as that channel's own report is).
 */
function narrowedToChannelFilter(plan: ReportPlan): ReportPlan {
  const filter = plan.filters.find((f) => f.column === 'channel_id');
  if (!filter) return plan;
  const named = new Set(filter.values);
  return {
    ...plan,
    channels: plan.channels.filter((c) => named.has(c.id)),
    filters: plan.filters.filter((f) => f !== filter),
  };
}

export class RollupReports {
  private readonly held = new Map<string, HeldRollup | null>();
  /** Row answers by shape (most recently used last), and how often each shape not yet made was asked for. */
  private readonly rowAnswers = new Map<string, RowAnswers>();
  private readonly shapesAsked = new Map<string, number>();

  /** `count(table)` and `rows(table)` read a rollup (its rows in channel and day order); called once per rollup. */
  constructor(
    private readonly read: {
      count(table: string): number;
      rows(table: string): RollupRow[];
    },
  ) {}

  /** Forgets the rows held (the seed has just written the rollups). */
  clear(): void {
    this.held.clear();
    this.rowAnswers.clear();
    this.shapesAsked.clear();
  }

  /** The report's rows, or undefined when the SQL must answer it. */
  answer(asked: ReportPlan): ReportRows | undefined {
    if (asked.platformFilters || asked.dimensions.some((d) => d.join)) return undefined;
    const plan = narrowedToChannelFilter(asked);
    const table = reportSource(plan);
    const rollup = ROLLUPS.find((r) => r.table === table);
    if (!rollup) return undefined;
    const sums: string[] = [];
    for (const m of plan.metrics) {
      const column = summedColumn(m.sql);
      if (!column || m.digits !== 0) return undefined;
      sums.push(column);
    }
    const held = this.hold(rollup);
    if (!held) return undefined;
    // Before anything is made for a scan: the shapes with row answers need none of it (their dimensions are the
    // rollup's keys, with no filter and no sort but the dimensions').
    const byRows = this.byRowAnswers(plan, rollup, held, sums);
    if (byRows) return byRows;
    const keys = KEY_SETS.get(rollup)!;
    // Each dimension's rollup column, or null for the month of the day.
    const columns: Array<string | null> = [];
    for (const d of plan.dimensions) {
      if (d.sql === MONTH_OF_DAY) columns.push(null);
      else if (keys.has(d.sql)) columns.push(d.sql);
      else return undefined;
    }
    if (plan.filters.some((f) => !keys.has(f.column))) return undefined;
    const names = [...plan.dimensions.map((d) => d.name), ...plan.metrics.map((m) => m.name)];
    const sortColumns = plan.sort.map((s) => ({ index: names.indexOf(s.name), descending: s.descending }));
    if (sortColumns.some((s) => s.index < 0)) return undefined;
    const filters = plan.filters.map((f) => ({ column: f.column, values: new Set(f.values) }));
    const width = columns.length;
    const grouping: Grouping = {
      columns,
      nonEmpty: plan.dimensions.map((d) => d.nonEmpty),
      filters,
      sums: sums.length,
      groups: new Map(),
      dims: new Array(width),
    };
    const readsDay =
      plan.dimensions.some((d) => d.sql === 'day' || d.sql === MONTH_OF_DAY) ||
      plan.filters.some((f) => f.column === 'day');

    if (!readsDay) {
      // Each series in range: its sums over the range are two running sums apart.
      for (const c of plan.channels) {
        const channel = held.get(c.id);
        if (!channel) continue;
        // biome-ignore lint/complexity/useMathMinMax: the later of two ISO days (text), not of two numbers
        const first = c.since > plan.from ? c.since : plan.from;
        for (const series of seriesOf(channel, rollup.keys)) {
          const from = lowerBound(series.days, first);
          const to = upperBound(series.days, plan.to);
          if (to <= from) continue;
          const group = groupOf(grouping, series.sample);
          if (!group) continue;
          for (let m = 0; m < sums.length; m++) {
            const running = runningSums(series, sums[m]!);
            (group[width + m] as number) += running[to]! - running[from]!;
          }
        }
      }
    } else {
      // Where each channel's days in range start and end, and whether the scan is small enough for the event loop.
      // A filter on the rollup's other keys (`country==US` on the country rollup) is met by whole series: only
      // the rows of those series are scanned, not every row of the channel's days, and no row is asked again.
      const seriesFilters = filters.filter((f) => f.column !== 'channel_id' && f.column !== 'day');
      const spans: Array<{ rows: RollupRow[]; from: number; to: number }> = [];
      let scanned = 0;
      for (const c of plan.channels) {
        const channel = held.get(c.id);
        if (!channel) continue;
        // biome-ignore lint/complexity/useMathMinMax: the later of two ISO days (text), not of two numbers
        const first = c.since > plan.from ? c.since : plan.from;
        for (const run of seriesFilters.length === 0 ? [channel] : seriesOf(channel, rollup.keys)) {
          if (run !== channel && !meets((run as Series).sample, seriesFilters)) continue;
          const from = lowerBound(run.days, first);
          const to = upperBound(run.days, plan.to);
          if (to <= from) continue;
          spans.push({ rows: run.rows, from, to });
          scanned += to - from;
        }
      }
      if (scanned > MAX_SCANNED_ROWS) return undefined;
      if (seriesFilters.length > 0) grouping.filters = filters.filter((f) => !seriesFilters.includes(f));
      // One series by day (a filtered day report of one channel): each row is a day of its own, already in the
      // answer's order, so it is its own group.
      const bySeriesDay =
        spans.length === 1 &&
        (seriesFilters.length > 0 || rollup.keys.length === 2) &&
        width === 1 &&
        columns[0] === 'day' &&
        !grouping.nonEmpty[0] &&
        grouping.filters.length === 0 &&
        (sortColumns.length === 0 || (sortColumns[0]!.index === 0 && !sortColumns[0]!.descending));
      if (bySeriesDay) {
        // The page's rows only, each made at its size (no array grown or copied).
        const { rows, from, to } = spans[0]!;
        const first = from + plan.offset;
        const end = plan.limit === undefined ? to : Math.min(to, first + plan.limit);
        const out: Cell[][] = new Array(Math.max(0, end - first));
        for (let r = first; r < end; r++) {
          const row = rows[r]!;
          const cells: Cell[] = new Array(1 + sums.length);
          cells[0] = row.day as string;
          for (let m = 0; m < sums.length; m++) cells[m + 1] = row[sums[m]!] as number;
          out[r - first] = cells;
        }
        return out;
      }
      for (const span of spans) {
        for (let r = span.from; r < span.to; r++) {
          const row = span.rows[r]!;
          const group = groupOf(grouping, row);
          if (!group) continue;
          for (let m = 0; m < sums.length; m++) (group[width + m] as number) += row[sums[m]!] as number;
        }
      }
    }
    const out = [...grouping.groups.values()];
    out.sort((a, b) => {
      for (const s of sortColumns) {
        const c = compareCells(a[s.index]!, b[s.index]!);
        if (c !== 0) return s.descending ? -c : c;
      }
      for (let i = 0; i < width; i++) {
        const c = compareCells(a[i]!, b[i]!);
        if (c !== 0) return c;
      }
      return 0;
    });
    return out.slice(plan.offset, plan.limit === undefined ? undefined : plan.offset + plan.limit);
  }

  /** The answer from the shape's row answers, when every row of the rollup is a group of its own (RowAnswers). */
  private byRowAnswers(
    plan: ReportPlan,
    rollup: Rollup,
    held: HeldRollup,
    sums: readonly string[],
  ): ReportRows | undefined {
    if (plan.channels.length !== 1 || plan.filters.length > 0) return undefined;
    // The dimensions are the rollup's keys after the channel, in order.
    const { dimensions } = plan;
    if (dimensions.length !== rollup.keys.length - 1) return undefined;
    for (let i = 0; i < dimensions.length; i++) if (dimensions[i]!.sql !== rollup.keys[i + 1]) return undefined;
    // The answer's order is the dimensions' (ascending), which sort keys naming the dimensions in order keep; keys
    // after all of them change nothing, every row being a group of its own.
    for (let i = 0; i < plan.sort.length && i < dimensions.length; i++)
      if (plan.sort[i]!.descending || plan.sort[i]!.name !== dimensions[i]!.name) return undefined;
    const channel = plan.channels[0]!;
    let shape = `${rollup.table}\u0000${channel.id}\u0000`;
    for (const d of dimensions) shape += d.nonEmpty ? '1' : '0';
    shape += '\u0000';
    for (let m = 0; m < sums.length; m++) shape += m === 0 ? sums[m] : `,${sums[m]}`;
    let answers = this.rowAnswers.get(shape);
    if (answers) {
      this.rowAnswers.delete(shape);
      this.rowAnswers.set(shape, answers);
    } else {
      const asked = (this.shapesAsked.get(shape) ?? 0) + 1;
      if (asked < ROW_ANSWERS_AFTER) {
        if (this.shapesAsked.size >= MAX_ROW_ANSWERS * 16) this.shapesAsked.clear();
        this.shapesAsked.set(shape, asked);
        return undefined;
      }
      this.shapesAsked.delete(shape);
      const rows = held.get(channel.id)?.rows ?? [];
      answers = makeRowAnswers(
        rows,
        rollup.keys.slice(1),
        plan.dimensions.map((d) => d.nonEmpty),
        sums,
      );
      if (this.rowAnswers.size >= MAX_ROW_ANSWERS) this.rowAnswers.delete(this.rowAnswers.keys().next().value!);
      this.rowAnswers.set(shape, answers);
    }
    // biome-ignore lint/complexity/useMathMinMax: the later of two ISO days (text), not of two numbers
    const first = channel.since > plan.from ? channel.since : plan.from;
    const from = lowerBound(answers.days, first) + plan.offset;
    let to = upperBound(answers.days, plan.to);
    if (plan.limit !== undefined) to = Math.min(to, from + plan.limit);
    if (to <= from) return [];
    return Object.assign(answers.rows.slice(from, to), {
      json: `[${answers.text.slice(answers.starts[from]!, answers.ends[to - 1]!)}]`,
    });
  }

  /** The rollup's rows in memory (read on first use), or null when it is too large to hold. */
  private hold(rollup: Rollup): HeldRollup | null {
    let held = this.held.get(rollup.table);
    if (held !== undefined) return held;
    held = null;
    if (this.read.count(rollup.table) <= MAX_HELD_ROWS) {
      const byChannel: HeldRollup = new Map();
      for (const row of this.read.rows(rollup.table)) {
        const channel = row.channel_id as string;
        let rows = byChannel.get(channel);
        if (!rows) byChannel.set(channel, (rows = { days: [], rows: [] }));
        rows.days.push(row.day as string);
        rows.rows.push(row);
      }
      held = byChannel;
    }
    this.held.set(rollup.table, held);
    return held;
  }
}
