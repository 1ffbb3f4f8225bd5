// What the ad creative store keeps in memory on SQLite, around the one SQL store (sql-store.ts): the grants by
// token and the ad accounts (written by the seed alone), and the creatives parsed (records are shared: read,
// never changed). This process's own writes replace or drop what they touch; another connection's commit
// (another instance on the same --data folder) is seen through SQLite's data_version
// (foundation/sqlite-change-signal.ts) and drops everything kept, so a record kept here is the row as the
// database holds it now. An account's newest live creative ids (a first list page's) are kept too, dropped by any
// write to a creative. On PostgreSQL every instance writes the shared database, so the store reads at every use.
import type BetterSqlite3 from 'better-sqlite3';
import type { Row } from '../foundation/sql.js';
import { SqliteChangeSignal } from '../foundation/sqlite-change-signal.js';
import { SqliteSql } from '../foundation/sqlite-sql.js';
import type { SeedData } from './seed.js';
import { creativeOf, SqlAdCreativeStore } from './sql-store.js';
import type {
  AdAccountRecord,
  AdCreativeStore,
  CreateCreativeInput,
  CreativeChanges,
  CreativeRecord,
  Page,
  PageQuery,
  PostRecord,
  TokenGrant,
} from './store.js';

/** Creatives kept parsed in memory by default: about 1 KB each. */
export const KEPT_RECORDS = 10_000;
/** The longest list of an account's newest ids kept (a first page of up to this many), and how many accounts' lists. */
const MAX_KEPT_IDS = 1_000;
const MAX_KEPT_ID_LISTS = 1_000;

export class KeptAdCreativeStore implements AdCreativeStore {
  private readonly inner: SqlAdCreativeStore;
  /**
   * Grants by token, found ones only (at most the seeded tokens). Tokens, their apps, accounts and pages are
   * written by the seed alone, at a start (expiry is checked at each use); another instance on the same file
   * may start with another seed, so the grants are dropped whenever another connection has committed.
   */
  private readonly grants = new Map<string, TokenGrant>();
  /** Ad accounts by id (their rate limits, read at every call), written by the seed alone, like the grants. */
  private readonly accounts = new Map<string, AdAccountRecord>();
  /**
   * Creatives by id as last read, their fields parsed. This store's own writes drop an entry; any other
   * connection's commit drops them all. Bounded, oldest read out first.
   */
  private readonly records = new Map<string, CreativeRecord>();
  /** Parsed fields' text by record: a row read again with the same text keeps its record (and what readers made of it). */
  private readonly fieldsText = new WeakMap<CreativeRecord, string>();
  /**
   * An account's newest live creative ids, newest first, as a query of `limit` found them (all of them when fewer
   * than `limit`): a first list page reads them at every call. Dropped by every write to a creative.
   */
  private readonly newest = new Map<string, { ids: string[]; limit: number }>();
  private readonly othersWrote: SqliteChangeSignal;
  /**
   * Moves at every drop: a read that began before a write and answers after it is not kept (an inner call
   * completes a turn later, when a write may have dropped its entry meanwhile).
   */
  private generation = 0;

  /** `keptRecords`: how many parsed creatives to keep (0: every read parses its row). */
  constructor(
    db: BetterSqlite3.Database,
    private readonly keptRecords = KEPT_RECORDS,
  ) {
    this.othersWrote = new SqliteChangeSignal(db);
    this.inner = new SqlAdCreativeStore(new SqliteSql(db), (row) => this.recordOf(row));
  }

  /** What the seed wrote, kept in memory, is dropped when another connection has committed (another instance's seed). */
  private dropIfOthersWrote(): void {
    if (this.othersWrote.changed()) this.forget();
  }

  private forget(): void {
    this.generation += 1;
    this.grants.clear();
    this.accounts.clear();
    this.records.clear();
    this.newest.clear();
  }

  /** A creative is written: the newest ids kept are dropped, and a read begun before the write keeps nothing. */
  private dropNewest(): void {
    this.generation += 1;
    this.newest.clear();
  }

  /** The account's `limit` newest live creative ids, newest first. */
  private async newestIds(accountId: string, limit: number): Promise<string[]> {
    const kept = this.newest.get(accountId);
    if (kept && (limit <= kept.limit || kept.ids.length < kept.limit)) return kept.ids.slice(0, limit);
    const generation = this.generation;
    const ids = await this.inner.newestIds(accountId, limit);
    if (generation === this.generation && limit <= MAX_KEPT_IDS && this.keptRecords > 0) {
      // Bounded by the accounts listed (an unknown one lists nothing and is kept as such).
      if (this.newest.size >= MAX_KEPT_ID_LISTS) this.newest.clear();
      this.newest.set(accountId, { ids: ids.slice(), limit });
    }
    return ids;
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

  private keep(row: Row): CreativeRecord {
    const record = creativeOf(row);
    if (this.keptRecords === 0) return record;
    this.fieldsText.set(record, row.fields);
    this.records.delete(row.id);
    if (this.records.size >= this.keptRecords) this.records.delete(this.records.keys().next().value!);
    this.records.set(row.id, record);
    return record;
  }

  async token(token: string): Promise<TokenGrant | undefined> {
    this.dropIfOthersWrote();
    const known = this.grants.get(token);
    if (known) return known;
    const generation = this.generation;
    const grant = await this.inner.token(token);
    if (grant && generation === this.generation) this.grants.set(token, grant);
    return grant;
  }

  async adAccount(id: string): Promise<AdAccountRecord | undefined> {
    this.dropIfOthersWrote();
    const known = this.accounts.get(id);
    if (known) return known;
    const generation = this.generation;
    const account = await this.inner.adAccount(id);
    // Only the ids that exist are kept: a stream of unknown ids cannot grow the map.
    if (account && generation === this.generation) this.accounts.set(id, account);
    return account;
  }

  imageExists(accountId: string, hash: string): Promise<boolean> {
    return this.inner.imageExists(accountId, hash);
  }

  page(id: string): Promise<{ id: string; name: string } | undefined> {
    return this.inner.page(id);
  }

  pageNamed(username: string): Promise<{ id: string; name: string } | undefined> {
    return this.inner.pageNamed(username);
  }

  post(id: string): Promise<(PostRecord & { seq: number }) | undefined> {
    return this.inner.post(id);
  }

  async createCreative(input: CreateCreativeInput): Promise<{ id: string; created: boolean }> {
    this.dropNewest();
    try {
      return await this.inner.createCreative(input);
    } finally {
      this.dropNewest();
    }
  }

  async creative(id: string): Promise<CreativeRecord | undefined> {
    this.dropIfOthersWrote();
    return this.records.get(id) ?? this.inner.creative(id);
  }

  async updateCreative(id: string, changes: CreativeChanges): Promise<void> {
    this.records.delete(id);
    this.dropNewest();
    try {
      await this.inner.updateCreative(id, changes);
    } finally {
      // Read again at its next use, whatever the outcome.
      this.records.delete(id);
      this.dropNewest();
    }
  }

  async listCreatives(accountId: string, query: PageQuery, cap: number): Promise<Page<CreativeRecord>> {
    this.dropIfOthersWrote();
    if (query.afterSeq !== undefined || query.beforeSeq !== undefined)
      return this.inner.listCreatives(accountId, query, cap);
    // The first page by ids (no row read): the records come from those kept, read by id when not kept.
    const size = Math.min(query.limit, cap);
    const ids = await this.newestIds(accountId, size + 1);
    const more = ids.length > size && size < cap;
    if (ids.length > size) ids.pop();
    const items: CreativeRecord[] = [];
    for (const id of ids) {
      const record = this.records.get(id) ?? (await this.inner.creative(id));
      if (record) items.push(record);
    }
    return { items, more, earlier: false };
  }

  countCreatives(accountId: string, cap: number): Promise<number> {
    return this.inner.countCreatives(accountId, cap);
  }

  listPosts(
    pageId: string,
    query: PageQuery & { includeInline: boolean; published?: boolean },
  ): Promise<Page<PostRecord & { seq: number }>> {
    return this.inner.listPosts(pageId, query);
  }

  setting(name: string, create: () => string): Promise<string> {
    return this.inner.setting(name, create);
  }

  isEmpty(): Promise<boolean> {
    return this.inner.isEmpty();
  }

  async replaceCredentials(seed: SeedData): Promise<void> {
    await this.inner.replaceCredentials(seed);
    this.forget();
  }

  async loadSeed(seed: SeedData): Promise<void> {
    await this.inner.loadSeed(seed);
    this.forget();
  }
}
