// The analytics store on SQL: each statement written once over the Sql surface (foundation/sql.ts), run on the
// service's SQLite database or, with --database, on its schema of the shared PostgreSQL database. Reports are one
// SQL aggregate over the fact table (report-sql.ts); a group item insert counts and writes in one transaction
// that holds the writer (SQLite) or the group's row lock (PostgreSQL), so concurrent inserts, on every instance,
// are counted one after another and stop at the limit. What SQLite keeps in memory besides is kept-store.ts's.
import { randomBytes } from 'node:crypto';
import { FairQueue, defaultReadLimits } from '../foundation/fair-queue.js';
import { ResultCache } from '../foundation/result-cache.js';
import type { Sql } from '../foundation/sql.js';
import { FACT_COLUMNS } from './facts.js';
import { reportSql } from './report-sql.js';
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

const GROUP_SELECT =
  'SELECT g.*, (SELECT COUNT(*) FROM group_items i WHERE i.group_id = g.id) AS item_count FROM groups g';

const INSERT_USER = 'INSERT INTO users (id, channel_id, content_owner) VALUES (?, ?, ?)';
const INSERT_TOKEN = 'INSERT INTO tokens (token, user_id, scopes) VALUES (?, ?, ?)';

export function newId(prefix: string): string {
  return `${prefix}${randomBytes(9).toString('base64url')}`;
}

/** Where a report the cache does not hold is computed: (tenant, SQL with :named parameters, their values) -> rows. */
export type ReportRunner = (
  tenant: string,
  sql: string,
  params: Readonly<Record<string, string | number>>,
) => Promise<unknown[][]>;

// LIMIT CAST(? AS INTEGER), not a bare LIMIT ?: with a bound LIMIT each run of the statement took about 20 µs more
// (measured with better-sqlite3's SQLite), whatever the rows.
export class SqlAnalyticsStore implements AnalyticsStore {
  /**
   * Report answers by SQL text and bound values. Only the seed writes the fact table, and a plan carries
   * everything else a report depends on (the channels with their link days, the members of filter groups)
   * as bound values, so a changed group or link is a new key, never a stale answer.
   */
  private readonly reports = new ResultCache<ReadonlyArray<string | number>>();
  private readonly runReport: ReportRunner;

  /**
   * `runReport`: where a report the cache does not hold runs (SQLite: a read pool's threads). By default, on
   * PostgreSQL by tenant with a bounded share of the pool's connections (and of the database server's cores),
   * so one tenant's heavy reports leave connections and cores to the others' calls; on SQLite on this thread.
   */
  constructor(
    private readonly sql: Sql,
    runReport?: ReportRunner,
  ) {
    const queue =
      sql.dialect === 'postgres' && process.env.REFERENCE_REPORT_QUEUE !== 'off'
        ? new FairQueue(defaultReadLimits())
        : undefined;
    this.runReport =
      runReport ??
      (queue
        ? (tenant, text, params) => queue.run(tenant, () => sql.arrays(text, params))
        : (_, text, params) => sql.arrays(text, params));
  }

  async seedIfEmpty(seed: AnalyticsSeed, facts: () => Iterable<Record<string, string | number>>): Promise<void> {
    if (await this.sql.get("SELECT 1 FROM meta WHERE key = 'seeded'")) return;
    await this.sql.transaction(async (tx) => {
      const resource = (kind: string, id: string, channel: string | null, owner: string | null) =>
        tx.run(
          `INSERT INTO resources (kind, id, channel_id, content_owner) VALUES (?, ?, ?, ?)
           ON CONFLICT (kind, id) DO UPDATE SET channel_id = excluded.channel_id, content_owner = excluded.content_owner`,
          [kind, id, channel, owner],
        );
      for (const c of seed.channels) {
        await tx.run('INSERT INTO channels (id, title) VALUES (?, ?)', [c.id, c.title ?? '']);
        await resource('channel', c.id, c.id, null);
      }
      for (const u of seed.users) {
        await tx.run(INSERT_USER, [u.id, u.channel, u.contentOwner ?? null]);
        for (const t of u.tokens) await tx.run(INSERT_TOKEN, [t.token, u.id, JSON.stringify(t.scopes.map(scopeUrl))]);
      }
      for (const o of seed.contentOwners)
        for (const c of o.channels)
          await tx.run('INSERT INTO owner_channels (content_owner, channel_id, linked_at) VALUES (?, ?, ?)', [
            o.name,
            c.id,
            c.linkedAt,
          ]);
      for (const v of seed.videos) await resource('video', v.id, v.channel, null);
      for (const b of seed.bulkVideos)
        for (let i = 0; i < b.count; i++) await resource('video', `${b.prefix}${i}`, b.channel, null);
      for (const p of seed.playlists) await resource('playlist', p.id, p.channel, null);
      for (const a of seed.assets) await resource('asset', a.id, null, a.contentOwner);
      await tx.insertMany(
        'facts',
        FACT_COLUMNS,
        (function* () {
          for (const row of facts()) yield FACT_COLUMNS.map((c) => row[c]!);
        })(),
      );
      for (const rollup of ROLLUPS) for (const sql of fillRollupSql(rollup)) await tx.run(sql);
      for (const g of seed.groups) {
        await tx.run('INSERT INTO groups (id, owner, title, item_type, published_at) VALUES (?, ?, ?, ?, ?)', [
          g.id,
          g.owner,
          g.title,
          g.itemType,
          g.publishedAt,
        ]);
        for (const item of g.items)
          await tx.run('INSERT INTO group_items (id, group_id, resource_kind, resource_id) VALUES (?, ?, ?, ?)', [
            item.id ?? newId('I'),
            g.id,
            g.itemType,
            item.resource,
          ]);
      }
      await tx.run("INSERT INTO meta (key, value) VALUES ('seeded', ?)", [new Date().toISOString()]);
    });
    this.reports.clear();
  }

  async replaceCredentials(seed: AnalyticsSeed): Promise<void> {
    // One transaction: every instance sees the old tokens or the new ones, never none.
    await this.sql.transaction(async (tx) => {
      await tx.run('DELETE FROM tokens');
      for (const u of seed.users) {
        await tx.run(
          `${INSERT_USER} ON CONFLICT (id) DO UPDATE SET channel_id = excluded.channel_id, content_owner = excluded.content_owner`,
          [u.id, u.channel, u.contentOwner ?? null],
        );
        for (const t of u.tokens) await tx.run(INSERT_TOKEN, [t.token, u.id, JSON.stringify(t.scopes.map(scopeUrl))]);
      }
    });
  }

  async principal(token: string): Promise<Principal | undefined> {
    const row = await this.sql.get<{ scopes: string; id: string; channel_id: string; content_owner: string | null }>(
      'SELECT t.scopes, u.id, u.channel_id, u.content_owner FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token = ?',
      [token],
    );
    if (!row) return undefined;
    return {
      userId: row.id,
      channelId: row.channel_id,
      contentOwner: row.content_owner ?? undefined,
      scopes: new Set(JSON.parse(row.scopes) as string[]),
    };
  }

  async ownerChannels(contentOwner: string): Promise<Array<{ id: string; linkedAt: string }>> {
    return this.sql.all<{ id: string; linkedAt: string }>(
      'SELECT channel_id AS id, linked_at AS "linkedAt" FROM owner_channels WHERE content_owner = ? ORDER BY channel_id',
      [contentOwner],
    );
  }

  async owns(owner: Owner, kind: ResourceKind, id: string): Promise<boolean> {
    const row = await this.sql.get<{ channel_id: string | null; content_owner: string | null }>(
      'SELECT channel_id, content_owner FROM resources WHERE kind = ? AND id = ?',
      [kind, id],
    );
    if (!row) return false;
    if (owner.kind === 'channel') return row.channel_id === owner.id;
    if (row.content_owner === owner.id) return true;
    return row.channel_id !== null && (await this.ownerChannels(owner.id)).some((c) => c.id === row.channel_id);
  }

  async report(plan: ReportPlan): Promise<ReportRows> {
    const { sql, params } = reportSql(plan, this.sql.dialect);
    const key = `${sql}\n${JSON.stringify(params)}`;
    const cached = this.reports.find(key);
    if (cached) return cached;
    const rows = (await this.runReport(plan.tenant ?? '', sql, params)) as Array<Array<string | number>>;
    return this.reports.put(key, Object.assign(rows, { kept: true as const }));
  }

  async createGroup(owner: string, title: string, itemType: string): Promise<StoredGroup> {
    const row = await this.sql.get<GroupRow>(
      'INSERT INTO groups (id, owner, title, item_type, published_at) VALUES (?, ?, ?, ?, ?) RETURNING *, 0 AS item_count',
      [newId('G'), owner, title, itemType, new Date().toISOString()],
    );
    return toGroup(row!);
  }

  async group(id: string): Promise<StoredGroup | undefined> {
    const row = await this.sql.get<GroupRow>(`${GROUP_SELECT} WHERE g.id = ?`, [id]);
    return row && toGroup(row);
  }

  /** Every group, when there are at most `max` of them; else undefined. */
  async allGroups(max: number): Promise<StoredGroup[] | undefined> {
    const rows = await this.sql.all<GroupRow>(`${GROUP_SELECT} LIMIT CAST(? AS INTEGER)`, [max + 1]);
    return rows.length > max ? undefined : rows.map(toGroup);
  }

  async listGroups(owner: string, ids: string[] | undefined, afterSeq: number, limit: number): Promise<StoredGroup[]> {
    const named = ids ? [...new Set(ids)] : undefined;
    const among = named ? ` AND g.id IN (${named.map(() => '?').join(', ')})` : '';
    return (
      await this.sql.all<GroupRow>(
        `${GROUP_SELECT} WHERE g.owner = ? AND g.seq > ?${among} ORDER BY g.seq LIMIT CAST(? AS INTEGER)`,
        [owner, afterSeq, ...(named ?? []), limit],
      )
    ).map(toGroup);
  }

  async renameGroup(id: string, title: string): Promise<StoredGroup | undefined> {
    await this.sql.run('UPDATE groups SET title = ? WHERE id = ?', [title, id]);
    return this.group(id);
  }

  async deleteGroup(id: string): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      await tx.run('DELETE FROM group_items WHERE group_id = ?', [id]);
      return (await tx.run('DELETE FROM groups WHERE id = ?', [id])) > 0;
    });
  }

  async insertItem(
    groupId: string,
    resourceKind: string,
    resourceId: string,
    maxItems: number,
  ): Promise<InsertItemResult> {
    return this.sql.transaction(async (tx): Promise<InsertItemResult> => {
      // The writer (SQLite) or the group's row lock (PostgreSQL) orders every insert into this group.
      if (!(await tx.get(`SELECT 1 FROM groups WHERE id = ?${tx.forUpdate}`, [groupId])))
        return { ok: false, reason: 'no-group' };
      const existing = await tx.get<ItemRow>('SELECT * FROM group_items WHERE group_id = ? AND resource_id = ?', [
        groupId,
        resourceId,
      ]);
      if (existing) return { ok: true, item: toItem(existing), created: false };
      const count = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM group_items WHERE group_id = ?', [groupId]);
      if (count!.n >= maxItems) return { ok: false, reason: 'full' };
      const row = await tx.get<ItemRow>(
        'INSERT INTO group_items (id, group_id, resource_kind, resource_id) VALUES (?, ?, ?, ?) RETURNING *',
        [newId('I'), groupId, resourceKind, resourceId],
      );
      return { ok: true, item: toItem(row!), created: true };
    });
  }

  async items(groupId: string): Promise<StoredItem[]> {
    return (await this.sql.all<ItemRow>('SELECT * FROM group_items WHERE group_id = ? ORDER BY seq', [groupId])).map(
      toItem,
    );
  }

  async item(id: string): Promise<StoredItem | undefined> {
    const row = await this.sql.get<ItemRow>('SELECT * FROM group_items WHERE id = ?', [id]);
    return row && toItem(row);
  }

  async deleteItem(id: string): Promise<boolean> {
    return (await this.sql.run('DELETE FROM group_items WHERE id = ?', [id])) > 0;
  }
}
