// The analytics store on SQLite keeps what the seed alone writes (a content owner's channels, who holds a resource)
// between reads, and reads it again once another connection has committed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generateFacts } from '../../reference/analytics/facts.js';
import { service as analytics } from '../../reference/analytics/index.js';
import { KeptAnalyticsStore } from '../../reference/analytics/kept-store.js';
import { parseSeed } from '../../reference/analytics/seed.js';
import { SqlAnalyticsStore } from '../../reference/analytics/sql-store.js';
import { migrate } from '../../reference/foundation/database.js';
import { SqliteSql } from '../../reference/foundation/sqlite-sql.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const seed = parseSeed(parse(fs.readFileSync(path.join(ROOT, 'reference', 'seed.default.yaml'), 'utf8')).analytics);
const CHANNEL_3 = 'UCchannel0000000000000003';
const OWNER = { kind: 'contentOwner', id: 'owner-1' } as const;

describe('the kept analytics store', () => {
  it("reads an owner's channels and a resource's holder once, and again after another connection commits", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kept-analytics-')), 'analytics.db');
    const db = new Database(file);
    try {
      migrate(db, analytics.migrations);
      const inner = new SqlAnalyticsStore(new SqliteSql(db));
      const reads = { ownerChannels: 0, owns: 0 };
      const counted = new Proxy(inner, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver);
          if (name !== 'ownerChannels' && name !== 'owns') return value;
          return (...args: unknown[]) => {
            reads[name] += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      const store = new KeptAnalyticsStore(counted, db);
      await store.seedIfEmpty(seed, () => generateFacts(seed) as never);

      const linked = async () => (await store.ownerChannels('owner-1')).find((c) => c.id === CHANNEL_3)?.linkedAt;
      expect(await linked()).toBe('2024-02-01');
      expect(await linked()).toBe('2024-02-01');
      expect(await store.owns(OWNER, 'channel', CHANNEL_3)).toBe(true);
      expect(await store.owns(OWNER, 'channel', CHANNEL_3)).toBe(true);
      expect(await store.owns(OWNER, 'channel', 'UCchannel0000000000000002')).toBe(false);
      expect(reads).toEqual({ ownerChannels: 1, owns: 2 });

      // Another instance on the same file relinks the channel: this one reads the change, not what it kept.
      const other = new Database(file);
      other.prepare('DELETE FROM owner_channels WHERE channel_id = ?').run(CHANNEL_3);
      other.close();
      expect(await linked()).toBeUndefined();
      expect(await store.owns(OWNER, 'channel', CHANNEL_3)).toBe(false);
      expect(reads.ownerChannels).toBeGreaterThan(1);
    } finally {
      db.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('lists groups named by id as the SQL store does: in creation order, each once, after a page, at most a limit', async () => {
    const db = new Database(':memory:');
    try {
      migrate(db, analytics.migrations);
      const inner = new SqlAnalyticsStore(new SqliteSql(db));
      const store = new KeptAnalyticsStore(inner, db);
      await store.seedIfEmpty(seed, () => generateFacts(seed) as never);
      const made = [];
      for (const title of ['g1', 'g2', 'g3', 'g4'])
        made.push(await store.createGroup('channel:me', title, 'platform#video'));
      const other = await store.createGroup('channel:else', 'theirs', 'platform#video');
      const [g1, g2, g3, g4] = made.map((g) => g.id) as [string, string, string, string];
      const named = [g4, g2, 'missing', g3, g2, other.id, g1];
      for (const [after, limit] of [
        [0, 10],
        [0, 2],
        [made[1]!.seq, 10],
        [made[1]!.seq, 1],
        [made[3]!.seq, 10],
      ] as const) {
        const kept = await store.listGroups('channel:me', named, after, limit);
        expect(kept.map((g) => g.title)).toEqual(
          (await inner.listGroups('channel:me', named, after, limit)).map((g) => g.title),
        );
        // Asked again, from the groups kept: the same.
        expect((await store.listGroups('channel:me', named, after, limit)).map((g) => g.title)).toEqual(
          kept.map((g) => g.title),
        );
      }
      expect((await store.listGroups('channel:me', named, 0, 10)).map((g) => g.title)).toEqual([
        'g1',
        'g2',
        'g3',
        'g4',
      ]);
    } finally {
      db.close();
    }
  });

  it('knows an id no group has without a lookup, and lists a group written since, by this store or another', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kept-analytics-')), 'analytics.db');
    const db = new Database(file);
    try {
      migrate(db, analytics.migrations);
      const inner = new SqlAnalyticsStore(new SqliteSql(db));
      const reads = { group: 0, allGroups: 0 };
      const counted = new Proxy(inner, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver);
          if (name !== 'group' && name !== 'allGroups') return value;
          return (...args: unknown[]) => {
            reads[name] += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      const store = new KeptAnalyticsStore(counted, db);
      await store.seedIfEmpty(seed, () => generateFacts(seed) as never);
      const g1 = await store.createGroup('channel:me', 'g1', 'platform#video');
      const titles = async (ids: string[]) => (await store.listGroups('channel:me', ids, 0, 10)).map((g) => g.title);

      expect(await titles([g1.id, 'missing-1'])).toEqual(['g1']);
      expect(await titles([g1.id, 'missing-2', 'missing-3'])).toEqual(['g1']);
      expect(reads).toEqual({ group: 0, allGroups: 1 });

      const g2 = await store.createGroup('channel:me', 'g2', 'platform#video');
      expect(await titles([g2.id, g1.id, 'missing-4'])).toEqual(['g1', 'g2']);
      expect(reads).toEqual({ group: 0, allGroups: 2 });

      // Another instance on the same file writes a group: this one reads the groups again and lists it.
      const other = new Database(file);
      other
        .prepare('INSERT INTO groups (id, owner, title, item_type, published_at) VALUES (?, ?, ?, ?, ?)')
        .run('Gother', 'channel:me', 'g3', 'platform#video', '2024-01-01T00:00:00.000Z');
      other.close();
      expect(await titles(['Gother', 'missing-5'])).toEqual(['g3']);
      expect(reads).toEqual({ group: 0, allGroups: 3 });
    } finally {
      db.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
