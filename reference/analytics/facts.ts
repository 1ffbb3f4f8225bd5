// The fact generator: deterministic daily facts by video, day and country, each country's views split into
// two segments with their own device, operating system, traffic source, subscribed status, age group, gender
// and playlist. The fact table holds only these rows; every report is an SQL aggregate of them, so a report
// can be predicted by summing the rows this function returns (README.md, "Analytics data model").
import { AGE_GROUPS, CONTINENT_OF, COUNTRIES, DEVICE_TYPES, GENDERS, OPERATING_SYSTEMS, SUBSCRIBED_STATUSES, TRAFFIC_SOURCES } from './catalogue.js';
import type { AnalyticsSeed } from './seed.js';

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
  device_type: string;
  operating_system: string;
  traffic_source: string;
  subscribed_status: string;
  age_group: string;
  gender: string;
  /** 'self' (the content owner uploaded it) or 'thirdParty' (claimed, uploaded by someone else). */
  uploader_type: string;
  views: number;
  minutes_watched: number;
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
  ad_impressions: number;
  monetized_playbacks: number;
  gross_revenue_micros: number;
  ad_revenue_micros: number;
  red_revenue_micros: number;
}

export const FACT_COLUMNS: ReadonlyArray<keyof FactRow> = [
  'day', 'channel_id', 'video_id', 'playlist_id', 'asset_id', 'country', 'continent', 'device_type', 'operating_system',
  'traffic_source', 'subscribed_status', 'age_group', 'gender', 'uploader_type', 'views', 'minutes_watched', 'view_length_seconds', 'likes',
  'dislikes', 'comments', 'shares', 'subscribers_gained', 'subscribers_lost', 'videos_added_to_playlists',
  'videos_removed_from_playlists', 'ad_impressions', 'monetized_playbacks', 'gross_revenue_micros', 'ad_revenue_micros',
  'red_revenue_micros',
];

/** Share of a video's daily views from each country. */
const COUNTRY_WEIGHT: Record<(typeof COUNTRIES)[number], number> = { US: 0.3, IN: 0.15, BR: 0.1, GB: 0.1, DE: 0.1, JP: 0.1, FR: 0.08, IT: 0.07 };

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
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const pick = <T>(r: () => number, values: readonly T[]): T => values[Math.floor(r() * values.length)]!;

export function generateFacts(seed: AnalyticsSeed): FactRow[] {
  const rows: FactRow[] = [];
  const assetOf = new Map(seed.assets.map((a) => [a.video, a.id]));
  const days = daysBetween(seed.facts.from, seed.facts.to);
  for (const video of seed.videos) {
    if (video.dailyViews <= 0) continue;
    const playlists = seed.playlists.filter((p) => p.videos.includes(video.id)).map((p) => p.id);
    for (const day of days) {
      const r = random(hash32(`${seed.facts.seed}|${video.id}|${day}`));
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
          rows.push({
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
          });
        }
      }
    }
  }
  return rows;
}
