// The `ad-creative:` section of the seed file (README.md, "Seed file"): tenants (apps, users, tokens with
// their ad accounts and pages), ad accounts with their image libraries, pages, page posts and creatives.
// Parsed and checked here, so a mistake in a seed file is reported by name at start, not as a 500 later.
import type { RateLimit } from './store.js';

export interface SeedData {
  /** Calls per window each ad account accepts unless it sets its own (error 80004 after that). */
  rateLimit: RateLimit;
  apps: Array<{ id: string; name: string; access: 'live' | 'development' }>;
  users: Array<{ id: string; name: string }>;
  adAccounts: Array<{ id: string; name: string; images: string[]; rateLimit?: RateLimit }>;
  pages: Array<{ id: string; name: string; username?: string }>;
  posts: Array<{
    id: string;
    message?: string;
    createdTime: string;
    published: boolean;
    inlineCreated: boolean;
    imageBytes: number;
    sponsorPageIds: string[];
    sponsorIds: string[];
  }>;
  tokens: Array<{
    token: string;
    user: string;
    app: string;
    adAccounts: string[];
    pages: string[];
    expiresAt?: string;
  }>;
  creatives: Array<{
    id: string;
    account: string;
    status: 'ACTIVE' | 'IN_PROCESS' | 'WITH_ISSUES' | 'DELETED';
    fields: Record<string, unknown>;
  }>;
}

export class SeedError extends Error {
  override name = 'SeedError';
}

type Json = Record<string, unknown>;

const DEFAULT_RATE: RateLimit = { calls: 60, windowSeconds: 60 };

function list(section: Json, key: string): Json[] {
  const value = section[key] ?? [];
  if (!Array.isArray(value)) throw new SeedError(`ad-creative.${key} must be a list`);
  return value.map((item, i) => {
    if (!item || typeof item !== 'object') throw new SeedError(`ad-creative.${key}[${i}] must be a mapping`);
    return item as Json;
  });
}

function text(item: Json, key: string, where: string, pattern?: RegExp): string {
  const value = item[key];
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new SeedError(`${where}.${key} is required (a string)`);
  const s = String(value);
  if (pattern && !pattern.test(s)) throw new SeedError(`${where}.${key} "${s}" must match ${pattern}`);
  return s;
}

function strings(item: Json, key: string, where: string): string[] {
  const value = item[key] ?? [];
  if (!Array.isArray(value)) throw new SeedError(`${where}.${key} must be a list`);
  return value.map(String);
}

function rate(value: unknown, where: string): RateLimit | undefined {
  if (value === undefined) return undefined;
  const r = value as Json;
  const calls = Number(r?.calls);
  const windowSeconds = Number(r?.windowSeconds);
  if (!Number.isInteger(calls) || calls < 1 || !(windowSeconds > 0))
    throw new SeedError(`${where} needs calls (integer >= 1) and windowSeconds (> 0)`);
  return { calls, windowSeconds };
}

const DIGITS = /^[0-9]+$/;
const POST_ID = /^[0-9]+_[0-9]+$/;
/** A page username as the spec's PageUsername: letters, digits and periods, not all digits. */
const PAGE_USERNAME = /^[A-Za-z0-9.]*[A-Za-z][A-Za-z0-9.]*$/;

/** Checks and normalises the section; throws SeedError naming the first problem. */
export function parseSeed(raw: unknown): SeedData {
  const section = (raw ?? {}) as Json;
  if (typeof section !== 'object' || Array.isArray(section))
    throw new SeedError('the ad-creative section must be a mapping');
  const apps = list(section, 'apps').map((a, i) => {
    const where = `ad-creative.apps[${i}]`;
    const access = text(a, 'access', where);
    if (access !== 'live' && access !== 'development')
      throw new SeedError(`${where}.access must be live or development`);
    return { id: text(a, 'id', where, DIGITS), name: text(a, 'name', where), access: access as 'live' | 'development' };
  });
  const users = list(section, 'users').map((u, i) => ({
    id: text(u, 'id', `ad-creative.users[${i}]`, DIGITS),
    name: text(u, 'name', `ad-creative.users[${i}]`),
  }));
  const adAccounts = list(section, 'adAccounts').map((a, i) => {
    const where = `ad-creative.adAccounts[${i}]`;
    return {
      id: text(a, 'id', where, DIGITS),
      name: text(a, 'name', where),
      images: strings(a, 'images', where),
      rateLimit: rate(a.rateLimit, `${where}.rateLimit`),
    };
  });
  const pages = list(section, 'pages').map((p, i) => ({
    id: text(p, 'id', `ad-creative.pages[${i}]`, DIGITS),
    name: text(p, 'name', `ad-creative.pages[${i}]`),
    username: p.username === undefined ? undefined : text(p, 'username', `ad-creative.pages[${i}]`, PAGE_USERNAME),
  }));
  const pageIds = new Set(pages.map((p) => p.id));
  const posts = list(section, 'posts').map((p, i) => {
    const where = `ad-creative.posts[${i}]`;
    const id = text(p, 'id', where, POST_ID);
    if (!pageIds.has(id.split('_')[0]!))
      throw new SeedError(`${where}.id ${id}: its page ${id.split('_')[0]} is not in ad-creative.pages`);
    return {
      id,
      message: p.message === undefined ? undefined : String(p.message),
      createdTime: p.createdTime === undefined ? '2024-01-01T00:00:00+0000' : String(p.createdTime),
      published: p.published !== false,
      inlineCreated: p.inlineCreated === true,
      imageBytes: Number(p.imageBytes ?? 0),
      sponsorPageIds: strings(p, 'sponsorPageIds', where),
      sponsorIds: strings(p, 'sponsorIds', where),
    };
  });
  const known = (ids: Set<string>, values: string[], where: string, what: string) => {
    for (const v of values) if (!ids.has(v)) throw new SeedError(`${where}: ${what} ${v} is not declared`);
  };
  const appIds = new Set(apps.map((a) => a.id));
  const userIds = new Set(users.map((u) => u.id));
  const accountIds = new Set(adAccounts.map((a) => a.id));
  const tokens = list(section, 'tokens').map((t, i) => {
    const where = `ad-creative.tokens[${i}]`;
    const token = {
      token: text(t, 'token', where),
      user: text(t, 'user', where),
      app: text(t, 'app', where),
      adAccounts: strings(t, 'adAccounts', where),
      pages: strings(t, 'pages', where),
      expiresAt: t.expiresAt === undefined ? undefined : String(t.expiresAt),
    };
    known(userIds, [token.user], where, 'user');
    known(appIds, [token.app], where, 'app');
    known(accountIds, token.adAccounts, where, 'ad account');
    known(pageIds, token.pages, where, 'page');
    return token;
  });
  const creatives = list(section, 'creatives').map((c, i) => {
    const where = `ad-creative.creatives[${i}]`;
    const account = text(c, 'account', where, DIGITS);
    known(accountIds, [account], where, 'ad account');
    const status = (c.status ?? 'ACTIVE') as SeedData['creatives'][number]['status'];
    if (!['ACTIVE', 'IN_PROCESS', 'WITH_ISSUES', 'DELETED'].includes(status))
      throw new SeedError(`${where}.status ${status} is not a creative status`);
    return { id: text(c, 'id', where, DIGITS), account, status, fields: (c.fields ?? {}) as Record<string, unknown> };
  });
  return {
    rateLimit: rate(section.rateLimit, 'ad-creative.rateLimit') ?? DEFAULT_RATE,
    apps,
    users,
    adAccounts,
    pages,
    posts,
    tokens,
    creatives,
  };
}
