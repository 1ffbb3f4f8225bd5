// The AdCreativeStore on SQL: each statement written once over the Sql surface (foundation/sql.ts), run on the
// service's SQLite database or, with --database, on its schema of the shared PostgreSQL database. Writes that
// must be atomic (a create with its inline post, an update) run in one transaction that holds the writer
// (SQLite) or the creative's row lock (PostgreSQL), and the partial unique index creatives_identical
// (migrations.ts) refuses a second live copy whichever instance the creates reach (the loser answers the
// winner's id). What SQLite keeps in memory besides is kept-store.ts's.
import { randomInt } from 'node:crypto';
import { booleanOf, type Row, type Sql } from '../foundation/sql.js';
import { canonicalJson } from './canonical.js';
import type { SeedData } from './seed.js';
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
  type TokenGrant,
} from './store.js';

/**
 * New ids are random (18 digits for a creative, as the public service's; <page>_<15 digits> for a post), not
 * the creation order: a sequential id would tell a tenant how many creatives other tenants made meanwhile.
 */
export const newCreativeId = () => String(120330000000000000n + BigInt(randomInt(1, 2 ** 47)));
export const newPostNumber = () => String(randomInt(10 ** 14, 2 ** 48));

export const isoNow = () => new Date().toISOString().replace(/\.\d+Z$/, '+0000');

export function creativeOf(row: Row): CreativeRecord {
  return { id: row.id, accountId: row.account_id, status: row.status, fields: JSON.parse(row.fields), seq: row.seq };
}

function postOf(row: Row): PostRecord & { seq: number } {
  return {
    id: row.id,
    pageId: row.page_id,
    message: row.message ?? undefined,
    createdTime: row.created_time,
    inlineCreated: booleanOf(row.inline_created),
    published: booleanOf(row.published),
    imageBytes: row.image_bytes,
    sponsorPageIds: JSON.parse(row.sponsor_page_ids),
    sponsorIds: JSON.parse(row.sponsor_ids),
    seq: row.seq,
  };
}

const LIVE = "account_id = ? AND status <> 'DELETED'";
const IDENTICAL = "SELECT id FROM creatives WHERE account_id = ? AND content_key = ? AND status <> 'DELETED'";
const INSERT_POST =
  'INSERT INTO posts (id, page_id, message, created_time, inline_created, published, image_bytes, sponsor_page_ids, sponsor_ids) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';

class IdenticalExists extends Error {}

// LIMIT CAST(? AS INTEGER), not a bare LIMIT ?: with a bound LIMIT each run of the statement took about 20 µs more
// (measured with better-sqlite3's SQLite), whatever the rows.
export class SqlAdCreativeStore implements AdCreativeStore {
  /**
   * `recordOf`: the creative of a row read now (kept-store.ts answers the record it keeps when the row is the
   * same); by default a record parsed from the row.
   */
  constructor(
    private readonly sql: Sql,
    private readonly recordOf: (row: Row) => CreativeRecord = creativeOf,
  ) {}

  async token(token: string): Promise<TokenGrant | undefined> {
    const row = await this.sql.get(
      'SELECT t.token, t.user_id, t.app_id, t.expires_at, a.access FROM tokens t JOIN apps a ON a.id = t.app_id WHERE t.token = ?',
      [token],
    );
    if (!row) return undefined;
    const [adAccounts, pages] = await Promise.all([
      this.sql.column<string>(
        `SELECT account_id FROM token_ad_accounts WHERE token = ? ORDER BY account_id${this.sql.bytewise}`,
        [token],
      ),
      this.sql.column<string>(`SELECT page_id FROM token_pages WHERE token = ? ORDER BY page_id${this.sql.bytewise}`, [
        token,
      ]),
    ]);
    return {
      token: row.token,
      userId: row.user_id,
      appId: row.app_id,
      appAccess: row.access,
      expiresAt: row.expires_at ?? undefined,
      adAccounts,
      pages,
    };
  }

  async adAccount(id: string): Promise<AdAccountRecord | undefined> {
    const row = await this.sql.get('SELECT * FROM ad_accounts WHERE id = ?', [id]);
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      rateLimit: row.rate_calls ? { calls: row.rate_calls, windowSeconds: row.rate_window_seconds } : undefined,
    };
  }

  async imageExists(accountId: string, hash: string): Promise<boolean> {
    return (
      (await this.sql.get('SELECT 1 FROM images WHERE account_id = ? AND hash = ?', [accountId, hash])) !== undefined
    );
  }

  async page(id: string) {
    return this.sql.get<{ id: string; name: string }>('SELECT id, name FROM pages WHERE id = ?', [id]);
  }

  async pageNamed(username: string) {
    return this.sql.get<{ id: string; name: string }>('SELECT id, name FROM pages WHERE lower(username) = lower(?)', [
      username,
    ]);
  }

  async post(id: string): Promise<(PostRecord & { seq: number }) | undefined> {
    const row = await this.sql.get('SELECT * FROM posts WHERE id = ?', [id]);
    return row ? postOf(row) : undefined;
  }

  private async identical(accountId: string, contentKey: string): Promise<string | undefined> {
    return (await this.sql.get<{ id: string }>(IDENTICAL, [accountId, contentKey]))?.id;
  }

  async createCreative(input: CreateCreativeInput): Promise<{ id: string; created: boolean }> {
    const existing = await this.identical(input.accountId, input.contentKey);
    if (existing) return { id: existing, created: false };
    try {
      return await this.sql.transaction(async (tx) => {
        const fields = { ...input.fields };
        if (input.inlinePost) {
          let id = `${input.inlinePost.pageId}_${newPostNumber()}`;
          while (await tx.get('SELECT 1 FROM posts WHERE id = ?', [id]))
            id = `${input.inlinePost.pageId}_${newPostNumber()}`;
          await tx.run(INSERT_POST, [
            id,
            input.inlinePost.pageId,
            input.inlinePost.message ?? null,
            isoNow(),
            tx.bool(true),
            tx.bool(false),
            0,
            '[]',
            '[]',
          ]);
          fields.effective_object_story_id = id;
        }
        let id = newCreativeId();
        while (await tx.get('SELECT 1 FROM creatives WHERE id = ?', [id])) id = newCreativeId();
        // A concurrent identical create (another instance) waits here for the other transaction; if that one
        // commits, nothing is inserted and this transaction (with its inline post) rolls back.
        const inserted = await tx.run(
          `INSERT INTO creatives (id, account_id, status, content_key, fields) VALUES (?, ?, 'ACTIVE', ?, ?)
           ON CONFLICT (account_id, content_key) WHERE status <> 'DELETED' DO NOTHING`,
          [id, input.accountId, input.contentKey, JSON.stringify(fields)],
        );
        if (inserted === 0) throw new IdenticalExists();
        return { id, created: true };
      });
    } catch (error) {
      if (!(error instanceof IdenticalExists)) throw error;
      // Another writer stored the identical creative first: its id is the answer.
      const winner = await this.identical(input.accountId, input.contentKey);
      if (!winner) throw new Error('an identical creative was committed and is gone again');
      return { id: winner, created: false };
    }
  }

  async creative(id: string): Promise<CreativeRecord | undefined> {
    const row = await this.sql.get('SELECT * FROM creatives WHERE id = ?', [id]);
    return row ? this.recordOf(row) : undefined;
  }

  async updateCreative(id: string, changes: CreativeChanges): Promise<void> {
    // The content key stays that of the submitted creative: identity is what was created, not its label.
    try {
      await this.sql.transaction(async (tx) => {
        const row = await tx.get(`SELECT * FROM creatives WHERE id = ?${tx.forUpdate}`, [id]);
        if (!row) return;
        const current = creativeOf(row);
        const fields = { ...current.fields };
        if (changes.name !== undefined) fields.name = changes.name;
        if (changes.adlabels !== undefined) fields.adlabels = changes.adlabels;
        await tx.run('UPDATE creatives SET account_id = ?, status = ?, fields = ? WHERE id = ?', [
          changes.accountId ?? current.accountId,
          changes.status ?? current.status,
          JSON.stringify(fields),
          id,
        ]);
      });
    } catch (error) {
      if (this.sql.isUniqueViolation(error)) throw new IdenticalCreativeError();
      throw error;
    }
  }

  /** The ids of an account's newest live creatives, newest first. */
  newestIds(accountId: string, limit: number): Promise<string[]> {
    return this.sql.column<string>(
      `SELECT id FROM creatives WHERE ${LIVE} ORDER BY seq DESC LIMIT CAST(? AS INTEGER)`,
      [accountId, limit],
    );
  }

  async listCreatives(accountId: string, query: PageQuery, cap: number): Promise<Page<CreativeRecord>> {
    const limit = query.limit;
    if (query.afterSeq === undefined && query.beforeSeq === undefined) {
      // The first page: the newest `limit` within the newest `cap`; one row more says whether more follow (within
      // the cap: a page that reaches the cap has none after it).
      const size = Math.min(limit, cap);
      const rows = await this.sql.all(
        `SELECT * FROM creatives WHERE ${LIVE} ORDER BY seq DESC LIMIT CAST(? AS INTEGER)`,
        [accountId, size + 1],
      );
      const more = rows.length > size && size < cap;
      if (rows.length > size) rows.pop();
      return { items: rows.map((r) => this.recordOf(r)), more, earlier: false };
    }
    // Only the newest `cap` creatives are reachable (ADC-LIST-1: no paging beyond 50,000).
    const floor =
      (
        await this.sql.get<{ seq: number }>(
          `SELECT seq FROM creatives WHERE ${LIVE} ORDER BY seq DESC LIMIT 1 OFFSET ?`,
          [accountId, cap - 1],
        )
      )?.seq ?? 0;
    if (query.afterSeq !== undefined) {
      const rows = await this.sql.all(
        `SELECT * FROM creatives WHERE ${LIVE} AND seq >= ? AND seq < ? ORDER BY seq DESC LIMIT CAST(? AS INTEGER)`,
        [accountId, floor, query.afterSeq, limit + 1],
      );
      const more = rows.length > limit;
      if (more) rows.pop();
      if (rows.length === 0) return { items: [], more: false, earlier: false };
      const earlier =
        (await this.sql.get(`SELECT 1 FROM creatives WHERE ${LIVE} AND seq > ? LIMIT 1`, [accountId, rows[0]!.seq])) !==
        undefined;
      return { items: rows.map((r) => this.recordOf(r)), more, earlier };
    }
    // Before a cursor: read oldest first from it, one row more says whether newer ones precede the page.
    const rows = await this.sql.all(
      `SELECT * FROM creatives WHERE ${LIVE} AND seq >= ? AND seq > ? ORDER BY seq ASC LIMIT CAST(? AS INTEGER)`,
      [accountId, floor, query.beforeSeq, limit + 1],
    );
    const earlier = rows.length > limit;
    if (earlier) rows.pop();
    if (rows.length === 0) return { items: [], more: false, earlier: false };
    rows.reverse();
    const more =
      (await this.sql.get(`SELECT 1 FROM creatives WHERE ${LIVE} AND seq >= ? AND seq < ? LIMIT 1`, [
        accountId,
        floor,
        rows.at(-1)!.seq,
      ])) !== undefined;
    return { items: rows.map((r) => this.recordOf(r)), more, earlier };
  }

  async countCreatives(accountId: string, cap: number): Promise<number> {
    const row = await this.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM creatives WHERE ${LIVE}`, [accountId]);
    return Math.min(cap, row!.n);
  }

  async listPosts(
    pageId: string,
    query: PageQuery & { includeInline: boolean; published?: boolean },
  ): Promise<Page<PostRecord & { seq: number }>> {
    const where = ['page_id = ?'];
    const args: unknown[] = [pageId];
    if (!query.includeInline) {
      where.push('inline_created = ?');
      args.push(this.sql.bool(false));
    }
    if (query.published !== undefined) {
      where.push('published = ?');
      args.push(this.sql.bool(query.published));
    }
    const base = where.join(' AND ');
    let rows: Row[];
    if (query.afterSeq !== undefined)
      rows = await this.sql.all(
        `SELECT * FROM posts WHERE ${base} AND seq < ? ORDER BY seq DESC LIMIT CAST(? AS INTEGER)`,
        [...args, query.afterSeq, query.limit],
      );
    else if (query.beforeSeq !== undefined)
      rows = (
        await this.sql.all(`SELECT * FROM posts WHERE ${base} AND seq > ? ORDER BY seq ASC LIMIT CAST(? AS INTEGER)`, [
          ...args,
          query.beforeSeq,
          query.limit,
        ])
      ).reverse();
    else
      rows = await this.sql.all(`SELECT * FROM posts WHERE ${base} ORDER BY seq DESC LIMIT CAST(? AS INTEGER)`, [
        ...args,
        query.limit,
      ]);
    if (rows.length === 0) return { items: [], more: false, earlier: false };
    const exists = async (op: '<' | '>', seq: number) =>
      (await this.sql.get(`SELECT 1 FROM posts WHERE ${base} AND seq ${op} ? LIMIT 1`, [...args, seq])) !== undefined;
    const [more, earlier] = await Promise.all([exists('<', rows.at(-1)!.seq), exists('>', rows[0]!.seq)]);
    return { items: rows.map(postOf), more, earlier };
  }

  async setting(name: string, create: () => string): Promise<string> {
    // The first instance to ask stores the value; every other one reads that one.
    await this.sql.run('INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', [
      name,
      create(),
    ]);
    return (await this.sql.get<{ value: string }>('SELECT value FROM settings WHERE name = ?', [name]))!.value;
  }

  async isEmpty(): Promise<boolean> {
    return (await this.sql.get('SELECT 1 FROM apps LIMIT 1')) === undefined;
  }

  async replaceCredentials(seed: SeedData): Promise<void> {
    // One transaction: every instance sees the old tokens or the new ones, never none.
    await this.sql.transaction(async (tx) => {
      // Apps, users, accounts and pages a new token names are added; nothing else the seed holds is touched.
      for (const a of seed.apps)
        await tx.run(
          'INSERT INTO apps (id, name, access) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET access = excluded.access',
          [a.id, a.name, a.access],
        );
      for (const u of seed.users)
        await tx.run('INSERT INTO users (id, name) VALUES (?, ?) ON CONFLICT (id) DO NOTHING', [u.id, u.name]);
      for (const a of seed.adAccounts)
        await tx.run(
          'INSERT INTO ad_accounts (id, name, rate_calls, rate_window_seconds) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
          [a.id, a.name, a.rateLimit?.calls ?? null, a.rateLimit?.windowSeconds ?? null],
        );
      for (const p of seed.pages)
        await tx.run(
          'INSERT INTO pages (id, name, username) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET username = excluded.username',
          [p.id, p.name, p.username ?? null],
        );
      await tx.run('DELETE FROM token_pages');
      await tx.run('DELETE FROM token_ad_accounts');
      await tx.run('DELETE FROM tokens');
      await insertTokens(tx, seed);
    });
  }

  async loadSeed(seed: SeedData): Promise<void> {
    await this.sql.transaction(async (tx) => {
      for (const a of seed.apps)
        await tx.run('INSERT INTO apps (id, name, access) VALUES (?, ?, ?)', [a.id, a.name, a.access]);
      for (const u of seed.users) await tx.run('INSERT INTO users (id, name) VALUES (?, ?)', [u.id, u.name]);
      for (const a of seed.adAccounts) {
        await tx.run('INSERT INTO ad_accounts (id, name, rate_calls, rate_window_seconds) VALUES (?, ?, ?, ?)', [
          a.id,
          a.name,
          a.rateLimit?.calls ?? null,
          a.rateLimit?.windowSeconds ?? null,
        ]);
        for (const hash of a.images) await tx.run('INSERT INTO images (account_id, hash) VALUES (?, ?)', [a.id, hash]);
      }
      for (const p of seed.pages)
        await tx.run('INSERT INTO pages (id, name, username) VALUES (?, ?, ?)', [p.id, p.name, p.username ?? null]);
      for (const p of seed.posts)
        await tx.run(INSERT_POST, [
          p.id,
          p.id.split('_')[0],
          p.message ?? null,
          p.createdTime,
          tx.bool(p.inlineCreated),
          tx.bool(p.published),
          p.imageBytes,
          JSON.stringify(p.sponsorPageIds),
          JSON.stringify(p.sponsorIds),
        ]);
      await insertTokens(tx, seed);
      for (const c of seed.creatives) {
        const { name, ...rest } = c.fields;
        await tx.run('INSERT INTO creatives (id, account_id, status, content_key, fields) VALUES (?, ?, ?, ?, ?)', [
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

async function insertTokens(tx: Sql, seed: SeedData): Promise<void> {
  for (const t of seed.tokens) {
    await tx.run('INSERT INTO tokens (token, user_id, app_id, expires_at) VALUES (?, ?, ?, ?)', [
      t.token,
      t.user,
      t.app,
      t.expiresAt ?? null,
    ]);
    for (const a of t.adAccounts)
      await tx.run('INSERT INTO token_ad_accounts (token, account_id) VALUES (?, ?)', [t.token, a]);
    for (const p of t.pages) await tx.run('INSERT INTO token_pages (token, page_id) VALUES (?, ?)', [t.token, p]);
  }
}
