// The AdCreativeStore on PostgreSQL (--database): the rows of sqlite-store.ts in the service's schema of the
// shared database. An identical create is refused by the partial unique index creatives_identical whichever
// instance it reaches (the loser answers the winner's id); tokens are read at every use, so a token removed
// or changed in the database counts on every instance at once. The rate-limited calls live here too.
import type pg from 'pg';
import { transaction } from '../foundation/postgres.js';
import { canonicalJson } from './canonical.js';
import type { RateLimiter } from './rate-limit.js';
import type { SeedData } from './seed.js';
import { creativeOf, isoNow, newCreativeId, newPostNumber, pageOf } from './sqlite-store.js';
import {
  IdenticalCreativeError,
  type AdAccountRecord,
  type AdCreativeStore,
  type CreateCreativeInput,
  type CreativeChanges,
  type CreativeRecord,
  type Page,
  type PageQuery,
  type PostRecord,
  type RateLimit,
  type TokenGrant,
} from './store.js';

type Row = Record<string, any>;
type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

function postOf(row: Row): PostRecord & { seq: number } {
  return {
    id: row.id,
    pageId: row.page_id,
    message: row.message ?? undefined,
    createdTime: row.created_time,
    inlineCreated: row.inline_created,
    published: row.published,
    imageBytes: row.image_bytes,
    sponsorPageIds: JSON.parse(row.sponsor_page_ids),
    sponsorIds: JSON.parse(row.sponsor_ids),
    seq: row.seq,
  };
}

const INSERT_POST =
  'INSERT INTO posts (id, page_id, message, created_time, inline_created, published, image_bytes, sponsor_page_ids, sponsor_ids) ' +
  'VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)';

/** A unique index refused the row (PostgreSQL's unique_violation). */
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export class PostgresAdCreativeStore implements AdCreativeStore {
  constructor(private readonly pool: pg.Pool) {}

  private async rows(sql: string, values: unknown[] = [], on: Queryable = this.pool): Promise<Row[]> {
    return (await on.query(sql, values)).rows as Row[];
  }

  async replaceCredentials(seed: SeedData): Promise<void> {
    // One transaction: every instance sees the old tokens or the new ones, never none.
    await transaction(this.pool, async (client) => {
      const run = (sql: string, values: unknown[] = []) => client.query(sql, values);
      // Apps, users, accounts and pages a new token names are added; nothing else the seed holds is touched.
      for (const a of seed.apps)
        await run(
          'INSERT INTO apps (id, name, access) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET access = EXCLUDED.access',
          [a.id, a.name, a.access],
        );
      for (const u of seed.users)
        await run('INSERT INTO users (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [u.id, u.name]);
      for (const a of seed.adAccounts)
        await run(
          'INSERT INTO ad_accounts (id, name, rate_calls, rate_window_seconds) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
          [a.id, a.name, a.rateLimit?.calls ?? null, a.rateLimit?.windowSeconds ?? null],
        );
      for (const p of seed.pages)
        await run('INSERT INTO pages (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [p.id, p.name]);
      await run('DELETE FROM token_pages');
      await run('DELETE FROM token_ad_accounts');
      await run('DELETE FROM tokens');
      await insertTokens(client, seed);
    });
  }

  async token(token: string): Promise<TokenGrant | undefined> {
    const [row] = await this.rows(
      `SELECT t.token, t.user_id, t.app_id, t.expires_at, a.access,
         ARRAY(SELECT account_id FROM token_ad_accounts x WHERE x.token = t.token ORDER BY account_id COLLATE "C") AS ad_accounts,
         ARRAY(SELECT page_id FROM token_pages x WHERE x.token = t.token ORDER BY page_id COLLATE "C") AS pages
       FROM tokens t JOIN apps a ON a.id = t.app_id WHERE t.token = $1`,
      [token],
    );
    if (!row) return undefined;
    return {
      token: row.token,
      userId: row.user_id,
      appId: row.app_id,
      appAccess: row.access,
      expiresAt: row.expires_at ?? undefined,
      adAccounts: row.ad_accounts,
      pages: row.pages,
    };
  }

  async adAccount(id: string): Promise<AdAccountRecord | undefined> {
    const [row] = await this.rows('SELECT * FROM ad_accounts WHERE id = $1', [id]);
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      rateLimit: row.rate_calls ? { calls: row.rate_calls, windowSeconds: row.rate_window_seconds } : undefined,
    };
  }

  async imageExists(accountId: string, hash: string): Promise<boolean> {
    return (await this.rows('SELECT 1 FROM images WHERE account_id = $1 AND hash = $2', [accountId, hash])).length > 0;
  }

  async page(id: string) {
    const [row] = await this.rows('SELECT id, name FROM pages WHERE id = $1', [id]);
    return row as { id: string; name: string } | undefined;
  }

  async post(id: string): Promise<(PostRecord & { seq: number }) | undefined> {
    const [row] = await this.rows('SELECT * FROM posts WHERE id = $1', [id]);
    return row ? postOf(row) : undefined;
  }

  private async identical(accountId: string, contentKey: string, on: Queryable = this.pool) {
    const [row] = await this.rows(
      "SELECT id FROM creatives WHERE account_id = $1 AND content_key = $2 AND status <> 'DELETED'",
      [accountId, contentKey],
      on,
    );
    return row?.id as string | undefined;
  }

  async createCreative(input: CreateCreativeInput): Promise<{ id: string; created: boolean }> {
    const existing = await this.identical(input.accountId, input.contentKey);
    if (existing) return { id: existing, created: false };
    try {
      return await transaction(this.pool, async (client) => {
        const fields = { ...input.fields };
        if (input.inlinePost) {
          let id = `${input.inlinePost.pageId}_${newPostNumber()}`;
          while ((await this.rows('SELECT 1 FROM posts WHERE id = $1', [id], client)).length)
            id = `${input.inlinePost.pageId}_${newPostNumber()}`;
          await client.query(INSERT_POST, [
            id,
            input.inlinePost.pageId,
            input.inlinePost.message ?? null,
            isoNow(),
            true,
            false,
            0,
            '[]',
            '[]',
          ]);
          fields.effective_object_story_id = id;
        }
        let id = newCreativeId();
        while ((await this.rows('SELECT 1 FROM creatives WHERE id = $1', [id], client)).length) id = newCreativeId();
        // A concurrent identical create waits here for the other transaction; if that one commits, nothing is
        // inserted and this transaction (with its inline post) rolls back.
        const inserted = await client.query(
          `INSERT INTO creatives (id, account_id, status, content_key, fields) VALUES ($1, $2, 'ACTIVE', $3, $4)
           ON CONFLICT (account_id, content_key) WHERE status <> 'DELETED' DO NOTHING`,
          [id, input.accountId, input.contentKey, JSON.stringify(fields)],
        );
        if (inserted.rowCount === 0) throw new IdenticalExists();
        return { id, created: true };
      });
    } catch (error) {
      if (!(error instanceof IdenticalExists)) throw error;
      const winner = await this.identical(input.accountId, input.contentKey);
      if (!winner) throw new Error('an identical creative was committed and is gone again');
      return { id: winner, created: false };
    }
  }

  async creative(id: string): Promise<CreativeRecord | undefined> {
    const [row] = await this.rows('SELECT * FROM creatives WHERE id = $1', [id]);
    return row ? creativeOf(row) : undefined;
  }

  async updateCreative(id: string, changes: CreativeChanges): Promise<void> {
    // The content key stays that of the submitted creative: identity is what was created, not its label.
    try {
      await transaction(this.pool, async (client) => {
        const [row] = await this.rows('SELECT * FROM creatives WHERE id = $1 FOR UPDATE', [id], client);
        if (!row) return;
        const current = creativeOf(row);
        const fields = { ...current.fields };
        if (changes.name !== undefined) fields.name = changes.name;
        if (changes.adlabels !== undefined) fields.adlabels = changes.adlabels;
        await client.query('UPDATE creatives SET account_id = $2, status = $3, fields = $4 WHERE id = $1', [
          id,
          changes.accountId ?? current.accountId,
          changes.status ?? current.status,
          JSON.stringify(fields),
        ]);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new IdenticalCreativeError();
      throw error;
    }
  }

  async listCreatives(accountId: string, query: PageQuery, cap: number): Promise<Page<CreativeRecord>> {
    // Only the newest `cap` creatives are reachable (ADC-LIST-1: no paging beyond 50,000).
    const [floorRow] = await this.rows(
      "SELECT seq FROM creatives WHERE account_id = $1 AND status <> 'DELETED' ORDER BY seq DESC LIMIT 1 OFFSET $2",
      [accountId, cap - 1],
    );
    const floor = (floorRow?.seq as number | undefined) ?? 0;
    const live = "account_id = $1 AND status <> 'DELETED' AND seq >= $2";
    let rows: Row[];
    if (query.afterSeq !== undefined)
      rows = await this.rows(`SELECT * FROM creatives WHERE ${live} AND seq < $3 ORDER BY seq DESC LIMIT $4`, [
        accountId,
        floor,
        query.afterSeq,
        query.limit,
      ]);
    else if (query.beforeSeq !== undefined)
      rows = await this.rows(`SELECT * FROM creatives WHERE ${live} AND seq > $3 ORDER BY seq ASC LIMIT $4`, [
        accountId,
        floor,
        query.beforeSeq,
        query.limit,
      ]);
    else
      rows = await this.rows(`SELECT * FROM creatives WHERE ${live} ORDER BY seq DESC LIMIT $3`, [
        accountId,
        floor,
        query.limit,
      ]);
    return this.paged(rows, query, `SELECT 1 FROM creatives WHERE ${live}`, [accountId, floor], creativeOf);
  }

  /** The page of `rows`, with whether rows lie beyond its last and before its first (`base` selects the set). */
  private async paged<T>(
    rows: Row[],
    query: PageQuery,
    base: string,
    args: unknown[],
    map: (r: Row) => T,
  ): Promise<Page<T>> {
    if (query.beforeSeq !== undefined) rows.reverse();
    if (rows.length === 0)
      return pageOf(
        rows,
        {} as PageQuery,
        () => false,
        () => false,
        map,
      );
    const n = args.length + 1;
    const [more, earlier] = await Promise.all([
      this.rows(`${base} AND seq < $${n} LIMIT 1`, [...args, rows.at(-1)!.seq]),
      this.rows(`${base} AND seq > $${n} LIMIT 1`, [...args, rows[0]!.seq]),
    ]);
    // Already in answer order: pageOf only maps them.
    return pageOf(
      rows,
      {} as PageQuery,
      () => more.length > 0,
      () => earlier.length > 0,
      map,
    );
  }

  async countCreatives(accountId: string, cap: number): Promise<number> {
    const [row] = await this.rows("SELECT COUNT(*) AS n FROM creatives WHERE account_id = $1 AND status <> 'DELETED'", [
      accountId,
    ]);
    return Math.min(cap, row!.n as number);
  }

  async listPosts(pageId: string, query: PageQuery & { includeInline: boolean; published?: boolean }) {
    const where = ['page_id = $1'];
    const args: unknown[] = [pageId];
    if (!query.includeInline) where.push('NOT inline_created');
    if (query.published !== undefined) {
      args.push(query.published);
      where.push(`published = $${args.length}`);
    }
    const base = where.join(' AND ');
    const n = args.length + 1;
    let rows: Row[];
    if (query.afterSeq !== undefined)
      rows = await this.rows(`SELECT * FROM posts WHERE ${base} AND seq < $${n} ORDER BY seq DESC LIMIT $${n + 1}`, [
        ...args,
        query.afterSeq,
        query.limit,
      ]);
    else if (query.beforeSeq !== undefined)
      rows = await this.rows(`SELECT * FROM posts WHERE ${base} AND seq > $${n} ORDER BY seq ASC LIMIT $${n + 1}`, [
        ...args,
        query.beforeSeq,
        query.limit,
      ]);
    else
      rows = await this.rows(`SELECT * FROM posts WHERE ${base} ORDER BY seq DESC LIMIT $${n}`, [...args, query.limit]);
    return this.paged(rows, query, `SELECT 1 FROM posts WHERE ${base}`, args, postOf);
  }

  async setting(name: string, create: () => string): Promise<string> {
    // The first instance to ask stores the value; every other one reads that one.
    await this.pool.query('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      create(),
    ]);
    const [row] = await this.rows('SELECT value FROM settings WHERE name = $1', [name]);
    return row!.value as string;
  }

  async isEmpty(): Promise<boolean> {
    return (await this.rows('SELECT 1 FROM apps LIMIT 1')).length === 0;
  }

  async loadSeed(seed: SeedData): Promise<void> {
    await transaction(this.pool, async (client) => {
      const run = (sql: string, values: unknown[]) => client.query(sql, values);
      for (const a of seed.apps)
        await run('INSERT INTO apps (id, name, access) VALUES ($1, $2, $3)', [a.id, a.name, a.access]);
      for (const u of seed.users) await run('INSERT INTO users (id, name) VALUES ($1, $2)', [u.id, u.name]);
      for (const a of seed.adAccounts) {
        await run('INSERT INTO ad_accounts (id, name, rate_calls, rate_window_seconds) VALUES ($1, $2, $3, $4)', [
          a.id,
          a.name,
          a.rateLimit?.calls ?? null,
          a.rateLimit?.windowSeconds ?? null,
        ]);
        for (const hash of a.images) await run('INSERT INTO images (account_id, hash) VALUES ($1, $2)', [a.id, hash]);
      }
      for (const p of seed.pages) await run('INSERT INTO pages (id, name) VALUES ($1, $2)', [p.id, p.name]);
      for (const p of seed.posts) {
        await run(INSERT_POST, [
          p.id,
          p.id.split('_')[0],
          p.message ?? null,
          p.createdTime,
          p.inlineCreated,
          p.published,
          p.imageBytes,
          JSON.stringify(p.sponsorPageIds),
          JSON.stringify(p.sponsorIds),
        ]);
      }
      await insertTokens(client, seed);
      for (const c of seed.creatives) {
        const { name, ...rest } = c.fields;
        await run('INSERT INTO creatives (id, account_id, status, content_key, fields) VALUES ($1, $2, $3, $4, $5)', [
          c.id,
          c.account,
          c.status,
          canonicalJson({ ...rest, ...(name === undefined ? {} : { name }) }),
          JSON.stringify(c.fields),
        ]);
      }
    });
  }
}

class IdenticalExists extends Error {}

async function insertTokens(client: pg.PoolClient, seed: SeedData): Promise<void> {
  for (const t of seed.tokens) {
    await client.query('INSERT INTO tokens (token, user_id, app_id, expires_at) VALUES ($1, $2, $3, $4)', [
      t.token,
      t.user,
      t.app,
      t.expiresAt ?? null,
    ]);
    for (const a of t.adAccounts)
      await client.query('INSERT INTO token_ad_accounts (token, account_id) VALUES ($1, $2)', [t.token, a]);
    for (const p of t.pages)
      await client.query('INSERT INTO token_pages (token, page_id) VALUES ($1, $2)', [t.token, p]);
  }
}

/**
 * The rate limit of rate-limit.ts counted in the shared database. One transaction per call under an advisory
 * lock of the account: concurrent calls of one account, on any instance, are counted one after another, so
 * the (N+1)th call of a window is refused wherever it lands.
 */
export class PostgresRateLimiter implements RateLimiter {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number = Date.now,
  ) {}

  admit(account: string, limit: RateLimit): Promise<boolean> {
    const now = this.now();
    return transaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`rate:${account}`]);
      // Calls that left the window (now - at >= windowMs) no longer count.
      await client.query('DELETE FROM rate_calls WHERE key = $1 AND at <= $2', [
        account,
        now - limit.windowSeconds * 1000,
      ]);
      const { rows } = await client.query<{ n: number }>('SELECT COUNT(*) AS n FROM rate_calls WHERE key = $1', [
        account,
      ]);
      if (rows[0]!.n >= limit.calls) return false;
      await client.query('INSERT INTO rate_calls (key, at) VALUES ($1, $2)', [account, now]);
      return true;
    });
  }
}
