// The metric / dimension / filter combinations each report kind supports: the data of the public service's
// channel-report and content-owner-report tables, reduced to the dimensions and metrics this reference holds
// facts for. A query is supported when one entry of its kind accepts it (see `supports`).
//
// Sources (named per entry in `evidence`):
// - CR: the public service's channel reports page (its path: analytics/channel_reports), as one of the
//   service's public clients encodes it: parafoxia/analytix, analytix/reports/types.py and data.py (commit
//   08726e15): every channel entry below is one of its report types, with its dimensions, filters, metrics,
//   sort options and maxResults cap.
// - SR: the public service's sample requests page (its path: analytics/sample-requests), as summarized in
//   public-service-notes 2.5 and in public copies of the page.
// - NOTES: public-service-notes 2.5 (representative valid and invalid combinations).
// - COR: the public service's content owner reports page (its path: analytics/content_owner_reports), as stored
//   in public copies of the page: its "Filters" section (every content owner request filters by video, channel,
//   or a supported combination of claimedStatus and uploaderType) and its summary (Top Playlists capped at 200).
//   Its per-table rows were not reachable (searched: the docs and pages corpora for the page and its tables,
//   the code corpus and GitHub for client libraries encoding content owner tables: analytix encodes channel
//   tables only), so the content owner entries below stay UNVERIFIED beyond the filters.
// relativeRetentionPerformance (audience retention) compares with the fact table's videos of similar length
// (relative-retention.ts).
// The platform-product dimension (platform-product.ts) is a dimension or filter of exactly the tables whose
// CR entry lists it.

import { DETAILED_TRAFFIC_SOURCES } from './catalogue.js';
import { PLATFORM_PRODUCT } from './platform-product.js';

export type ReportKind = 'channel' | 'contentOwner';

// Metric sets of the tables (CR data.py), each limited to the metrics of METRICS (catalogue.ts).
const ANNOTATIONS_AND_CARDS = [
  'annotationClickThroughRate',
  'annotationCloseRate',
  'annotationImpressions',
  'annotationClickableImpressions',
  'annotationClosableImpressions',
  'annotationClicks',
  'annotationCloses',
  'cardClickRate',
  'cardTeaserClickRate',
  'cardImpressions',
  'cardTeaserImpressions',
  'cardClicks',
  'cardTeaserClicks',
];
const WATCH = ['views', 'redViews', 'estimatedMinutesWatched', 'estimatedRedMinutesWatched', 'averageViewDuration'];
const REVENUE = [
  'estimatedRevenue',
  'estimatedAdRevenue',
  'grossRevenue',
  'estimatedRedPartnerRevenue',
  'monetizedPlaybacks',
  'playbackBasedCpm',
  'adImpressions',
  'cpm',
];
/** ALL_VIDEO_METRICS: every user activity, annotation, card and revenue metric. */
const ALL_VIDEO = [
  ...WATCH,
  'averageViewPercentage',
  'comments',
  'likes',
  'dislikes',
  'videosAddedToPlaylists',
  'videosRemovedFromPlaylists',
  'shares',
  ...ANNOTATIONS_AND_CARDS,
  'subscribersGained',
  'subscribersLost',
  ...REVENUE,
];
/** ALL_PROVINCE_METRICS: US state reports have no engagement, subscriber or revenue metrics. */
const PROVINCE = [...WATCH, 'averageViewPercentage', ...ANNOTATIONS_AND_CARDS];
/** SUBSCRIPTION_METRICS and LESSER_SUBSCRIPTION_METRICS (the US variant). */
const SUBSCRIPTION = [
  ...WATCH,
  'averageViewPercentage',
  'likes',
  'dislikes',
  'videosAddedToPlaylists',
  'videosRemovedFromPlaylists',
  'shares',
  ...ANNOTATIONS_AND_CARDS,
];
const LESSER_SUBSCRIPTION = PROVINCE;
const LIVE_PLAYBACK = WATCH;
const VIEW_PERCENTAGE_PLAYBACK = [...WATCH, 'averageViewPercentage'];
const LOCATION_AND_TRAFFIC = ['views', 'estimatedMinutesWatched'];
const PLAYLIST = [...WATCH, 'playlistStarts', 'viewsPerPlaylistStart', 'averageTimeInPlaylist'];
const PLAYLIST_LOCATION_AND_TRAFFIC = [
  'views',
  'estimatedMinutesWatched',
  'playlistStarts',
  'viewsPerPlaylistStart',
  'averageTimeInPlaylist',
];
// Sort options of the top-N tables (CR data.py).
const TOP_VIDEOS_SORT = ['views', 'redViews', 'estimatedMinutesWatched', 'estimatedRedMinutesWatched'];
const TOP_VIDEOS_EXTRA_SORT = [
  ...TOP_VIDEOS_SORT,
  'estimatedRevenue',
  'estimatedRedPartnerRevenue',
  'subscribersGained',
  'subscribersLost',
];
const LOCATION_AND_TRAFFIC_SORT = ['views', 'estimatedMinutesWatched'];
const PLAYLIST_LOCATION_AND_TRAFFIC_SORT = ['views', 'estimatedMinutesWatched', 'playlistStarts'];

// Filter groups: at most one filter of each group ("use 0 or 1 of").
const GEO = ['country', 'continent', 'subContinent'];
const GEO_OR_STATE = ['country', 'province', 'continent', 'subContinent'];
const SUB_GEO = ['continent', 'subContinent'];
const VIDEO_OR_GROUP = ['video', 'group'];
const PLAYLIST_OR_GROUP = ['playlist', 'group'];
const one = (name: string) => [name];
/** The platform-product dimension (platform-product.ts): a dimension and filter of the tables that list it. */
const PRODUCT = PLATFORM_PRODUCT;

/** A filter the report needs, optionally with the values it may take. */
export interface RequiredFilter {
  dimension: string;
  values?: readonly string[];
  /** Exactly one value (audience retention: one video). */
  single?: boolean;
}

export interface ReportDef {
  /** The public report table's name. */
  name: string;
  /** Where the entry comes from (see the sources above). */
  evidence: string;
  /** Dimensions the report must have. */
  required: string[];
  /** Dimensions it may add (day and month included where the table allows them; never both). */
  optional: string[];
  /** At least one of these must be present. */
  atLeastOne?: string[];
  /** Exactly one of these must be present. */
  exactlyOne?: string[];
  metrics: string[];
  /**
   * Filters it accepts, in groups of which at most one filter may be used; a filter on one of the report's own
   * dimensions is accepted too, and so is every required filter.
   */
  filters: string[][];
  /** Filters the report needs (all of them). */
  requiredFilters?: RequiredFilter[];
  /** Top-N reports: `maxResults` must be given, at most this, and `sort` must start descending on a metric. */
  topN?: number;
  /** Top-N reports: the metrics the first sort key may name (any requested metric when absent). */
  sortBy?: string[];
}

const CURATED: RequiredFilter = { dimension: 'isCurated', values: ['1'] };
const US: RequiredFilter = { dimension: 'country', values: ['US'] };
const DETAILED_SOURCES = DETAILED_TRAFFIC_SOURCES;

/** The video reports of channels (CR "Video reports"). */
const CHANNEL_VIDEO: ReportDef[] = [
  {
    name: 'basic user activity',
    evidence: 'CR BasicUserActivity; NOTES 2.5 totals and country filter',
    required: [],
    optional: [],
    metrics: ALL_VIDEO,
    filters: [GEO, VIDEO_OR_GROUP],
  },
  {
    name: 'basic user activity (US)',
    evidence: 'CR BasicUserActivityUS',
    required: [],
    optional: [],
    metrics: PROVINCE,
    filters: [VIDEO_OR_GROUP],
    requiredFilters: [{ dimension: 'province' }],
  },
  {
    name: 'time-based activity',
    evidence: 'CR TimeBasedActivity; NOTES 2.5 daily',
    required: [],
    optional: ['creatorContentType'],
    exactlyOne: ['day', 'month'],
    metrics: ALL_VIDEO,
    filters: [GEO, VIDEO_OR_GROUP],
  },
  {
    name: 'time-based activity (US)',
    evidence: 'CR TimeBasedActivityUS',
    required: [],
    optional: ['creatorContentType'],
    exactlyOne: ['day', 'month'],
    metrics: PROVINCE,
    filters: [VIDEO_OR_GROUP],
    requiredFilters: [{ dimension: 'province' }],
  },
  {
    name: 'geography-based activity',
    evidence: 'CR GeographyBasedActivity',
    required: ['country'],
    optional: ['creatorContentType'],
    metrics: ALL_VIDEO,
    filters: [SUB_GEO, VIDEO_OR_GROUP],
  },
  {
    name: 'geography-based activity (US)',
    evidence: 'CR GeographyBasedActivityUS; SR province with country==US',
    required: ['province'],
    optional: ['creatorContentType'],
    metrics: PROVINCE,
    filters: [VIDEO_OR_GROUP],
    requiredFilters: [US],
  },
  {
    name: 'top cities',
    evidence:
      'CR GeographyBasedActivityByCity (analytix commit 2fff5a8, which records that the public page gives city reports a cap of 250 while the live service was seen to accept 25; this reference keeps the documented 250); SR top 10 cities (country==US, maxResults=10, sort=-views)',
    required: ['city'],
    optional: ['country', 'creatorContentType', 'subscribedStatus', 'day', 'month'],
    metrics: ['views', 'estimatedMinutesWatched', 'averageViewDuration', 'averageViewPercentage'],
    filters: [GEO_OR_STATE, VIDEO_OR_GROUP],
    topN: 250,
    sortBy: LOCATION_AND_TRAFFIC_SORT,
  },
  // With the province dimension the same table needs country==US and takes only the video or group filter (CR).
  {
    name: 'top cities (US)',
    evidence:
      'CR GeographyBasedActivityByCity (analytix commit 2fff5a8, which records that the public page gives city reports a cap of 250 while the live service was seen to accept 25; this reference keeps the documented 250); SR top 10 cities (country==US, maxResults=10, sort=-views); with province: country==US required',
    required: ['city', 'province'],
    optional: ['country', 'creatorContentType', 'subscribedStatus', 'day', 'month'],
    metrics: ['views', 'estimatedMinutesWatched', 'averageViewDuration', 'averageViewPercentage'],
    filters: [VIDEO_OR_GROUP],
    requiredFilters: [US],
    topN: 250,
    sortBy: LOCATION_AND_TRAFFIC_SORT,
  },
  {
    name: 'user activity by subscribed status',
    evidence: 'CR PlaybackDetailsSubscribedStatus',
    required: [],
    optional: ['creatorContentType', 'subscribedStatus', 'day', 'month'],
    metrics: SUBSCRIPTION,
    filters: [GEO, VIDEO_OR_GROUP, one('subscribedStatus')],
  },
  {
    name: 'user activity by subscribed status (US)',
    evidence: 'CR PlaybackDetailsSubscribedStatusUS',
    required: [],
    optional: ['creatorContentType', 'subscribedStatus', 'day', 'month'],
    metrics: LESSER_SUBSCRIPTION,
    filters: [VIDEO_OR_GROUP, one('province'), one('subscribedStatus')],
  },
  {
    name: 'time-based playback details (live)',
    evidence: 'CR PlaybackDetailsLiveTimeBased',
    required: [],
    optional: ['creatorContentType', 'liveOrOnDemand', 'subscribedStatus', 'day', 'month', PRODUCT],
    metrics: LIVE_PLAYBACK,
    filters: [GEO_OR_STATE, VIDEO_OR_GROUP, one('liveOrOnDemand'), one('subscribedStatus'), one(PRODUCT)],
  },
  {
    name: 'time-based playback details (view percentage)',
    evidence: 'CR PlaybackDetailsViewPercentageTimeBased',
    required: [],
    optional: ['creatorContentType', 'subscribedStatus', 'day', 'month', PRODUCT],
    metrics: VIEW_PERCENTAGE_PLAYBACK,
    filters: [GEO_OR_STATE, VIDEO_OR_GROUP, one('subscribedStatus'), one(PRODUCT)],
  },
  {
    name: 'geography-based playback details (live)',
    evidence: 'CR PlaybackDetailsLiveGeographyBased',
    required: ['country'],
    optional: ['creatorContentType', 'liveOrOnDemand', 'subscribedStatus', PRODUCT],
    metrics: LIVE_PLAYBACK,
    filters: [SUB_GEO, VIDEO_OR_GROUP, one('liveOrOnDemand'), one('subscribedStatus'), one(PRODUCT)],
  },
  {
    name: 'geography-based playback details (view percentage)',
    evidence: 'CR PlaybackDetailsViewPercentageGeographyBased',
    required: ['country'],
    optional: ['creatorContentType', 'subscribedStatus', PRODUCT],
    metrics: VIEW_PERCENTAGE_PLAYBACK,
    filters: [SUB_GEO, VIDEO_OR_GROUP, one('subscribedStatus'), one(PRODUCT)],
  },
  {
    name: 'geography-based playback details (live, US)',
    evidence: 'CR PlaybackDetailsLiveGeographyBasedUS',
    required: ['province'],
    optional: ['creatorContentType', 'liveOrOnDemand', 'subscribedStatus', PRODUCT],
    metrics: LIVE_PLAYBACK,
    filters: [VIDEO_OR_GROUP, one('liveOrOnDemand'), one('subscribedStatus'), one(PRODUCT)],
    requiredFilters: [US],
  },
  {
    name: 'geography-based playback details (view percentage, US)',
    evidence: 'CR PlaybackDetailsViewPercentageGeographyBasedUS',
    required: ['province'],
    optional: ['creatorContentType', 'subscribedStatus', PRODUCT],
    metrics: VIEW_PERCENTAGE_PLAYBACK,
    filters: [VIDEO_OR_GROUP, one('subscribedStatus'), one(PRODUCT)],
    requiredFilters: [US],
  },
  {
    name: 'playback locations',
    evidence: 'CR PlaybackLocation; SR views by playback location (day, country==US)',
    required: ['insightPlaybackLocationType'],
    optional: ['creatorContentType', 'day', 'liveOrOnDemand', 'subscribedStatus'],
    metrics: LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, VIDEO_OR_GROUP, one('liveOrOnDemand'), one('subscribedStatus')],
  },
  {
    name: 'playback locations (detailed)',
    evidence:
      'CR PlaybackLocationDetail; SR top 10 embedding sites (insightPlaybackLocationType==EMBEDDED, sort=-views)',
    required: ['insightPlaybackLocationDetail'],
    optional: ['creatorContentType'],
    metrics: LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, VIDEO_OR_GROUP, one('liveOrOnDemand'), one('subscribedStatus')],
    requiredFilters: [{ dimension: 'insightPlaybackLocationType', values: ['EMBEDDED'] }],
    topN: 25,
    sortBy: LOCATION_AND_TRAFFIC_SORT,
  },
  {
    name: 'traffic sources',
    evidence: 'CR TrafficSource; NOTES 2.5 multi-sort day,insightTrafficSourceType',
    required: ['insightTrafficSourceType'],
    optional: ['creatorContentType', 'day', 'liveOrOnDemand', 'subscribedStatus'],
    metrics: LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, VIDEO_OR_GROUP, one('liveOrOnDemand'), one('subscribedStatus')],
  },
  {
    name: 'traffic sources (detailed)',
    evidence: 'CR TrafficSourceDetail (the detail types: data.py VALID_FILTER_OPTIONS)',
    required: ['insightTrafficSourceDetail'],
    optional: ['creatorContentType'],
    metrics: LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, VIDEO_OR_GROUP, one('liveOrOnDemand'), one('subscribedStatus')],
    requiredFilters: [{ dimension: 'insightTrafficSourceType', values: DETAILED_SOURCES }],
    topN: 25,
    sortBy: LOCATION_AND_TRAFFIC_SORT,
  },
  {
    name: 'device types',
    evidence: 'CR DeviceType; SR daily device types with operatingSystem==ANDROID',
    required: ['deviceType'],
    optional: ['creatorContentType', 'day', 'liveOrOnDemand', 'subscribedStatus', PRODUCT],
    metrics: LOCATION_AND_TRAFFIC,
    filters: [
      GEO_OR_STATE,
      VIDEO_OR_GROUP,
      one('operatingSystem'),
      one('liveOrOnDemand'),
      one('subscribedStatus'),
      one(PRODUCT),
    ],
  },
  {
    name: 'operating systems',
    evidence: 'CR OperatingSystem; SR daily operating systems with deviceType==MOBILE',
    required: ['operatingSystem'],
    optional: ['creatorContentType', 'day', 'liveOrOnDemand', 'subscribedStatus', PRODUCT],
    metrics: LOCATION_AND_TRAFFIC,
    filters: [
      GEO_OR_STATE,
      VIDEO_OR_GROUP,
      one('deviceType'),
      one('liveOrOnDemand'),
      one('subscribedStatus'),
      one(PRODUCT),
    ],
  },
  {
    name: 'device types and operating systems',
    evidence: 'CR DeviceTypeAndOperatingSystem',
    required: ['deviceType', 'operatingSystem'],
    optional: ['creatorContentType', 'day', 'liveOrOnDemand', 'subscribedStatus', PRODUCT],
    metrics: LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, VIDEO_OR_GROUP, one('liveOrOnDemand'), one('subscribedStatus'), one(PRODUCT)],
  },
  {
    name: 'viewer demographics',
    evidence: 'CR ViewerDemographics; NOTES 2.5 demographics',
    required: [],
    optional: ['creatorContentType', 'liveOrOnDemand', 'subscribedStatus'],
    atLeastOne: ['ageGroup', 'gender'],
    metrics: ['viewerPercentage'],
    filters: [GEO_OR_STATE, VIDEO_OR_GROUP, one('liveOrOnDemand'), one('subscribedStatus')],
  },
  // The public page gives this table the metric shares (analytix encodes viewerPercentage; shares is what the page lists).
  {
    name: 'engagement and content sharing',
    evidence: 'CR EngagementAndContentSharing (metric: shares); SR shares by sharing service',
    required: ['sharingService'],
    optional: ['creatorContentType', 'subscribedStatus'],
    metrics: ['shares'],
    filters: [GEO, VIDEO_OR_GROUP, one('subscribedStatus')],
  },
  {
    name: 'audience retention',
    evidence:
      'CR AudienceRetention (one video only); SR audience retention of a single video, optionally organic views only (audienceType==ORGANIC)',
    required: ['elapsedVideoTimeRatio'],
    optional: ['creatorContentType'],
    metrics: ['audienceWatchRatio', 'relativeRetentionPerformance'],
    filters: [one('audienceType'), one('subscribedStatus'), one(PRODUCT)],
    requiredFilters: [{ dimension: 'video', single: true }],
  },
  {
    name: 'top videos by region',
    evidence: 'CR TopVideosRegional; NOTES 2.5 top 10 videos',
    required: ['video'],
    optional: ['creatorContentType'],
    metrics: ALL_VIDEO,
    filters: [GEO],
    topN: 200,
    sortBy: TOP_VIDEOS_EXTRA_SORT,
  },
  {
    name: 'top videos by state',
    evidence: 'CR TopVideosUS',
    required: ['video'],
    optional: ['creatorContentType'],
    metrics: PROVINCE,
    filters: [one('subscribedStatus')],
    requiredFilters: [{ dimension: 'province' }],
    topN: 200,
    sortBy: TOP_VIDEOS_SORT,
  },
  {
    name: 'top videos by subscription status',
    evidence: 'CR TopVideosSubscribed',
    required: ['video'],
    optional: ['creatorContentType'],
    metrics: SUBSCRIPTION,
    filters: [one('subscribedStatus'), GEO],
    topN: 200,
    sortBy: TOP_VIDEOS_SORT,
  },
  {
    name: 'top videos by playback detail',
    evidence:
      'CR TopVideosPlaybackDetail; also the CR top-videos-by-platform-product table (the same dimensions, metrics, sort and cap, with the platform-product filter but without liveOrOnDemand: every query of that table is one of this one)',
    required: ['video'],
    optional: ['creatorContentType'],
    metrics: VIEW_PERCENTAGE_PLAYBACK,
    filters: [GEO_OR_STATE, one('liveOrOnDemand'), one('subscribedStatus'), one(PRODUCT)],
    topN: 200,
    sortBy: TOP_VIDEOS_SORT,
  },
  {
    name: 'ad performance',
    evidence: 'CR AdPerformance; SR revenue and CPM by ad type',
    required: ['adType'],
    optional: ['day'],
    metrics: ['grossRevenue', 'adImpressions', 'cpm'],
    filters: [VIDEO_OR_GROUP, GEO],
  },
];

/** The playlist reports of channels (CR "Playlist reports"): each needs isCurated==1. */
const CHANNEL_PLAYLIST: ReportDef[] = [
  {
    name: 'basic user activity for playlists',
    evidence: 'CR BasicUserActivityPlaylist; SR total playlist views',
    required: [],
    optional: [],
    metrics: PLAYLIST,
    filters: [GEO_OR_STATE, PLAYLIST_OR_GROUP, one('subscribedStatus'), one(PRODUCT)],
    requiredFilters: [CURATED],
  },
  {
    name: 'time-based activity for playlists',
    evidence: 'CR TimeBasedActivityPlaylist; SR daily playlist views',
    required: [],
    optional: ['subscribedStatus', PRODUCT],
    exactlyOne: ['day', 'month'],
    metrics: PLAYLIST,
    filters: [GEO_OR_STATE, PLAYLIST_OR_GROUP, one('subscribedStatus'), one(PRODUCT)],
    requiredFilters: [CURATED],
  },
  {
    name: 'geography-based activity for playlists',
    evidence: 'CR GeographyBasedActivityPlaylist',
    required: ['country'],
    optional: ['subscribedStatus', PRODUCT],
    metrics: PLAYLIST,
    filters: [SUB_GEO, PLAYLIST_OR_GROUP, one('subscribedStatus'), one(PRODUCT)],
    requiredFilters: [CURATED],
  },
  {
    name: 'geography-based activity for playlists (US)',
    evidence: 'CR GeographyBasedActivityUSPlaylist',
    required: ['province'],
    optional: ['subscribedStatus', PRODUCT],
    metrics: PLAYLIST,
    filters: [PLAYLIST_OR_GROUP, one('subscribedStatus'), one(PRODUCT)],
    requiredFilters: [CURATED, US],
  },
  {
    name: 'playback locations for playlists',
    evidence: 'CR PlaybackLocationPlaylist',
    required: ['insightPlaybackLocationType'],
    optional: ['day', 'subscribedStatus'],
    metrics: PLAYLIST_LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, PLAYLIST_OR_GROUP, one('subscribedStatus')],
    requiredFilters: [CURATED],
  },
  {
    name: 'playback locations for playlists (detailed)',
    evidence: 'CR PlaybackLocationDetailPlaylist',
    required: ['insightPlaybackLocationDetail'],
    optional: [],
    metrics: PLAYLIST_LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, PLAYLIST_OR_GROUP, one('subscribedStatus')],
    requiredFilters: [CURATED, { dimension: 'insightPlaybackLocationType', values: ['EMBEDDED'] }],
    topN: 25,
    sortBy: PLAYLIST_LOCATION_AND_TRAFFIC_SORT,
  },
  {
    name: 'traffic sources for playlists',
    evidence: 'CR TrafficSourcePlaylist; SR playlist traffic sources',
    required: ['insightTrafficSourceType'],
    optional: ['day', 'subscribedStatus'],
    metrics: PLAYLIST_LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, PLAYLIST_OR_GROUP, one('subscribedStatus')],
    requiredFilters: [CURATED],
  },
  {
    name: 'traffic sources for playlists (detailed)',
    evidence: 'CR TrafficSourceDetailPlaylist',
    required: ['insightTrafficSourceDetail'],
    optional: [],
    metrics: PLAYLIST_LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, PLAYLIST_OR_GROUP, one('subscribedStatus')],
    requiredFilters: [CURATED, { dimension: 'insightTrafficSourceType', values: DETAILED_SOURCES }],
    topN: 25,
    sortBy: PLAYLIST_LOCATION_AND_TRAFFIC_SORT,
  },
  {
    name: 'device types for playlists',
    evidence: 'CR DeviceTypePlaylist',
    required: ['deviceType'],
    optional: ['day', 'subscribedStatus', PRODUCT],
    metrics: PLAYLIST_LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, PLAYLIST_OR_GROUP, one('operatingSystem'), one('subscribedStatus'), one(PRODUCT)],
    requiredFilters: [CURATED],
  },
  {
    name: 'operating systems for playlists',
    evidence: 'CR OperatingSystemPlaylist',
    required: ['operatingSystem'],
    optional: ['day', 'subscribedStatus', PRODUCT],
    metrics: PLAYLIST_LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, PLAYLIST_OR_GROUP, one('deviceType'), one('subscribedStatus'), one(PRODUCT)],
    requiredFilters: [CURATED],
  },
  {
    name: 'device types and operating systems for playlists',
    evidence: 'CR DeviceTypeAndOperatingSystemPlaylist',
    required: ['deviceType', 'operatingSystem'],
    optional: ['day', 'subscribedStatus', PRODUCT],
    metrics: PLAYLIST_LOCATION_AND_TRAFFIC,
    filters: [GEO_OR_STATE, PLAYLIST_OR_GROUP, one('subscribedStatus'), one(PRODUCT)],
    requiredFilters: [CURATED],
  },
  {
    name: 'viewer demographics for playlists',
    evidence: 'CR ViewerDemographicsPlaylist',
    required: [],
    optional: ['subscribedStatus'],
    atLeastOne: ['ageGroup', 'gender'],
    metrics: ['viewerPercentage'],
    filters: [GEO_OR_STATE, PLAYLIST_OR_GROUP, one('subscribedStatus')],
    requiredFilters: [CURATED],
  },
  {
    name: 'top playlists',
    evidence: 'CR TopPlaylists; SR top 10 playlists (isCurated==1, sort=-estimatedMinutesWatched)',
    required: ['playlist'],
    optional: [],
    metrics: PLAYLIST,
    filters: [GEO_OR_STATE, one('subscribedStatus'), one(PRODUCT)],
    requiredFilters: [CURATED],
    topN: 200,
    sortBy: TOP_VIDEOS_SORT,
  },
];

const CHANNEL: ReportDef[] = [...CHANNEL_VIDEO, ...CHANNEL_PLAYLIST];

/**
 * Content owner reports are the channel reports over the owner's channels, with the content owner filters:
 * a video report narrows by video, channel, asset or group (one of them) and may add claimedStatus and
 * uploaderType; a playlist report may add channel. Plus the content-owner-only tables (channel, asset, claim breakdowns).
 */
const OWNER_ONLY_FILTERS = [one('claimedStatus'), one('uploaderType')];
const asOwnerReport = (def: ReportDef): ReportDef => ({
  ...def,
  evidence: `${def.evidence}; as a content owner table: the channel table with the owner filters (the SR content owner samples run the same reports narrowed by claimedStatus, uploaderType, channel or video; COR "Filters" names the same narrowing; the per-table rows of COR are UNVERIFIED here)`,
  filters: [
    ...def.filters.map((g) => (g.includes('video') ? [...g, 'channel', 'asset'] : g)),
    ...(def.filters.some((g) => g.includes('video')) ? [] : [one('channel')]),
    ...OWNER_ONLY_FILTERS,
  ],
});
const OWNER_GEO = [...GEO_OR_STATE];
const CONTENT_OWNER: ReportDef[] = [
  ...CHANNEL.map(asOwnerReport),
  {
    name: 'top channels',
    evidence:
      'content-owner-only table of this reference (the channel core dimension, CR data.py CORE_DIMENSIONS); contract rule ANA-OWNER-1',
    required: ['channel'],
    optional: [],
    metrics: ALL_VIDEO,
    filters: [OWNER_GEO, one('group'), one('subscribedStatus'), ...OWNER_ONLY_FILTERS],
    topN: 200,
  },
  {
    name: 'top assets',
    evidence: 'content-owner-only table of this reference (asset reports of content owners)',
    required: ['asset'],
    optional: [],
    metrics: ALL_VIDEO,
    filters: [OWNER_GEO, one('group'), one('channel'), ...OWNER_ONLY_FILTERS],
    topN: 200,
  },
  {
    name: 'claims and uploaders',
    evidence: 'the content owner dimensions claimedStatus and uploaderType (CR data.py CONTENT_OWNER_DIMENSIONS)',
    required: [],
    optional: ['day', 'month'],
    atLeastOne: ['claimedStatus', 'uploaderType'],
    metrics: ALL_VIDEO,
    filters: [OWNER_GEO, ['video', 'channel', 'group'], one('asset'), ...OWNER_ONLY_FILTERS],
  },
];

export const REPORTS: Readonly<Record<ReportKind, readonly ReportDef[]>> = {
  channel: CHANNEL,
  contentOwner: CONTENT_OWNER,
};

/**
 * Content owner reports must narrow the content: at least one filter of this list. Evidence: COR "Filters"
 * (video, channel, or claimedStatus with uploaderType), and every content owner request of the public sample
 * requests page narrows by claimedStatus==claimed, uploaderType (self or thirdParty), channel or video (SR,
 * "Content owner reports"); asset, group and playlist are accepted too (each names content of the owner); a
 * query without any answers 400 "The query is not supported".
 */
export const NARROWING_FILTERS: Readonly<Record<ReportKind, readonly string[] | undefined>> = {
  channel: undefined,
  contentOwner: ['video', 'channel', 'asset', 'group', 'playlist', 'claimedStatus', 'uploaderType'],
};

/** A filter as the query gives it: the dimension and its values. */
export interface QueryFilter {
  dimension: string;
  values: readonly string[];
}

const ALLOWED = new WeakMap<ReportDef, ReadonlySet<string>>();

/** Every dimension `def` may have, made once per table (every report query tries the tables in turn). */
function allowedDimensions(def: ReportDef): ReadonlySet<string> {
  let allowed = ALLOWED.get(def);
  if (!allowed)
    ALLOWED.set(
      def,
      (allowed = new Set([...def.required, ...def.optional, ...(def.atLeastOne ?? []), ...(def.exactlyOne ?? [])])),
    );
  return allowed;
}

/**
 * Whether `def` accepts the dimensions, metrics and filters (sort and maxResults are checked apart). Written as
 * loops that make nothing: every report query tries the tables in turn, and the answer is all it needs.
 */
export function supports(
  def: ReportDef,
  dims: readonly string[],
  metrics: readonly string[],
  filters: readonly QueryFilter[],
): boolean {
  if (dims.includes('day') && dims.includes('month')) return false;
  const allowed = allowedDimensions(def);
  for (const d of def.required) if (!dims.includes(d)) return false;
  for (const d of dims) if (!allowed.has(d)) return false;
  if (def.atLeastOne && countIn(def.atLeastOne, dims) === 0) return false;
  if (def.exactlyOne && countIn(def.exactlyOne, dims) !== 1) return false;
  for (const m of metrics) if (!def.metrics.includes(m)) return false;
  const required = def.requiredFilters;
  if (required)
    for (const need of required) {
      const given = filterOn(filters, need.dimension);
      if (!given) return false;
      if (need.values) for (const v of given.values) if (!need.values.includes(v)) return false;
      if (need.single && given.values.length !== 1) return false;
    }
  for (const f of filters) if (grouped(f.dimension, dims, required) && !inGroup(def.filters, f.dimension)) return false;
  // At most one filter of each group.
  for (const group of def.filters) {
    let used = 0;
    for (const f of filters)
      if (group.includes(f.dimension) && grouped(f.dimension, dims, required) && ++used > 1) return false;
  }
  return true;
}

/**
 * Whether a filter counts against the report's filter groups: a filter on one of the report's own dimensions, or a
 * required one, is accepted beyond them.
 */
function grouped(name: string, dims: readonly string[], required: readonly RequiredFilter[] | undefined): boolean {
  return !dims.includes(name) && !(required && filterOn(required, name));
}

function inGroup(groups: readonly (readonly string[])[], name: string): boolean {
  for (const group of groups) if (group.includes(name)) return true;
  return false;
}

/** How many of `names` are in `list`. */
function countIn(names: readonly string[], list: readonly string[]): number {
  let n = 0;
  for (const name of names) if (list.includes(name)) n++;
  return n;
}

/** The first of `filters` on `dimension`. */
function filterOn<F extends { dimension: string }>(filters: readonly F[], dimension: string): F | undefined {
  for (const f of filters) if (f.dimension === dimension) return f;
  return undefined;
}

/** The first report of `kind` that accepts the query, or undefined (the query is not supported). */
export function reportFor(
  kind: ReportKind,
  dims: readonly string[],
  metrics: readonly string[],
  filters: readonly QueryFilter[],
): ReportDef | undefined {
  return REPORTS[kind].find((def) => supports(def, dims, metrics, filters));
}

/** Which report table answers a query: one of the service's seams (seams.ts). */
export interface ReportCatalogue {
  reportFor(
    kind: ReportKind,
    dims: readonly string[],
    metrics: readonly string[],
    filters: readonly QueryFilter[],
  ): ReportDef | undefined;
}

export const REPORT_CATALOGUE: ReportCatalogue = { reportFor };
