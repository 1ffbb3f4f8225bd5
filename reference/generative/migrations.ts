// Schema of the generative service's database, SQLite and PostgreSQL alike (foundation/sql.ts, migrationsFor):
// entry i brings it to version i + 1 (foundation/database.ts, foundation/postgres.ts). Never edit an entry
// that has shipped: append one.
import { ddlTypes, type Dialect, type Migration } from '../foundation/sql.js';

export const MIGRATIONS: Migration[] = [
  (dialect: Dialect) => {
    const t = ddlTypes(dialect);
    return `
  CREATE TABLE projects (id TEXT PRIMARY KEY, rate_limit_burst INTEGER NOT NULL);
  CREATE TABLE api_keys (key TEXT PRIMARY KEY, project TEXT NOT NULL REFERENCES projects(id));
  CREATE TABLE models (name TEXT PRIMARY KEY, inputs TEXT NOT NULL, top_k ${t.boolean} NOT NULL, default_threshold TEXT NOT NULL);
  CREATE TABLE files (
    seq ${t.serial},
    project TEXT NOT NULL,
    id TEXT NOT NULL,
    display_name TEXT,
    mime_type TEXT NOT NULL,
    size_bytes ${t.bigint} NOT NULL,
    sha256 TEXT NOT NULL,
    create_time ${t.bigint} NOT NULL,
    update_time ${t.bigint} NOT NULL,
    expire_time ${t.bigint} NOT NULL,
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
    declared_size ${t.bigint},
    received ${t.bigint} NOT NULL,
    create_time ${t.bigint} NOT NULL
  );
  CREATE TABLE cached_contents (
    seq ${t.serial},
    project TEXT NOT NULL,
    id TEXT NOT NULL,
    display_name TEXT,
    model TEXT NOT NULL,
    body TEXT NOT NULL,
    tokens INTEGER NOT NULL,
    create_time ${t.bigint} NOT NULL,
    update_time ${t.bigint} NOT NULL,
    expire_time ${t.bigint} NOT NULL,
    UNIQUE (project, id)
  );
  ${
    // The current burst of each project and operation (auth.ts), counted by every instance in the shared
    // database (postgres-bursts.ts); SQLite's are counted in memory.
    dialect === 'postgres'
      ? 'CREATE TABLE bursts (key TEXT PRIMARY KEY, count INTEGER NOT NULL, last BIGINT NOT NULL);'
      : ''
  }
  `;
  },
];
