// What reports.query knows: metrics (their column data type, whether they need the monetary scope, how they
// are computed from the fact table's sums) and dimensions (the fact-table column each one reads, the values
// enumerated dimensions take). The combinations each report kind supports are in combinations.ts.

export type DataType = 'STRING' | 'INTEGER' | 'FLOAT' | 'CURRENCY';

export interface MetricDef {
  name: string;
  dataType: DataType;
  /** Estimated revenue and ad performance: the analytics-monetary.readonly scope is needed. */
  monetary: boolean;
  /**
   * SQL over the fact table's columns, aggregated (every ratio from sums, never an average of averages).
   * Money columns are micro-USD; `:rate` is the currency's rate, applied after summing.
   */
  sql: string;
  /** Decimal places of the answer (0 = integer). */
  digits: number;
}

const money = (expr: string): string => `(${expr}) / 1000000.0 * :rate`;
const ratio = (num: string, den: string, scale = 1): string => `CASE WHEN ${den} = 0 THEN 0 ELSE ${scale}.0 * ${num} / ${den} END`;

export const METRICS: readonly MetricDef[] = [
  { name: 'views', dataType: 'INTEGER', monetary: false, sql: 'SUM(views)', digits: 0 },
  { name: 'estimatedMinutesWatched', dataType: 'INTEGER', monetary: false, sql: 'SUM(minutes_watched)', digits: 0 },
  { name: 'averageViewDuration', dataType: 'INTEGER', monetary: false, sql: ratio('SUM(minutes_watched)', 'SUM(views)', 60), digits: 0 },
  { name: 'averageViewPercentage', dataType: 'FLOAT', monetary: false, sql: ratio('SUM(minutes_watched) * 60', 'SUM(view_length_seconds)', 100), digits: 2 },
  { name: 'likes', dataType: 'INTEGER', monetary: false, sql: 'SUM(likes)', digits: 0 },
  { name: 'dislikes', dataType: 'INTEGER', monetary: false, sql: 'SUM(dislikes)', digits: 0 },
  { name: 'comments', dataType: 'INTEGER', monetary: false, sql: 'SUM(comments)', digits: 0 },
  { name: 'shares', dataType: 'INTEGER', monetary: false, sql: 'SUM(shares)', digits: 0 },
  { name: 'subscribersGained', dataType: 'INTEGER', monetary: false, sql: 'SUM(subscribers_gained)', digits: 0 },
  { name: 'subscribersLost', dataType: 'INTEGER', monetary: false, sql: 'SUM(subscribers_lost)', digits: 0 },
  { name: 'videosAddedToPlaylists', dataType: 'INTEGER', monetary: false, sql: 'SUM(videos_added_to_playlists)', digits: 0 },
  { name: 'videosRemovedFromPlaylists', dataType: 'INTEGER', monetary: false, sql: 'SUM(videos_removed_from_playlists)', digits: 0 },
  // Share of the report's views (demographics): each row's views over the views of all rows of the report.
  { name: 'viewerPercentage', dataType: 'FLOAT', monetary: false, sql: 'CASE WHEN SUM(SUM(views)) OVER () = 0 THEN 0 ELSE 100.0 * SUM(views) / SUM(SUM(views)) OVER () END', digits: 2 },
  { name: 'estimatedRevenue', dataType: 'CURRENCY', monetary: true, sql: money('SUM(ad_revenue_micros) + SUM(red_revenue_micros)'), digits: 2 },
  { name: 'estimatedAdRevenue', dataType: 'CURRENCY', monetary: true, sql: money('SUM(ad_revenue_micros)'), digits: 2 },
  { name: 'estimatedRedPartnerRevenue', dataType: 'CURRENCY', monetary: true, sql: money('SUM(red_revenue_micros)'), digits: 2 },
  { name: 'grossRevenue', dataType: 'CURRENCY', monetary: true, sql: money('SUM(gross_revenue_micros)'), digits: 2 },
  { name: 'adImpressions', dataType: 'INTEGER', monetary: true, sql: 'SUM(ad_impressions)', digits: 0 },
  { name: 'monetizedPlaybacks', dataType: 'INTEGER', monetary: true, sql: 'SUM(monetized_playbacks)', digits: 0 },
  { name: 'cpm', dataType: 'CURRENCY', monetary: true, sql: `CASE WHEN SUM(ad_impressions) = 0 THEN 0 ELSE ${money('SUM(gross_revenue_micros)')} * 1000.0 / SUM(ad_impressions) END`, digits: 2 },
  { name: 'playbackBasedCpm', dataType: 'CURRENCY', monetary: true, sql: `CASE WHEN SUM(monetized_playbacks) = 0 THEN 0 ELSE ${money('SUM(gross_revenue_micros)')} * 1000.0 / SUM(monetized_playbacks) END`, digits: 2 },
];

export const METRIC_BY_NAME = new Map(METRICS.map((m) => [m.name, m]));

export interface DimensionDef {
  name: string;
  /** SQL giving the dimension's value from a fact row. */
  sql: string;
  /** Allowed values, for filters (undefined: any value of the right shape). */
  values?: readonly string[];
  /** Filter value shape. */
  pattern?: RegExp;
  /** A dimension that names one of the caller's resources (filters on it must name the caller's own). */
  resource?: 'video' | 'playlist' | 'channel' | 'asset';
  /** Facts without a value ('') have no row of this dimension (views outside playlists, unclaimed videos). */
  presentOnly?: boolean;
}

export const COUNTRIES = ['BR', 'DE', 'FR', 'GB', 'IN', 'IT', 'JP', 'US'] as const;
/** Continent (UN M.49 code) of each seeded country, for the continent filter. */
export const CONTINENT_OF: Record<string, string> = { BR: '019', DE: '150', FR: '150', GB: '150', IN: '142', IT: '150', JP: '142', US: '019' };
export const CONTINENTS = ['002', '009', '019', '142', '150'] as const;
export const DEVICE_TYPES = ['DESKTOP', 'GAME_CONSOLE', 'MOBILE', 'TABLET', 'TV'] as const;
export const OPERATING_SYSTEMS = ['ANDROID', 'IOS', 'LINUX', 'MACINTOSH', 'WINDOWS'] as const;
export const TRAFFIC_SOURCES = ['ADVERTISING', 'EXT_URL', 'NO_LINK_OTHER', 'PLAYLIST', 'RELATED_VIDEO', 'SEARCH', 'SUBSCRIBER'] as const;
export const SUBSCRIBED_STATUSES = ['SUBSCRIBED', 'UNSUBSCRIBED'] as const;
export const AGE_GROUPS = ['age13-17', 'age18-24', 'age25-34', 'age35-44', 'age45-54', 'age55-64', 'age65-'] as const;
export const GENDERS = ['female', 'male', 'user_specified'] as const;

export const DIMENSIONS: readonly DimensionDef[] = [
  { name: 'day', sql: 'day' },
  { name: 'month', sql: 'substr(day, 1, 7)' },
  { name: 'country', sql: 'country', pattern: /^[A-Z]{2}$/ },
  { name: 'continent', sql: 'continent', values: CONTINENTS },
  { name: 'video', sql: 'video_id', resource: 'video', presentOnly: true, pattern: /^[A-Za-z0-9_-]+$/ },
  { name: 'playlist', sql: 'playlist_id', resource: 'playlist', presentOnly: true, pattern: /^[A-Za-z0-9_-]+$/ },
  { name: 'channel', sql: 'channel_id', resource: 'channel', presentOnly: true, pattern: /^[A-Za-z0-9_-]+$/ },
  { name: 'asset', sql: 'asset_id', resource: 'asset', presentOnly: true, pattern: /^[A-Za-z0-9_-]+$/ },
  { name: 'deviceType', sql: 'device_type', values: DEVICE_TYPES },
  { name: 'operatingSystem', sql: 'operating_system', values: OPERATING_SYSTEMS },
  { name: 'insightTrafficSourceType', sql: 'traffic_source', values: TRAFFIC_SOURCES },
  { name: 'subscribedStatus', sql: 'subscribed_status', values: SUBSCRIBED_STATUSES },
  { name: 'ageGroup', sql: 'age_group', values: AGE_GROUPS },
  { name: 'gender', sql: 'gender', values: GENDERS },
  // Content owner reports only (combinations.ts): who uploaded the video, and whether an asset claims it.
  { name: 'uploaderType', sql: 'uploader_type', values: ['self', 'thirdParty'] },
  { name: 'claimedStatus', sql: "CASE WHEN asset_id <> '' THEN 'claimed' ELSE '' END", values: ['claimed'], presentOnly: true },
];

export const DIMENSION_BY_NAME = new Map(DIMENSIONS.map((d) => [d.name, d]));

/**
 * Fixed exchange rates from USD (revenue is stored in micro-USD and converted after summing). A fixed
 * table, so a report is predictable; another ISO code that the service does not price is refused.
 */
export const CURRENCY_RATES: Readonly<Record<string, number>> = {
  USD: 1, EUR: 0.9, GBP: 0.8, JPY: 150, CAD: 1.35, AUD: 1.5, CHF: 0.9, INR: 83, BRL: 5, SEK: 10.5, MXN: 17,
};

export const SCOPE_BASE = 'https://auth.platform.example/scopes';
export const SCOPES = {
  readonly: `${SCOPE_BASE}/analytics.readonly`,
  monetary: `${SCOPE_BASE}/analytics-monetary.readonly`,
  account: `${SCOPE_BASE}/account-management`,
  partner: `${SCOPE_BASE}/partner-management`,
} as const;
/** Every operation accepts any of the service's four scopes (the public method pages list them all). */
export const SERVICE_SCOPES: readonly string[] = Object.values(SCOPES);
