// relativeRetentionPerformance (audience retention reports): how a video holds its audience at each point
// compared with the platform's videos of similar length (public definition: 0 = worse than all of them,
// 0.5 = the median, 1 = better than all). The reference's "platform" is the seeded fact table:
// - the compared videos: every other video of the fact table, of every tenant, with views in the report's
//   date range and in the same length bucket as the video (LENGTH_BUCKETS);
// - each one's audienceWatchRatio at the point over the report's days, with the report's viewer filters
//   (audienceType, subscribedStatus, platform product; the content filters narrow only the video's own side);
// - the value at a point: the share of the compared videos whose ratio is below the video's, ties counted
//   half; 0.5 when no other video is in the bucket.

import { PLATFORM_PRODUCT } from './platform-product.js';

/** Upper bounds (seconds, inclusive) of the length buckets: up to 1 min, 4 min, 20 min, and longer. */
export const LENGTH_BUCKETS: readonly number[] = [60, 240, 1200];

/** The bucket index of a length in seconds (0 .. LENGTH_BUCKETS.length). */
export function lengthBucket(seconds: number): number {
  const i = LENGTH_BUCKETS.findIndex((bound) => seconds <= bound);
  return i === -1 ? LENGTH_BUCKETS.length : i;
}

const bucketSql = (seconds: string): string =>
  `(CASE ${LENGTH_BUCKETS.map((bound, i) => `WHEN ${seconds} <= ${bound} THEN ${i}`).join(' ')} ELSE ${LENGTH_BUCKETS.length} END)`;

/** Filters applied to the compared videos too: who watched, not which content (see above). */
export const VIEWER_FILTERS: readonly string[] = ['audienceType', 'subscribedStatus', PLATFORM_PRODUCT];

/** The table of every video's watch ratio at every point, over the report's days and viewer filters. */
export const PLATFORM_RETENTION = 'platform_retention';

/** The audienceWatchRatio of `table`'s rows at `retention.point` (the same arithmetic on both sides, so equal shares tie). */
const watchRatio = (table: string): string =>
  `(SUM(CASE WHEN ${table}.minutes_watched * 60.0 >= retention.point * ${table}.view_length_seconds THEN ${table}.views ELSE 0 END) * 1.0 / SUM(${table}.views))`;

/** The common table expression behind PLATFORM_RETENTION; `where` holds the days and the viewer filters. */
export function platformRetentionCte(where: string): string {
  return (
    `${PLATFORM_RETENTION} AS MATERIALIZED (SELECT facts.video_id AS video_id, retention.point AS point, ` +
    `MAX(facts.view_length_seconds / facts.views) AS length_seconds, ${watchRatio('facts')} AS watch_ratio ` +
    `FROM facts CROSS JOIN retention_points AS retention WHERE ${where} GROUP BY facts.video_id, retention.point)`
  );
}

const compared = (condition: string): string =>
  `(SELECT COUNT(*) FROM ${PLATFORM_RETENTION} AS p WHERE p.point = retention.point AND p.video_id <> MAX(facts.video_id) ` +
  `AND ${bucketSql('p.length_seconds')} = ${bucketSql('MAX(facts.view_length_seconds / facts.views)')}${condition})`;

/**
 * The metric's SQL in a report grouped by elapsedVideoTimeRatio over one video: the video's own ratio (the
 * report's aggregate) ranked among the compared videos' ratios at the same point. Three counts, since SQLite
 * refuses the report's aggregate inside an aggregate of the subquery.
 */
export const RELATIVE_RETENTION_SQL =
  `COALESCE((${compared(` AND p.watch_ratio < ${watchRatio('facts')}`)} ` +
  `+ 0.5 * ${compared(` AND p.watch_ratio = ${watchRatio('facts')}`)}) * 1.0 / NULLIF(${compared('')}, 0), 0.5)`;
