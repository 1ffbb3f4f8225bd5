// The rules of a new creative that the spec's schema cannot decide (or that need stored state): the content
// source, the link-ad title, the image library, the page and post the caller may use, partnership posts,
// political labels on dynamic ads, the 8 MB post image, body on video posts, URL lengths everywhere, and the
// title and body rules. Each refusal is error 100 naming the parameter.
import { graphError, type ServiceError } from '../../generated/ad-creative/server.js';
import type { AdCreativeStore, TokenGrant } from './store.js';
import { textRuleViolation } from './text-rules.js';
import { characterCount } from '../foundation/characters.js';

type Json = Record<string, any>;

const MB = 1024 * 1024;
const DATA_MEMBERS = ['link_data', 'photo_data', 'video_data', 'text_data', 'template_data'] as const;
const TOP_LEVEL_URLS = [
  'object_url',
  'link_url',
  'image_url',
  'template_url',
  'object_store_url',
  'thumbnail_url',
  'link_destination_display_url',
  'link_deep_link_url',
  'photoapp_permalink_url',
];

export const invalid = (message: string): ServiceError => graphError(100, `(#100) ${message}`, { http: 400 });

/** Every URL of a creative body with the parameter path naming it. */
function urlsOf(b: Json): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = TOP_LEVEL_URLS.map((k) => [k, b[k]]);
  const cta = (c: Json | undefined, at: string) => {
    const v = c?.value;
    if (!v) return;
    for (const k of ['link', 'product_link', 'app_link']) out.push([`${at}[value][${k}]`, v[k]]);
    (v.object_store_urls ?? []).forEach((u: unknown, i: number) =>
      out.push([`${at}[value][object_store_urls][${i}]`, u]),
    );
  };
  cta(b.call_to_action, 'call_to_action');
  const spec = b.object_story_spec as Json | undefined;
  for (const member of ['link_data', 'template_data'] as const) {
    const d = spec?.[member];
    if (!d) continue;
    const at = `object_story_spec[${member}]`;
    out.push([`${at}[link]`, d.link], [`${at}[picture]`, d.picture]);
    cta(d.call_to_action, `${at}[call_to_action]`);
    (d.child_attachments ?? []).forEach((c: Json, i: number) => {
      out.push(
        [`${at}[child_attachments][${i}][link]`, c.link],
        [`${at}[child_attachments][${i}][picture]`, c.picture],
      );
      cta(c.call_to_action, `${at}[child_attachments][${i}][call_to_action]`);
    });
  }
  if (spec?.video_data) {
    out.push(['object_story_spec[video_data][image_url]', spec.video_data.image_url]);
    cta(spec.video_data.call_to_action, 'object_story_spec[video_data][call_to_action]');
  }
  if (spec?.photo_data) out.push(['object_story_spec[photo_data][url]', spec.photo_data.url]);
  return out.filter(([, v]) => v !== undefined);
}

/** Image hashes the creative names, with the parameter path naming each. */
function imageHashesOf(b: Json): Array<[string, string]> {
  const out: Array<[string, unknown]> = [['image_hash', b.image_hash]];
  const spec = b.object_story_spec as Json | undefined;
  for (const member of ['link_data', 'template_data', 'photo_data', 'video_data'] as const) {
    const d = spec?.[member];
    if (!d) continue;
    out.push([`object_story_spec[${member}][image_hash]`, d.image_hash]);
    (d.child_attachments ?? []).forEach((c: Json, i: number) =>
      out.push([`object_story_spec[${member}][child_attachments][${i}][image_hash]`, c.image_hash]),
    );
  }
  return out.filter((e): e is [string, string] => typeof e[1] === 'string');
}

export interface CreateContext {
  store: AdCreativeStore;
  grant: TokenGrant;
  account: string;
}

/** Throws the first rule the new creative breaks. */
export async function checkCreate(b: Json, ctx: CreateContext): Promise<void> {
  const { store, grant, account } = ctx;
  const sources = ['object_story_spec', 'object_story_id', 'object_url'].filter((k) => b[k] !== undefined);
  if (sources.length !== 1) {
    throw invalid(
      `Exactly one content source is required: object_story_spec, object_story_id or object_url (link ad); ${sources.length ? `got ${sources.join(' and ')}` : 'none was given'}`,
    );
  }
  const linkAd = b.object_url !== undefined;
  if (linkAd && b.title === undefined) throw invalid('Param title is required for a link ad (object_url)');
  if (b.image_hash !== undefined && b.image_url !== undefined)
    throw invalid('Params image_hash and image_url cannot be combined');
  for (const [param, url] of urlsOf(b)) {
    if (typeof url === 'string' && url.length > 1000)
      throw invalid(`Param ${param} must be at most 1000 characters long`);
  }
  if (typeof b.name === 'string' && characterCount(b.name) > 100)
    throw invalid('Param name must be at most 100 characters long');
  for (const [param, hash] of imageHashesOf(b)) {
    if (!(await store.imageExists(account, hash)))
      throw invalid(`Param ${param}: image ${hash} is not in the image library of ad account ${account}`);
  }

  const spec = b.object_story_spec as Json | undefined;
  if (spec) {
    if (typeof spec.page_id !== 'string' || !spec.page_id)
      throw invalid('Param object_story_spec[page_id] is required');
    if (!grant.pages.includes(spec.page_id))
      throw invalid(`Param object_story_spec[page_id]: page ${spec.page_id} cannot be used by this access token`);
    const members = DATA_MEMBERS.filter((m) => spec[m] !== undefined);
    if (members.length !== 1)
      throw invalid(
        `Param object_story_spec needs exactly one of ${DATA_MEMBERS.join(', ')}; got ${members.length ? members.join(' and ') : 'none'}`,
      );
    if (b.body !== undefined && spec.video_data) {
      throw invalid('Param body is not supported for video post creatives (object_story_spec[video_data])');
    }
  }

  if (b.object_story_id !== undefined) {
    const post = await store.post(b.object_story_id);
    if (!post || !grant.pages.includes(post.pageId))
      throw invalid(
        `Param object_story_id: post ${b.object_story_id} does not exist or cannot be used by this access token`,
      );
    if (post.imageBytes > 8 * MB) {
      throw invalid(
        `Param object_story_id: the image of post ${post.id} is larger than 8 MB and cannot be used in an ad`,
      );
    }
  }

  const sponsorPage = b.platform_branded_content?.sponsor_page_id as string | undefined;
  const sponsorId = b.photoapp_branded_content?.sponsor_id as string | undefined;
  if (sponsorPage !== undefined || sponsorId !== undefined) {
    if (b.object_story_id === undefined)
      throw invalid(
        'Params platform_branded_content and photoapp_branded_content need object_story_id of a post that tags the sponsor',
      );
    const post = (await store.post(b.object_story_id))!;
    if (sponsorPage !== undefined && !post.sponsorPageIds.includes(sponsorPage))
      throw invalid(
        `Param platform_branded_content[sponsor_page_id]: post ${post.id} does not tag page ${sponsorPage} as its sponsor`,
      );
    if (sponsorId !== undefined && !post.sponsorIds.includes(sponsorId))
      throw invalid(
        `Param photoapp_branded_content[sponsor_id]: post ${post.id} does not tag ${sponsorId} as its sponsor`,
      );
  }

  // Dynamic ads (a product set, or a template) cannot carry a political label; a dynamic creative
  // (asset_feed_spec) is not a dynamic ad (document: Resources, authorization_category).
  const political = b.authorization_category !== undefined && b.authorization_category !== 'NONE';
  const dynamicAd = b.product_set_id !== undefined || spec?.template_data !== undefined;
  if (political && dynamicAd) {
    throw invalid('Param authorization_category is not available for dynamic ads (product_set_id or template_data)');
  }

  for (const param of ['title', 'body'] as const) {
    if (typeof b[param] !== 'string') continue;
    const violation = textRuleViolation(param, b[param], linkAd);
    if (violation) throw invalid(violation);
  }
}
