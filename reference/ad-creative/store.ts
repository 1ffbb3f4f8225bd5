// The ad creative service's storage seam: everything the handlers keep or look up goes through this one
// interface, implemented once in SQL (sql-store.ts) for SQLite and PostgreSQL. Methods are asynchronous for
// PostgreSQL's sake, although better-sqlite3 answers synchronously.
import type { SeedData } from './seed.js';

export type CreativeStatus = 'ACTIVE' | 'IN_PROCESS' | 'WITH_ISSUES' | 'DELETED';

/** What a token may do: the app it was issued to, the user, and the ad accounts and pages it was granted. */
/** Shared by every request of its token (the store keeps it): read, never change. */
export interface TokenGrant {
  readonly token: string;
  readonly userId: string;
  readonly appId: string;
  /** live, or development (error 270 for ads requests). */
  readonly appAccess: 'live' | 'development';
  readonly adAccounts: readonly string[];
  readonly pages: readonly string[];
  /** ISO time after which the token is expired (error 190, subcode 463); none: does not expire. */
  readonly expiresAt?: string;
}

export interface RateLimit {
  /** Calls an ad account accepts within one window; the next one is error 80004. */
  calls: number;
  windowSeconds: number;
}

export interface AdAccountRecord {
  id: string;
  name: string;
  /** This account's own call rate, when it differs from the service-wide one (the seed's rateLimit). */
  rateLimit?: RateLimit;
}

export interface PostRecord {
  id: string;
  pageId: string;
  message?: string;
  createdTime: string;
  inlineCreated: boolean;
  published: boolean;
  /** Size of the post's image: over 8 MB it cannot be used as an ad (ADC-IMAGE-2). */
  imageBytes: number;
  /** Partnership posts: pages and photo-app accounts tagged as sponsors (ADC-CREATE-6). */
  sponsorPageIds: string[];
  sponsorIds: string[];
}

export interface CreativeRecord {
  id: string;
  accountId: string;
  status: CreativeStatus;
  /** The creative's stored fields (the AdCreative members, without id/account_id/status). */
  fields: Record<string, unknown>;
  /** Order of creation (list order); internal, never shown (ids and cursors do not reveal it). */
  seq: number;
}

/** A new inline page post (object_story_spec) to store together with its creative. */
export interface NewInlinePost {
  pageId: string;
  message?: string;
}

export interface CreateCreativeInput {
  accountId: string;
  /** Canonical form of the submitted creative: identical submissions have the same key (ADC-CREATE-3). */
  contentKey: string;
  fields: Record<string, unknown>;
  /** Created in the same transaction; its id goes into effective_object_story_id. */
  inlinePost?: NewInlinePost;
}

export interface Page<T> {
  items: T[];
  /** More items follow the last one (a next page exists). */
  more: boolean;
  /** Items precede the first one (a previous page exists). */
  earlier: boolean;
}

export interface PageQuery {
  limit: number;
  /** Items created before this seq (the after cursor). */
  afterSeq?: number;
  /** Items created after this seq (the before cursor). */
  beforeSeq?: number;
}

export interface CreativeChanges {
  accountId?: string;
  name?: string;
  status?: CreativeStatus;
  adlabels?: unknown[];
}

export interface AdCreativeStore {
  /**
   * Makes the seed's tokens the only ones (each with its expiry, accounts and pages): the seed is the source of
   * truth for credentials at every start, so a token removed or expired there stops working.
   */
  replaceCredentials(seed: SeedData): Promise<void>;
  token(token: string): Promise<TokenGrant | undefined>;
  adAccount(id: string): Promise<AdAccountRecord | undefined>;
  /** Whether the hash names an image of the account's image library. */
  imageExists(accountId: string, hash: string): Promise<boolean>;
  page(id: string): Promise<{ id: string; name: string } | undefined>;
  /** The page a username names, in any case (the public service addresses a page by either). */
  pageNamed(username: string): Promise<{ id: string; name: string } | undefined>;
  /** A post, with its order among the page's posts (list cursors). */
  post(id: string): Promise<(PostRecord & { seq: number }) | undefined>;

  /**
   * Stores a creative unless an identical one (same account and content key, not deleted) exists; atomic, so
   * concurrent identical creates store exactly one. Answers the id and whether it was created now.
   */
  createCreative(input: CreateCreativeInput): Promise<{ id: string; created: boolean }>;
  creative(id: string): Promise<CreativeRecord | undefined>;
  /** Throws IdenticalCreativeError when the change would make a second live copy of a creative in one account. */
  updateCreative(id: string, changes: CreativeChanges): Promise<void>;
  /** Non-deleted creatives of an account, newest first, at most `cap` from the newest on. */
  listCreatives(accountId: string, query: PageQuery, cap: number): Promise<Page<CreativeRecord>>;
  countCreatives(accountId: string, cap: number): Promise<number>;
  /** Posts of a page, newest first; inline-created ones only when includeInline. */
  listPosts(
    pageId: string,
    query: PageQuery & { includeInline: boolean; published?: boolean },
  ): Promise<Page<PostRecord & { seq: number }>>;

  /** A value kept across restarts (the signing secret of media URLs). */
  setting(name: string, create: () => string): Promise<string>;
  /** True when nothing was seeded yet (a new database). */
  isEmpty(): Promise<boolean>;
  /** Stores the tenants, credentials and resources of a seed (seed.ts) in one transaction. */
  loadSeed(seed: SeedData): Promise<void>;
}

/** A change would leave two identical live creatives in one ad account. */
export class IdenticalCreativeError extends Error {
  override name = 'IdenticalCreativeError';
}
