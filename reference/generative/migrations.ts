// Schema of the generative service's database; entry i brings it to version i + 1 (foundation/database.ts).
export const MIGRATIONS: string[] = [
  `
  CREATE TABLE projects (id TEXT PRIMARY KEY, rate_limit_burst INTEGER NOT NULL);
  CREATE TABLE api_keys (key TEXT PRIMARY KEY, project TEXT NOT NULL REFERENCES projects(id));
  CREATE TABLE models (name TEXT PRIMARY KEY, inputs TEXT NOT NULL, top_k INTEGER NOT NULL, default_threshold TEXT NOT NULL);
  CREATE TABLE files (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    project TEXT NOT NULL,
    id TEXT NOT NULL,
    display_name TEXT,
    mime_type TEXT NOT NULL,
    size_bytes INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    create_time INTEGER NOT NULL,
    update_time INTEGER NOT NULL,
    expire_time INTEGER NOT NULL,
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
    declared_size INTEGER,
    received INTEGER NOT NULL,
    create_time INTEGER NOT NULL
  );
  CREATE TABLE cached_contents (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    project TEXT NOT NULL,
    id TEXT NOT NULL,
    display_name TEXT,
    model TEXT NOT NULL,
    body TEXT NOT NULL,
    tokens INTEGER NOT NULL,
    create_time INTEGER NOT NULL,
    update_time INTEGER NOT NULL,
    expire_time INTEGER NOT NULL,
    UNIQUE (project, id)
  );
  `,
];
