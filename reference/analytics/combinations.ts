// The metric / dimension / filter combinations each report kind supports: the data of the public service's
// channel-report and content-owner-report tables, reduced to the dimensions and metrics this reference
// holds facts for. A query is supported when one entry of its kind accepts it (see `supports`).

export type ReportKind = 'channel' | 'contentOwner';

const CORE = [
  'views', 'estimatedMinutesWatched', 'averageViewDuration', 'averageViewPercentage', 'likes', 'dislikes', 'comments',
  'shares', 'subscribersGained', 'subscribersLost', 'videosAddedToPlaylists', 'videosRemovedFromPlaylists',
];
const REVENUE = [
  'estimatedRevenue', 'estimatedAdRevenue', 'estimatedRedPartnerRevenue', 'grossRevenue', 'adImpressions',
  'monetizedPlaybacks', 'cpm', 'playbackBasedCpm',
];
const WATCH = ['views', 'estimatedMinutesWatched', 'averageViewDuration', 'averageViewPercentage'];
const GEO = ['country', 'continent'];

export interface ReportDef {
  /** The public report table's name. */
  name: string;
  /** Dimensions the report must have. */
  required: string[];
  /** Dimensions it may add. */
  optional: string[];
  /** At least one of these must be present. */
  atLeastOne?: string[];
  /** Whether one time dimension (day or month) may be added. */
  time: boolean;
  metrics: string[];
  /** Filters it accepts (a filter on one of the report's own dimensions is always accepted). */
  filters: string[];
  /** Top-N reports: `sort` must start descending on a metric and `maxResults` must be given, at most this. */
  topN?: number;
}

const CHANNEL: ReportDef[] = [
  { name: 'basic user activity', required: [], optional: ['subscribedStatus'], time: true, metrics: [...CORE, ...REVENUE], filters: [...GEO, 'video', 'playlist', 'group', 'subscribedStatus'] },
  { name: 'user activity by location', required: ['country'], optional: ['subscribedStatus'], time: true, metrics: [...CORE, ...REVENUE], filters: ['continent', 'video', 'playlist', 'group', 'subscribedStatus'] },
  { name: 'top videos', required: ['video'], optional: [], time: false, metrics: [...CORE, ...REVENUE], filters: [...GEO, 'group', 'subscribedStatus'], topN: 200 },
  { name: 'playlist activity', required: ['playlist'], optional: [], time: false, metrics: WATCH, filters: [...GEO, 'group', 'subscribedStatus'], topN: 200 },
  { name: 'viewer demographics', required: [], optional: ['ageGroup', 'gender'], atLeastOne: ['ageGroup', 'gender'], time: false, metrics: ['viewerPercentage'], filters: [...GEO, 'video', 'playlist', 'group', 'subscribedStatus'] },
  { name: 'device type and operating system', required: [], optional: ['deviceType', 'operatingSystem'], atLeastOne: ['deviceType', 'operatingSystem'], time: true, metrics: WATCH, filters: [...GEO, 'video', 'playlist', 'group', 'subscribedStatus'] },
  { name: 'traffic sources', required: ['insightTrafficSourceType'], optional: [], time: true, metrics: WATCH, filters: [...GEO, 'video', 'playlist', 'group', 'subscribedStatus'] },
];

/** Content owners see what channel reports show plus the channel and asset of each view. */
const OWNER_FILTERS = ['channel', 'asset', 'uploaderType', 'claimedStatus'];
const CONTENT_OWNER: ReportDef[] = [
  ...CHANNEL.map((def) => ({ ...def, filters: [...def.filters, ...OWNER_FILTERS] })),
  { name: 'top channels', required: ['channel'], optional: [], time: false, metrics: [...CORE, ...REVENUE], filters: [...GEO, 'group', 'subscribedStatus', 'uploaderType', 'claimedStatus'], topN: 200 },
  { name: 'top assets', required: ['asset'], optional: [], time: false, metrics: [...CORE, ...REVENUE], filters: [...GEO, 'group', 'channel', 'uploaderType', 'claimedStatus'], topN: 200 },
  { name: 'claims and uploaders', required: [], optional: ['claimedStatus', 'uploaderType'], atLeastOne: ['claimedStatus', 'uploaderType'], time: true, metrics: [...CORE, ...REVENUE], filters: [...GEO, 'video', 'channel', 'asset', 'group', 'uploaderType', 'claimedStatus'] },
];

export const REPORTS: Readonly<Record<ReportKind, readonly ReportDef[]>> = { channel: CHANNEL, contentOwner: CONTENT_OWNER };

/** Whether `def` accepts the dimensions, metrics and filter dimensions (the time dimension checked apart). */
export function supports(def: ReportDef, dims: readonly string[], metrics: readonly string[], filterDims: readonly string[]): boolean {
  const time = dims.filter((d) => d === 'day' || d === 'month');
  if (time.length > 1 || (time.length === 1 && !def.time)) return false;
  const rest = dims.filter((d) => d !== 'day' && d !== 'month');
  const allowed = new Set([...def.required, ...def.optional]);
  if (!def.required.every((d) => rest.includes(d))) return false;
  if (!rest.every((d) => allowed.has(d))) return false;
  if (def.atLeastOne && !def.atLeastOne.some((d) => rest.includes(d))) return false;
  if (!metrics.every((m) => def.metrics.includes(m))) return false;
  return filterDims.every((f) => def.filters.includes(f) || dims.includes(f));
}

/** The first report of `kind` that accepts the query, or undefined (the query is not supported). */
export function reportFor(kind: ReportKind, dims: readonly string[], metrics: readonly string[], filterDims: readonly string[]): ReportDef | undefined {
  return REPORTS[kind].find((def) => supports(def, dims, metrics, filterDims));
}
