// The read mix's reports (bench/reference-read.ts: views and minutes watched by day, by traffic source, or both, over every date
// range of the fact table) computed three ways in this process, side by side in alternating rounds: the SQL over
// the rollups on this thread, the same SQL on a read-pool thread (what the service did before), and the rollups'
// rows held in memory (reference/analytics/rollup-reports.ts, what the service does now). Each way answers the
// same distinct plans; the answers are compared once. `npx tsx bench/reference-reports.ts`; prints a table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'yaml';
import { DIMENSION_BY_NAME, METRIC_BY_NAME } from '../reference/analytics/catalogue.js';
import { generateFacts } from '../reference/analytics/facts.js';
import { service as analytics } from '../reference/analytics/index.js';
import { reportSql } from '../reference/analytics/report-sql.js';
import { RollupReports } from '../reference/analytics/rollup-reports.js';
import { parseSeed } from '../reference/analytics/seed.js';
import { sqliteAnalyticsStore } from '../reference/analytics/kept-store.js';
import type { ReportPlan } from '../reference/analytics/store.js';
import { migrate } from '../reference/foundation/database.js';
import { SqliteReadPool } from '../reference/foundation/sqlite-read-pool.js';
import { ROOT } from '../generator/model/index.js';
import { reportOf } from './reference-read.js';

const PLANS = Number(process.env.BENCH_PLANS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHANNEL = 'UCchannel0000000000000001';

const seed = parseSeed(parse(fs.readFileSync(path.join(ROOT, 'reference', 'seed.default.yaml'), 'utf8')).analytics);
const db = new Database(':memory:');
migrate(db, analytics.migrations);
await sqliteAnalyticsStore(db).seedIfEmpty(seed, () => generateFacts(seed) as never);

const plans: ReportPlan[] = Array.from({ length: PLANS }, (_, i) => {
  const r = reportOf(i);
  return {
    from: r.start,
    to: r.end,
    rate: 1,
    channels: [{ id: CHANNEL, since: '' }],
    filters: [],
    dimensions: r.dimensions.split(',').map((name) => {
      const def = DIMENSION_BY_NAME.get(name)!;
      return { name, sql: def.sql, nonEmpty: def.presentOnly === true };
    }),
    metrics: r.metrics.split(',').map((name) => ({ name, sql: METRIC_BY_NAME.get(name)!.sql, digits: 0 })),
    sort: [],
    offset: 0,
    tenant: 'user-1',
  };
});
const sqlOf = plans.map((p) => reportSql(p, 'sqlite'));
const held = new RollupReports({
  count: (table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
  rows: (table) => db.prepare(`SELECT * FROM ${table} ORDER BY channel_id, day`).all() as never,
});
const pool = new SqliteReadPool(db);
const statements = new Map<string, Database.Statement>();
const onThisThread = (i: number) => {
  const { sql, params } = sqlOf[i]!;
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql).raw(true)));
  return statement.all(params);
};

// The same answers, whichever way.
for (let i = 0; i < plans.length; i += 97) {
  const expected = JSON.stringify(onThisThread(i));
  if (JSON.stringify(held.answer(plans[i]!)) !== expected) throw new Error(`plan ${i}: memory differs from SQL`);
  const { sql, params } = sqlOf[i]!;
  if (JSON.stringify(await pool.query('user-1', sql, params)) !== expected)
    throw new Error(`plan ${i}: the pool differs from SQL`);
}

const ways: Array<{ name: string; run: () => Promise<void> }> = [
  {
    name: 'SQL on the rollups, this thread',
    run: async () => {
      for (let i = 0; i < plans.length; i++) onThisThread(i);
    },
  },
  {
    name: 'SQL on the rollups, read-pool thread (one at a time)',
    run: async () => {
      for (let i = 0; i < plans.length; i++) await pool.query('user-1', sqlOf[i]!.sql, sqlOf[i]!.params);
    },
  },
  {
    name: 'rollup rows in memory',
    run: async () => {
      for (let i = 0; i < plans.length; i++) held.answer(plans[i]!);
    },
  },
];
// CPU of the whole process (every thread: the pool's too) is the figure: on a shared machine wall time is mostly
// waiting for a core.
const times = new Map<string, { cpu: number[]; wall: number[] }>(ways.map((w) => [w.name, { cpu: [], wall: [] }]));
for (let round = 0; round <= ROUNDS; round++) {
  for (const way of ways) {
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    await way.run();
    const wall = Number(process.hrtime.bigint() - start) / 1000 / plans.length;
    const used = process.cpuUsage(cpu);
    const cpuPer = (used.user + used.system) / plans.length;
    // Round 0 warms up (JIT, statements, the threads and the rows held).
    if (round === 0) continue;
    times.get(way.name)!.cpu.push(cpuPer);
    times.get(way.name)!.wall.push(wall);
    console.error(`  round ${round}: ${way.name}: ${cpuPer.toFixed(1)} µs CPU, ${wall.toFixed(1)} µs wall a report`);
  }
}
await pool.close();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `${PLANS} distinct plans of the read mix, ${ROUNDS} rounds, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}\n`,
);
console.log('| way | median CPU µs a report | each round | median wall µs |\n|---|---:|---|---:|');
for (const [name, t] of times)
  console.log(
    `| ${name} | ${median(t.cpu).toFixed(1)} | ${t.cpu.map((x) => x.toFixed(1)).join(', ')} | ${median(t.wall).toFixed(1)} |`,
  );
