// cachedContents: create (contents, system instruction, tools for one model; ttl or expireTime, an hour by
// default), get, list, update (the expiration only) and delete. Expired entries are gone (NOT_FOUND).
import { randomBytes } from 'node:crypto';
import type { components } from '../../generated/generative/types.js';
import { invalid, notFound } from './errors.js';
import { decodePageToken, encodePageToken, pageSizeOf } from './pagination.js';
import type { CacheRecord, GenerativeStore, ProjectRecord } from './store.js';
import { durationMs, MAX_DURATION_SECONDS, MAX_TIMESTAMP_MS, rfc3339, timestampMs } from './time.js';
import { contentTokens } from './tokens.js';

type Schemas = components['schemas'];
type CachedContent = Schemas['CachedContent'];

export interface CacheDeps {
  store: GenerativeStore;
  clock: () => number;
  /** Fewest tokens a cache may hold. */
  minCacheTokens: number;
  checkContents: (project: ProjectRecord, contents: Schemas['Content'][], modelName: string) => Promise<void>;
}

const DEFAULT_TTL_MS = 3600 * 1000;

export class Caches {
  constructor(private readonly deps: CacheDeps) {}

  body(c: CacheRecord): CachedContent {
    return {
      name: `cachedContents/${c.id}`,
      ...(c.displayName !== undefined ? { displayName: c.displayName } : {}),
      model: c.model,
      createTime: rfc3339(c.createTime),
      updateTime: rfc3339(c.updateTime),
      expireTime: rfc3339(c.expireTime),
      usageMetadata: { totalTokenCount: c.tokens },
    };
  }

  private expiry(body: { ttl?: string; expireTime?: string }, now: number): number | undefined {
    if (body.ttl !== undefined && body.expireTime !== undefined)
      throw invalid('Give either ttl or expire_time, not both.', 'expiration');
    if (body.ttl !== undefined) {
      const ms = durationMs(body.ttl);
      if (ms === undefined || ms <= 0)
        throw invalid(`ttl must be a positive duration of at most ${MAX_DURATION_SECONDS}s, such as "3600s".`, 'ttl');
      if (now + ms > MAX_TIMESTAMP_MS)
        throw invalid('ttl puts the expiration past 9999-12-31T23:59:59Z, the last time a timestamp holds.', 'ttl');
      return now + ms;
    }
    if (body.expireTime !== undefined) {
      const at = timestampMs(body.expireTime);
      if (at === undefined)
        throw invalid('expire_time must be an RFC 3339 time from 0001-01-01 to 9999-12-31.', 'expire_time');
      if (!(at > now)) throw invalid('expire_time must lie in the future.', 'expire_time');
      return at;
    }
    return undefined;
  }

  async create(project: ProjectRecord, body: CachedContent): Promise<CachedContent> {
    if (!body.model) throw invalid('model is required.', 'model');
    const model = await this.deps.store.model(body.model);
    if (!model) throw notFound(`${body.model} is not found for API version v1beta.`);
    if (body.systemInstruction?.parts?.some((p) => typeof p.text !== 'string'))
      throw invalid('system_instruction holds text parts only.', 'system_instruction.parts');
    await this.deps.checkContents(project, body.contents ?? [], body.model);
    const tokens = contentTokens(body.contents) + contentTokens(body.systemInstruction ? [body.systemInstruction] : []);
    if (tokens < Math.max(1, this.deps.minCacheTokens)) {
      throw invalid(
        `Cached content is too small: ${tokens} tokens; the minimum is ${Math.max(1, this.deps.minCacheTokens)}.`,
        'contents',
      );
    }
    const now = this.deps.clock();
    const record: Omit<CacheRecord, 'seq'> = {
      project: project.id,
      id: randomBytes(6).toString('hex'),
      model: model.name,
      tokens,
      createTime: now,
      updateTime: now,
      expireTime: this.expiry(body, now) ?? now + DEFAULT_TTL_MS,
    };
    if (body.displayName !== undefined) record.displayName = body.displayName;
    if (body.systemInstruction) record.systemInstruction = body.systemInstruction;
    if (body.contents) record.contents = body.contents;
    if (body.tools) record.tools = body.tools;
    if (body.toolConfig) record.toolConfig = body.toolConfig;
    return this.body(await this.deps.store.insertCache(record));
  }

  async find(project: ProjectRecord, id: string): Promise<CacheRecord> {
    const cache = await this.deps.store.cache(project.id, id);
    if (!cache || cache.expireTime <= this.deps.clock()) {
      if (cache) await this.deps.store.deleteCache(project.id, id);
      throw notFound(`CachedContent not found (or it expired): cachedContents/${id}`);
    }
    return cache;
  }

  async list(project: ProjectRecord, pageSize: unknown, pageToken: string | undefined) {
    const now = this.deps.clock();
    await this.deps.store.deleteExpiredCaches(now);
    const page = await this.deps.store.caches(
      project.id,
      decodePageToken('cachedContents', pageToken),
      pageSizeOf(pageSize, 100, 1000),
      now,
    );
    return {
      cachedContents: page.items.map((c) => this.body(c)),
      ...(page.nextAfter !== undefined ? { nextPageToken: encodePageToken('cachedContents', page.nextAfter) } : {}),
    };
  }

  /** Only the expiration changes: updateMask names ttl or expireTime (snake_case expire_time too). */
  async update(
    project: ProjectRecord,
    id: string,
    mask: string | undefined,
    body: CachedContent,
  ): Promise<CachedContent> {
    const cache = await this.find(project, id);
    const paths = (mask ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const allowed = ['ttl', 'expireTime', 'expire_time', 'expiration'];
    const bad = paths.filter((p) => !allowed.includes(p));
    if (bad.length)
      throw invalid(`Only the expiration (ttl or expire_time) can be updated, not ${bad.join(', ')}.`, 'update_mask');
    const now = this.deps.clock();
    const expires = this.expiry(
      {
        ...(body.ttl !== undefined ? { ttl: body.ttl } : {}),
        ...(body.expireTime !== undefined ? { expireTime: body.expireTime } : {}),
      },
      now,
    );
    if (expires === undefined) throw invalid('Give the new expiration as ttl or expire_time.', 'ttl');
    await this.deps.store.updateCacheExpiry(project.id, cache.id, expires, now);
    return this.body({ ...cache, expireTime: expires, updateTime: now });
  }

  async remove(project: ProjectRecord, id: string): Promise<void> {
    await this.find(project, id);
    await this.deps.store.deleteCache(project.id, id);
  }
}
