// The `analytics:` section of the seed file (README.md, "Seed file"): who holds which token and scopes,
// channels, content owners, videos, playlists, assets, example groups, and the parameters of the fact
// generator. Parsed and checked here; loaded into the store by index.ts when the database is empty.
import { SCOPE_BASE } from './catalogue.js';

export interface SeedUser {
  id: string;
  /** The channel the user owns. */
  channel: string;
  /** The content owner the user may act for (onBehalfOfContentOwner, ids=contentOwner==...). */
  contentOwner?: string;
  tokens: Array<{ token: string; scopes: string[] }>;
}

export interface SeedVideo {
  id: string;
  channel: string;
  lengthSeconds: number;
  /** Mean views a day (0: the video exists but has no facts). */
  dailyViews: number;
  /** 'self' (default) or 'thirdParty': who uploaded it, for content owner reports. */
  uploaderType?: 'self' | 'thirdParty';
  /** creatorContentType: LIVE_STREAM, SHORTS, STORY or VIDEO_ON_DEMAND (default: SHORTS up to 60 s, else VIDEO_ON_DEMAND). */
  contentType?: 'LIVE_STREAM' | 'SHORTS' | 'STORY' | 'VIDEO_ON_DEMAND';
}

export interface AnalyticsSeed {
  facts: { seed: number; from: string; to: string };
  users: SeedUser[];
  channels: Array<{ id: string; title?: string }>;
  contentOwners: Array<{ name: string; channels: Array<{ id: string; linkedAt: string }> }>;
  videos: SeedVideo[];
  /** Owned videos without facts, many at once (ids `<prefix><n>`, n from 0). */
  bulkVideos: Array<{ prefix: string; count: number; channel: string }>;
  playlists: Array<{ id: string; channel: string; videos: string[] }>;
  assets: Array<{ id: string; contentOwner: string; video: string }>;
  groups: Array<{
    id: string;
    /** `channel:<channel id>` or `contentOwner:<name>`. */
    owner: string;
    title: string;
    itemType: string;
    publishedAt: string;
    items: Array<{ id?: string; resource: string }>;
  }>;
}

const CONTENT_TYPES: readonly string[] = ['LIVE_STREAM', 'SHORTS', 'STORY', 'VIDEO_ON_DEMAND'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SECTION_KEYS = [
  'facts',
  'users',
  'channels',
  'contentOwners',
  'videos',
  'bulkVideos',
  'playlists',
  'assets',
  'groups',
];

function fail(message: string): never {
  throw new Error(`seed analytics: ${message}`);
}

function list<T>(value: unknown, name: string): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) fail(`${name} must be a list`);
  return value as T[];
}

/** A scope as written in the seed: a short name under the service's scope base, or a full URL. */
export function scopeUrl(scope: string): string {
  return scope.includes('://') ? scope : `${SCOPE_BASE}/${scope}`;
}

export function parseSeed(section: unknown): AnalyticsSeed {
  if (section !== undefined && section !== null && (typeof section !== 'object' || Array.isArray(section)))
    fail('the section must be a mapping');
  const s = (section ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(s).filter((k) => !SECTION_KEYS.includes(k));
  if (unknown.length) fail(`unknown key(s) ${unknown.join(', ')}; expected ${SECTION_KEYS.join(', ')}`);
  const facts = (s.facts ?? {}) as Record<string, unknown>;
  const seed: AnalyticsSeed = {
    facts: {
      seed: Number(facts.seed ?? 1),
      from: String(facts.from ?? '2024-01-01'),
      to: String(facts.to ?? '2024-03-31'),
    },
    users: list<SeedUser>(s.users, 'users'),
    channels: list(s.channels, 'channels'),
    contentOwners: list(s.contentOwners, 'contentOwners'),
    videos: list(s.videos, 'videos'),
    bulkVideos: list(s.bulkVideos, 'bulkVideos'),
    playlists: list(s.playlists, 'playlists'),
    assets: list(s.assets, 'assets'),
    groups: list(s.groups, 'groups'),
  };
  if (!DATE.test(seed.facts.from) || !DATE.test(seed.facts.to) || seed.facts.from > seed.facts.to)
    fail('facts.from/to must be dates, from <= to');
  const channels = new Set(seed.channels.map((c) => c.id));
  for (const u of seed.users) {
    if (!u.id || !u.channel) fail('every user needs id and channel');
    if (!channels.has(u.channel)) fail(`user ${u.id}: unknown channel ${u.channel}`);
    for (const t of list<{ token: string; scopes: string[] }>(u.tokens, `users.${u.id}.tokens`)) {
      if (!t.token || !Array.isArray(t.scopes)) fail(`user ${u.id}: every token needs token and scopes`);
    }
  }
  for (const v of seed.videos) {
    if (!channels.has(v.channel)) fail(`video ${v.id}: unknown channel ${v.channel}`);
    if (!(v.lengthSeconds > 0) || !(v.dailyViews >= 0))
      fail(`video ${v.id}: lengthSeconds > 0 and dailyViews >= 0 needed`);
    if (v.contentType !== undefined && !CONTENT_TYPES.includes(v.contentType))
      fail(`video ${v.id}: contentType must be one of ${CONTENT_TYPES.join(', ')}`);
  }
  for (const o of seed.contentOwners) {
    for (const c of o.channels)
      if (!channels.has(c.id) || !DATE.test(c.linkedAt)) fail(`content owner ${o.name}: bad channel link ${c.id}`);
  }
  return seed;
}
