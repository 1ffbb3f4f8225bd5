// Schema of the analytics service on PostgreSQL (--database; foundation/postgres.ts runs them in order under
// the start lock): the tables of migrations.ts as they stand after all of its entries. Text that reports sort
// by compares byte-wise (COLLATE "C"), as SQLite compares it, whatever the database's locale.
import { COUNT_COLUMNS as COUNT_FACTS } from './facts.js';
import { createRollupSql, fillRollupSql, ROLLUPS_OF_MIGRATION, type Rollup } from './rollups.js';

const TEXT_FACTS = [
  'day',
  'channel_id',
  'video_id',
  'playlist_id',
  'asset_id',
  'country',
  'continent',
  'device_type',
  'operating_system',
  'traffic_source',
  'subscribed_status',
  'age_group',
  'gender',
  'uploader_type',
  'sub_continent',
  'province',
  'city',
  'traffic_source_detail',
  'playback_location',
  'playback_location_detail',
  'live_or_on_demand',
  'creator_content_type',
  'sharing_service',
  'ad_type',
  'platform_product',
];

export const POSTGRES_MIGRATIONS: string[] = [
  `
  CREATE TABLE users (id TEXT PRIMARY KEY, channel_id TEXT NOT NULL, content_owner TEXT);
  CREATE TABLE tokens (token TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), scopes TEXT NOT NULL);
  CREATE TABLE channels (id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT '');
  CREATE TABLE owner_channels (
    content_owner TEXT NOT NULL, channel_id TEXT COLLATE "C" NOT NULL, linked_at TEXT NOT NULL,
    PRIMARY KEY (content_owner, channel_id)
  );
  CREATE TABLE resources (
    kind TEXT NOT NULL, id TEXT NOT NULL, channel_id TEXT, content_owner TEXT,
    PRIMARY KEY (kind, id)
  );
  CREATE TABLE facts (
    ${TEXT_FACTS.map((c) => `${c} TEXT COLLATE "C" NOT NULL`).join(',\n    ')},
    ${COUNT_FACTS.map((c) => `${c} BIGINT NOT NULL`).join(',\n    ')}
  );
  CREATE INDEX facts_channel_day ON facts (channel_id, day);
  CREATE INDEX facts_video_day ON facts (video_id, day);
  CREATE TABLE groups (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id TEXT NOT NULL UNIQUE, owner TEXT NOT NULL, title TEXT NOT NULL,
    item_type TEXT NOT NULL, published_at TEXT NOT NULL
  );
  CREATE TABLE group_items (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id TEXT NOT NULL UNIQUE,
    group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    resource_kind TEXT NOT NULL, resource_id TEXT NOT NULL,
    UNIQUE (group_id, resource_id)
  );
  CREATE INDEX group_items_group ON group_items (group_id, seq);
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  -- The points of audience retention reports (elapsedVideoTimeRatio 0.01 .. 1.00), as SQLite's REAL (double).
  CREATE TABLE retention_points (point DOUBLE PRECISION PRIMARY KEY);
  INSERT INTO retention_points (point) SELECT i / 100.0 FROM generate_series(1, 100) AS i;
  `,
  // Rollups of the facts (rollups.ts), filled from the facts already there.
  rollupsSql(ROLLUPS_OF_MIGRATION.first),
  // The device and country rollups, filled from the facts already there.
  rollupsSql(ROLLUPS_OF_MIGRATION.deviceAndCountry),
];

function rollupsSql(rollups: readonly Rollup[]): string {
  return rollups
    .map((r) => [createRollupSql(r, 'postgres'), ...fillRollupSql(r).map((sql) => `${sql};`)].join('\n'))
    .join('\n');
}
