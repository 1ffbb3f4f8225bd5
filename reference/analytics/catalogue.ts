// What reports.query knows: metrics (their column data type, whether they need the monetary scope, how they
// are computed from the fact table's sums) and dimensions (the fact-table column each one reads, the values
// enumerated dimensions take). The combinations each report kind supports are in combinations.ts.

import { PLATFORM_PRODUCT, PLATFORM_PRODUCTS } from './platform-product.js';
import { RELATIVE_RETENTION_SQL } from './relative-retention.js';

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
  /** The SQL reads the platform's retention curves (relative-retention.ts), which the store computes first. */
  platformRetention?: boolean;
}

const money = (expr: string): string => `(${expr}) / 1000000.0 * :rate`;
const ratio = (num: string, den: string, scale = 1): string =>
  `CASE WHEN ${den} = 0 THEN 0 ELSE ${scale}.0 * ${num} / ${den} END`;

export const METRICS: readonly MetricDef[] = [
  { name: 'views', dataType: 'INTEGER', monetary: false, sql: 'SUM(views)', digits: 0 },
  { name: 'redViews', dataType: 'INTEGER', monetary: false, sql: 'SUM(red_views)', digits: 0 },
  { name: 'estimatedMinutesWatched', dataType: 'INTEGER', monetary: false, sql: 'SUM(minutes_watched)', digits: 0 },
  {
    name: 'estimatedRedMinutesWatched',
    dataType: 'INTEGER',
    monetary: false,
    sql: 'SUM(red_minutes_watched)',
    digits: 0,
  },
  {
    name: 'averageViewDuration',
    dataType: 'INTEGER',
    monetary: false,
    sql: ratio('SUM(minutes_watched)', 'SUM(views)', 60),
    digits: 0,
  },
  {
    name: 'averageViewPercentage',
    dataType: 'FLOAT',
    monetary: false,
    sql: ratio('SUM(minutes_watched) * 60', 'SUM(view_length_seconds)', 100),
    digits: 2,
  },
  { name: 'likes', dataType: 'INTEGER', monetary: false, sql: 'SUM(likes)', digits: 0 },
  { name: 'dislikes', dataType: 'INTEGER', monetary: false, sql: 'SUM(dislikes)', digits: 0 },
  { name: 'comments', dataType: 'INTEGER', monetary: false, sql: 'SUM(comments)', digits: 0 },
  { name: 'shares', dataType: 'INTEGER', monetary: false, sql: 'SUM(shares)', digits: 0 },
  { name: 'subscribersGained', dataType: 'INTEGER', monetary: false, sql: 'SUM(subscribers_gained)', digits: 0 },
  { name: 'subscribersLost', dataType: 'INTEGER', monetary: false, sql: 'SUM(subscribers_lost)', digits: 0 },
  {
    name: 'videosAddedToPlaylists',
    dataType: 'INTEGER',
    monetary: false,
    sql: 'SUM(videos_added_to_playlists)',
    digits: 0,
  },
  {
    name: 'videosRemovedFromPlaylists',
    dataType: 'INTEGER',
    monetary: false,
    sql: 'SUM(videos_removed_from_playlists)',
    digits: 0,
  },
  // Cards and annotations: counts summed; each rate is the ratio of two sums (a fraction, 0..1).
  { name: 'cardImpressions', dataType: 'INTEGER', monetary: false, sql: 'SUM(card_impressions)', digits: 0 },
  { name: 'cardClicks', dataType: 'INTEGER', monetary: false, sql: 'SUM(card_clicks)', digits: 0 },
  {
    name: 'cardClickRate',
    dataType: 'FLOAT',
    monetary: false,
    sql: ratio('SUM(card_clicks)', 'SUM(card_impressions)'),
    digits: 4,
  },
  {
    name: 'cardTeaserImpressions',
    dataType: 'INTEGER',
    monetary: false,
    sql: 'SUM(card_teaser_impressions)',
    digits: 0,
  },
  { name: 'cardTeaserClicks', dataType: 'INTEGER', monetary: false, sql: 'SUM(card_teaser_clicks)', digits: 0 },
  {
    name: 'cardTeaserClickRate',
    dataType: 'FLOAT',
    monetary: false,
    sql: ratio('SUM(card_teaser_clicks)', 'SUM(card_teaser_impressions)'),
    digits: 4,
  },
  {
    name: 'annotationImpressions',
    dataType: 'INTEGER',
    monetary: false,
    sql: 'SUM(annotation_impressions)',
    digits: 0,
  },
  {
    name: 'annotationClickableImpressions',
    dataType: 'INTEGER',
    monetary: false,
    sql: 'SUM(annotation_clickable_impressions)',
    digits: 0,
  },
  { name: 'annotationClicks', dataType: 'INTEGER', monetary: false, sql: 'SUM(annotation_clicks)', digits: 0 },
  // Clicks over clickable impressions; closes over all impressions (the public metric definitions).
  {
    name: 'annotationClickThroughRate',
    dataType: 'FLOAT',
    monetary: false,
    sql: ratio('SUM(annotation_clicks)', 'SUM(annotation_clickable_impressions)'),
    digits: 4,
  },
  {
    name: 'annotationClosableImpressions',
    dataType: 'INTEGER',
    monetary: false,
    sql: 'SUM(annotation_closable_impressions)',
    digits: 0,
  },
  { name: 'annotationCloses', dataType: 'INTEGER', monetary: false, sql: 'SUM(annotation_closes)', digits: 0 },
  {
    name: 'annotationCloseRate',
    dataType: 'FLOAT',
    monetary: false,
    sql: ratio('SUM(annotation_closes)', 'SUM(annotation_impressions)'),
    digits: 4,
  },
  // Playlist reports (views in a playlist): starts summed; views and minutes per start from the sums.
  { name: 'playlistStarts', dataType: 'INTEGER', monetary: false, sql: 'SUM(playlist_starts)', digits: 0 },
  {
    name: 'viewsPerPlaylistStart',
    dataType: 'FLOAT',
    monetary: false,
    sql: ratio('SUM(views)', 'SUM(playlist_starts)'),
    digits: 2,
  },
  {
    name: 'averageTimeInPlaylist',
    dataType: 'FLOAT',
    monetary: false,
    sql: ratio('SUM(minutes_watched)', 'SUM(playlist_starts)'),
    digits: 2,
  },
  // Audience retention (with elapsedVideoTimeRatio): the share of the views still watching at the point. A fact
  // row's viewers are taken to watch from the start to the row's watched fraction, minutes x 60 / (views x length).
  {
    name: 'audienceWatchRatio',
    dataType: 'FLOAT',
    monetary: false,
    sql: ratio(
      'SUM(CASE WHEN minutes_watched * 60.0 >= retention.point * view_length_seconds THEN views ELSE 0 END)',
      'SUM(views)',
    ),
    digits: 4,
  },
  // Compared with the platform's videos of similar length at the same point (relative-retention.ts): 0 .. 1.
  {
    name: 'relativeRetentionPerformance',
    dataType: 'FLOAT',
    monetary: false,
    sql: RELATIVE_RETENTION_SQL,
    digits: 4,
    platformRetention: true,
  },
  // Share of the report's views (demographics): each row's views over the views of all rows of the report.
  {
    name: 'viewerPercentage',
    dataType: 'FLOAT',
    monetary: false,
    sql: 'CASE WHEN SUM(SUM(views)) OVER () = 0 THEN 0 ELSE 100.0 * SUM(views) / SUM(SUM(views)) OVER () END',
    digits: 2,
  },
  {
    name: 'estimatedRevenue',
    dataType: 'CURRENCY',
    monetary: true,
    sql: money('SUM(ad_revenue_micros) + SUM(red_revenue_micros)'),
    digits: 2,
  },
  { name: 'estimatedAdRevenue', dataType: 'CURRENCY', monetary: true, sql: money('SUM(ad_revenue_micros)'), digits: 2 },
  {
    name: 'estimatedRedPartnerRevenue',
    dataType: 'CURRENCY',
    monetary: true,
    sql: money('SUM(red_revenue_micros)'),
    digits: 2,
  },
  { name: 'grossRevenue', dataType: 'CURRENCY', monetary: true, sql: money('SUM(gross_revenue_micros)'), digits: 2 },
  { name: 'adImpressions', dataType: 'INTEGER', monetary: true, sql: 'SUM(ad_impressions)', digits: 0 },
  { name: 'monetizedPlaybacks', dataType: 'INTEGER', monetary: true, sql: 'SUM(monetized_playbacks)', digits: 0 },
  {
    name: 'cpm',
    dataType: 'CURRENCY',
    monetary: true,
    sql: `CASE WHEN SUM(ad_impressions) = 0 THEN 0 ELSE ${money('SUM(gross_revenue_micros)')} * 1000.0 / SUM(ad_impressions) END`,
    digits: 2,
  },
  {
    name: 'playbackBasedCpm',
    dataType: 'CURRENCY',
    monetary: true,
    sql: `CASE WHEN SUM(monetized_playbacks) = 0 THEN 0 ELSE ${money('SUM(gross_revenue_micros)')} * 1000.0 / SUM(monetized_playbacks) END`,
    digits: 2,
  },
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
  /** The column's data type (STRING unless said). */
  dataType?: DataType;
  /** A table joined to the facts that the dimension reads (audience retention: the points of a video). */
  join?: string;
}

export const COUNTRIES = ['BR', 'DE', 'FR', 'GB', 'IN', 'IT', 'JP', 'US'] as const;
/** Continent and sub-continent (UN M.49 codes) of each seeded country, for the continent and subContinent filters. */
export const CONTINENT_OF: Record<string, string> = {
  BR: '019',
  DE: '150',
  FR: '150',
  GB: '150',
  IN: '142',
  IT: '150',
  JP: '142',
  US: '019',
};
export const SUB_CONTINENT_OF: Record<string, string> = {
  BR: '005',
  DE: '155',
  FR: '155',
  GB: '154',
  IN: '034',
  IT: '039',
  JP: '030',
  US: '021',
};
export const CONTINENTS = ['002', '009', '019', '142', '150'] as const;
export const SUB_CONTINENTS = [
  '005',
  '011',
  '013',
  '014',
  '015',
  '017',
  '018',
  '021',
  '029',
  '030',
  '034',
  '035',
  '039',
  '053',
  '054',
  '057',
  '061',
  '143',
  '145',
  '151',
  '154',
  '155',
] as const;
/**
 * The cities views come from, by country, each US city with its state (ISO 3166-2): the city and province
 * dimensions. Province is the state of a US view and empty elsewhere (the public province dimension covers
 * US states and DC only).
 */
export const CITIES: Record<(typeof COUNTRIES)[number], ReadonlyArray<{ city: string; province?: string }>> = {
  BR: [{ city: 'Rio de Janeiro' }, { city: 'Sao Paulo' }],
  DE: [{ city: 'Berlin' }, { city: 'Hamburg' }, { city: 'Munich' }],
  FR: [{ city: 'Lyon' }, { city: 'Paris' }],
  GB: [{ city: 'London' }, { city: 'Manchester' }],
  IN: [{ city: 'Bengaluru' }, { city: 'Delhi' }, { city: 'Mumbai' }],
  IT: [{ city: 'Milan' }, { city: 'Rome' }],
  JP: [{ city: 'Osaka' }, { city: 'Tokyo' }],
  US: [
    { city: 'Chicago', province: 'US-IL' },
    { city: 'Houston', province: 'US-TX' },
    { city: 'Los Angeles', province: 'US-CA' },
    { city: 'Miami', province: 'US-FL' },
    { city: 'New York', province: 'US-NY' },
    { city: 'San Francisco', province: 'US-CA' },
    { city: 'Seattle', province: 'US-WA' },
  ],
};
export const DEVICE_TYPES = ['DESKTOP', 'GAME_CONSOLE', 'MOBILE', 'TABLET', 'TV'] as const;
/** Filter values of deviceType (the public list; the facts use DEVICE_TYPES). */
const DEVICE_TYPE_VALUES = [...DEVICE_TYPES, 'UNKNOWN_PLATFORM'];
export const OPERATING_SYSTEMS = ['ANDROID', 'IOS', 'LINUX', 'MACINTOSH', 'WINDOWS'] as const;
/** Traffic sources the facts hold (public insightTrafficSourceType values). */
export const TRAFFIC_SOURCES = [
  'ADVERTISING',
  'END_SCREEN',
  'EXT_URL',
  'NO_LINK_OTHER',
  'NOTIFICATION',
  'PLAYLIST',
  'RELATED_VIDEO',
  'SUBSCRIBER',
  'YT_CHANNEL',
  'YT_SEARCH',
] as const;
/** Every public insightTrafficSourceType value (filters). */
const TRAFFIC_SOURCE_VALUES = [
  'ADVERTISING',
  'ANNOTATION',
  'CAMPAIGN_CARD',
  'END_SCREEN',
  'EXT_URL',
  'NO_LINK_EMBEDDED',
  'NO_LINK_OTHER',
  'NOTIFICATION',
  'PLAYLIST',
  'PROMOTED',
  'RELATED_VIDEO',
  'SHORTS',
  'SUBSCRIBER',
  'YT_CHANNEL',
  'YT_OTHER_PAGE',
  'YT_PLAYLIST_PAGE',
  'YT_SEARCH',
];
/** The traffic source types that have a detail report (insightTrafficSourceDetail needs one of them as a filter). */
export const DETAILED_TRAFFIC_SOURCES = [
  'ADVERTISING',
  'CAMPAIGN_CARD',
  'END_SCREEN',
  'EXT_URL',
  'NOTIFICATION',
  'RELATED_VIDEO',
  'SUBSCRIBER',
  'YT_CHANNEL',
  'YT_OTHER_PAGE',
  'YT_SEARCH',
];
/** Details the facts hold: the referring site (EXT_URL) and the search term (YT_SEARCH); RELATED_VIDEO names a video of the channel. */
export const EXTERNAL_SITES = ['blog.example', 'forum.example', 'news.example'] as const;
export const SEARCH_TERMS = ['beginner tutorial', 'how to start', 'travel diary'] as const;
export const PLAYBACK_LOCATIONS = [
  'BROWSE',
  'CHANNEL',
  'EMBEDDED',
  'EXTERNAL_APP',
  'MOBILE',
  'SEARCH',
  'WATCH',
  'YT_OTHER',
] as const;
/** Sites embedding the videos: insightPlaybackLocationDetail of EMBEDDED views. */
export const EMBEDDING_SITES = ['blog.example', 'news.example', 'shop.example'] as const;
export const SUBSCRIBED_STATUSES = ['SUBSCRIBED', 'UNSUBSCRIBED'] as const;
export const LIVE_OR_ON_DEMAND = ['LIVE', 'ON_DEMAND'] as const;
export const CREATOR_CONTENT_TYPES = ['LIVE_STREAM', 'SHORTS', 'STORY', 'VIDEO_ON_DEMAND'] as const;
export const AGE_GROUPS = ['age13-17', 'age18-24', 'age25-34', 'age35-44', 'age45-54', 'age55-64', 'age65-'] as const;
export const GENDERS = ['female', 'male', 'user_specified'] as const;
/** Services shares went to (public sharingService values without operator brand names). */
export const SHARING_SERVICES = [
  'COPY_PASTE',
  'EMBED',
  'LINKEDIN',
  'MAIL',
  'OTHER',
  'REDDIT',
  'TELEGRAM',
  'TEXT_MESSAGE',
] as const;
/** Ad types of the ad performance report (public adType values). */
export const AD_TYPES = [
  'auctionBumperInstream',
  'auctionDisplay',
  'auctionInstream',
  'reservedInstream',
  'reservedMasthead',
] as const;

export const DIMENSIONS: readonly DimensionDef[] = [
  { name: 'day', sql: 'day' },
  { name: 'month', sql: 'substr(day, 1, 7)' },
  { name: 'country', sql: 'country', pattern: /^[A-Z]{2}$/ },
  { name: 'province', sql: 'province', presentOnly: true, pattern: /^US-[A-Z]{2}$/ },
  { name: 'city', sql: 'city', pattern: /^[^,;]+$/ },
  { name: 'continent', sql: 'continent', values: CONTINENTS },
  { name: 'subContinent', sql: 'sub_continent', values: SUB_CONTINENTS },
  { name: 'video', sql: 'video_id', resource: 'video', presentOnly: true, pattern: /^[A-Za-z0-9_-]+$/ },
  { name: 'playlist', sql: 'playlist_id', resource: 'playlist', presentOnly: true, pattern: /^[A-Za-z0-9_-]+$/ },
  // Playlist reports' filter isCurated==1: the views that happened in a playlist.
  { name: 'isCurated', sql: "CASE WHEN playlist_id <> '' THEN '1' ELSE '0' END", values: ['1'] },
  { name: 'channel', sql: 'channel_id', resource: 'channel', presentOnly: true, pattern: /^[A-Za-z0-9_-]+$/ },
  { name: 'asset', sql: 'asset_id', resource: 'asset', presentOnly: true, pattern: /^[A-Za-z0-9_-]+$/ },
  { name: 'deviceType', sql: 'device_type', values: DEVICE_TYPE_VALUES },
  { name: 'operatingSystem', sql: 'operating_system', pattern: /^[A-Z0-9_]+$/ },
  { name: 'insightTrafficSourceType', sql: 'traffic_source', values: TRAFFIC_SOURCE_VALUES },
  { name: 'insightTrafficSourceDetail', sql: 'traffic_source_detail', presentOnly: true, pattern: /^[^,;]+$/ },
  { name: 'insightPlaybackLocationType', sql: 'playback_location', values: PLAYBACK_LOCATIONS },
  { name: 'insightPlaybackLocationDetail', sql: 'playback_location_detail', presentOnly: true, pattern: /^[^,;]+$/ },
  { name: 'subscribedStatus', sql: 'subscribed_status', values: SUBSCRIBED_STATUSES },
  { name: 'liveOrOnDemand', sql: 'live_or_on_demand', values: LIVE_OR_ON_DEMAND },
  { name: 'creatorContentType', sql: 'creator_content_type', values: [...CREATOR_CONTENT_TYPES, 'UNSPECIFIED'] },
  // The platform product the views came from (platform-product.ts; the wire name is the public one).
  { name: PLATFORM_PRODUCT, sql: 'platform_product', values: PLATFORM_PRODUCTS },
  { name: 'ageGroup', sql: 'age_group', values: AGE_GROUPS },
  { name: 'gender', sql: 'gender', values: GENDERS },
  { name: 'sharingService', sql: 'sharing_service', pattern: /^[A-Z0-9_]+$/ },
  { name: 'adType', sql: 'ad_type', pattern: /^[a-zA-Z]+$/ },
  // Audience retention: 100 points of a video (0.01 .. 1.00 of its length), a table joined to the facts.
  {
    name: 'elapsedVideoTimeRatio',
    sql: 'retention.point',
    dataType: 'FLOAT',
    join: 'CROSS JOIN retention_points AS retention',
    pattern: /^(0\.\d{1,2}|1(\.0{1,2})?)$/,
  },
  // Who watched: views from advertising traffic are in-stream ad audiences, the rest organic (retention filter).
  {
    name: 'audienceType',
    sql: "CASE WHEN traffic_source = 'ADVERTISING' THEN 'AD_INSTREAM' ELSE 'ORGANIC' END",
    values: ['ORGANIC', 'AD_INSTREAM', 'AD_INDISPLAY'],
  },
  // Content owner reports only (combinations.ts): who uploaded the video, and whether an asset claims it.
  { name: 'uploaderType', sql: 'uploader_type', values: ['self', 'thirdParty'] },
  {
    name: 'claimedStatus',
    sql: "CASE WHEN asset_id <> '' THEN 'claimed' ELSE '' END",
    values: ['claimed'],
    presentOnly: true,
  },
];

export const DIMENSION_BY_NAME = new Map(DIMENSIONS.map((d) => [d.name, d]));

/** The fixed exchange-rate table (currencies.ts). */
export { CURRENCY_RATES } from './currencies.js';

export const SCOPE_BASE = 'https://auth.platform.example/scopes';
export const SCOPES = {
  readonly: `${SCOPE_BASE}/analytics.readonly`,
  monetary: `${SCOPE_BASE}/analytics-monetary.readonly`,
  account: `${SCOPE_BASE}/account-management`,
  partner: `${SCOPE_BASE}/partner-management`,
} as const;
/** Every operation accepts any of the service's four scopes (the public method pages list them all). */
export const SERVICE_SCOPES: readonly string[] = Object.values(SCOPES);
