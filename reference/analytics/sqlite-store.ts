// The analytics store on SQLite (better-sqlite3). Reports are one SQL aggregate over the fact table;
// group item inserts check the limit and write in one transaction, so concurrent inserts cannot overfill.
import { randomBytes } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import { ResultCache } from '../foundation/result-cache.js';
import { SqliteChangeSignal } from '../foundation/sqlite-change-signal.js';
import type { SqliteReadPool } from '../foundation/sqlite-read-pool.js';
import { FACT_COLUMNS } from './facts.js';
import { reportSql } from './report-sql.js';
import { RollupReports } from './rollup-reports.js';
import { fillRollupSql, ROLLUPS } from './rollups.js';
import { scopeUrl, type AnalyticsSeed } from './seed.js';
import type {
  AnalyticsStore,
  InsertItemResult,
  Owner,
  Principal,
  ReportPlan,
  ReportRows,
  ResourceKind,
  StoredGroup,
  StoredItem,
} from './store.js';

interface GroupRow {
  seq: number;
  id: string;
  owner: string;
  title: string;
  item_type: string;
  published_at: string;
  item_count: number;
}
interface ItemRow {
  seq: number;
  id: string;
  group_id: string;
  resource_kind: string;
  resource_id: string;
}

const toGroup = (r: GroupRow): StoredGroup => ({
  seq: r.seq,
  id: r.id,
  owner: r.owner,
  title: r.title,
  itemType: r.item_type,
  publishedAt: r.published_at,
  itemCount: r.item_count,
});
const toItem = (r: ItemRow): StoredItem => ({
  seq: r.seq,
  id: r.id,
  groupId: r.group_id,
  resourceKind: r.resource_kind,
  resourceId: r.resource_id,
});

/** Groups kept by id at most (all dropped when full). */
const MAX_GROUP_ROWS = 10_000;

const GROUP_SELECT =
  'SELECT g.*, (SELECT COUNT(*) FROM group_items i WHERE i.group_id = g.id) AS item_count FROM groups g';

export function newId(prefix: string): string {
  return `${prefix}${randomBytes(9).toString('base64url')}`;
}

// LIMIT CAST(? AS INTEGER), not a bare LIMIT ?: with a bound LIMIT each run of the statement took about 20 µs more
// (measured with better-sqlite3's SQLite), whatever the rows.
export class SqliteAnalyticsStore implements AnalyticsStore {
  /**
   * Report answers by SQL text and bound values. Only the seed writes the fact table, and a plan carries
   * everything else a report depends on (the channels with their link days, the members of filter groups)
   * as bound values, so a changed group or link is a new key, never a stale answer.
   */
  private readonly reports = new ResultCache<ReadonlyArray<string | number>>();

  /**
   * Principals by token, found ones only (at most the seeded tokens: an unknown token is looked up each time).
   * Users and tokens are written by the seed alone, at a start; another instance on the same file may start with
   * another seed, so the principals are dropped whenever another connection has committed.
   */
  private readonly principals = new Map<string, Principal>();
  private readonly othersWrote: SqliteChangeSignal;

  /**
   * Groups by id as last read (with their item counts), found ones only, for lists by ids: dropped whenever this
   * store writes a group or an item, and whenever another connection has committed (as the principals are).
   */
  private readonly groupRows = new Map<string, GroupRow>();

  /** Reports a rollup answers with a small scan: computed from its rows in memory (rollup-reports.ts). */
  private readonly rollups: RollupReports;

  /**
   * With `readPool`, a report the cache does not hold is computed on one of its threads, in its tenant's turn
   * (the fact table and what reports join are written by the seed alone, before the pool reads them).
   */
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly readPool?: SqliteReadPool,
  ) {
    db.pragma('foreign_keys = ON');
    this.othersWrote = new SqliteChangeSignal(db);
    this.rollups = new RollupReports({
      count: (table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
      rows: (table) =>
        db.prepare(`SELECT * FROM ${table} ORDER BY channel_id, day`).all() as Array<Record<string, string | number>>,
    });
  }

  async replaceCredentials(seed: AnalyticsSeed): Promise<void> {
    const db = this.db;
    db.transaction(() => {
      const user = db.prepare('INSERT OR REPLACE INTO users (id, channel_id, content_owner) VALUES (?, ?, ?)');
      const token = db.prepare('INSERT INTO tokens (token, user_id, scopes) VALUES (?, ?, ?)');
      db.prepare('DELETE FROM tokens').run();
      for (const u of seed.users) {
        user.run(u.id, u.channel, u.contentOwner ?? null);
        for (const t of u.tokens) token.run(t.token, u.id, JSON.stringify(t.scopes.map(scopeUrl)));
      }
    })();
    this.principals.clear();
  }

  async seedIfEmpty(seed: AnalyticsSeed, facts: () => Iterable<Record<string, string | number>>): Promise<void> {
    if (this.db.prepare("SELECT 1 FROM meta WHERE key = 'seeded'").get()) return;
    const db = this.db;
    db.transaction(() => {
      const user = db.prepare('INSERT INTO users (id, channel_id, content_owner) VALUES (?, ?, ?)');
      const token = db.prepare('INSERT INTO tokens (token, user_id, scopes) VALUES (?, ?, ?)');
      const resource = db.prepare(
        'INSERT OR REPLACE INTO resources (kind, id, channel_id, content_owner) VALUES (?, ?, ?, ?)',
      );
      for (const c of seed.channels) {
        db.prepare('INSERT INTO channels (id, title) VALUES (?, ?)').run(c.id, c.title ?? '');
        resource.run('channel', c.id, c.id, null);
      }
      for (const u of seed.users) {
        user.run(u.id, u.channel, u.contentOwner ?? null);
        for (const t of u.tokens) token.run(t.token, u.id, JSON.stringify(t.scopes.map(scopeUrl)));
      }
      for (const o of seed.contentOwners) {
        for (const c of o.channels)
          db.prepare('INSERT INTO owner_channels (content_owner, channel_id, linked_at) VALUES (?, ?, ?)').run(
            o.name,
            c.id,
            c.linkedAt,
          );
      }
      for (const v of seed.videos) resource.run('video', v.id, v.channel, null);
      for (const b of seed.bulkVideos)
        for (let i = 0; i < b.count; i++) resource.run('video', `${b.prefix}${i}`, b.channel, null);
      for (const p of seed.playlists) resource.run('playlist', p.id, p.channel, null);
      for (const a of seed.assets) resource.run('asset', a.id, null, a.contentOwner);
      // Positional parameters: binding 52 names per row made seeding about 1.5 times slower (measured).
      const fact = db.prepare(
        `INSERT INTO facts (${FACT_COLUMNS.join(', ')}) VALUES (${FACT_COLUMNS.map(() => '?').join(', ')})`,
      );
      for (const row of facts()) fact.run(FACT_COLUMNS.map((c) => row[c]!));
      for (const rollup of ROLLUPS) for (const sql of fillRollupSql(rollup)) db.prepare(sql).run();
      for (const g of seed.groups) {
        db.prepare('INSERT INTO groups (id, owner, title, item_type, published_at) VALUES (?, ?, ?, ?, ?)').run(
          g.id,
          g.owner,
          g.title,
          g.itemType,
          g.publishedAt,
        );
        for (const item of g.items) {
          db.prepare('INSERT INTO group_items (id, group_id, resource_kind, resource_id) VALUES (?, ?, ?, ?)').run(
            item.id ?? newId('I'),
            g.id,
            g.itemType,
            item.resource,
          );
        }
      }
      db.prepare("INSERT INTO meta (key, value) VALUES ('seeded', ?)").run(new Date().toISOString());
    })();
    this.reports.clear();
    this.rollups.clear();
    this.principals.clear();
    this.groupRows.clear();
  }

  /** Drops what this store keeps from the database when another connection (of any process) has committed. */
  private forgetIfOthersWrote(): void {
    if (this.othersWrote.changed()) {
      this.principals.clear();
      this.groupRows.clear();
    }
  }

  async principal(token: string): Promise<Principal | undefined> {
    this.forgetIfOthersWrote();
    const known = this.principals.get(token);
    if (known) return known;
    const row = this.db
      .prepare(
        'SELECT t.scopes, u.id, u.channel_id, u.content_owner FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token = ?',
      )
      .get(token) as { scopes: string; id: string; channel_id: string; content_owner: string | null } | undefined;
    if (!row) return undefined;
    const principal: Principal = {
      userId: row.id,
      channelId: row.channel_id,
      contentOwner: row.content_owner ?? undefined,
      scopes: new Set(JSON.parse(row.scopes) as string[]),
    };
    this.principals.set(token, principal);
    return principal;
  }

  async ownerChannels(contentOwner: string): Promise<Array<{ id: string; linkedAt: string }>> {
    return this.channelsOf(contentOwner);
  }

  private channelsOf(contentOwner: string): Array<{ id: string; linkedAt: string }> {
    return this.db
      .prepare(
        'SELECT channel_id AS id, linked_at AS linkedAt FROM owner_channels WHERE content_owner = ? ORDER BY channel_id',
      )
      .all(contentOwner) as Array<{ id: string; linkedAt: string }>;
  }

  async owns(owner: Owner, kind: ResourceKind, id: string): Promise<boolean> {
    const row = this.db
      .prepare('SELECT channel_id, content_owner FROM resources WHERE kind = ? AND id = ?')
      .get(kind, id) as { channel_id: string | null; content_owner: string | null } | undefined;
    if (!row) return false;
    if (owner.kind === 'channel') return row.channel_id === owner.id;
    if (row.content_owner === owner.id) return true;
    return row.channel_id !== null && this.channelsOf(owner.id).some((c) => c.id === row.channel_id);
  }

  async report(plan: ReportPlan): Promise<ReportRows> {
    const held = this.rollups.answer(plan);
    if (held) return held;
    const { sql, params } = reportSql(plan, 'sqlite');
    const key = `${sql}\n${JSON.stringify(params)}`;
    if (!this.readPool)
      return this.reports.get(key, () => this.db.prepare(sql).raw(true).all(params) as Array<Array<string | number>>);
    const cached = this.reports.find(key);
    if (cached) return cached;
    const rows = (await this.readPool.query(plan.tenant ?? '', sql, params)) as Array<Array<string | number>>;
    return this.reports.put(key, rows);
  }

  async createGroup(owner: string, title: string, itemType: string): Promise<StoredGroup> {
    this.groupRows.clear();
    const id = newId('G');
    this.db
      .prepare('INSERT INTO groups (id, owner, title, item_type, published_at) VALUES (?, ?, ?, ?, ?)')
      .run(id, owner, title, itemType, new Date().toISOString());
    return this.groupNow(id)!;
  }

  async group(id: string): Promise<StoredGroup | undefined> {
    return this.groupNow(id);
  }

  private groupNow(id: string): StoredGroup | undefined {
    const row = this.db.prepare(`${GROUP_SELECT} WHERE g.id = ?`).get(id) as GroupRow | undefined;
    return row && toGroup(row);
  }

  async listGroups(owner: string, ids: string[] | undefined, afterSeq: number, limit: number): Promise<StoredGroup[]> {
    if (ids) {
      // One lookup by the unique id each (the names a caller lists are few): about a fifth of the time of one
      // query matching the list, measured.
      this.forgetIfOthersWrote();
      const rows: GroupRow[] = [];
      const byId = this.db.prepare(`${GROUP_SELECT} WHERE g.id = ?`);
      for (const id of new Set(ids)) {
        let row = this.groupRows.get(id);
        if (!row) {
          row = byId.get(id) as GroupRow | undefined;
          if (row) {
            if (this.groupRows.size >= MAX_GROUP_ROWS) this.groupRows.clear();
            this.groupRows.set(id, row);
          }
        }
        if (row && row.owner === owner && row.seq > afterSeq) rows.push(row);
      }
      return rows
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit)
        .map(toGroup);
    }
    return (
      this.db
        .prepare(`${GROUP_SELECT} WHERE g.owner = ? AND g.seq > ? ORDER BY g.seq LIMIT CAST(? AS INTEGER)`)
        .all(owner, afterSeq, limit) as GroupRow[]
    ).map(toGroup);
  }

  async renameGroup(id: string, title: string): Promise<StoredGroup | undefined> {
    this.groupRows.clear();
    this.db.prepare('UPDATE groups SET title = ? WHERE id = ?').run(title, id);
    return this.groupNow(id);
  }

  async deleteGroup(id: string): Promise<boolean> {
    this.groupRows.clear();
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM group_items WHERE group_id = ?').run(id);
      return this.db.prepare('DELETE FROM groups WHERE id = ?').run(id).changes > 0;
    })();
  }

  async insertItem(
    groupId: string,
    resourceKind: string,
    resourceId: string,
    maxItems: number,
  ): Promise<InsertItemResult> {
    this.groupRows.clear();
    // One transaction (BEGIN IMMEDIATE): the count and the insert see the same state, whoever else writes.
    return this.db
      .transaction((): InsertItemResult => {
        if (!this.db.prepare('SELECT 1 FROM groups WHERE id = ?').get(groupId))
          return { ok: false, reason: 'no-group' };
        const existing = this.db
          .prepare('SELECT * FROM group_items WHERE group_id = ? AND resource_id = ?')
          .get(groupId, resourceId) as ItemRow | undefined;
        if (existing) return { ok: true, item: toItem(existing), created: false };
        const { n } = this.db.prepare('SELECT COUNT(*) AS n FROM group_items WHERE group_id = ?').get(groupId) as {
          n: number;
        };
        if (n >= maxItems) return { ok: false, reason: 'full' };
        const id = newId('I');
        this.db
          .prepare('INSERT INTO group_items (id, group_id, resource_kind, resource_id) VALUES (?, ?, ?, ?)')
          .run(id, groupId, resourceKind, resourceId);
        return { ok: true, item: this.itemNow(id)!, created: true };
      })
      .immediate();
  }

  async items(groupId: string): Promise<StoredItem[]> {
    return (this.db.prepare('SELECT * FROM group_items WHERE group_id = ? ORDER BY seq').all(groupId) as ItemRow[]).map(
      toItem,
    );
  }

  async item(id: string): Promise<StoredItem | undefined> {
    return this.itemNow(id);
  }

  private itemNow(id: string): StoredItem | undefined {
    const row = this.db.prepare('SELECT * FROM group_items WHERE id = ?').get(id) as ItemRow | undefined;
    return row && toItem(row);
  }

  async deleteItem(id: string): Promise<boolean> {
    this.groupRows.clear();
    return this.db.prepare('DELETE FROM group_items WHERE id = ?').run(id).changes > 0;
  }
}
