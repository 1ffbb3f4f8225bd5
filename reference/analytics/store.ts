// The analytics service's storage seam: what the handlers need from a store, nothing about SQL. It is
// implemented once in SQL for SQLite and PostgreSQL (sql-store.ts; on SQLite with kept-store.ts's memory), so its
// methods answer promises although better-sqlite3 answers synchronously.
import type { AnalyticsSeed } from './seed.js';

export type ResourceKind = 'video' | 'playlist' | 'channel' | 'asset';

/** Who a token belongs to and what it may do. */
/** Shared by every request of its token (the store keeps it): read, never change. */
export interface Principal {
  readonly userId: string;
  readonly channelId: string;
  readonly contentOwner?: string;
  readonly scopes: ReadonlySet<string>;
}

/** The caller as owner of groups and subject of reports: a channel or a content owner. */
export interface Owner {
  kind: 'channel' | 'contentOwner';
  id: string;
}

export const ownerKey = (o: Owner): string => `${o.kind}:${o.id}`;

export interface StoredGroup {
  seq: number;
  id: string;
  owner: string;
  title: string;
  itemType: string;
  publishedAt: string;
  itemCount: number;
}

export interface StoredItem {
  seq: number;
  id: string;
  groupId: string;
  resourceKind: string;
  resourceId: string;
}

/** Which fact rows a report covers: the channels (each from a date on), plus equality filters on columns. */
export interface ReportPlan {
  from: string;
  to: string;
  /** Channels in scope, each with the first day counted ('' = all its history). */
  channels: Array<{ id: string; since: string }>;
  /**
   * Fact-table column -> allowed values (AND across columns, OR within one), each with the query's filter it
   * comes from (a dimension name, or `group` for a group's items).
   */
  filters: Array<{ dimension: string; column: string; values: string[] }>;
  /** Dimensions: output name and SQL over a fact row (and the table it joins to the facts, if any). */
  dimensions: Array<{ name: string; sql: string; nonEmpty: boolean; join?: string }>;
  /** Metrics: output name, aggregate SQL (may use :rate) and decimals. */
  metrics: Array<{ name: string; sql: string; digits: number }>;
  /**
   * Present when a metric compares with the platform's videos (relativeRetentionPerformance): the filters the
   * compared videos' facts get too (the viewer filters; the days are the report's).
   */
  platformFilters?: Array<{ column: string; values: string[] }>;
  rate: number;
  /** Sort keys over output names. */
  sort: Array<{ name: string; descending: boolean }>;
  offset: number;
  limit?: number;
  /**
   * Who asks (the token's user): a store that queues heavy reports serves tenants in turn, so one tenant's
   * reports never hold up another's. Not part of the answer: equal SQL is one answer whoever asks.
   */
  tenant?: string;
}

/**
 * A report's rows in answer order, shared with other callers (read them, never change them); `json`, when
 * present, is their JSON text (what JSON.stringify of the rows gives), made ahead by the store; `kept`, when true,
 * says the store may answer this same array again for the same report (a cached answer), so what a caller makes
 * from the rows may be kept by them. Rows made for one request are not: keeping anything by them (even weakly)
 * would only carry it through the next young-generation collection.
 */
export type ReportRows = ReadonlyArray<ReadonlyArray<string | number>> & {
  readonly json?: string;
  readonly kept?: true;
};

export type InsertItemResult =
  | { ok: true; item: StoredItem; created: boolean }
  | { ok: false; reason: 'full' | 'no-group' };

export interface AnalyticsStore {
  /** Loads the seed (users, tokens, resources, facts, example groups) unless the store already holds it. */
  seedIfEmpty(seed: AnalyticsSeed, facts: () => Iterable<Record<string, string | number>>): Promise<void>;
  /** Makes the seed's tokens (with their users and scopes) the only ones: the seed is the source of truth at every start. */
  replaceCredentials(seed: AnalyticsSeed): Promise<void>;
  principal(token: string): Promise<Principal | undefined>;
  /** The channels a content owner holds, with the day each was linked. */
  ownerChannels(contentOwner: string): Promise<Array<{ id: string; linkedAt: string }>>;
  /** Whether `owner` uploaded, claimed or manages the resource. */
  owns(owner: Owner, kind: ResourceKind, id: string): Promise<boolean>;
  /** The rows may be shared with other callers (a cached answer): read them, never change them. */
  report(plan: ReportPlan): Promise<ReportRows>;

  createGroup(owner: string, title: string, itemType: string): Promise<StoredGroup>;
  group(id: string): Promise<StoredGroup | undefined>;
  /** The owner's groups in creation order after `afterSeq`, optionally only the given ids; at most `limit`. */
  listGroups(owner: string, ids: string[] | undefined, afterSeq: number, limit: number): Promise<StoredGroup[]>;
  /** Every group, when there are at most `max` (a store that cannot say leaves this out); else undefined. */
  allGroups?(max: number): Promise<StoredGroup[] | undefined>;
  renameGroup(id: string, title: string): Promise<StoredGroup | undefined>;
  /** Deletes the group and its items. */
  deleteGroup(id: string): Promise<boolean>;
  /** Adds an item atomically: the limit is checked and the row written in one transaction. */
  insertItem(groupId: string, resourceKind: string, resourceId: string, maxItems: number): Promise<InsertItemResult>;
  items(groupId: string): Promise<StoredItem[]>;
  item(id: string): Promise<StoredItem | undefined>;
  deleteItem(id: string): Promise<boolean>;
}
