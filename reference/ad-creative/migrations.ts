// Versioned schema of the ad creative service's database, SQLite and PostgreSQL alike (foundation/sql.ts,
// migrationsFor): entry i brings it to version i + 1 (foundation/database.ts, foundation/postgres.ts).
// Never edit an entry that has shipped: append one.
import { ddlTypes, type Dialect, type Migration } from '../foundation/sql.js';

export const MIGRATIONS: Migration[] = [
  (dialect: Dialect) => {
    const t = ddlTypes(dialect);
    return `
  CREATE TABLE apps (id TEXT PRIMARY KEY, name TEXT NOT NULL, access TEXT NOT NULL CHECK (access IN ('live', 'development')));
  CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT NOT NULL);
  CREATE TABLE ad_accounts (
    id TEXT PRIMARY KEY, name TEXT NOT NULL,
    rate_calls INTEGER, rate_window_seconds INTEGER
  );
  CREATE TABLE images (account_id TEXT NOT NULL REFERENCES ad_accounts(id), hash TEXT NOT NULL, PRIMARY KEY (account_id, hash));
  CREATE TABLE pages (id TEXT PRIMARY KEY, name TEXT NOT NULL);
  CREATE TABLE tokens (
    token TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), app_id TEXT NOT NULL REFERENCES apps(id),
    expires_at TEXT
  );
  CREATE TABLE token_ad_accounts (token TEXT NOT NULL REFERENCES tokens(token), account_id TEXT NOT NULL REFERENCES ad_accounts(id), PRIMARY KEY (token, account_id));
  CREATE TABLE token_pages (token TEXT NOT NULL REFERENCES tokens(token), page_id TEXT NOT NULL REFERENCES pages(id), PRIMARY KEY (token, page_id));
  CREATE TABLE posts (
    seq ${t.serial},
    id TEXT NOT NULL UNIQUE,
    page_id TEXT NOT NULL REFERENCES pages(id),
    message TEXT,
    created_time TEXT NOT NULL,
    inline_created ${t.boolean} NOT NULL,
    published ${t.boolean} NOT NULL,
    image_bytes ${t.bigint} NOT NULL DEFAULT 0,
    sponsor_page_ids TEXT NOT NULL DEFAULT '[]',
    sponsor_ids TEXT NOT NULL DEFAULT '[]'
  );
  CREATE INDEX posts_by_page ON posts(page_id, seq);
  CREATE TABLE creatives (
    seq ${t.serial},
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL REFERENCES ad_accounts(id),
    status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'IN_PROCESS', 'WITH_ISSUES', 'DELETED')),
    content_key TEXT NOT NULL,
    fields TEXT NOT NULL
  );
  CREATE INDEX creatives_by_account ON creatives(account_id, status, seq);
  -- Identical creates store one creative (ADC-CREATE-3): the database itself refuses a second live copy,
  -- whichever instance the creates reach.
  CREATE UNIQUE INDEX creatives_identical ON creatives(account_id, content_key) WHERE status <> 'DELETED';
  CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
  ${
    // The counted calls of each rate-limited key (rate-limit.ts), the time of each in ms: PostgreSQL's
    // (postgres-rate-limiter.ts); SQLite's are counted in a rates file of their own (sqlite-rate-limiter.ts).
    dialect === 'postgres'
      ? `CREATE TABLE rate_calls (key TEXT NOT NULL, at BIGINT NOT NULL);
  CREATE INDEX rate_calls_by_key ON rate_calls(key, at);`
      : ''
  }
  `;
  },
  // A page of an account's live creatives, newest first, and the cap's floor read in index order: with the index
  // above (account, status, seq) every list read sorted all the account's creatives (15 ms a page at 5,000, measured).
  `CREATE INDEX creatives_live_by_account ON creatives(account_id, seq) WHERE status <> 'DELETED';`,
  // A page's username, by which the public service also addresses it (any case): seed pages may carry one.
  `ALTER TABLE pages ADD COLUMN username TEXT;
  CREATE UNIQUE INDEX pages_by_username ON pages(lower(username));`,
];
