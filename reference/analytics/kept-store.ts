// What the analytics store keeps in memory on SQLite, around the one SQL store (sql-store.ts): the principals by
// token, the groups by id (for lists by ids; all of them while they are few, so an unknown id needs no lookup), and
// the rollups that answer most reports without SQL (rollup-reports.ts). The process owns its SQLite file's reads: another connection's commit (another instance
// on the same --data folder) is seen through SQLite's data_version (foundation/sqlite-change-signal.ts) and drops
// what was kept. On PostgreSQL every instance writes the shared database, so the store reads at every use.
import type BetterSqlite3 from 'better-sqlite3';
import { SqliteChangeSignal } from '../foundation/sqlite-change-signal.js';
import type { SqliteReadPool } from '../foundation/sqlite-read-pool.js';
import { SqliteSql } from '../foundation/sqlite-sql.js';
import { RollupReports } from './rollup-reports.js';
import type { AnalyticsSeed } from './seed.js';
import { SqlAnalyticsStore } from './sql-store.js';
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

/** Groups kept by id at most (all dropped when full). */
const MAX_GROUPS = 10_000;
/**
 * Groups the database may hold for all of them to be read at once, so that an id none of them has is known
 * unknown without a lookup: read again after every write of groups or items, so kept small.
 */
const MAX_ALL_GROUPS = 1_000;

/**
 * The analytics store on a SQLite database: the SQL store, with what it keeps in memory. With `readPool`, a report
 * neither the rollups nor the cache answer is computed on one of its threads, in its tenant's turn (the fact table
 * and what reports join are written by the seed alone, before the pool reads them).
 */
export function sqliteAnalyticsStore(db: BetterSqlite3.Database, readPool?: SqliteReadPool): AnalyticsStore {
  db.pragma('foreign_keys = ON');
  const inner = new SqlAnalyticsStore(
    new SqliteSql(db),
    readPool && ((tenant, sql, params) => readPool.query(tenant, sql, params)),
  );
  return new KeptAnalyticsStore(inner, db);
}

export class KeptAnalyticsStore implements AnalyticsStore {
  /**
   * Principals by token, found ones only (at most the seeded tokens: an unknown token is looked up each time).
   * Users and tokens are written by the seed alone, at a start; another instance on the same file may start with
   * another seed, so the principals are dropped whenever another connection has committed.
   */
  private readonly principals = new Map<string, Principal>();
  private readonly othersWrote: SqliteChangeSignal;

  /**
   * Groups by id as last read (with their item counts), for lists by ids: every group while there are few
   * (groupsHeld), else found ones only. Dropped whenever this store writes a group or an item, and whenever another
   * connection has committed (as the principals are).
   */
  private readonly groups = new Map<string, StoredGroup>();
  /**
   * Whether `groups` holds every group of the database (read at once, MAX_ALL_GROUPS at most), so an id it lacks
   * names none; or that there were too many to read (not tried again before the next drop).
   */
  private groupsHeld: 'held' | 'too many' | undefined = undefined;

  /**
   * The channels of each content owner and the resources' holders as last read: the seed alone writes them (as it
   * writes the principals), so they are dropped whenever another connection has committed. A content-owner report
   * reads the owner's channels once to plan and again for each channel filter it checks.
   */
  private readonly ownerChannelLists = new Map<string, Promise<Array<{ id: string; linkedAt: string }>>>();
  private readonly holders = new Map<string, Promise<boolean>>();

  /** Reports a rollup answers with a small scan: computed from its rows in memory (rollup-reports.ts). */
  private readonly rollups: RollupReports;

  /**
   * Moves at every drop: a read that began before a write and answers after it is not kept (an inner call
   * completes a turn later, when a write may have dropped everything meanwhile).
   */
  private generation = 0;

  constructor(
    private readonly inner: AnalyticsStore,
    db: BetterSqlite3.Database,
  ) {
    this.othersWrote = new SqliteChangeSignal(db);
    this.rollups = new RollupReports({
      count: (table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
      rows: (table) =>
        db.prepare(`SELECT * FROM ${table} ORDER BY channel_id, day`).all() as Array<Record<string, string | number>>,
    });
  }

  async seedIfEmpty(seed: AnalyticsSeed, facts: () => Iterable<Record<string, string | number>>): Promise<void> {
    await this.inner.seedIfEmpty(seed, facts);
    this.rollups.clear();
    this.forget();
  }

  async replaceCredentials(seed: AnalyticsSeed): Promise<void> {
    await this.inner.replaceCredentials(seed);
    this.forget();
  }

  /** Drops what this store keeps from the database when another connection (of any process) has committed. */
  private forgetIfOthersWrote(): void {
    if (this.othersWrote.changed()) this.forget();
  }

  private forget(): void {
    this.generation += 1;
    this.principals.clear();
    this.dropGroups();
    this.ownerChannelLists.clear();
    this.holders.clear();
  }

  /** Runs a write of groups or items: the groups kept are dropped before it and after it. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    this.forgetGroups();
    try {
      return await write();
    } finally {
      this.forgetGroups();
    }
  }

  private forgetGroups(): void {
    this.generation += 1;
    this.dropGroups();
  }

  private dropGroups(): void {
    this.groups.clear();
    this.groupsHeld = undefined;
  }

  /**
   * Reads every group into `groups` (a list naming an unknown id then needs no lookup), unless there are more than
   * MAX_ALL_GROUPS or a drop overtakes the read.
   */
  private async holdAllGroups(): Promise<void> {
    const generation = this.generation;
    const all = await this.inner.allGroups?.(MAX_ALL_GROUPS);
    if (generation !== this.generation) return;
    if (!all) {
      this.groupsHeld = 'too many';
      return;
    }
    this.groups.clear();
    for (const group of all) this.groups.set(group.id, group);
    this.groupsHeld = 'held';
  }

  async principal(token: string): Promise<Principal | undefined> {
    this.forgetIfOthersWrote();
    const known = this.principals.get(token);
    if (known) return known;
    const generation = this.generation;
    const principal = await this.inner.principal(token);
    if (principal && generation === this.generation) this.principals.set(token, principal);
    return principal;
  }

  ownerChannels(contentOwner: string): Promise<Array<{ id: string; linkedAt: string }>> {
    this.forgetIfOthersWrote();
    return this.kept(this.ownerChannelLists, contentOwner, () => this.inner.ownerChannels(contentOwner));
  }

  owns(owner: Owner, kind: ResourceKind, id: string): Promise<boolean> {
    this.forgetIfOthersWrote();
    return this.kept(this.holders, `${owner.kind}\u0000${owner.id}\u0000${kind}\u0000${id}`, () =>
      this.inner.owns(owner, kind, id),
    );
  }

  /**
   * A seed-written read kept by key (at most MAX_GROUPS, all dropped when full); a read that fails, or that a drop
   * overtook, is not kept. Callers only read what it resolves to.
   */
  private kept<T>(map: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
    const known = map.get(key);
    if (known) return known;
    const generation = this.generation;
    const reading = read();
    if (map.size >= MAX_GROUPS) map.clear();
    map.set(key, reading);
    reading.then(
      () => {
        if (generation !== this.generation && map.get(key) === reading) map.delete(key);
      },
      () => {
        if (map.get(key) === reading) map.delete(key);
      },
    );
    return reading;
  }

  async report(plan: ReportPlan): Promise<ReportRows> {
    return this.rollups.answer(plan) ?? this.inner.report(plan);
  }

  createGroup(owner: string, title: string, itemType: string): Promise<StoredGroup> {
    return this.writing(() => this.inner.createGroup(owner, title, itemType));
  }

  group(id: string): Promise<StoredGroup | undefined> {
    return this.inner.group(id);
  }

  async listGroups(owner: string, ids: string[] | undefined, afterSeq: number, limit: number): Promise<StoredGroup[]> {
    if (!ids) return this.inner.listGroups(owner, undefined, afterSeq, limit);
    // One lookup by the unique id each (the names a caller lists are few): about a fifth of the time of one
    // query matching the list, measured.
    this.forgetIfOthersWrote();
    if (this.groupsHeld === undefined) await this.holdAllGroups();
    const found: StoredGroup[] = [];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (ids.indexOf(id) !== i) continue; // named twice: listed once
      let group = this.groups.get(id);
      if (!group && this.groupsHeld !== 'held') {
        const generation = this.generation;
        group = await this.inner.group(id);
        if (group && generation === this.generation) {
          if (this.groups.size >= MAX_GROUPS) this.dropGroups();
          this.groups.set(id, group);
        }
      }
      if (group && group.owner === owner && group.seq > afterSeq) insertBySeq(found, group);
    }
    if (found.length > limit) found.length = limit;
    return found;
  }

  renameGroup(id: string, title: string): Promise<StoredGroup | undefined> {
    return this.writing(() => this.inner.renameGroup(id, title));
  }

  deleteGroup(id: string): Promise<boolean> {
    return this.writing(() => this.inner.deleteGroup(id));
  }

  insertItem(groupId: string, resourceKind: string, resourceId: string, maxItems: number): Promise<InsertItemResult> {
    return this.writing(() => this.inner.insertItem(groupId, resourceKind, resourceId, maxItems));
  }

  items(groupId: string): Promise<StoredItem[]> {
    return this.inner.items(groupId);
  }

  item(id: string): Promise<StoredItem | undefined> {
    return this.inner.item(id);
  }

  deleteItem(id: string): Promise<boolean> {
    return this.writing(() => this.inner.deleteItem(id));
  }
}

/**
 * Puts a group into a list kept in seq order (seqs are unique): the few groups a caller names, ordered as they come
 * without the sort's own work array.
 */
function insertBySeq(list: StoredGroup[], group: StoredGroup): void {
  let at = list.length;
  list.push(group);
  while (at > 0 && list[at - 1]!.seq > group.seq) {
    list[at] = list[at - 1]!;
    at--;
  }
  list[at] = group;
}
