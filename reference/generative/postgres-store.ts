// The GenerativeStore on PostgreSQL (--database): the same rows as sqlite-store.ts in the service's schema of
// the shared database, and the rate-limit bursts (auth.ts) counted there, so every instance sees them.
import type pg from 'pg';
import { transaction } from '../foundation/postgres.js';
import type { BurstCounter } from './auth.js';
import { cacheOf, fileOf, page, type CacheRow, type FileRow } from './sqlite-store.js';
import type {
  CacheRecord,
  FileRecord,
  GenerativeStore,
  ModelRecord,
  Page,
  ProjectRecord,
  UploadSessionRecord,
} from './store.js';

export class PostgresGenerativeStore implements GenerativeStore {
  constructor(private readonly pool: pg.Pool) {}

  private async rows<T>(sql: string, values: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, values)).rows as T[];
  }

  async isEmpty(): Promise<boolean> {
    return (await this.rows('SELECT 1 FROM projects LIMIT 1')).length === 0;
  }

  async putProject(project: ProjectRecord, apiKeys: string[], on: Pick<pg.Pool, 'query'> = this.pool): Promise<void> {
    await on.query(
      `WITH p AS (INSERT INTO projects (id, rate_limit_burst) VALUES ($1, $2)
         ON CONFLICT (id) DO UPDATE SET rate_limit_burst = EXCLUDED.rate_limit_burst RETURNING id)
       INSERT INTO api_keys (key, project) SELECT k, (SELECT id FROM p) FROM unnest($3::text[]) AS k
         ON CONFLICT (key) DO UPDATE SET project = EXCLUDED.project`,
      [project.id, project.rateLimitBurst, apiKeys],
    );
  }

  async replaceApiKeys(projects: Array<{ project: ProjectRecord; apiKeys: string[] }>): Promise<void> {
    // One transaction: every instance sees the old keys or the new ones, never none.
    await transaction(this.pool, async (client) => {
      await client.query('DELETE FROM api_keys');
      for (const { project, apiKeys } of projects) await this.putProject(project, apiKeys, client);
    });
  }

  async projectOfKey(apiKey: string): Promise<ProjectRecord | undefined> {
    const [row] = await this.rows<{ id: string; rate_limit_burst: number }>(
      'SELECT p.id, p.rate_limit_burst FROM api_keys k JOIN projects p ON p.id = k.project WHERE k.key = $1',
      [apiKey],
    );
    return row && { id: row.id, rateLimitBurst: row.rate_limit_burst };
  }

  async putModel(model: ModelRecord): Promise<void> {
    await this.pool.query(
      `INSERT INTO models (name, inputs, top_k, default_threshold) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET inputs = EXCLUDED.inputs, top_k = EXCLUDED.top_k, default_threshold = EXCLUDED.default_threshold`,
      [model.name, JSON.stringify(model.inputs), model.topK, model.defaultThreshold],
    );
  }

  async model(name: string): Promise<ModelRecord | undefined> {
    const [row] = await this.rows<{
      name: string;
      inputs: string;
      top_k: boolean;
      default_threshold: ModelRecord['defaultThreshold'];
    }>('SELECT * FROM models WHERE name = $1', [name]);
    return (
      row && {
        name: row.name,
        inputs: JSON.parse(row.inputs),
        topK: row.top_k,
        defaultThreshold: row.default_threshold,
      }
    );
  }

  async insertFile(file: Omit<FileRecord, 'seq'>): Promise<boolean> {
    const result = await this.pool.query(
      `INSERT INTO files (project, id, display_name, mime_type, size_bytes, sha256, create_time, update_time,
        expire_time, state, error, video_duration, blob) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (project, id) DO NOTHING`,
      [
        file.project,
        file.id,
        file.displayName ?? null,
        file.mimeType,
        file.sizeBytes,
        file.sha256,
        file.createTime,
        file.updateTime,
        file.expireTime,
        file.state,
        file.error ? JSON.stringify(file.error) : null,
        file.videoDuration ?? null,
        file.blob,
      ],
    );
    return result.rowCount === 1;
  }

  async file(project: string, id: string): Promise<FileRecord | undefined> {
    const [row] = await this.rows<FileRow>('SELECT * FROM files WHERE project = $1 AND id = $2', [project, id]);
    return row && fileOf(row);
  }

  async files(project: string | null, afterSeq: number, limit: number): Promise<Page<FileRecord>> {
    const rows =
      project === null
        ? await this.rows<FileRow>('SELECT * FROM files WHERE seq > $1 ORDER BY seq LIMIT $2', [afterSeq, limit + 1])
        : await this.rows<FileRow>('SELECT * FROM files WHERE project = $1 AND seq > $2 ORDER BY seq LIMIT $3', [
            project,
            afterSeq,
            limit + 1,
          ]);
    return page(rows.map(fileOf), limit);
  }

  async filesInState(state: FileRecord['state']): Promise<FileRecord[]> {
    return (await this.rows<FileRow>('SELECT * FROM files WHERE state = $1 ORDER BY seq', [state])).map(fileOf);
  }

  async updateFile(
    project: string,
    id: string,
    change: Partial<Pick<FileRecord, 'state' | 'error' | 'videoDuration' | 'updateTime'>>,
  ): Promise<void> {
    // One statement: a field the change leaves out keeps the value it has when the update runs.
    const has = (name: string) => Object.hasOwn(change, name);
    await this.pool.query(
      `UPDATE files SET
         state = CASE WHEN $3 THEN $4 ELSE state END,
         error = CASE WHEN $5 THEN $6 ELSE error END,
         video_duration = CASE WHEN $7 THEN $8 ELSE video_duration END,
         update_time = CASE WHEN $9 THEN $10::bigint ELSE update_time END
       WHERE project = $1 AND id = $2`,
      [
        project,
        id,
        has('state'),
        change.state ?? null,
        has('error'),
        change.error ? JSON.stringify(change.error) : null,
        has('videoDuration'),
        change.videoDuration ?? null,
        has('updateTime'),
        change.updateTime ?? null,
      ],
    );
  }

  async deleteFile(project: string, id: string): Promise<FileRecord | undefined> {
    const [row] = await this.rows<FileRow>('DELETE FROM files WHERE project = $1 AND id = $2 RETURNING *', [
      project,
      id,
    ]);
    return row && fileOf(row);
  }

  async expiredFiles(now: number): Promise<FileRecord[]> {
    return (await this.rows<FileRow>('SELECT * FROM files WHERE expire_time <= $1', [now])).map(fileOf);
  }

  async insertSession(s: UploadSessionRecord): Promise<void> {
    await this.pool.query(
      `INSERT INTO upload_sessions (id, project, api_key, metadata, mime_type, declared_size, received, create_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        s.id,
        s.project,
        s.apiKey,
        s.metadata ? JSON.stringify(s.metadata) : null,
        s.mimeType,
        s.declaredSize ?? null,
        s.received,
        s.createTime,
      ],
    );
  }

  async session(id: string): Promise<UploadSessionRecord | undefined> {
    const [row] = await this.rows<{
      id: string;
      project: string;
      api_key: string;
      metadata: string | null;
      mime_type: string;
      declared_size: number | null;
      received: number;
      create_time: number;
    }>('SELECT * FROM upload_sessions WHERE id = $1', [id]);
    if (!row) return undefined;
    const session: UploadSessionRecord = {
      id: row.id,
      project: row.project,
      apiKey: row.api_key,
      mimeType: row.mime_type,
      received: row.received,
      createTime: row.create_time,
    };
    if (row.metadata !== null) session.metadata = JSON.parse(row.metadata);
    if (row.declared_size !== null) session.declaredSize = row.declared_size;
    return session;
  }

  async setReceived(id: string, received: number): Promise<void> {
    await this.pool.query('UPDATE upload_sessions SET received = $2 WHERE id = $1', [id, received]);
  }

  async deleteSession(id: string): Promise<void> {
    await this.pool.query('DELETE FROM upload_sessions WHERE id = $1', [id]);
  }

  async sessionsStartedBefore(before: number): Promise<string[]> {
    return (await this.rows<{ id: string }>('SELECT id FROM upload_sessions WHERE create_time < $1', [before])).map(
      (r) => r.id,
    );
  }

  async projectBytes(project: string): Promise<number> {
    const [row] = await this.rows<{ bytes: number }>(
      `SELECT (SELECT COALESCE(SUM(size_bytes), 0) FROM files WHERE project = $1)
            + (SELECT COALESCE(SUM(GREATEST(COALESCE(declared_size, 0), received)), 0) FROM upload_sessions WHERE project = $1) AS bytes`,
      [project],
    );
    return row!.bytes;
  }

  async insertCache(c: Omit<CacheRecord, 'seq'>): Promise<CacheRecord> {
    const body = {
      systemInstruction: c.systemInstruction,
      contents: c.contents,
      tools: c.tools,
      toolConfig: c.toolConfig,
    };
    const [row] = await this.rows<CacheRow>(
      `INSERT INTO cached_contents (project, id, display_name, model, body, tokens, create_time, update_time, expire_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [
        c.project,
        c.id,
        c.displayName ?? null,
        c.model,
        JSON.stringify(body),
        c.tokens,
        c.createTime,
        c.updateTime,
        c.expireTime,
      ],
    );
    return cacheOf(row!);
  }

  async cache(project: string, id: string): Promise<CacheRecord | undefined> {
    const [row] = await this.rows<CacheRow>('SELECT * FROM cached_contents WHERE project = $1 AND id = $2', [
      project,
      id,
    ]);
    return row && cacheOf(row);
  }

  async caches(project: string, afterSeq: number, limit: number, now: number): Promise<Page<CacheRecord>> {
    const rows = await this.rows<CacheRow>(
      'SELECT * FROM cached_contents WHERE project = $1 AND seq > $2 AND expire_time > $3 ORDER BY seq LIMIT $4',
      [project, afterSeq, now, limit + 1],
    );
    return page(rows.map(cacheOf), limit);
  }

  async updateCacheExpiry(project: string, id: string, expireTime: number, updateTime: number): Promise<void> {
    await this.pool.query(
      'UPDATE cached_contents SET expire_time = $3, update_time = $4 WHERE project = $1 AND id = $2',
      [project, id, expireTime, updateTime],
    );
  }

  async deleteCache(project: string, id: string): Promise<boolean> {
    return (
      (await this.pool.query('DELETE FROM cached_contents WHERE project = $1 AND id = $2', [project, id])).rowCount ===
      1
    );
  }

  async deleteExpiredCaches(now: number): Promise<number> {
    return (await this.pool.query('DELETE FROM cached_contents WHERE expire_time <= $1', [now])).rowCount ?? 0;
  }
}

/** The bursts of auth.ts in the shared database: one upsert per call, so concurrent calls count one by one. */
export class PostgresBursts implements BurstCounter {
  constructor(private readonly pool: pg.Pool) {}

  async hit(key: string, now: number, gapMs: number): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>(
      `INSERT INTO bursts AS b (key, count, last) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN $2 - b.last >= $3 THEN 1 ELSE b.count + 1 END,
         last = GREATEST(b.last, $2)
       RETURNING count`,
      [key, now, gapMs],
    );
    return rows[0]!.count;
  }
}
