// The analytics store on PostgreSQL (--database): the rows of sqlite-store.ts in the service's schema of the
// shared database. Reports are the same SQL aggregate (report-sql.ts); a group item insert locks its group's
// row first, so concurrent inserts on every instance are counted one after another and stop at the limit.
import type pg from 'pg';
import { FairQueue, defaultReadLimits } from '../foundation/fair-queue.js';
import { transaction } from '../foundation/postgres.js';
import { ResultCache } from '../foundation/result-cache.js';
import { FACT_COLUMNS } from './facts.js';
import { reportSql } from './report-sql.js';
import { fillRollupSql, ROLLUPS } from './rollups.js';
import { scopeUrl, type AnalyticsSeed } from './seed.js';
import { newId } from './sqlite-store.js';
import type {
  AnalyticsStore,
  InsertItemResult,
  Owner,
  Principal,
  ReportPlan,
  ResourceKind,
  StoredGroup,
  StoredItem,
} from './store.js';

type Row = Record<string, any>;
type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

const toGroup = (r: Row): StoredGroup => ({
  seq: r.seq,
  id: r.id,
  owner: r.owner,
  title: r.title,
  itemType: r.item_type,
  publishedAt: r.published_at,
  itemCount: r.item_count,
});
const toItem = (r: Row): StoredItem => ({
  seq: r.seq,
  id: r.id,
  groupId: r.group_id,
  resourceKind: r.resource_kind,
  resourceId: r.resource_id,
});

const GROUP_SELECT =
  'SELECT g.*, (SELECT COUNT(*) FROM group_items i WHERE i.group_id = g.id) AS item_count FROM groups g';

/** Fact rows per INSERT statement (52 values each, well under PostgreSQL's 65,535 parameters). */
const FACT_BATCH = 1000;

/** Named parameters (:name) as PostgreSQL's positional ones ($n), each name bound once. */
function positional(sql: string, named: Record<string, string | number>): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const index = new Map<string, number>();
  const text = sql.replace(/(?<![:\w]):([A-Za-z_]\w*)/g, (_, name: string) => {
    let n = index.get(name);
    if (n === undefined) {
      if (!(name in named)) throw new Error(`report SQL names :${name}, which is not bound`);
      values.push(named[name]);
      index.set(name, (n = values.length));
    }
    return `$${n}`;
  });
  return { text, values };
}

export class PostgresAnalyticsStore implements AnalyticsStore {
  /** Report answers by SQL and bound values: only the seed writes the facts (see sqlite-store.ts). */
  private readonly reports = new ResultCache<ReadonlyArray<string | number>>();

  /**
   * Reports the cache does not hold, by tenant: a bounded share of the pool's connections (and of the database
   * server's cores), so one tenant's heavy reports leave connections and cores to the others' calls.
   */
  private readonly reportQueue =
    process.env.REFERENCE_REPORT_QUEUE === 'off' ? undefined : new FairQueue(defaultReadLimits());

  constructor(private readonly pool: pg.Pool) {}

  private async rows(sql: string, values: unknown[] = [], on: Queryable = this.pool): Promise<Row[]> {
    return (await on.query(sql, values)).rows as Row[];
  }

  async seedIfEmpty(seed: AnalyticsSeed, facts: () => Iterable<Record<string, string | number>>): Promise<void> {
    if ((await this.rows("SELECT 1 FROM meta WHERE key = 'seeded'")).length) return;
    await transaction(this.pool, async (client) => {
      const run = (sql: string, values: unknown[]) => client.query(sql, values);
      const resource = (kind: string, id: string, channel: string | null, owner: string | null) =>
        run(
          `INSERT INTO resources (kind, id, channel_id, content_owner) VALUES ($1, $2, $3, $4)
           ON CONFLICT (kind, id) DO UPDATE SET channel_id = EXCLUDED.channel_id, content_owner = EXCLUDED.content_owner`,
          [kind, id, channel, owner],
        );
      for (const c of seed.channels) {
        await run('INSERT INTO channels (id, title) VALUES ($1, $2)', [c.id, c.title ?? '']);
        await resource('channel', c.id, c.id, null);
      }
      for (const u of seed.users) {
        await run('INSERT INTO users (id, channel_id, content_owner) VALUES ($1, $2, $3)', [
          u.id,
          u.channel,
          u.contentOwner ?? null,
        ]);
        for (const t of u.tokens)
          await run('INSERT INTO tokens (token, user_id, scopes) VALUES ($1, $2, $3)', [
            t.token,
            u.id,
            JSON.stringify(t.scopes.map(scopeUrl)),
          ]);
      }
      for (const o of seed.contentOwners)
        for (const c of o.channels)
          await run('INSERT INTO owner_channels (content_owner, channel_id, linked_at) VALUES ($1, $2, $3)', [
            o.name,
            c.id,
            c.linkedAt,
          ]);
      for (const v of seed.videos) await resource('video', v.id, v.channel, null);
      for (const b of seed.bulkVideos)
        for (let i = 0; i < b.count; i++) await resource('video', `${b.prefix}${i}`, b.channel, null);
      for (const p of seed.playlists) await resource('playlist', p.id, p.channel, null);
      for (const a of seed.assets) await resource('asset', a.id, null, a.contentOwner);
      let batch: unknown[][] = [];
      const flush = async () => {
        if (!batch.length) return;
        const width = FACT_COLUMNS.length;
        const tuples = batch.map((_, r) => `(${FACT_COLUMNS.map((__, c) => `$${r * width + c + 1}`).join(', ')})`);
        await run(`INSERT INTO facts (${FACT_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, batch.flat());
        batch = [];
      };
      for (const row of facts()) {
        batch.push(FACT_COLUMNS.map((c) => row[c]!));
        if (batch.length >= FACT_BATCH) await flush();
      }
      await flush();
      for (const rollup of ROLLUPS) for (const sql of fillRollupSql(rollup)) await run(sql, []);
      for (const g of seed.groups) {
        await run('INSERT INTO groups (id, owner, title, item_type, published_at) VALUES ($1, $2, $3, $4, $5)', [
          g.id,
          g.owner,
          g.title,
          g.itemType,
          g.publishedAt,
        ]);
        for (const item of g.items)
          await run('INSERT INTO group_items (id, group_id, resource_kind, resource_id) VALUES ($1, $2, $3, $4)', [
            item.id ?? newId('I'),
            g.id,
            g.itemType,
            item.resource,
          ]);
      }
      await run("INSERT INTO meta (key, value) VALUES ('seeded', $1)", [new Date().toISOString()]);
    });
    this.reports.clear();
  }

  async replaceCredentials(seed: AnalyticsSeed): Promise<void> {
    // One transaction: every instance sees the old tokens or the new ones, never none.
    await transaction(this.pool, async (client) => {
      await client.query('DELETE FROM tokens');
      for (const u of seed.users) {
        await client.query(
          `INSERT INTO users (id, channel_id, content_owner) VALUES ($1, $2, $3)
           ON CONFLICT (id) DO UPDATE SET channel_id = EXCLUDED.channel_id, content_owner = EXCLUDED.content_owner`,
          [u.id, u.channel, u.contentOwner ?? null],
        );
        for (const t of u.tokens)
          await client.query('INSERT INTO tokens (token, user_id, scopes) VALUES ($1, $2, $3)', [
            t.token,
            u.id,
            JSON.stringify(t.scopes.map(scopeUrl)),
          ]);
      }
    });
  }

  async principal(token: string): Promise<Principal | undefined> {
    // Read at every use: a token removed or changed in the database counts on every instance at once.
    const [row] = await this.rows(
      'SELECT t.scopes, u.id, u.channel_id, u.content_owner FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token = $1',
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
    return (await this.rows(
      'SELECT channel_id AS id, linked_at AS "linkedAt" FROM owner_channels WHERE content_owner = $1 ORDER BY channel_id',
      [contentOwner],
    )) as Array<{ id: string; linkedAt: string }>;
  }

  async owns(owner: Owner, kind: ResourceKind, id: string): Promise<boolean> {
    const [row] = await this.rows('SELECT channel_id, content_owner FROM resources WHERE kind = $1 AND id = $2', [
      kind,
      id,
    ]);
    if (!row) return false;
    if (owner.kind === 'channel') return row.channel_id === owner.id;
    if (row.content_owner === owner.id) return true;
    return row.channel_id !== null && (await this.ownerChannels(owner.id)).some((c) => c.id === row.channel_id);
  }

  async report(plan: ReportPlan): Promise<ReadonlyArray<ReadonlyArray<string | number>>> {
    const { sql, params } = reportSql(plan, 'postgres');
    const key = `${sql}\n${JSON.stringify(params)}`;
    const cached = this.reports.find(key);
    if (cached) return cached;
    const { text, values } = positional(sql, params);
    const query = async () =>
      (await this.pool.query({ text, values, rowMode: 'array' })).rows as Array<Array<string | number>>;
    const rows = await (this.reportQueue ? this.reportQueue.run(plan.tenant ?? '', query) : query());
    return this.reports.put(key, rows);
  }

  async createGroup(owner: string, title: string, itemType: string): Promise<StoredGroup> {
    const id = newId('G');
    const [row] = await this.rows(
      'INSERT INTO groups (id, owner, title, item_type, published_at) VALUES ($1, $2, $3, $4, $5) RETURNING *, 0 AS item_count',
      [id, owner, title, itemType, new Date().toISOString()],
    );
    return toGroup(row!);
  }

  async group(id: string): Promise<StoredGroup | undefined> {
    const [row] = await this.rows(`${GROUP_SELECT} WHERE g.id = $1`, [id]);
    return row && toGroup(row);
  }

  async listGroups(owner: string, ids: string[] | undefined, afterSeq: number, limit: number): Promise<StoredGroup[]> {
    const args: unknown[] = [owner, afterSeq, limit];
    let idClause = '';
    if (ids) {
      args.push(ids);
      idClause = ' AND g.id = ANY($4::text[])';
    }
    return (
      await this.rows(`${GROUP_SELECT} WHERE g.owner = $1 AND g.seq > $2${idClause} ORDER BY g.seq LIMIT $3`, args)
    ).map(toGroup);
  }

  async renameGroup(id: string, title: string): Promise<StoredGroup | undefined> {
    await this.pool.query('UPDATE groups SET title = $2 WHERE id = $1', [id, title]);
    return this.group(id);
  }

  async deleteGroup(id: string): Promise<boolean> {
    // The items go with the group (ON DELETE CASCADE), in the same statement.
    return ((await this.pool.query('DELETE FROM groups WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }

  async insertItem(
    groupId: string,
    resourceKind: string,
    resourceId: string,
    maxItems: number,
  ): Promise<InsertItemResult> {
    return transaction(this.pool, async (client): Promise<InsertItemResult> => {
      // The group's row lock orders every insert into this group, whichever instance runs it.
      if (!(await this.rows('SELECT 1 FROM groups WHERE id = $1 FOR UPDATE', [groupId], client)).length)
        return { ok: false, reason: 'no-group' };
      const [existing] = await this.rows(
        'SELECT * FROM group_items WHERE group_id = $1 AND resource_id = $2',
        [groupId, resourceId],
        client,
      );
      if (existing) return { ok: true, item: toItem(existing), created: false };
      const [count] = await this.rows('SELECT COUNT(*) AS n FROM group_items WHERE group_id = $1', [groupId], client);
      if (count!.n >= maxItems) return { ok: false, reason: 'full' };
      const [row] = await this.rows(
        'INSERT INTO group_items (id, group_id, resource_kind, resource_id) VALUES ($1, $2, $3, $4) RETURNING *',
        [newId('I'), groupId, resourceKind, resourceId],
        client,
      );
      return { ok: true, item: toItem(row!), created: true };
    });
  }

  async items(groupId: string): Promise<StoredItem[]> {
    return (await this.rows('SELECT * FROM group_items WHERE group_id = $1 ORDER BY seq', [groupId])).map(toItem);
  }

  async item(id: string): Promise<StoredItem | undefined> {
    const [row] = await this.rows('SELECT * FROM group_items WHERE id = $1', [id]);
    return row && toItem(row);
  }

  async deleteItem(id: string): Promise<boolean> {
    return ((await this.pool.query('DELETE FROM group_items WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }
}
