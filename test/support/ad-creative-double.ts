// A conforming in-memory ad creative service ("double"), built on the generated server stubs. The generated
// router already validates every request against specs/ad-creative/openapi.yaml; the handlers here add the
// semantic and stateful rules of the spec's x-rules and of the service document (uniqueness, inline posts,
// field selection, text rules 3 and 7, permissions, rate limit, ...), with the credentials and ids of
// DEFAULT_FIXTURES (contracts/targets/fixtures.ts). Every answer is validated against the spec.
//
// Planted defects can be switched on (test/support/broken-ad-creative-server.ts does), to prove that the
// contract suite reports them under the right rule ids.
import fs from 'node:fs';
import {
  adCreativeRoutes, createAdCreativeServer, graphError, type AdCreativeHandlers, type HandlerInput,
} from '../../generated/ad-creative/server.js';
import { DEFAULT_FIXTURES } from '../../contracts/targets/fixtures.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';

export type { RunningServer };

export interface AdCreativeDefects {
  /** Reading an unknown creative answers code 2500 instead of 100 subcode 33 (ADC-READ-3). */
  unknownCreativeCode2500?: boolean;
  /** The preview edge answers without its required `data` (ADC-CONFORM-1); turns answer validation off. */
  previewWithoutData?: boolean;
  /** A title starting with punctuation passes validation (ADC-TEXT-2). */
  titlePunctuationAccepted?: boolean;
  /** No uniqueness check: an identical creative gets a new id (ADC-CREATE-3). */
  noUniquenessCheck?: boolean;
}

export interface AdCreativeDoubleOptions {
  defects?: AdCreativeDefects;
  /** More than `burst` calls to one ad account within `windowMs` answer 80004. Default: the fixture burst per second. */
  rateLimit?: { burst: number; windowMs: number };
}

type Json = Record<string, any>;
type Creative = Json & { id: string; account_id: string; status: string };
interface Post {
  id: string;
  page_id: string;
  message?: string;
  created_time: string;
  is_inline_created: boolean;
  is_published: boolean;
  /** Size of the post's image; a post over 8 MB cannot be used as an ad (ADC-IMAGE-2). */
  imageBytes: number;
}
type Route = (typeof adCreativeRoutes)[number];
/** A parsed `fields` selection: name -> nested selection (undefined: the whole value). */
type Selection = Map<string, Selection | undefined>;

const F = DEFAULT_FIXTURES['ad-creative'];
const MB = 1024 * 1024;
const LIST_CAP = 50_000;
const SPEC = JSON.parse(fs.readFileSync(new URL('../../generated/ad-creative/openapi.json', import.meta.url), 'utf8'));
/** Field names a read may select: the properties of the AdCreative and PagePost schemas. */
const CREATIVE_FIELDS = new Set(Object.keys(SPEC.components.schemas.AdCreative.properties));
const POST_FIELDS = new Set(Object.keys(SPEC.components.schemas.PagePost.properties));
const DEFAULT_FIELDS = ['id', 'name', 'status'];
const DATA_MEMBERS = ['link_data', 'photo_data', 'video_data', 'text_data', 'template_data'] as const;

/** What each fixture token may do. Any other token is invalid (190). */
const CALLERS: Record<string, { accounts: string[]; pages: boolean }> = {
  [F.accessToken]: { accounts: [F.adAccountId], pages: true },
  ...(F.noAccessToken ? { [F.noAccessToken]: { accounts: [], pages: false } } : {}),
};

const invalid = (message: string) => graphError(100, `(#100) ${message}`);

// --- fields=a,b{c},d.limit(5) ---------------------------------------------------------------------------

/** Parses a Graph field selection; anything malformed is error 2500 (ADC-FIELDS-1). */
export function parseFields(text: string): Selection {
  let i = 0;
  const fail = (expected: string): never => {
    throw graphError(2500, `Syntax error "Expected ${expected} instead of "${text[i] ?? 'end of string'}"." at character ${i}: ${text}`);
  };
  const list = (): Selection => {
    const out: Selection = new Map();
    for (;;) {
      const name = /^[a-z0-9_]+/.exec(text.slice(i))?.[0] ?? fail('a field name');
      i += name.length;
      // Modifiers such as .limit(10) apply to edges; a creative has none, so they only need to parse.
      while (text[i] === '.') i += (/^\.[a-z_]+\([0-9]+\)/.exec(text.slice(i)) ?? fail('a modifier like .limit(n)'))[0].length;
      let nested: Selection | undefined;
      if (text[i] === '{') {
        i++;
        nested = text[i] === '}' ? new Map() : list();
        if (text[i] !== '}') fail('"}"');
        i++;
      }
      out.set(name, nested);
      if (text[i] !== ',') return out;
      i++;
    }
  };
  const selection = list();
  if (i !== text.length) fail('end of string');
  return selection;
}

function pick(value: unknown, selection: Selection): unknown {
  if (Array.isArray(value)) return value.map((v) => pick(v, selection));
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [name, nested] of selection) {
    const v = (value as Json)[name];
    if (v !== undefined) out[name] = nested && nested.size > 0 ? pick(v, nested) : v;
  }
  return out;
}

/** The requested fields of a node plus its id, and no others (ADC-READ-1). */
function select(node: Json, fields: unknown, known: Set<string>, type: string, defaults: string[]): Json {
  const selection: Selection = typeof fields === 'string' && fields !== '' ? parseFields(fields) : new Map(defaults.map((d) => [d, undefined]));
  for (const name of selection.keys()) {
    if (!known.has(name)) throw invalid(`Tried accessing nonexisting field (${name}) on node type (${type})`);
  }
  return { id: node.id, ...(pick(node, selection) as Json) };
}

// --- title and body rules the schema leaves to the service -------------------------------------------------

/** Rule 3: no two punctuation characters in a row, except a run of exactly three full stops. */
function hasConsecutivePunctuation(text: string): boolean {
  return [...text.matchAll(/\p{P}{2,}/gu)].some((run) => run[0] !== '...');
}

/**
 * Rule 7: characters a link ad may not use. The document does not list them; the double counts symbols
 * outside ASCII (pictographs, dingbats, math and modifier symbols), except currency signs and the two
 * marks rule 6 allows (U+2122, U+2120).
 */
function hasSpecialCharacter(text: string): boolean {
  return [...text].some((c) => c > '\x7f' && c !== '\u2122' && c !== '\u2120' && /[\p{So}\p{Sm}\p{Sk}\p{Extended_Pictographic}]/u.test(c));
}

function checkText(field: 'title' | 'body', text: unknown, linkAd: boolean): void {
  if (typeof text !== 'string') return;
  if (hasConsecutivePunctuation(text)) throw invalid(`${field} must not contain consecutive punctuation (except "...")`);
  if (linkAd && hasSpecialCharacter(text)) throw invalid(`${field} of a link ad must not contain special characters`);
}

// --- the double ------------------------------------------------------------------------------------------

const isoNow = () => new Date().toISOString().replace(/\.\d+Z$/, '+0000');
const versionNumber = (version: string) => Number(/^v([0-9]+)\.0$/.exec(version)?.[1] ?? 0);
const cursorOf = (id: string) => Buffer.from(id).toString('base64url');
const idOfCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString();
/** Order key of an id: creative ids and the post part of post ids (<page>_<post>) increase with time. */
const keyOf = (id: string) => BigInt(/[0-9]+$/.exec(id)?.[0] ?? '0');
const newestFirst = (a: { id: string }, b: { id: string }) => (keyOf(b.id) > keyOf(a.id) ? 1 : keyOf(b.id) < keyOf(a.id) ? -1 : 0);

/** Canonical JSON (sorted keys), so that identical creatives compare equal however their fields were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function handlers(options: AdCreativeDoubleOptions): AdCreativeHandlers {
  const defects = options.defects ?? {};
  const limit = options.rateLimit ?? { burst: F.rateLimitBurst ?? 60, windowMs: 1000 };
  const creatives = new Map<string, Creative>();
  /** account + canonical request body -> id of the creative it created (ADC-CREATE-3). */
  const byContent = new Map<string, string>();
  const posts = new Map<string, Post>();
  const calls = new Map<string, number[]>();
  let nextCreative = 120330000010000000n;
  let nextPost = 100000000;

  // The spec's example creative and its inline post, so that the example requests (ADC-CONFORM-1,
  // ADC-PREVIEW-1) name a creative that exists; and the fixture post whose image is over 8 MB.
  const example = structuredClone(SPEC.components.examples.creative.value) as Creative;
  creatives.set(example.id, { ...example, account_id: F.adAccountId, effective_authorization_category: 'NONE' });
  posts.set(example.effective_object_story_id, {
    id: example.effective_object_story_id, page_id: example.object_story_spec.page_id, message: example.object_story_spec.link_data.message,
    created_time: '2024-05-01T10:00:00+0000', is_inline_created: true, is_published: false, imageBytes: 200_000,
  });
  if (F.oversizedImagePostId) {
    posts.set(F.oversizedImagePostId, {
      id: F.oversizedImagePostId, page_id: F.oversizedImagePostId.split('_')[0]!, message: 'A post with a large picture',
      created_time: '2024-04-01T09:00:00+0000', is_inline_created: false, is_published: true, imageBytes: 9 * MB,
    });
  }

  const callerOf = (input: HandlerInput) => CALLERS[input.credentials.accessToken ?? input.credentials.bearerToken ?? '']!;

  /** The caller needs permission on the ad account (200). */
  function permit(input: HandlerInput, account: string): void {
    if (!callerOf(input).accounts.includes(account)) {
      throw graphError(200, '(#200) Requires ads_management permission to manage the object');
    }
  }

  /**
   * Rate limit per ad account (ADC-RATE-1): more than `burst` calls to act_<id>/... within `windowMs` answer
   * 80004. Only calls addressed to the account itself (list, create) count: the suite's other traffic on the
   * fixture account comes close to a burst of 60 within a second when creative reads count too.
   */
  function throttle(account: string): void {
    const now = Date.now();
    const recent = (calls.get(account) ?? []).filter((t) => now - t < limit.windowMs);
    if (recent.length >= limit.burst) {
      // The refusal closes the window: a caller that waits as told (Retry-After) is served again.
      calls.delete(account);
      throw graphError(80004, 'There have been too many calls to this ad-account. Wait a bit and try again.', {
        subcode: 2446079, isTransient: true, headers: { 'retry-after': String(Math.ceil(limit.windowMs / 1000)) },
      });
    }
    recent.push(now);
    calls.set(account, recent);
  }

  /** A stored creative the caller may use; an unknown id is 100/33 (ADC-READ-3). */
  function creativeFor(input: HandlerInput, id: string, method: string): Creative {
    const creative = creatives.get(id);
    if (!creative) {
      if (defects.unknownCreativeCode2500) throw graphError(2500, `Cannot find creative ${id}`);
      throw graphError(
        100,
        `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        { subcode: 33, type: 'GraphMethodException' },
      );
    }
    permit(input, creative.account_id);
    return creative;
  }

  /** The creative as a read under `version` shows it. */
  function view(creative: Creative, version: string, width = 64, height = 64): Json {
    const out: Json = { ...creative, thumbnail_url: `https://platform.example/thumb/${creative.id}.jpg?w=${width}&h=${height}` };
    // IN_PROCESS and WITH_ISSUES exist from version 4.0 (ADC-VERSION-2); older versions see ACTIVE.
    if (versionNumber(version) < 4 && (out.status === 'IN_PROCESS' || out.status === 'WITH_ISSUES')) out.status = 'ACTIVE';
    return out;
  }

  /** One page of `items` (newest first) by Graph cursors; paging.next only while more follow (ADC-LIST-2). */
  function page<T extends { id: string }>(input: HandlerInput, items: T[], query: { limit?: number; after?: string; before?: string }) {
    const size = query.limit ?? 25;
    let start = 0;
    let end = Math.min(size, items.length);
    if (query.after) {
      const after = keyOf(idOfCursor(query.after));
      start = items.findIndex((c) => keyOf(c.id) < after);
      if (start < 0) start = items.length;
      end = Math.min(start + size, items.length);
    } else if (query.before) {
      const before = keyOf(idOfCursor(query.before));
      end = items.findIndex((c) => keyOf(c.id) <= before);
      if (end < 0) end = items.length;
      start = Math.max(0, end - size);
    }
    const data = items.slice(start, end);
    if (data.length === 0) return { data };
    const link = (cursor: Record<string, string>) => {
      const url = new URL(input.url.pathname, `http://${input.headers.host ?? '127.0.0.1'}`);
      for (const [k, v] of input.url.searchParams) if (k !== 'after' && k !== 'before') url.searchParams.set(k, v);
      for (const [k, v] of Object.entries(cursor)) url.searchParams.set(k, v);
      return url.toString();
    };
    const before = cursorOf(data[0]!.id);
    const after = cursorOf(data.at(-1)!.id);
    return {
      data,
      paging: {
        cursors: { before, after },
        ...(end < items.length ? { next: link({ after }) } : {}),
        ...(start > 0 ? { previous: link({ before }) } : {}),
      },
    };
  }

  /** The rules of a new creative that the schema cannot decide (or cannot see into in form bodies). */
  function checkCreate(b: Json): void {
    const sources = ['object_story_spec', 'object_story_id', 'object_url'].filter((k) => b[k] !== undefined);
    if (sources.length !== 1) throw invalid('Exactly one of object_story_spec, object_story_id or object_url (link ad) is required');
    if (b.image_hash !== undefined && b.image_url !== undefined) throw invalid('image_hash and image_url cannot be combined');
    const spec = b.object_story_spec as Json | undefined;
    if (spec) {
      if (typeof spec.page_id !== 'string') throw invalid('object_story_spec requires page_id');
      const members = DATA_MEMBERS.filter((m) => spec[m] !== undefined);
      if (members.length !== 1) throw invalid(`object_story_spec needs exactly one of ${DATA_MEMBERS.join(', ')}`);
      const value = spec.link_data?.call_to_action?.value;
      if (spec.link_data?.call_to_action && !(value?.link || value?.page)) {
        throw invalid('call_to_action.value of link_data needs link or page');
      }
      if (spec.video_data && b.body !== undefined) throw invalid('body is not supported for video post creatives');
    }
    const dynamic = b.product_set_id !== undefined || b.asset_feed_spec !== undefined || spec?.template_data !== undefined;
    if (dynamic && b.authorization_category !== undefined && b.authorization_category !== 'NONE') {
      throw invalid('authorization_category is not available for dynamic ads');
    }
    const sponsored = b.platform_branded_content?.sponsor_page_id !== undefined || b.photoapp_branded_content?.sponsor_id !== undefined;
    if (sponsored && b.object_story_id === undefined) throw invalid('Partnership ads set the sponsor together with object_story_id of a tagged post');
    if (b.object_story_id !== undefined && (posts.get(b.object_story_id)?.imageBytes ?? 0) > 8 * MB) {
      throw invalid(`The image of post ${b.object_story_id} is larger than 8 MB and cannot be used in an ad`);
    }
    const linkAd = b.object_url !== undefined;
    checkText('title', b.title, linkAd);
    checkText('body', b.body, linkAd);
  }

  return {
    async createAdCreative(input) {
      const account = input.path.ad_account_id;
      permit(input, account);
      throttle(account);
      const { access_token: _token, ...b } = input.body as Json;
      checkCreate(b);
      const key = `${account}:${canonical(b)}`;
      const existing = byContent.get(key);
      if (!defects.noUniquenessCheck && existing && creatives.get(existing)?.status !== 'DELETED') return { body: { id: existing } };

      const id = String(nextCreative++);
      const creative: Creative = { id, account_id: account, status: 'ACTIVE', effective_authorization_category: b.authorization_category ?? 'NONE' };
      for (const [k, v] of Object.entries(b)) if (CREATIVE_FIELDS.has(k)) creative[k] = v;
      const spec = b.object_story_spec as Json | undefined;
      if (spec) {
        // An unpublished page post is created; object_story_id stays null (ADC-CREATE-2).
        const data = spec.link_data ?? spec.template_data ?? spec.photo_data ?? spec.video_data ?? spec.text_data;
        const post: Post = {
          id: `${spec.page_id}_${nextPost++}`, page_id: spec.page_id, message: data.message ?? data.caption, created_time: isoNow(),
          is_inline_created: true, is_published: false, imageBytes: 0,
        };
        posts.set(post.id, post);
        Object.assign(creative, { object_story_id: null, effective_object_story_id: post.id, actor_id: spec.page_id });
        creative.object_type = spec.photo_data ? 'PHOTO' : spec.video_data ? 'VIDEO' : spec.text_data ? 'STATUS' : 'SHARE';
      } else if (b.object_story_id) {
        // An existing post: the double takes any well-formed post id as a published post of its page.
        if (!posts.has(b.object_story_id)) {
          posts.set(b.object_story_id, {
            id: b.object_story_id, page_id: b.object_story_id.split('_')[0], created_time: isoNow(), is_inline_created: false, is_published: true, imageBytes: 0,
          });
        }
        Object.assign(creative, { effective_object_story_id: b.object_story_id, object_type: 'SHARE' });
      } else {
        creative.object_type = 'DOMAIN';
      }
      creatives.set(id, creative);
      byContent.set(key, id);
      return { body: { id } };
    },

    async getAdCreative(input) {
      const { path, query } = input;
      const creative = creativeFor(input, path.creative_id, 'get');
      const shown = view(creative, path.version, query.thumbnail_width, query.thumbnail_height);
      return { body: select(shown, query.fields, CREATIVE_FIELDS, 'AdCreative', DEFAULT_FIELDS) as never };
    },

    async updateAdCreative(input) {
      const { path } = input;
      const creative = creativeFor(input, path.creative_id, 'post');
      const { access_token: _token, ...b } = input.body as Json;
      if (versionNumber(path.version) < 4 && (b.status === 'IN_PROCESS' || b.status === 'WITH_ISSUES')) {
        throw invalid(`status ${b.status} exists from version 4.0`);
      }
      if (b.account_id !== undefined && !callerOf(input).accounts.includes(b.account_id)) {
        throw graphError(200, '(#200) Requires ads_management permission on the target ad account');
      }
      // Read-after-write: the next read shows these values (ADC-UPDATE-2).
      for (const k of ['account_id', 'adlabels', 'name', 'status']) if (b[k] !== undefined) creative[k] = b[k];
      return { body: { success: true } };
    },

    async deleteAdCreative(input) {
      // The creative stays readable with status DELETED (ADC-DELETE-1) and leaves the list.
      creativeFor(input, input.path.creative_id, 'delete').status = 'DELETED';
      return { body: { success: true } };
    },

    async listAdCreatives(input) {
      const { path, query } = input;
      permit(input, path.ad_account_id);
      throttle(path.ad_account_id);
      // At most 50,000 creatives, with no paging beyond (ADC-LIST-1).
      const all = [...creatives.values()].filter((c) => c.account_id === path.ad_account_id && c.status !== 'DELETED').sort(newestFirst).slice(0, LIST_CAP);
      const result: Json = page(input, all, query);
      result.data = result.data.map((c: Creative) => select(view(c, path.version), query.fields, CREATIVE_FIELDS, 'AdCreative', DEFAULT_FIELDS));
      if (query.summary === 'total_count' || query.summary === 'true') result.summary = { total_count: all.length };
      return { body: result as never };
    },

    async getAdCreativePreviews(input) {
      const { path, query } = input;
      const creative = creativeFor(input, path.creative_id, 'get');
      if (defects.previewWithoutData) return { body: {} as never };
      const width = query.width ?? 540;
      const height = query.height ?? 690;
      const src = `https://platform.example/ads/api/preview_iframe.php?d=${cursorOf(creative.id)}&amp;t=${cursorOf(query.ad_format)}`;
      return { body: { data: [{ body: `<iframe src="${src}" width="${width}" height="${height}" scrolling="yes" style="border: none;"></iframe>` }] } };
    },

    async listPromotablePosts(input) {
      const { path, query } = input;
      if (!callerOf(input).pages) throw graphError(200, '(#200) The caller lacks permission on this page');
      // Inline-created posts only with include_inline=true (ADC-INLINE-1).
      const all = [...posts.values()]
        .filter((p) => p.page_id === path.page_id && (query.include_inline === true || !p.is_inline_created))
        .filter((p) => query.is_published === undefined || p.is_published === query.is_published)
        .sort(newestFirst)
        .map(({ imageBytes: _size, page_id: _page, ...post }) => ({ ...post, promotable_id: post.id }));
      const result: Json = page(input, all, query);
      result.data = result.data.map((p: Json) => select(p, query.fields, POST_FIELDS, 'PagePost', [...POST_FIELDS].filter((f) => f in p)));
      return { body: result as never };
    },
  };
}

/** Checks that run before the router's schema validation: the token, and a malformed `fields` list. */
function authenticate(input: HandlerInput, route: Route): void {
  const token = input.credentials.accessToken ?? input.credentials.bearerToken;
  if (!token) throw graphError(190, 'An active access token must be used to query information about the current user.');
  if (token === F.devAccessToken) throw graphError(270, '(#270) This Ads API request is not allowed for apps with development access level');
  if (!CALLERS[token]) throw graphError(190, 'Invalid OAuth access token - Cannot parse access token');
  // The schema puts a pattern on `fields`, which the router would answer with 100; the service answers a
  // malformed selection with 2500 (ADC-FIELDS-1) on the operations that document it.
  const fields = input.query.fields;
  if ((route.operationId === 'getAdCreative' || route.operationId === 'listAdCreatives') && typeof fields === 'string' && fields !== '') parseFields(fields);
}

/** Defect: the create validators see every title with its first character replaced by a letter. */
function lenientTitleRoutes(): Route[] {
  return adCreativeRoutes.map((route) => {
    if (route.operationId !== 'createAdCreative') return route;
    const validateBody = Object.fromEntries(
      Object.entries(route.validateBody).map(([type, validate]) => {
        const lenient = (data: unknown) => {
          const copy = { ...(data as Json) };
          if (typeof copy.title === 'string' && copy.title.length > 0) copy.title = `x${copy.title.slice(1)}`;
          const ok = validate(copy);
          lenient.errors = validate.errors;
          return ok;
        };
        lenient.errors = null as typeof validate.errors;
        return [type, lenient];
      }),
    );
    return { ...route, validateBody };
  });
}

export async function startAdCreativeDouble(options: AdCreativeDoubleOptions = {}): Promise<RunningServer> {
  const defects = options.defects ?? {};
  const build = () =>
    createAdCreativeServer(handlers(options), {
      authenticate,
      // A planted defect may break the response schema on purpose; otherwise every answer must match it.
      validateResponses: !defects.previewWithoutData,
      onError: (error) => console.error('ad-creative double:', error),
    });
  let listener: ReturnType<typeof createAdCreativeServer>;
  if (defects.titlePunctuationAccepted) {
    // The router compiles the shared route table when it is created: swap the lenient routes in for that
    // moment only, so that no other server in this process is affected.
    const saved = [...adCreativeRoutes];
    adCreativeRoutes.splice(0, adCreativeRoutes.length, ...lenientTitleRoutes());
    try {
      listener = build();
    } finally {
      adCreativeRoutes.splice(0, adCreativeRoutes.length, ...saved);
    }
  } else {
    listener = build();
  }
  return listenLocal(listener);
}

// Run directly: prints the address and keeps serving, for running the contract suite against it.
if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startAdCreativeDouble();
  console.log(`ad-creative double on ${running.baseUrl}`);
}
