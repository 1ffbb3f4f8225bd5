// Schema of the analytics service's database, SQLite and PostgreSQL alike (foundation/sql.ts, migrationsFor):
// entry i brings it to version i + 1 on a database that takes it. PostgreSQL came after the fifth entry: its first
// entry makes the tables as they stood then, and it takes none of the next four. Text that reports sort by
// compares byte-wise on PostgreSQL too (COLLATE "C"), as SQLite compares it, whatever the database's locale.
// Never edit an entry that has shipped: append one.
import { ddlTypes, type Dialect, type Migration } from '../foundation/sql.js';
import { COUNT_COLUMNS } from './facts.js';
import { createRollupSql, fillRollupSql, ROLLUPS_OF_MIGRATION, type Rollup } from './rollups.js';

/** The text columns of the fact table as PostgreSQL's first entry makes it (SQLite's came over five entries). */
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

/** An entry SQLite takes and PostgreSQL does not (its first entry made the same already). */
const sqliteOnly =
  (sql: string): Migration =>
  (dialect) =>
    dialect === 'sqlite' ? sql : null;

export const MIGRATIONS: Migration[] = [
  (dialect: Dialect) => {
    const t = ddlTypes(dialect);
    const facts =
      dialect === 'sqlite'
        ? `
  -- The one fact table: every report is an aggregate of it.
  CREATE TABLE facts (
    day TEXT NOT NULL, channel_id TEXT NOT NULL, video_id TEXT NOT NULL, playlist_id TEXT NOT NULL, asset_id TEXT NOT NULL,
    country TEXT NOT NULL, continent TEXT NOT NULL, device_type TEXT NOT NULL, operating_system TEXT NOT NULL,
    traffic_source TEXT NOT NULL, subscribed_status TEXT NOT NULL, age_group TEXT NOT NULL, gender TEXT NOT NULL,
    views INTEGER NOT NULL, minutes_watched INTEGER NOT NULL, view_length_seconds INTEGER NOT NULL,
    likes INTEGER NOT NULL, dislikes INTEGER NOT NULL, comments INTEGER NOT NULL, shares INTEGER NOT NULL,
    subscribers_gained INTEGER NOT NULL, subscribers_lost INTEGER NOT NULL,
    videos_added_to_playlists INTEGER NOT NULL, videos_removed_from_playlists INTEGER NOT NULL,
    ad_impressions INTEGER NOT NULL, monetized_playbacks INTEGER NOT NULL,
    gross_revenue_micros INTEGER NOT NULL, ad_revenue_micros INTEGER NOT NULL, red_revenue_micros INTEGER NOT NULL
  );
`
        : `
  CREATE TABLE facts (
    ${TEXT_FACTS.map((c) => `${c} TEXT COLLATE "C" NOT NULL`).join(',\n    ')},
    ${COUNT_COLUMNS.map((c) => `${c} BIGINT NOT NULL`).join(',\n    ')}
  );
`;
    const retention =
      dialect === 'sqlite'
        ? ''
        : `
  -- The points of audience retention reports (elapsedVideoTimeRatio 0.01 .. 1.00), as SQLite's REAL (double).
  CREATE TABLE retention_points (point DOUBLE PRECISION PRIMARY KEY);
  INSERT INTO retention_points (point) SELECT i / 100.0 FROM generate_series(1, 100) AS i;
`;
    return `
  CREATE TABLE users (id TEXT PRIMARY KEY, channel_id TEXT NOT NULL, content_owner TEXT);
  CREATE TABLE tokens (token TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), scopes TEXT NOT NULL);
  CREATE TABLE channels (id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT '');
  CREATE TABLE owner_channels (
    content_owner TEXT NOT NULL, channel_id ${t.bytewiseText} NOT NULL, linked_at TEXT NOT NULL,
    PRIMARY KEY (content_owner, channel_id)
  );
  -- Videos, playlists, channels and assets: the resources reports and groups name, with who holds them.
  CREATE TABLE resources (
    kind TEXT NOT NULL, id TEXT NOT NULL, channel_id TEXT, content_owner TEXT,
    PRIMARY KEY (kind, id)
  );
${facts}  CREATE INDEX facts_channel_day ON facts (channel_id, day);
  CREATE INDEX facts_video_day ON facts (video_id, day);
  CREATE TABLE groups (
    seq ${t.serial}, id TEXT NOT NULL UNIQUE, owner TEXT NOT NULL, title TEXT NOT NULL,
    item_type TEXT NOT NULL, published_at TEXT NOT NULL
  );
  CREATE TABLE group_items (
    seq ${t.serial}, id TEXT NOT NULL UNIQUE,
    group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    resource_kind TEXT NOT NULL, resource_id TEXT NOT NULL,
    UNIQUE (group_id, resource_id)
  );
  CREATE INDEX group_items_group ON group_items (group_id, seq);
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
${retention}`;
  },
  // Who uploaded each viewed video (content owner reports: uploaderType).
  sqliteOnly(`ALTER TABLE facts ADD COLUMN uploader_type TEXT NOT NULL DEFAULT 'self';`),
  // The dimensions and metrics of the second version of the fact table (facts.ts: the second generator).
  sqliteOnly(`
  ALTER TABLE facts ADD COLUMN sub_continent TEXT NOT NULL DEFAULT '';
  ALTER TABLE facts ADD COLUMN province TEXT NOT NULL DEFAULT '';
  ALTER TABLE facts ADD COLUMN city TEXT NOT NULL DEFAULT '';
  ALTER TABLE facts ADD COLUMN traffic_source_detail TEXT NOT NULL DEFAULT '';
  ALTER TABLE facts ADD COLUMN playback_location TEXT NOT NULL DEFAULT '';
  ALTER TABLE facts ADD COLUMN playback_location_detail TEXT NOT NULL DEFAULT '';
  ALTER TABLE facts ADD COLUMN live_or_on_demand TEXT NOT NULL DEFAULT 'ON_DEMAND';
  ALTER TABLE facts ADD COLUMN creator_content_type TEXT NOT NULL DEFAULT 'VIDEO_ON_DEMAND';
  ALTER TABLE facts ADD COLUMN sharing_service TEXT NOT NULL DEFAULT '';
  ALTER TABLE facts ADD COLUMN ad_type TEXT NOT NULL DEFAULT '';
  ALTER TABLE facts ADD COLUMN red_views INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE facts ADD COLUMN red_minutes_watched INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE facts ADD COLUMN card_impressions INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE facts ADD COLUMN card_clicks INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE facts ADD COLUMN card_teaser_impressions INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE facts ADD COLUMN card_teaser_clicks INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE facts ADD COLUMN annotation_impressions INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE facts ADD COLUMN annotation_clickable_impressions INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE facts ADD COLUMN annotation_clicks INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE facts ADD COLUMN annotation_closable_impressions INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE facts ADD COLUMN annotation_closes INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE facts ADD COLUMN playlist_starts INTEGER NOT NULL DEFAULT 0;
  `),
  // The points of audience retention reports (elapsedVideoTimeRatio 0.01 .. 1.00), joined to the facts.
  sqliteOnly(`
  CREATE TABLE retention_points (point REAL PRIMARY KEY);
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
  INSERT INTO retention_points (point) SELECT i / 100.0 FROM n;
  `),
  // The platform product of each fact row (platform-product.ts; facts.ts: the third generator).
  sqliteOnly(`ALTER TABLE facts ADD COLUMN platform_product TEXT NOT NULL DEFAULT 'CORE';`),
  // Rollups of the facts (rollups.ts), filled from the facts already there.
  (dialect) => rollupsSql(ROLLUPS_OF_MIGRATION.first, dialect),
  // The device and country rollups, filled from the facts already there.
  (dialect) => rollupsSql(ROLLUPS_OF_MIGRATION.deviceAndCountry, dialect),
];

function rollupsSql(rollups: readonly Rollup[], dialect: Dialect): string {
  return rollups
    .map((r) => [createRollupSql(r, dialect), ...fillRollupSql(r).map((sql) => `${sql};`)].join('\n'))
    .join('\n');
}
