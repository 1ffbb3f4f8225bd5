// A start in memory with the seed and schema of an earlier one begins from a copy of that seeded database
// (reference/foundation/seeded-images.ts): the copy holds every row a fresh seeding writes, and another seed or
// another schema seeds afresh.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { service as analytics } from '../../reference/analytics/index.js';
import { DEFAULT_SEED_FILE } from '../../reference/foundation/seed.js';
import { type ReferenceService, startReference } from '../../reference/index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seeded-images-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The default seed with another facts seed (no other start in this process seeded with it), over ten days. */
function seedFile(factsSeed: number): string {
  const seed = parse(fs.readFileSync(DEFAULT_SEED_FILE, 'utf8')) as {
    analytics: { facts: { seed: number; to: string } };
  };
  seed.analytics.facts.seed = factsSeed;
  seed.analytics.facts.to = '2024-01-10';
  const file = path.join(dir, `seed-${factsSeed}.yaml`);
  fs.writeFileSync(file, stringify(seed));
  return file;
}

/** Every row of every table, in a fixed order; what fresh seeds make differ by (a time, drawn ids) left out. */
function rowsOf(db: BetterSqlite3.Database): Record<string, unknown[]> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    const all = db.prepare(`SELECT * FROM "${table}"`).all() as Array<Record<string, unknown>>;
    const kept = all.map((row) => {
      if (table === 'meta' && row.key === 'seeded') return { ...row, value: 'the time it was seeded' };
      if (table === 'group_items' && !String(row.id).startsWith('Abc123')) return { ...row, id: 'drawn' };
      return row;
    });
    rows[table] = kept.map((row) => JSON.stringify(row)).sort();
  }
  rows.user_version = [db.pragma('user_version', { simple: true })];
  return rows;
}

interface Start {
  /** Whether the database the service was handed already held a seed (a copy). */
  copied: boolean;
  rows: Record<string, unknown[]>;
}

async function start(file: string, migrations = analytics.migrations): Promise<Start> {
  let db: BetterSqlite3.Database | undefined;
  let copied = false;
  const probe: ReferenceService = {
    ...analytics,
    migrations,
    create(ctx) {
      db = ctx.db!;
      copied = db.prepare("SELECT 1 FROM meta WHERE key = 'seeded'").get() !== undefined;
      return analytics.create(ctx);
    },
  };
  const session = await startReference([probe], { seedFile: file });
  try {
    return { copied, rows: rowsOf(db!) };
  } finally {
    await session.stop();
  }
}

it('starts again with the same seed and schema from a copy holding every row a fresh seeding writes', async () => {
  const file = seedFile(31);
  const fresh = await start(file);
  expect(fresh.copied).toBe(false);
  expect(fresh.rows.facts!.length).toBeGreaterThan(10);
  const again = await start(file);
  expect(again.copied).toBe(true);
  expect(again.rows).toEqual(fresh.rows);
});

it('seeds afresh for another seed and for another schema', async () => {
  const first = await start(seedFile(32));
  const otherSeed = await start(seedFile(33));
  expect(otherSeed.copied).toBe(false);
  expect(otherSeed.rows.facts).not.toEqual(first.rows.facts);

  const migrations = [...analytics.migrations, 'CREATE TABLE added_later (x INTEGER)'];
  const otherSchema = await start(seedFile(32), migrations);
  expect(otherSchema.copied).toBe(false);
  expect(otherSchema.rows.added_later).toEqual([]);
  expect(otherSchema.rows.facts).toEqual(first.rows.facts);
});
