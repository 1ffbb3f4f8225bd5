// Schema of the generative service on PostgreSQL (--database; foundation/postgres.ts runs them in order under
// the start lock). The tables of migrations.ts, plus the rate-limit bursts every instance counts in.
export const POSTGRES_MIGRATIONS: string[] = [
  `
  CREATE TABLE projects (id TEXT PRIMARY KEY, rate_limit_burst INTEGER NOT NULL);
  CREATE TABLE api_keys (key TEXT PRIMARY KEY, project TEXT NOT NULL REFERENCES projects(id));
  CREATE TABLE models (name TEXT PRIMARY KEY, inputs TEXT NOT NULL, top_k BOOLEAN NOT NULL, default_threshold TEXT NOT NULL);
  CREATE TABLE files (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    project TEXT NOT NULL,
    id TEXT NOT NULL,
    display_name TEXT,
    mime_type TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    sha256 TEXT NOT NULL,
    create_time BIGINT NOT NULL,
    update_time BIGINT NOT NULL,
    expire_time BIGINT NOT NULL,
    state TEXT NOT NULL,
    error TEXT,
    video_duration TEXT,
    blob TEXT NOT NULL,
    UNIQUE (project, id)
  );
  CREATE INDEX files_state ON files (state);
  CREATE INDEX files_expiry ON files (expire_time);
  CREATE TABLE upload_sessions (
    id TEXT PRIMARY KEY,
    project TEXT NOT NULL,
    api_key TEXT NOT NULL,
    metadata TEXT,
    mime_type TEXT NOT NULL,
    declared_size BIGINT,
    received BIGINT NOT NULL,
    create_time BIGINT NOT NULL
  );
  CREATE TABLE cached_contents (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    project TEXT NOT NULL,
    id TEXT NOT NULL,
    display_name TEXT,
    model TEXT NOT NULL,
    body TEXT NOT NULL,
    tokens INTEGER NOT NULL,
    create_time BIGINT NOT NULL,
    update_time BIGINT NOT NULL,
    expire_time BIGINT NOT NULL,
    UNIQUE (project, id)
  );
  -- The current burst of each project and operation (auth.ts): calls so far and the time of the last one.
  CREATE TABLE bursts (key TEXT PRIMARY KEY, count INTEGER NOT NULL, last BIGINT NOT NULL);
  `,
];
