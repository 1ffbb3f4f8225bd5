// Schema of the analytics reference store (SQLite); entry i brings the schema to version i + 1.
import { createRollupSql, fillRollupSql, ROLLUPS_OF_MIGRATION, type Rollup } from './rollups.js';

export const MIGRATIONS: string[] = [
  `
  CREATE TABLE users (id TEXT PRIMARY KEY, channel_id TEXT NOT NULL, content_owner TEXT);
  CREATE TABLE tokens (token TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), scopes TEXT NOT NULL);
  CREATE TABLE channels (id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT '');
  CREATE TABLE owner_channels (
    content_owner TEXT NOT NULL, channel_id TEXT NOT NULL, linked_at TEXT NOT NULL,
    PRIMARY KEY (content_owner, channel_id)
  );
  -- Videos, playlists, channels and assets: the resources reports and groups name, with who holds them.
  CREATE TABLE resources (
    kind TEXT NOT NULL, id TEXT NOT NULL, channel_id TEXT, content_owner TEXT,
    PRIMARY KEY (kind, id)
  );
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
  CREATE INDEX facts_channel_day ON facts (channel_id, day);
  CREATE INDEX facts_video_day ON facts (video_id, day);
  CREATE TABLE groups (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, owner TEXT NOT NULL, title TEXT NOT NULL,
    item_type TEXT NOT NULL, published_at TEXT NOT NULL
  );
  CREATE TABLE group_items (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    resource_kind TEXT NOT NULL, resource_id TEXT NOT NULL,
    UNIQUE (group_id, resource_id)
  );
  CREATE INDEX group_items_group ON group_items (group_id, seq);
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
  // Who uploaded each viewed video (content owner reports: uploaderType).
  `ALTER TABLE facts ADD COLUMN uploader_type TEXT NOT NULL DEFAULT 'self';`,
  // The dimensions and metrics of the second version of the fact table (facts.ts: the second generator).
  `
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
  `,
  // The points of audience retention reports (elapsedVideoTimeRatio 0.01 .. 1.00), joined to the facts.
  `
  CREATE TABLE retention_points (point REAL PRIMARY KEY);
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
  INSERT INTO retention_points (point) SELECT i / 100.0 FROM n;
  `,
  // The platform product of each fact row (platform-product.ts; facts.ts: the third generator).
  `ALTER TABLE facts ADD COLUMN platform_product TEXT NOT NULL DEFAULT 'CORE';`,
  // Rollups of the facts (rollups.ts), filled from the facts already there.
  rollupsSql(ROLLUPS_OF_MIGRATION.first),
  // The device and country rollups, filled from the facts already there.
  rollupsSql(ROLLUPS_OF_MIGRATION.deviceAndCountry),
];

function rollupsSql(rollups: readonly Rollup[]): string {
  return rollups
    .map((r) => [createRollupSql(r, 'sqlite'), ...fillRollupSql(r).map((sql) => `${sql};`)].join('\n'))
    .join('\n');
}
