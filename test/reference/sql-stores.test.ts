// The one SQL store of each service (reference/<service>/sql-store.ts) on both databases it runs on: the same
// calls on SQLite and on PostgreSQL answer the same, and the Sql surface (foundation/sql.ts) keeps what each
// database's driver would otherwise let slip (placeholders, booleans, a transaction spanning awaits).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DIMENSIONS, METRICS } from '../../reference/analytics/catalogue.js';
import { generateFacts } from '../../reference/analytics/facts.js';
import { service as analytics } from '../../reference/analytics/index.js';
import { sqliteAnalyticsStore } from '../../reference/analytics/kept-store.js';
import { parseSeed as parseAnalyticsSeed } from '../../reference/analytics/seed.js';
import { SqlAnalyticsStore } from '../../reference/analytics/sql-store.js';
import type { AnalyticsStore, ReportPlan } from '../../reference/analytics/store.js';
import { migrate, openDatabase } from '../../reference/foundation/database.js';
import { numberedPlaceholders, PostgresSql } from '../../reference/foundation/postgres-sql.js';
import type { ReferenceService } from '../../reference/foundation/service.js';
import type { Sql } from '../../reference/foundation/sql.js';
import { SqliteSql } from '../../reference/foundation/sqlite-sql.js';
import { service as generative } from '../../reference/generative/index.js';
import { SqlGenerativeStore } from '../../reference/generative/sql-store.js';
import { postgresSchemas } from '../support/postgres-schemas.js';

const postgres = postgresSchemas('the PostgreSQL half of the SQL store tests');
const unavailable = postgres.unavailable;

/** A fresh database of `service`'s schema, as the Sql surface of each dialect. */
const databases: Record<'sqlite' | 'postgres', (service: ReferenceService) => Promise<Sql>> = {
  sqlite: async (service) => {
    const db = openDatabase({ name: service.key });
    migrate(db, service.migrations);
    return new SqliteSql(db);
  },
  postgres: async (service) => {
    const [pool] = await postgres.schema(service.postgresMigrations!);
    return new PostgresSql(pool!);
  },
};

describe('numberedPlaceholders', () => {
  it('numbers each ? in order, leaving quoted text and comments as they are', () => {
    expect(numberedPlaceholders('SELECT \'?\', "a?" FROM t WHERE a = ? AND b = ? -- c?\n AND c = ?')).toBe(
      'SELECT \'?\', "a?" FROM t WHERE a = $1 AND b = $2 -- c?\n AND c = $3',
    );
  });
});

describe('SqliteSql transactions', () => {
  it('hold every other call on the handle until they end, and roll back when their function throws', async () => {
    const db = openDatabase({ name: 't' });
    db.exec('CREATE TABLE t (n INTEGER)');
    const sql = new SqliteSql(db);
    let release!: () => void;
    const paused = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const failing = sql.transaction(async (tx) => {
      await tx.run('INSERT INTO t (n) VALUES (?)', [1]);
      await paused;
      order.push('transaction ends');
      throw new Error('refused');
    });
    // Started while the transaction is open: it must not see (or join) the uncommitted row.
    const outside = sql.column<number>('SELECT n FROM t').then((rows) => {
      order.push('read');
      return rows;
    });
    await Promise.resolve();
    release();
    await expect(failing).rejects.toThrow('refused');
    expect(await outside).toEqual([]);
    expect(order).toEqual(['transaction ends', 'read']);
    await sql.transaction(async (tx) => {
      await tx.run('INSERT INTO t (n) VALUES (?)', [2]);
    });
    expect(await sql.column('SELECT n FROM t')).toEqual([2]);
  });

  it('take turns in the order they were asked for', async () => {
    const db = openDatabase({ name: 't' });
    db.exec('CREATE TABLE t (n INTEGER)');
    const sql = new SqliteSql(db);
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        sql.transaction(async (tx) => {
          const [last] = await tx.column<number>('SELECT COALESCE(MAX(n), 0) FROM t');
          await tx.run('INSERT INTO t (n) VALUES (?)', [last! * 10 + n]);
        }),
      ),
    );
    expect(await sql.column('SELECT n FROM t ORDER BY rowid')).toEqual([1, 12, 123, 1234, 12345]);
  });
});

describe.each(['sqlite', 'postgres'] as const)('the generative store on %s', (dialect) => {
  const skip = dialect === 'postgres' && unavailable !== undefined;

  it.skipIf(skip)('stores, pages, updates and deletes files, sessions and caches as the interface says', async () => {
    const store = new SqlGenerativeStore(await databases[dialect](generative));
    expect(await store.isEmpty()).toBe(true);
    await store.replaceApiKeys([{ project: { id: 'p1', rateLimitBurst: 3 }, apiKeys: ['k1', 'k2'] }]);
    await store.putProject({ id: 'p1', rateLimitBurst: 5 }, ['k3']);
    expect(await store.isEmpty()).toBe(false);
    expect(await store.projectOfKey('k1')).toEqual({ id: 'p1', rateLimitBurst: 5 });
    expect(await store.projectOfKey('k3')).toEqual({ id: 'p1', rateLimitBurst: 5 });
    await store.replaceApiKeys([{ project: { id: 'p1', rateLimitBurst: 5 }, apiKeys: ['k3'] }]);
    expect(await store.projectOfKey('k1')).toBeUndefined();

    await store.putModel({ name: 'models/a', inputs: ['image'], topK: true, defaultThreshold: 'OFF' });
    await store.putModel({ name: 'models/b', inputs: [], topK: false, defaultThreshold: 'BLOCK_NONE' });
    await store.putModel({ name: 'models/a', inputs: ['video'], topK: false, defaultThreshold: 'OFF' });
    expect(await store.model('models/a')).toEqual({
      name: 'models/a',
      inputs: ['video'],
      topK: false,
      defaultThreshold: 'OFF',
    });
    expect((await store.model('models/b'))!.topK).toBe(false);

    const file = (id: string, expireTime: number) => ({
      project: 'p1',
      id,
      mimeType: 'text/plain',
      sizeBytes: 10,
      sha256: 'x',
      createTime: 1,
      updateTime: 1,
      expireTime,
      state: 'PROCESSING' as const,
      blob: `b-${id}`,
    });
    expect(await store.insertFile(file('f1', 100))).toBe(true);
    expect(await store.insertFile(file('f1', 100))).toBe(false);
    expect(await store.insertFile({ ...file('f2', 300), displayName: 'two' })).toBe(true);
    expect(await store.insertFile(file('f3', 300))).toBe(true);
    const first = await store.files('p1', 0, 2);
    expect(first.items.map((f) => f.id)).toEqual(['f1', 'f2']);
    expect((await store.files(null, first.nextAfter!, 2)).items.map((f) => f.id)).toEqual(['f3']);
    await store.updateFile('p1', 'f1', { state: 'FAILED', error: { code: 3, message: 'bad' } });
    await store.updateFile('p1', 'f2', { state: 'ACTIVE', updateTime: 2 });
    expect(await store.file('p1', 'f1')).toMatchObject({ state: 'FAILED', error: { code: 3 }, updateTime: 1 });
    expect(await store.file('p1', 'f2')).toMatchObject({ state: 'ACTIVE', updateTime: 2, displayName: 'two' });
    expect((await store.filesInState('PROCESSING')).map((f) => f.id)).toEqual(['f3']);
    expect((await store.expiredFiles(200)).map((f) => f.id)).toEqual(['f1']);
    expect((await store.deleteFile('p1', 'f1'))?.blob).toBe('b-f1');
    expect(await store.deleteFile('p1', 'f1')).toBeUndefined();

    await store.insertSession({
      id: 's1',
      project: 'p1',
      apiKey: 'k3',
      mimeType: 'a/b',
      declaredSize: 50,
      received: 7,
      createTime: 5,
    });
    await store.insertSession({ id: 's2', project: 'p1', apiKey: 'k3', mimeType: 'a/b', received: 9, createTime: 9 });
    await store.setReceived('s2', 12);
    expect(await store.session('s2')).toEqual({
      id: 's2',
      project: 'p1',
      apiKey: 'k3',
      mimeType: 'a/b',
      received: 12,
      createTime: 9,
    });
    // Files f2 and f3 (10 each), s1's declaration (50), s2's received bytes (12).
    expect(await store.projectBytes('p1')).toBe(82);
    expect(await store.sessionsStartedBefore(6)).toEqual(['s1']);
    await store.deleteSession('s1');
    expect(await store.session('s1')).toBeUndefined();

    const cache = (id: string, expireTime: number) => ({
      project: 'p1',
      id,
      model: 'models/a',
      contents: [{ role: 'user' as const, parts: [{ text: 'hi' }] }],
      tokens: 4,
      createTime: 1,
      updateTime: 1,
      expireTime,
    });
    const c1 = await store.insertCache(cache('c1', 100));
    expect(c1).toMatchObject({ id: 'c1', seq: expect.any(Number), contents: [{ role: 'user' }] });
    await store.insertCache(cache('c2', 500));
    expect((await store.caches('p1', 0, 10, 200)).items.map((c) => c.id)).toEqual(['c2']);
    await store.updateCacheExpiry('p1', 'c1', 900, 3);
    expect(await store.cache('p1', 'c1')).toMatchObject({ expireTime: 900, updateTime: 3 });
    expect(await store.deleteExpiredCaches(600)).toBe(1);
    expect(await store.deleteCache('p1', 'c1')).toBe(true);
    expect(await store.deleteCache('p1', 'c1')).toBe(false);
  });
});

const defaultSeed = parse(fs.readFileSync(path.join(import.meta.dirname, '../../reference/seed.default.yaml'), 'utf8'));

/** Views and likes by day of one channel's first two weeks of 2024, most viewed first, from the third row. */
const REPORT: ReportPlan = {
  from: '2024-01-01',
  to: '2024-01-14',
  rate: 1,
  channels: [{ id: 'UCchannel0000000000000001', since: '' }],
  filters: [],
  dimensions: ['day', 'country'].map((name) => {
    const def = DIMENSIONS.find((d) => d.name === name)!;
    return { name, sql: def.sql, nonEmpty: def.presentOnly === true };
  }),
  metrics: ['views', 'likes'].map((name) => {
    const def = METRICS.find((m) => m.name === name)!;
    return { name, sql: def.sql, digits: def.digits };
  }),
  sort: [{ name: 'views', descending: true }],
  offset: 2,
  limit: 20,
};

/** The answers of one script of calls, to compare between databases. */
async function analyticsScript(store: AnalyticsStore) {
  const seed = parseAnalyticsSeed(defaultSeed.analytics);
  await store.seedIfEmpty(seed, () => generateFacts(seed) as never);
  await store.seedIfEmpty(seed, () => {
    throw new Error('seeded twice');
  });
  await store.replaceCredentials(seed);
  const principal = await store.principal('test-token-analytics-readonly');
  const owner = 'channel:UCchannel0000000000000001';
  const group = await store.createGroup(owner, 'g', 'youtube#video');
  const other = await store.createGroup(owner, 'h', 'youtube#video');
  const inserts = [];
  for (const id of ['v1', 'v2', 'v2', 'v3']) inserts.push(await store.insertItem(group.id, 'youtube#video', id, 2));
  const renamed = await store.renameGroup(group.id, 'g2');
  const listedByIds = await store.listGroups(owner, [other.id, group.id, 'nope', group.id], 0, 10);
  const firstPage = await store.listGroups(owner, undefined, 0, 1);
  const items = await store.items(group.id);
  const deletedItem = await store.deleteItem(items[0]!.id);
  const deletedGroup = await store.deleteGroup(other.id);
  return {
    principal: principal && { ...principal, scopes: [...principal.scopes] },
    unknown: await store.principal('nope'),
    ownerChannels: await store.ownerChannels('owner-1'),
    owns: [
      await store.owns({ kind: 'channel', id: 'UCchannel0000000000000001' }, 'channel', 'UCchannel0000000000000001'),
      await store.owns({ kind: 'channel', id: 'UCchannel0000000000000002' }, 'channel', 'UCchannel0000000000000001'),
    ],
    // The rows alone: a store that caches them marks them kept (ReportRows.kept), which is not an answer's data.
    report: [...(await store.report(REPORT))],
    reportAgain: [...(await store.report(REPORT))],
    group: { ...group, id: 'G', seq: 0, publishedAt: '' },
    inserts: inserts.map((r) => (r.ok ? { ok: r.ok, created: r.created, resourceId: r.item.resourceId } : r)),
    renamed: renamed && { title: renamed.title, itemCount: renamed.itemCount },
    listedByIds: listedByIds.map((g) => [g.title, g.itemCount]),
    firstPage: firstPage.map((g) => g.owner),
    items: items.map((i) => i.resourceId),
    item: (await store.item(items[1]!.id))?.resourceId,
    deleted: [deletedItem, deletedGroup, await store.deleteGroup(other.id), await store.group(other.id)],
  };
}

describe('the analytics store', () => {
  it('answers a script of calls on SQLite (with what it keeps in memory, and without) as on PostgreSQL', async () => {
    const kept = await analyticsScript(sqliteAnalyticsStore(((await databases.sqlite(analytics)) as SqliteSql).db));
    const plain = await analyticsScript(new SqlAnalyticsStore(await databases.sqlite(analytics)));
    expect(kept.principal).toEqual({
      userId: 'user-1',
      channelId: 'UCchannel0000000000000001',
      contentOwner: 'owner-1',
      scopes: ['https://auth.platform.example/scopes/analytics.readonly'],
    });
    expect(kept.report.length).toBe(20);
    expect(kept.inserts).toEqual([
      { ok: true, created: true, resourceId: 'v1' },
      { ok: true, created: true, resourceId: 'v2' },
      { ok: true, created: false, resourceId: 'v2' },
      { ok: false, reason: 'full' },
    ]);
    expect(kept.listedByIds).toEqual([
      ['g2', 2],
      ['h', 0],
    ]);
    expect(kept.deleted).toEqual([true, true, false, undefined]);
    expect(plain).toEqual(kept);
    if (unavailable) return;
    expect(await analyticsScript(new SqlAnalyticsStore(await databases.postgres(analytics)))).toEqual(kept);
  });
});
