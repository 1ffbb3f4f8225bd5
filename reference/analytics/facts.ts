// The fact generator: deterministic daily facts by video, day and country, each country's views split into
// two segments with their own device, operating system, traffic source, subscribed status, age group, gender,
// playlist, city, playback location, sharing service, ad type and live/on-demand state. The fact table holds
// only these rows; every report is an SQL aggregate of them, so a report can be predicted by summing the rows
// this function returns (README.md, "What the analytics reference does").
import {
  AD_TYPES,
  AGE_GROUPS,
  CITIES,
  CONTINENT_OF,
  COUNTRIES,
  DEVICE_TYPES,
  EMBEDDING_SITES,
  EXTERNAL_SITES,
  GENDERS,
  OPERATING_SYSTEMS,
  PLAYBACK_LOCATIONS,
  SEARCH_TERMS,
  SHARING_SERVICES,
  SUB_CONTINENT_OF,
  SUBSCRIBED_STATUSES,
  TRAFFIC_SOURCES,
} from './catalogue.js';
import { platformProductOf } from './platform-product.js';
import type { AnalyticsSeed, SeedVideo } from './seed.js';

export interface FactRow {
  day: string;
  channel_id: string;
  video_id: string;
  /** The playlist the views happened in, or '' (not in a playlist). */
  playlist_id: string;
  /** The content owner's asset claiming the video, or ''. */
  asset_id: string;
  country: string;
  continent: string;
  sub_continent: string;
  /** US state (ISO 3166-2) of a US view, '' elsewhere. */
  province: string;
  city: string;
  device_type: string;
  operating_system: string;
  traffic_source: string;
  /** The referring site (EXT_URL), search term (YT_SEARCH) or video (RELATED_VIDEO); '' for the other sources. */
  traffic_source_detail: string;
  playback_location: string;
  /** The embedding site of EMBEDDED views, '' otherwise. */
  playback_location_detail: string;
  live_or_on_demand: string;
  creator_content_type: string;
  sharing_service: string;
  ad_type: string;
  subscribed_status: string;
  age_group: string;
  gender: string;
  /** 'self' (the content owner uploaded it) or 'thirdParty' (claimed, uploaded by someone else). */
  uploader_type: string;
  /** The platform product the views came from (platform-product.ts). */
  platform_product: string;
  views: number;
  /** Views by paying members (part of views) and their minutes (part of minutes_watched). */
  red_views: number;
  minutes_watched: number;
  red_minutes_watched: number;
  /** views x the video's length: the denominator of averageViewPercentage. */
  view_length_seconds: number;
  likes: number;
  dislikes: number;
  comments: number;
  shares: number;
  subscribers_gained: number;
  subscribers_lost: number;
  videos_added_to_playlists: number;
  videos_removed_from_playlists: number;
  card_impressions: number;
  card_clicks: number;
  card_teaser_impressions: number;
  card_teaser_clicks: number;
  annotation_impressions: number;
  annotation_clickable_impressions: number;
  annotation_clicks: number;
  annotation_closable_impressions: number;
  annotation_closes: number;
  /** Playlist starts (rows in a playlist only, 0 elsewhere). */
  playlist_starts: number;
  ad_impressions: number;
  monetized_playbacks: number;
  gross_revenue_micros: number;
  ad_revenue_micros: number;
  red_revenue_micros: number;
}

export const FACT_COLUMNS: ReadonlyArray<keyof FactRow> = [
  'day',
  'channel_id',
  'video_id',
  'playlist_id',
  'asset_id',
  'country',
  'continent',
  'sub_continent',
  'province',
  'city',
  'device_type',
  'operating_system',
  'traffic_source',
  'traffic_source_detail',
  'playback_location',
  'playback_location_detail',
  'subscribed_status',
  'live_or_on_demand',
  'creator_content_type',
  'age_group',
  'gender',
  'sharing_service',
  'ad_type',
  'uploader_type',
  'platform_product',
  'views',
  'red_views',
  'minutes_watched',
  'red_minutes_watched',
  'view_length_seconds',
  'likes',
  'dislikes',
  'comments',
  'shares',
  'subscribers_gained',
  'subscribers_lost',
  'videos_added_to_playlists',
  'videos_removed_from_playlists',
  'card_impressions',
  'card_clicks',
  'card_teaser_impressions',
  'card_teaser_clicks',
  'annotation_impressions',
  'annotation_clickable_impressions',
  'annotation_clicks',
  'annotation_closable_impressions',
  'annotation_closes',
  'playlist_starts',
  'ad_impressions',
  'monetized_playbacks',
  'gross_revenue_micros',
  'ad_revenue_micros',
  'red_revenue_micros',
];

/** Share of a video's daily views from each country. */
const COUNTRY_WEIGHT: Record<(typeof COUNTRIES)[number], number> = {
  US: 0.3,
  IN: 0.15,
  BR: 0.1,
  GB: 0.1,
  DE: 0.1,
  JP: 0.1,
  FR: 0.08,
  IT: 0.07,
};

/** FNV-1a: a stable 32-bit number for a string. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small seeded generator, so the facts depend only on the seed file. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const pick = <T>(r: () => number, values: readonly T[]): T => values[Math.floor(r() * values.length)]!;

/** The video's creatorContentType: as seeded, else SHORTS up to 60 seconds and VIDEO_ON_DEMAND above. */
export const contentTypeOf = (video: SeedVideo): string =>
  video.contentType ?? (video.lengthSeconds <= 60 ? 'SHORTS' : 'VIDEO_ON_DEMAND');

/** The detail of a traffic source the facts hold one for ('' for the others). */
function trafficDetail(r: () => number, source: string, relatedVideos: readonly string[]): string {
  if (source === 'EXT_URL') return pick(r, EXTERNAL_SITES);
  if (source === 'YT_SEARCH') return pick(r, SEARCH_TERMS);
  if (source === 'RELATED_VIDEO' && relatedVideos.length > 0) return pick(r, relatedVideos);
  return '';
}

/**
 * The attributes and counts added after the first version, drawn from a second generator of the same
 * seed, video and day (seeded with a `|2` suffix), so the first version's columns keep their values.
 */
function extraOf(
  r: () => number,
  video: SeedVideo,
  country: (typeof COUNTRIES)[number],
  base: { views: number; minutes_watched: number; playlist_id: string; traffic_source: string },
  related: readonly string[],
) {
  const { views, minutes_watched: minutes, traffic_source: source } = base;
  const inPlaylist = base.playlist_id !== '';
  const place = pick(r, CITIES[country]);
  const location = pick(r, PLAYBACK_LOCATIONS);
  const contentType = contentTypeOf(video);
  const redViews = Math.floor(views * 0.1 * r());
  const cardImpressions = Math.floor(views * (0.05 + 0.1 * r()));
  const teaserImpressions = Math.floor(views * (0.2 + 0.3 * r()));
  const annotationImpressions = Math.floor(views * (0.3 + 0.3 * r()));
  const clickable = Math.floor(annotationImpressions * (0.5 + 0.4 * r()));
  const closable = Math.floor(annotationImpressions * (0.3 + 0.3 * r()));
  return {
    sub_continent: SUB_CONTINENT_OF[country]!,
    province: place.province ?? '',
    city: place.city,
    traffic_source_detail: trafficDetail(r, source, related),
    playback_location: location,
    playback_location_detail: location === 'EMBEDDED' ? pick(r, EMBEDDING_SITES) : '',
    // A live stream's views are live half of the time (the rest are replays); other videos are on demand.
    live_or_on_demand: contentType === 'LIVE_STREAM' && r() < 0.5 ? 'LIVE' : 'ON_DEMAND',
    creator_content_type: contentType,
    sharing_service: pick(r, SHARING_SERVICES),
    ad_type: pick(r, AD_TYPES),
    red_views: redViews,
    red_minutes_watched: views === 0 ? 0 : Math.floor((minutes * redViews) / views),
    card_impressions: cardImpressions,
    card_clicks: Math.floor(cardImpressions * 0.2 * r()),
    card_teaser_impressions: teaserImpressions,
    card_teaser_clicks: Math.floor(teaserImpressions * 0.05 * r()),
    annotation_impressions: annotationImpressions,
    annotation_clickable_impressions: clickable,
    annotation_clicks: Math.floor(clickable * 0.04 * r()),
    annotation_closable_impressions: closable,
    annotation_closes: Math.floor(closable * 0.1 * r()),
    // At least one start for every row in a playlist: its views happened after a start.
    playlist_starts: inPlaylist ? Math.max(1, Math.floor(views * (0.2 + 0.3 * r()))) : 0,
  };
}

export function generateFacts(seed: AnalyticsSeed): FactRow[] {
  const rows: FactRow[] = [];
  const assetOf = new Map(seed.assets.map((a) => [a.video, a.id]));
  const days = daysBetween(seed.facts.from, seed.facts.to);
  for (const video of seed.videos) {
    if (video.dailyViews <= 0) continue;
    const playlists = seed.playlists.filter((p) => p.videos.includes(video.id)).map((p) => p.id);
    // RELATED_VIDEO views come from the channel's other videos (or the video itself when it is the only one).
    const others = seed.videos.filter((v) => v.channel === video.channel && v.id !== video.id).map((v) => v.id);
    const related = others.length > 0 ? others : [video.id];
    for (const day of days) {
      const r = random(hash32(`${seed.facts.seed}|${video.id}|${day}`));
      const r2 = random(hash32(`${seed.facts.seed}|${video.id}|${day}|2`));
      // The third version's column (the platform product), from a third generator: the others keep their values.
      const r3 = random(hash32(`${seed.facts.seed}|${video.id}|${day}|3`));
      const dayViews = video.dailyViews * (0.7 + 0.6 * r());
      for (const country of COUNTRIES) {
        const total = Math.round(dayViews * COUNTRY_WEIGHT[country] * (0.8 + 0.4 * r()));
        if (total === 0) continue;
        const first = Math.floor(total * (0.3 + 0.4 * r()));
        for (const views of [first, total - first]) {
          if (views === 0) continue;
          const likes = Math.floor(views * (0.02 + 0.06 * r()));
          const adImpressions = Math.floor(views * (0.4 + 0.4 * r()));
          const gross = Math.round(adImpressions * (1.5 + 4.5 * r()) * 1000);
          const base = {
            day,
            channel_id: video.channel,
            video_id: video.id,
            playlist_id: playlists.length > 0 && r() < 0.3 ? pick(r, playlists) : '',
            asset_id: assetOf.get(video.id) ?? '',
            country,
            continent: CONTINENT_OF[country]!,
            device_type: pick(r, DEVICE_TYPES),
            operating_system: pick(r, OPERATING_SYSTEMS),
            traffic_source: pick(r, TRAFFIC_SOURCES),
            subscribed_status: pick(r, SUBSCRIBED_STATUSES),
            age_group: pick(r, AGE_GROUPS),
            gender: pick(r, GENDERS),
            uploader_type: video.uploaderType ?? 'self',
            views,
            minutes_watched: Math.round(((views * video.lengthSeconds) / 60) * (0.3 + 0.5 * r())),
            view_length_seconds: views * video.lengthSeconds,
            likes,
            dislikes: Math.floor(likes * 0.1 * r()),
            comments: Math.floor(views * 0.01 * r()),
            shares: Math.floor(views * 0.01 * r()),
            subscribers_gained: Math.floor(views * 0.02 * r()),
            subscribers_lost: Math.floor(views * 0.005 * r()),
            videos_added_to_playlists: Math.floor(views * 0.005 * r()),
            videos_removed_from_playlists: Math.floor(views * 0.002 * r()),
            ad_impressions: adImpressions,
            monetized_playbacks: Math.floor(adImpressions * (0.6 + 0.3 * r())),
            gross_revenue_micros: gross,
            ad_revenue_micros: Math.round(gross * 0.55),
            red_revenue_micros: Math.round(gross * 0.05 * r()),
          };
          const extra = extraOf(r2, video, country, base, related);
          rows.push(Object.assign(base, extra, { platform_product: platformProductOf(r3()) }));
        }
      }
    }
  }
  return rows;
}

/** The fact columns that count (every metric is made of their sums). */
export const COUNT_COLUMNS: readonly string[] = [
  'views',
  'minutes_watched',
  'view_length_seconds',
  'likes',
  'dislikes',
  'comments',
  'shares',
  'subscribers_gained',
  'subscribers_lost',
  'videos_added_to_playlists',
  'videos_removed_from_playlists',
  'ad_impressions',
  'monetized_playbacks',
  'gross_revenue_micros',
  'ad_revenue_micros',
  'red_revenue_micros',
  'red_views',
  'red_minutes_watched',
  'card_impressions',
  'card_clicks',
  'card_teaser_impressions',
  'card_teaser_clicks',
  'annotation_impressions',
  'annotation_clickable_impressions',
  'annotation_clicks',
  'annotation_closable_impressions',
  'annotation_closes',
  'playlist_starts',
];
