// The AdCreativeStore on SQLite (better-sqlite3). Writes that must be atomic (an identical create, a
// create with its inline post) run in one IMMEDIATE transaction, and the partial unique index
// creatives_identical (migrations.ts) refuses a second live copy even if two writers raced.
import { randomInt } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import { SqliteChangeSignal } from '../foundation/sqlite-change-signal.js';
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

type Row = Record<string, any>;

/** Creatives kept parsed in memory by default (SqliteAdCreativeStore.records): about 1 KB each. */
export const KEPT_RECORDS = 10_000;

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
    inlineCreated: row.inline_created === 1,
    published: row.published === 1,
    imageBytes: row.image_bytes,
    sponsorPageIds: JSON.parse(row.sponsor_page_ids),
    sponsorIds: JSON.parse(row.sponsor_ids),
    seq: row.seq,
  };
}

/** One page of rows ordered newest first, by seq cursors. */
export function pageOf<T>(
  rows: Row[],
  query: PageQuery,
  more: (lastSeq: number) => boolean,
  earlier: (firstSeq: number) => boolean,
  map: (r: Row) => T,
): Page<T> {
  if (query.beforeSeq !== undefined) rows.reverse();
  if (rows.length === 0) return { items: [], more: false, earlier: false };
  return { items: rows.map(map), more: more(rows.at(-1)!.seq), earlier: earlier(rows[0]!.seq) };
}

// LIMIT CAST(? AS INTEGER), not a bare LIMIT ?: with a bound LIMIT each run of the statement took about 20 µs more
// (measured with better-sqlite3's SQLite), whatever the rows.
export class SqliteAdCreativeStore implements AdCreativeStore {
  private readonly s;
  /**
   * Grants by token, found ones only (at most the seeded tokens). Tokens, their apps, accounts and pages are
   * written by the seed alone, at a start (expiry is checked at each use); another instance on the same file
   * may start with another seed, so the grants are dropped whenever another connection has committed.
   */
  private readonly grants = new Map<string, TokenGrant>();
  /** Ad accounts by id (their rate limits, read at every call), written by the seed alone, like the grants. */
  private readonly accounts = new Map<string, AdAccountRecord | undefined>();
  /**
   * Creatives by id as last read, their fields parsed (records are shared: read, never change). This
   * connection's own writes replace an entry; any other connection's commit drops them all (data_version), so a
   * record kept here is the row as the database holds it now. Bounded, oldest read out first.
   */
  private readonly records = new Map<string, CreativeRecord>();
  private readonly othersWrote: SqliteChangeSignal;

  /** `keptRecords`: how many parsed creatives to keep (0: every read parses its row). */
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly keptRecords = KEPT_RECORDS,
  ) {
    this.othersWrote = new SqliteChangeSignal(db);
    this.s = {
      token: db.prepare(
        'SELECT t.token, t.user_id, t.app_id, t.expires_at, a.access FROM tokens t JOIN apps a ON a.id = t.app_id WHERE t.token = ?',
      ),
      tokenAccounts: db.prepare('SELECT account_id FROM token_ad_accounts WHERE token = ? ORDER BY account_id'),
      tokenPages: db.prepare('SELECT page_id FROM token_pages WHERE token = ? ORDER BY page_id'),
      account: db.prepare('SELECT * FROM ad_accounts WHERE id = ?'),
      image: db.prepare('SELECT 1 FROM images WHERE account_id = ? AND hash = ?'),
      page: db.prepare('SELECT id, name FROM pages WHERE id = ?'),
      post: db.prepare('SELECT * FROM posts WHERE id = ?'),
      creative: db.prepare('SELECT * FROM creatives WHERE id = ?'),
      identical: db.prepare(
        "SELECT id FROM creatives WHERE account_id = ? AND content_key = ? AND status <> 'DELETED'",
      ),
      nextCreativeSeq: db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM creatives'),
      insertCreative: db.prepare(
        'INSERT INTO creatives (seq, id, account_id, status, content_key, fields) VALUES (@seq, @id, @account_id, @status, @content_key, @fields) ' +
          "ON CONFLICT (account_id, content_key) WHERE status <> 'DELETED' DO NOTHING",
      ),
      nextPostSeq: db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM posts'),
      insertPost: db.prepare(
        'INSERT INTO posts (seq, id, page_id, message, created_time, inline_created, published, image_bytes, sponsor_page_ids, sponsor_ids) ' +
          'VALUES (@seq, @id, @page_id, @message, @created_time, @inline_created, @published, @image_bytes, @sponsor_page_ids, @sponsor_ids)',
      ),
      update: db.prepare(
        'UPDATE creatives SET account_id = @account_id, status = @status, fields = @fields WHERE id = @id',
      ),
      // A page of live creatives newest first (one more row than the page: whether more follow), and one oldest first.
      // Ids only (plucked): the records come from those kept in memory, read by id when not kept.
      newest: db
        .prepare(
          "SELECT id FROM creatives WHERE account_id = ? AND status <> 'DELETED' ORDER BY seq DESC LIMIT CAST(? AS INTEGER)",
        )
        .pluck(),
      olderThan: db.prepare(
        "SELECT * FROM creatives WHERE account_id = ? AND status <> 'DELETED' AND seq >= ? AND seq < ? ORDER BY seq DESC LIMIT CAST(? AS INTEGER)",
      ),
      newerThan: db.prepare(
        "SELECT * FROM creatives WHERE account_id = ? AND status <> 'DELETED' AND seq >= ? AND seq > ? ORDER BY seq ASC LIMIT CAST(? AS INTEGER)",
      ),
      anyOlder: db.prepare(
        "SELECT 1 FROM creatives WHERE account_id = ? AND status <> 'DELETED' AND seq >= ? AND seq < ? LIMIT 1",
      ),
      anyNewer: db.prepare("SELECT 1 FROM creatives WHERE account_id = ? AND status <> 'DELETED' AND seq > ? LIMIT 1"),
      capFloor: db.prepare(
        "SELECT seq FROM creatives WHERE account_id = ? AND status <> 'DELETED' ORDER BY seq DESC LIMIT 1 OFFSET ?",
      ),
      count: db.prepare("SELECT COUNT(*) AS n FROM creatives WHERE account_id = ? AND status <> 'DELETED'"),
      setting: db.prepare('SELECT value FROM settings WHERE name = ?'),
      setSetting: db.prepare('INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING'),
      anyApp: db.prepare('SELECT 1 FROM apps LIMIT 1'),
    };
  }

  async token(token: string): Promise<TokenGrant | undefined> {
    this.dropIfOthersWrote();
    const known = this.grants.get(token);
    if (known) return known;
    const row = this.s.token.get(token) as Row | undefined;
    if (!row) return undefined;
    const grant: TokenGrant = {
      token: row.token,
      userId: row.user_id,
      appId: row.app_id,
      appAccess: row.access,
      expiresAt: row.expires_at ?? undefined,
      adAccounts: (this.s.tokenAccounts.all(token) as Row[]).map((r) => r.account_id),
      pages: (this.s.tokenPages.all(token) as Row[]).map((r) => r.page_id),
    };
    this.grants.set(token, grant);
    return grant;
  }

  /** What the seed wrote, kept in memory, is dropped when another connection has committed (another instance's seed). */
  private dropIfOthersWrote(): void {
    if (!this.othersWrote.changed()) return;
    this.forget();
  }

  private forget(): void {
    this.grants.clear();
    this.accounts.clear();
    this.records.clear();
  }

  /** The creative of a row read now: the kept record when it is this row (same status, account and fields). */
  private recordOf(row: Row): CreativeRecord {
    const kept = this.records.get(row.id);
    if (
      kept &&
      kept.status === row.status &&
      kept.accountId === row.account_id &&
      this.fieldsText.get(kept) === row.fields
    )
      return kept;
    return this.keep(row);
  }

  /** Parsed fields' text by record: a row read again with the same text keeps its record (and what readers made of it). */
  private readonly fieldsText = new WeakMap<CreativeRecord, string>();

  private keep(row: Row): CreativeRecord {
    const record = creativeOf(row);
    if (this.keptRecords === 0) return record;
    this.fieldsText.set(record, row.fields);
    this.records.delete(row.id);
    if (this.records.size >= this.keptRecords) this.records.delete(this.records.keys().next().value!);
    this.records.set(row.id, record);
    return record;
  }

  async adAccount(id: string): Promise<AdAccountRecord | undefined> {
    this.dropIfOthersWrote();
    if (this.accounts.has(id)) return this.accounts.get(id);
    const row = this.s.account.get(id) as Row | undefined;
    const account = row && {
      id: row.id as string,
      name: row.name as string,
      rateLimit: row.rate_calls ? { calls: row.rate_calls, windowSeconds: row.rate_window_seconds } : undefined,
    };
    // Only the ids that exist are kept: a stream of unknown ids cannot grow the map.
    if (account) this.accounts.set(id, account);
    return account;
  }

  async imageExists(accountId: string, hash: string): Promise<boolean> {
    return this.s.image.get(accountId, hash) !== undefined;
  }

  async page(id: string) {
    return this.s.page.get(id) as { id: string; name: string } | undefined;
  }

  async post(id: string): Promise<(PostRecord & { seq: number }) | undefined> {
    const row = this.s.post.get(id) as Row | undefined;
    return row ? postOf(row) : undefined;
  }

  private readonly createTx = (input: CreateCreativeInput): { id: string; created: boolean } => {
    const existing = this.s.identical.get(input.accountId, input.contentKey) as Row | undefined;
    if (existing) return { id: existing.id, created: false };
    const fields = { ...input.fields };
    if (input.inlinePost) {
      const seq = (this.s.nextPostSeq.get() as Row).next as number;
      let id = `${input.inlinePost.pageId}_${newPostNumber()}`;
      while (this.s.post.get(id)) id = `${input.inlinePost.pageId}_${newPostNumber()}`;
      this.s.insertPost.run({
        seq,
        id,
        page_id: input.inlinePost.pageId,
        message: input.inlinePost.message ?? null,
        created_time: isoNow(),
        inline_created: 1,
        published: 0,
        image_bytes: 0,
        sponsor_page_ids: '[]',
        sponsor_ids: '[]',
      });
      fields.effective_object_story_id = id;
    }
    const seq = (this.s.nextCreativeSeq.get() as Row).next as number;
    let id = newCreativeId();
    while (this.s.creative.get(id)) id = newCreativeId();
    const result = this.s.insertCreative.run({
      seq,
      id,
      account_id: input.accountId,
      status: 'ACTIVE',
      content_key: input.contentKey,
      fields: JSON.stringify(fields),
    });
    if (result.changes === 0) {
      // Another writer stored the identical creative first (a shared database): answer its id.
      const winner = this.s.identical.get(input.accountId, input.contentKey) as Row;
      throw new IdenticalExists(winner.id);
    }
    return { id, created: true };
  };

  async createCreative(input: CreateCreativeInput): Promise<{ id: string; created: boolean }> {
    try {
      return this.db.transaction(this.createTx).immediate(input);
    } catch (error) {
      // The transaction rolled back (the inline post too); the identical creative is the answer.
      if (error instanceof IdenticalExists) return { id: error.id, created: false };
      throw error;
    }
  }

  async creative(id: string): Promise<CreativeRecord | undefined> {
    this.dropIfOthersWrote();
    return this.records.get(id) ?? this.keepRow(id);
  }

  /** The creative read by id and kept; only creatives that exist are kept (unknown ids cannot grow the map). */
  private keepRow(id: string): CreativeRecord | undefined {
    const row = this.s.creative.get(id) as Row | undefined;
    return row ? this.keep(row) : undefined;
  }

  async updateCreative(id: string, changes: CreativeChanges): Promise<void> {
    // The content key stays that of the submitted creative: identity is what was created, not its label.
    try {
      this.db
        .transaction(() => {
          const row = this.s.creative.get(id) as Row | undefined;
          if (!row) return;
          const current = creativeOf(row);
          const fields = { ...current.fields };
          if (changes.name !== undefined) fields.name = changes.name;
          if (changes.adlabels !== undefined) fields.adlabels = changes.adlabels;
          this.s.update.run({
            id,
            account_id: changes.accountId ?? current.accountId,
            status: changes.status ?? current.status,
            fields: JSON.stringify(fields),
          });
        })
        .immediate();
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new IdenticalCreativeError();
      throw error;
    } finally {
      // Read again at its next use, whatever the outcome.
      this.records.delete(id);
    }
  }

  async listCreatives(accountId: string, query: PageQuery, cap: number): Promise<Page<CreativeRecord>> {
    this.dropIfOthersWrote();
    const limit = query.limit;
    if (query.afterSeq === undefined && query.beforeSeq === undefined) {
      // The first page: the newest `limit` within the newest `cap`; one id more says whether more follow (within
      // the cap: a page that reaches the cap has none after it).
      const size = Math.min(limit, cap);
      const ids = this.s.newest.all(accountId, size + 1) as string[];
      const more = ids.length > size && size < cap;
      if (ids.length > size) ids.pop();
      const items: CreativeRecord[] = [];
      for (const id of ids) {
        const record = this.records.get(id) ?? this.keepRow(id);
        if (record) items.push(record);
      }
      return { items, more, earlier: false };
    }
    // Only the newest `cap` creatives are reachable (ADC-LIST-1: no paging beyond 50,000).
    const floor = ((this.s.capFloor.get(accountId, cap - 1) as Row | undefined)?.seq as number | undefined) ?? 0;
    if (query.afterSeq !== undefined) {
      const rows = this.s.olderThan.all(accountId, floor, query.afterSeq, limit + 1) as Row[];
      const more = rows.length > limit;
      if (more) rows.pop();
      if (rows.length === 0) return { items: [], more: false, earlier: false };
      const earlier = this.s.anyNewer.get(accountId, rows[0]!.seq) !== undefined;
      return { items: rows.map((r) => this.recordOf(r)), more, earlier };
    }
    // Before a cursor: read oldest first from it, one row more says whether newer ones precede the page.
    const rows = this.s.newerThan.all(accountId, floor, query.beforeSeq, limit + 1) as Row[];
    const earlier = rows.length > limit;
    if (earlier) rows.pop();
    if (rows.length === 0) return { items: [], more: false, earlier: false };
    rows.reverse();
    const more = this.s.anyOlder.get(accountId, floor, rows.at(-1)!.seq) !== undefined;
    return { items: rows.map((r) => this.recordOf(r)), more, earlier };
  }

  async countCreatives(accountId: string, cap: number): Promise<number> {
    return Math.min(cap, (this.s.count.get(accountId) as Row).n as number);
  }

  async listPosts(pageId: string, query: PageQuery & { includeInline: boolean; published?: boolean }) {
    const where = ['page_id = ?'];
    const args: unknown[] = [pageId];
    if (!query.includeInline) where.push('inline_created = 0');
    if (query.published !== undefined) {
      where.push('published = ?');
      args.push(query.published ? 1 : 0);
    }
    const base = where.join(' AND ');
    let rows: Row[];
    if (query.afterSeq !== undefined)
      rows = this.db
        .prepare(`SELECT * FROM posts WHERE ${base} AND seq < ? ORDER BY seq DESC LIMIT CAST(? AS INTEGER)`)
        .all(...args, query.afterSeq, query.limit) as Row[];
    else if (query.beforeSeq !== undefined)
      rows = this.db
        .prepare(`SELECT * FROM posts WHERE ${base} AND seq > ? ORDER BY seq ASC LIMIT CAST(? AS INTEGER)`)
        .all(...args, query.beforeSeq, query.limit) as Row[];
    else
      rows = this.db
        .prepare(`SELECT * FROM posts WHERE ${base} ORDER BY seq DESC LIMIT CAST(? AS INTEGER)`)
        .all(...args, query.limit) as Row[];
    const exists = (op: '<' | '>', seq: number) =>
      this.db.prepare(`SELECT 1 FROM posts WHERE ${base} AND seq ${op} ? LIMIT 1`).get(...args, seq) !== undefined;
    return pageOf(
      rows,
      query,
      (last) => exists('<', last),
      (first) => exists('>', first),
      postOf,
    );
  }

  async setting(name: string, create: () => string): Promise<string> {
    this.s.setSetting.run(name, create());
    return (this.s.setting.get(name) as Row).value as string;
  }

  async isEmpty(): Promise<boolean> {
    return this.s.anyApp.get() === undefined;
  }

  async replaceCredentials(seed: SeedData): Promise<void> {
    const db = this.db;
    db.transaction(() => {
      // Apps, users, accounts and pages a new token names are added; nothing else the seed holds is touched.
      const app = db.prepare('INSERT OR IGNORE INTO apps (id, name, access) VALUES (?, ?, ?)');
      for (const a of seed.apps) app.run(a.id, a.name, a.access);
      for (const a of seed.apps) db.prepare('UPDATE apps SET access = ? WHERE id = ?').run(a.access, a.id);
      const user = db.prepare('INSERT OR IGNORE INTO users (id, name) VALUES (?, ?)');
      for (const u of seed.users) user.run(u.id, u.name);
      const account = db.prepare(
        'INSERT OR IGNORE INTO ad_accounts (id, name, rate_calls, rate_window_seconds) VALUES (?, ?, ?, ?)',
      );
      for (const a of seed.adAccounts)
        account.run(a.id, a.name, a.rateLimit?.calls ?? null, a.rateLimit?.windowSeconds ?? null);
      const page = db.prepare('INSERT OR IGNORE INTO pages (id, name) VALUES (?, ?)');
      for (const p of seed.pages) page.run(p.id, p.name);
      db.prepare('DELETE FROM token_pages').run();
      db.prepare('DELETE FROM token_ad_accounts').run();
      db.prepare('DELETE FROM tokens').run();
      this.insertTokens(seed);
    })();
    this.forget();
  }

  private insertTokens(seed: SeedData): void {
    const db = this.db;
    const token = db.prepare('INSERT INTO tokens (token, user_id, app_id, expires_at) VALUES (?, ?, ?, ?)');
    const tokenAccount = db.prepare('INSERT INTO token_ad_accounts (token, account_id) VALUES (?, ?)');
    const tokenPage = db.prepare('INSERT INTO token_pages (token, page_id) VALUES (?, ?)');
    for (const t of seed.tokens) {
      token.run(t.token, t.user, t.app, t.expiresAt ?? null);
      for (const a of t.adAccounts) tokenAccount.run(t.token, a);
      for (const p of t.pages) tokenPage.run(t.token, p);
    }
  }

  async loadSeed(seed: SeedData): Promise<void> {
    const db = this.db;
    db.transaction(() => {
      const app = db.prepare('INSERT INTO apps (id, name, access) VALUES (?, ?, ?)');
      for (const a of seed.apps) app.run(a.id, a.name, a.access);
      const user = db.prepare('INSERT INTO users (id, name) VALUES (?, ?)');
      for (const u of seed.users) user.run(u.id, u.name);
      const account = db.prepare(
        'INSERT INTO ad_accounts (id, name, rate_calls, rate_window_seconds) VALUES (?, ?, ?, ?)',
      );
      const image = db.prepare('INSERT INTO images (account_id, hash) VALUES (?, ?)');
      for (const a of seed.adAccounts) {
        account.run(a.id, a.name, a.rateLimit?.calls ?? null, a.rateLimit?.windowSeconds ?? null);
        for (const hash of a.images) image.run(a.id, hash);
      }
      const page = db.prepare('INSERT INTO pages (id, name) VALUES (?, ?)');
      for (const p of seed.pages) page.run(p.id, p.name);
      for (const p of seed.posts) {
        this.s.insertPost.run({
          seq: (this.s.nextPostSeq.get() as Row).next,
          id: p.id,
          page_id: p.id.split('_')[0],
          message: p.message ?? null,
          created_time: p.createdTime,
          inline_created: p.inlineCreated ? 1 : 0,
          published: p.published ? 1 : 0,
          image_bytes: p.imageBytes,
          sponsor_page_ids: JSON.stringify(p.sponsorPageIds),
          sponsor_ids: JSON.stringify(p.sponsorIds),
        });
      }
      this.insertTokens(seed);
      for (const c of seed.creatives) {
        const seq = (this.s.nextCreativeSeq.get() as Row).next;
        const { name, ...rest } = c.fields;
        db.prepare(
          'INSERT INTO creatives (seq, id, account_id, status, content_key, fields) VALUES (?, ?, ?, ?, ?, ?)',
        ).run(
          seq,
          c.id,
          c.account,
          c.status,
          canonicalJson({ ...rest, ...(name === undefined ? {} : { name }) }),
          JSON.stringify(c.fields),
        );
      }
    }).immediate();
    this.forget();
  }
}

class IdenticalExists extends Error {
  constructor(readonly id: string) {
    super('identical creative exists');
  }
}
