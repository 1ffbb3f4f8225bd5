// Reports read the fact table's rollups (reference/analytics/rollups.ts) where they hold every column a report
// reads: for any plan, the rows are exactly those of the same report over the facts; a report that needs a
// column no rollup keeps, or a metric that is not made of sums, still reads the facts.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DIMENSIONS, METRICS } from '../../reference/analytics/catalogue.js';
import { generateFacts } from '../../reference/analytics/facts.js';
import { service as analytics } from '../../reference/analytics/index.js';
import { reportSql } from '../../reference/analytics/report-sql.js';
import { RollupReports } from '../../reference/analytics/rollup-reports.js';
import { reportSource, ROLLUPS } from '../../reference/analytics/rollups.js';
import { parseSeed } from '../../reference/analytics/seed.js';
import { sqliteAnalyticsStore } from '../../reference/analytics/kept-store.js';
import type { ReportPlan } from '../../reference/analytics/store.js';
import { migrate } from '../../reference/foundation/database.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const seed = parseSeed(parse(fs.readFileSync(path.join(ROOT, 'reference', 'seed.default.yaml'), 'utf8')).analytics);

async function seededDatabase(): Promise<Database.Database> {
  const db = new Database(':memory:');
  migrate(db, analytics.migrations);
  await sqliteAnalyticsStore(db).seedIfEmpty(seed, () => generateFacts(seed) as never);
  return db;
}

const CHANNELS = ['UCchannel0000000000000001', 'UCchannel0000000000000002', 'UCchannel0000000000000003'];
const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
// Retention metrics need the retention points' dimension (a join): plans with them are left to the suite.
const metricsOf = METRICS.filter((m) => !m.platformRetention && !m.sql.includes('retention.'));
const dimensionsOf = DIMENSIONS.filter((d) => !d.join);
const FILTERABLE = ['traffic_source', 'video_id', 'country', 'device_type', 'channel_id'];

const plans: fc.Arbitrary<ReportPlan> = fc
  .record({
    from: fc.integer({ min: 0, max: 95 }),
    length: fc.integer({ min: 0, max: 40 }),
    channels: fc.subarray(CHANNELS, { minLength: 1 }),
    since: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
    dimensions: fc.subarray(
      ['day', 'month', 'insightTrafficSourceType', 'video', 'audienceType', 'country', 'deviceType', 'isCurated'],
      { maxLength: 2 },
    ),
    metrics: fc.subarray(
      metricsOf.map((m) => m.name),
      { minLength: 1, maxLength: 4 },
    ),
    filter: fc.option(
      fc.record({
        column: fc.constantFrom(...FILTERABLE),
        values: fc.subarray(
          [
            'YT_SEARCH',
            'EXT_URL',
            'video-00000001',
            'video-00000003',
            'US',
            'MOBILE',
            'DESKTOP',
            CHANNELS[0]!,
            CHANNELS[2]!,
          ],
          {
            minLength: 1,
          },
        ),
      }),
      { nil: undefined },
    ),
    descending: fc.boolean(),
    offset: fc.integer({ min: 0, max: 3 }),
    limit: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
  })
  .map((r) => ({
    from: day(r.from),
    to: day(r.from + r.length),
    rate: 1.5,
    channels: r.channels.map((id) => ({ id, since: r.since === undefined ? '' : day(r.since) })),
    filters: r.filter ? [{ dimension: r.filter.column, ...r.filter }] : [],
    dimensions: r.dimensions.map((name) => {
      const def = dimensionsOf.find((d) => d.name === name)!;
      return { name, sql: def.sql, nonEmpty: def.presentOnly === true };
    }),
    metrics: r.metrics.map((name) => {
      const def = metricsOf.find((m) => m.name === name)!;
      return { name, sql: def.sql, digits: def.digits };
    }),
    sort: [{ name: r.metrics[0]!, descending: r.descending }],
    offset: r.offset,
    limit: r.limit,
  }));

describe('report rollups', () => {
  it('answer every report exactly as the fact table does', async () => {
    const db = await seededDatabase();
    const rows = (plan: ReportPlan, source?: string) => {
      const { sql, params } = reportSql(plan, 'sqlite', source);
      return db.prepare(sql).raw(true).all(params);
    };
    let fromRollups = 0;
    fc.assert(
      fc.property(plans, (plan) => {
        if (reportSource(plan) !== 'facts') fromRollups += 1;
        expect(rows(plan)).toEqual(rows(plan, 'facts'));
      }),
      { numRuns: 400 },
    );
    // The property means something only if many of the plans read a rollup.
    expect(fromRollups).toBeGreaterThan(100);
  });

  it('held in memory, answer every report they take exactly as the fact table does', async () => {
    const db = await seededDatabase();
    const held = new RollupReports({
      count: (table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
      rows: (table) => db.prepare(`SELECT * FROM ${table} ORDER BY channel_id, day`).all() as never,
    });
    const facts = (plan: ReportPlan) => {
      const { sql, params } = reportSql(plan, 'sqlite', 'facts');
      return db.prepare(sql).raw(true).all(params);
    };
    // The random plans with their metrics narrowed to plain sums (what memory answers), and some left as they are.
    const plainSum = /^SUM\([a-z_]+\)$/;
    const summed = plans.map((plan): ReportPlan => {
      const metrics = plan.metrics.filter((m) => plainSum.test(m.sql));
      if (metrics.length === 0) metrics.push({ name: 'views', sql: 'SUM(views)', digits: 0 });
      return { ...plan, metrics, sort: [{ name: metrics[0]!.name, descending: plan.sort[0]!.descending }] };
    });
    let answered = 0;
    fc.assert(
      fc.property(fc.oneof(summed, summed, plans), (plan) => {
        const rows = held.answer(plan);
        if (rows === undefined) return;
        answered += 1;
        expect([...rows]).toEqual(facts(plan));
      }),
      { numRuns: 600 },
    );
    // The property means something only if many of the plans are answered in memory.
    expect(answered).toBeGreaterThan(100);
  });

  it('held in memory, answer reports whose every rollup row is a group from row answers, exactly as the facts do', async () => {
    const db = await seededDatabase();
    const held = new RollupReports({
      count: (table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
      rows: (table) => db.prepare(`SELECT * FROM ${table} ORDER BY channel_id, day`).all() as never,
    });
    const facts = (plan: ReportPlan) => {
      const { sql, params } = reportSql(plan, 'sqlite', 'facts');
      return db.prepare(sql).raw(true).all(params);
    };
    const summedMetrics = metricsOf.filter((m) => /^SUM\([a-z_]+\)$/.test(m.sql) && m.digits === 0).map((m) => m.name);
    // One channel, no filter, the dimensions a rollup's keys in its order, sorted by them (then perhaps a metric)
    // or not at all: the shapes answered from row answers; each plan asked for three times (row answers are made on a shape's second).
    const shaped: fc.Arbitrary<ReportPlan> = fc
      .record({
        from: fc.integer({ min: 0, max: 95 }),
        length: fc.integer({ min: 0, max: 95 }),
        channel: fc.constantFrom(...CHANNELS),
        since: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
        dimensions: fc.constantFrom(['day'], ['day', 'insightTrafficSourceType'], ['day', 'video']),
        nonEmpty: fc.boolean(),
        metrics: fc.subarray(summedMetrics, { minLength: 1, maxLength: 3 }),
        sorted: fc.nat({ max: 2 }),
        // A metric after the sorted dimensions: past all of them it changes nothing (each row is a group).
        thenMetric: fc.option(fc.boolean(), { nil: undefined }),
        offset: fc.integer({ min: 0, max: 30 }),
        limit: fc.option(fc.integer({ min: 1, max: 200 }), { nil: undefined }),
      })
      .map((r) => ({
        from: day(r.from),
        to: day(r.from + r.length),
        rate: 1,
        channels: [{ id: r.channel, since: r.since === undefined ? '' : day(r.since) }],
        filters: [],
        dimensions: r.dimensions.map((name) => {
          const def = dimensionsOf.find((d) => d.name === name)!;
          return { name, sql: def.sql, nonEmpty: r.nonEmpty && def.presentOnly === true };
        }),
        metrics: r.metrics.map((name) => ({ name, sql: metricsOf.find((m) => m.name === name)!.sql, digits: 0 })),
        sort: [
          ...r.dimensions.slice(0, r.sorted).map((name) => ({ name, descending: false })),
          ...(r.thenMetric === undefined || r.sorted < r.dimensions.length
            ? []
            : [{ name: r.metrics[0]!, descending: r.thenMetric }]),
        ],
        offset: r.offset,
        limit: r.limit,
      }));
    let fromRowAnswers = 0;
    fc.assert(
      fc.property(shaped, (plan) => {
        const expected = facts(plan);
        for (let ask = 0; ask < 3; ask++) {
          const rows = held.answer(plan);
          expect(rows).toBeDefined();
          expect([...rows!]).toEqual(expected);
          if (rows!.json !== undefined) {
            fromRowAnswers += 1;
            expect(rows!.json).toBe(JSON.stringify(expected));
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(fromRowAnswers).toBeGreaterThan(300);
  });

  it("held in memory, answer a report filtered to one of its channels as that channel's own, from row answers", async () => {
    const db = await seededDatabase();
    const held = new RollupReports({
      count: (table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
      rows: (table) => db.prepare(`SELECT * FROM ${table} ORDER BY channel_id, day`).all() as never,
    });
    // A content owner's report: two channels, each from the day it was linked, narrowed to one by a filter.
    const plan: ReportPlan = {
      from: day(20),
      to: day(50),
      rate: 1,
      channels: [
        { id: CHANNELS[0]!, since: day(0) },
        { id: CHANNELS[2]!, since: day(31) },
      ],
      filters: [{ dimension: 'channel', column: 'channel_id', values: [CHANNELS[2]!] }],
      dimensions: [{ name: 'day', sql: 'day', nonEmpty: false }],
      metrics: [{ name: 'views', sql: 'SUM(views)', digits: 0 }],
      sort: [],
      offset: 0,
    };
    const { sql, params } = reportSql(plan, 'sqlite', 'facts');
    const expected = db.prepare(sql).raw(true).all(params);
    expect(expected.length).toBe(20);
    held.answer(plan);
    const rows = held.answer(plan);
    expect([...rows!]).toEqual(expected);
    // Its rows' JSON text made ahead: the filter left nothing to check row by row.
    expect(rows!.json).toBe(JSON.stringify(expected));
  });

  it('held in memory, answer a day report of one filtered series as the facts do', async () => {
    const db = await seededDatabase();
    const held = new RollupReports({
      count: (table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
      rows: (table) => db.prepare(`SELECT * FROM ${table} ORDER BY channel_id, day`).all() as never,
    });
    const facts = (plan: ReportPlan) => {
      const { sql, params } = reportSql(plan, 'sqlite', 'facts');
      return db.prepare(sql).raw(true).all(params);
    };
    const VALUES: Record<string, string[]> = {
      country: ['US', 'JP', 'BR'],
      video_id: ['video-00000001', 'video-00000003', 'video-00000004'],
      device_type: ['MOBILE', 'TV'],
      traffic_source: ['YT_SEARCH', 'EXT_URL'],
    };
    const summedMetrics = metricsOf.filter((m) => /^SUM\([a-z_]+\)$/.test(m.sql) && m.digits === 0).map((m) => m.name);
    // One channel (or an owner's two narrowed to one), a filter of one value or two on a rollup key, by day,
    // unsorted or sorted by the day (then perhaps a metric) or by a metric.
    const filtered: fc.Arbitrary<ReportPlan> = fc
      .record({
        from: fc.integer({ min: 0, max: 95 }),
        length: fc.integer({ min: 0, max: 95 }),
        channel: fc.constantFrom(...CHANNELS),
        owner: fc.boolean(),
        since: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
        column: fc.constantFrom(...Object.keys(VALUES)),
        which: fc.nat({ max: 2 }),
        both: fc.boolean(),
        metrics: fc.subarray(summedMetrics, { minLength: 1, maxLength: 3 }),
        sort: fc.constantFrom('none', 'day', 'day then metric', 'metric'),
        descending: fc.boolean(),
        offset: fc.integer({ min: 0, max: 30 }),
        limit: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
      })
      .map((r) => {
        const values = VALUES[r.column]!;
        const value = values[r.which % values.length]!;
        const since = r.since === undefined ? '' : day(r.since);
        return {
          from: day(r.from),
          to: day(r.from + r.length),
          rate: 1,
          channels: r.owner
            ? CHANNELS.map((id) => ({ id, since: id === r.channel ? since : '' }))
            : [{ id: r.channel, since }],
          filters: [
            ...(r.owner ? [{ dimension: 'channel', column: 'channel_id', values: [r.channel] }] : []),
            { dimension: r.column, column: r.column, values: r.both ? [value, values[0]!] : [value] },
          ],
          dimensions: [{ name: 'day', sql: 'day', nonEmpty: false }],
          metrics: r.metrics.map((name) => ({ name, sql: metricsOf.find((m) => m.name === name)!.sql, digits: 0 })),
          sort:
            r.sort === 'none'
              ? []
              : r.sort === 'metric'
                ? [{ name: r.metrics[0]!, descending: r.descending }]
                : [
                    { name: 'day', descending: false },
                    ...(r.sort === 'day then metric' ? [{ name: r.metrics[0]!, descending: r.descending }] : []),
                  ],
          offset: r.offset,
          limit: r.limit,
        };
      });
    let answered = 0;
    fc.assert(
      fc.property(filtered, (plan) => {
        const rows = held.answer(plan);
        if (rows === undefined) return;
        answered += 1;
        expect([...rows]).toEqual(facts(plan));
      }),
      { numRuns: 400 },
    );
    expect(answered).toBeGreaterThan(300);
  });

  it('held in memory, leave to the SQL what they cannot answer exactly', async () => {
    const db = await seededDatabase();
    const held = new RollupReports({
      count: (table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
      rows: (table) => db.prepare(`SELECT * FROM ${table} ORDER BY channel_id, day`).all() as never,
    });
    const plan = (dimension: string, metric: string): ReportPlan => ({
      from: '2024-01-01',
      to: '2024-03-31',
      rate: 1,
      channels: [{ id: CHANNELS[0]!, since: '' }],
      filters: [],
      dimensions: [{ name: dimension, sql: DIMENSIONS.find((d) => d.name === dimension)!.sql, nonEmpty: false }],
      metrics: [{ name: metric, sql: METRICS.find((m) => m.name === metric)!.sql, digits: 0 }],
      sort: [],
      offset: 0,
    });
    expect(held.answer(plan('day', 'views'))).toHaveLength(91);
    // A ratio of sums, a computed dimension, a column no rollup keeps: the SQL's.
    expect(held.answer(plan('day', 'averageViewDuration'))).toBeUndefined();
    expect(held.answer(plan('audienceType', 'views'))).toBeUndefined();
    expect(held.answer(plan('operatingSystem', 'views'))).toBeUndefined();
  });

  it('are read only where they hold every column and the metrics are sums', () => {
    const plan = (dimensions: string[], metric = 'views', filters: ReportPlan['filters'] = []): ReportPlan => ({
      from: '2024-01-01',
      to: '2024-01-31',
      rate: 1,
      channels: [{ id: CHANNELS[0]!, since: '' }],
      filters,
      dimensions: dimensions.map((name) => ({
        name,
        sql: DIMENSIONS.find((d) => d.name === name)!.sql,
        nonEmpty: false,
      })),
      metrics: [{ name: metric, sql: METRICS.find((m) => m.name === metric)!.sql, digits: 0 }],
      sort: [],
      offset: 0,
    });
    expect(reportSource(plan(['day']))).toBe('facts_by_day');
    expect(reportSource(plan(['month'], 'averageViewDuration'))).toBe('facts_by_day');
    expect(reportSource(plan(['day', 'video']))).toBe('facts_by_day_video');
    expect(reportSource(plan(['audienceType']))).toBe('facts_by_day_source');
    expect(reportSource(plan(['day'], 'viewerPercentage'))).toBe('facts_by_day');
    expect(reportSource(plan(['country']))).toBe('facts_by_day_country');
    expect(reportSource(plan(['day'], 'views', [{ dimension: 'country', column: 'country', values: ['US'] }]))).toBe(
      'facts_by_day_country',
    );
    expect(reportSource(plan(['deviceType']))).toBe('facts_by_day_device');
    expect(reportSource(plan(['country', 'deviceType']))).toBe('facts');
    expect(reportSource(plan(['day'], 'audienceWatchRatio'))).toBe('facts');
  });

  it('are filled by the migration on a store seeded before them', async () => {
    const db = await seededDatabase();
    // The store as it stood before the rollups: their tables gone, its schema two versions back.
    const tables = ROLLUPS.map((r) => r.table);
    for (const table of tables) db.exec(`DROP TABLE ${table}`);
    db.pragma(`user_version = ${analytics.migrations.length - 2}`);
    migrate(db, analytics.migrations);
    const total = (table: string) =>
      db.prepare(`SELECT SUM(views) AS v, SUM(likes) AS l FROM ${table}`).get() as { v: number; l: number };
    for (const table of tables) expect(total(table), table).toEqual(total('facts'));
    expect(total('facts').v).toBeGreaterThan(0);
  });
});
