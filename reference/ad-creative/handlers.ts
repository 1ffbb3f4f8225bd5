// The ad creative service's operations on the generated stubs: the router has parsed and validated each
// request against specs/ad-creative/openapi.yaml; these handlers apply the tenant, state and rule checks
// the schema cannot, and keep everything in the store.
import type http from 'node:http';
import { generatedSpec } from '../../generator/model/index.js';
import {
  adCreativeErrorStyle,
  graphError,
  type AdCreativeHandlers,
  type HandlerInput,
} from '../../generated/ad-creative/server.js';
import { invalidRequest, type RouteDef } from '../../generated/ad-creative/runtime/server/index.js';
import { canonicalJson } from './canonical.js';
import { checkCreate, invalid } from './create-rules.js';
import { showCreative, shownStatus, versionNumber } from './creative-view.js';
import { graphFormValues } from './form-values.js';
import { parseFields, pickNode, selectNode, selectionOf, type Selection } from './fields.js';
import { type MediaUrls, previewSize } from './media.js';
import { tooManyCalls, type RateLimiter } from './rate-limit.js';
import {
  IdenticalCreativeError,
  type AdCreativeStore,
  type CreativeRecord,
  type Page,
  type RateLimit,
  type TokenGrant,
} from './store.js';
import { characterCount } from '../foundation/characters.js';
import { unstorableTextAt, unstorableViolation } from '../foundation/storable-text.js';

type Json = Record<string, any>;

/** Field names a read may select (the properties of AdCreative and PagePost), as the spec's model gives them. */
const selectable = (id: string) =>
  new Set(generatedSpec('ad-creative').model.operations.find((o) => o.id === id)?.selectableFields);
export const CREATIVE_FIELDS: ReadonlySet<string> = selectable('getAdCreative');
const POST_FIELDS: ReadonlySet<string> = selectable('listPromotablePosts');
/** Without `fields` a node answers its id (the public ads API's default selection). */
const DEFAULT_CREATIVE_FIELDS = ['id'];
const DEFAULT_POST_FIELDS = ['id', 'message', 'created_time'];
/** At most this many creatives are listed, with no paging beyond (document, Limits). */
export const LIST_CAP = 50_000;
const DEFAULT_PAGE = 25;
const MAX_PAGE = 5000;
const UPDATABLE = new Set(['account_id', 'adlabels', 'name', 'status']);
/** Parameters a write carries that are not part of the written node. */
const REQUEST_PARAMS = new Set(['access_token', 'appsecret_proof', 'fields', 'thumbnail_width', 'thumbnail_height']);

/** Cursors by item (a stored record is shared while unchanged, so its cursor is made once). */
const cursors = new WeakMap<object, string>();

/** A cursor names the item a page starts or ends with (its id, which says nothing about other tenants). */
function cursorOf(item: { id: string }): string {
  let cursor = cursors.get(item);
  if (cursor === undefined) cursors.set(item, (cursor = Buffer.from(item.id).toString('base64url')));
  return cursor;
}

/** The seq of the item a list read's `after` or `before` cursor names; error 100 when it names none of the list. */
async function cursorSeq(
  query: Json,
  param: 'after' | 'before',
  seqOf: (id: string) => Promise<number | undefined>,
): Promise<number | undefined> {
  const cursor = query[param];
  if (typeof cursor !== 'string') return undefined;
  const seq = await seqOf(Buffer.from(cursor, 'base64url').toString());
  if (seq === undefined) throw invalid(`Param ${param} is not a valid cursor for this list`);
  return seq;
}

/** The URL of the page before or after a cursor: the read's own path and parameters, its page size and the cursor. */
function pageLink(base: string, read: URL, limit: number, param: 'after' | 'before', cursor: string): string {
  const url = new URL(`${base}${read.pathname}`);
  for (const [k, v] of read.searchParams) if (k !== 'after' && k !== 'before') url.searchParams.set(k, v);
  url.searchParams.set('limit', String(limit));
  url.searchParams.set(param, cursor);
  return url.toString();
}

/** Answers for an object the caller may not see, worded like the public service's, whether it exists or not. */
function unsupported(method: string, id: string) {
  return graphError(
    100,
    `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    { subcode: 33, type: 'GraphMethodException', http: 400 },
  );
}

const noPermission = (what: string) =>
  graphError(200, `(#200) The access token has no permission on ${what}`, { http: 403 });

export interface HandlerContext {
  store: AdCreativeStore;
  /** Counts each account's calls against its rate limit. */
  limiter: RateLimiter;
  /** The service-wide call rate of an ad account (seed rateLimit) unless the account has its own. */
  rateLimit: RateLimit;
  media: MediaUrls;
  /** The base URL of a request's answer's links (thumbnail, preview, paging, permalink: foundation/public-base.ts). */
  publicBase: (req: http.IncomingMessage) => string;
}

export function createHandlers(ctx: HandlerContext): AdCreativeHandlers {
  const { store, limiter, media } = ctx;
  const baseOf = (input: HandlerInput) => ctx.publicBase(input.request);
  // The grant authenticate() found is the request's caller (the router keeps it on the input).
  const grantOf = (input: HandlerInput) => input.caller as TokenGrant;

  /** Counts the call against the account's rate limit (80004 when full). */
  async function throttle(account: string): Promise<void> {
    const record = await store.adAccount(account);
    if (!(await limiter.admit(account, record?.rateLimit ?? ctx.rateLimit))) throw tooManyCalls();
  }

  /** The caller may use the ad account (200 otherwise; the same answer whether it exists or not). */
  async function permitAccount(input: HandlerInput, account: string): Promise<void> {
    if (!grantOf(input).adAccounts.includes(account)) throw noPermission(`ad account ${account}`);
  }

  /** The id of the page a path names by id or by username (an unknown username reads as no such object, 100/33). */
  async function pageIdOf(idOrUsername: string): Promise<string> {
    if (/^[0-9]+$/.test(idOrUsername)) return idOrUsername;
    const page = await store.pageNamed(idOrUsername);
    if (!page) throw unsupported('get', idOrUsername);
    return page.id;
  }

  /** A creative the caller may use: one of its ad accounts; anything else reads as not existing (100/33). */
  async function visibleCreative(input: HandlerInput, id: string, method: string): Promise<CreativeRecord> {
    const creative = await store.creative(id);
    if (!creative || !grantOf(input).adAccounts.includes(creative.accountId)) throw unsupported(method, id);
    return creative;
  }

  /**
   * The creative as a read under `version` shows it (all fields; selection comes after). Given the selection,
   * its signed thumbnail_url is made only when selected.
   */
  function view(
    input: HandlerInput,
    creative: CreativeRecord,
    version: string,
    width?: number,
    height?: number,
    selection?: Selection,
  ): Json {
    const status = shownStatus(creative.status, version);
    const node: Json = { ...creative.fields, id: creative.id, account_id: creative.accountId, status };
    if (!selection || selection.some((f) => f.name === 'thumbnail_url'))
      node.thumbnail_url = thumbnailOf(input, creative, width, height);
    return node;
  }

  /** The signed thumbnail URL of a creative at a read's size; 0 (an unsigned int the public service accepts) reads as the default 64. */
  function thumbnailOf(input: HandlerInput, creative: CreativeRecord, width?: number, height?: number): string {
    return media.thumbnailUrl(baseOf(input), creative.id, width || 64, height || 64);
  }

  /** A creative as a read with `selection` answers it. */
  function shown(
    input: HandlerInput,
    creative: CreativeRecord,
    selection: Selection,
    width?: number,
    height?: number,
  ): Json {
    const version = input.path.version as string;
    // An empty selection (`fields=,`) answers the whole node.
    if (selection.length === 0) return pickNode(view(input, creative, version, width, height, selection), selection);
    return showCreative(creative, selection, version, () => thumbnailOf(input, creative, width, height));
  }

  /** The creative selection a read's `fields` (text or list) asks for. */
  const creativeSelection = (fields: unknown): Selection =>
    selectionOf(
      typeof fields === 'string' ? fields : Array.isArray(fields) ? fields.join(',') : undefined,
      CREATIVE_FIELDS,
      'AdCreative',
      DEFAULT_CREATIVE_FIELDS,
    );

  function select(
    node: Json,
    fields: unknown,
    known: ReadonlySet<string>,
    type: string,
    defaults: readonly string[],
  ): Json {
    const text = typeof fields === 'string' ? fields : Array.isArray(fields) ? fields.join(',') : undefined;
    return selectNode(node, text, known, type, defaults);
  }

  /** One page of a newest-first list, with Graph cursors; paging.next only while more follow (ADC-LIST-2). */
  function paged<T extends { id: string }>(
    input: HandlerInput,
    page: Page<T>,
    limit: number,
  ): { data: T[]; paging?: Json } {
    const { items } = page;
    if (items.length === 0) return { data: [] };
    const before = cursorOf(items[0]!);
    const after = cursorOf(items.at(-1)!);
    return {
      data: items,
      paging: {
        cursors: { before, after },
        ...(page.earlier ? { previous: pageLink(baseOf(input), input.url, limit, 'before', before) } : {}),
        ...(page.more ? { next: pageLink(baseOf(input), input.url, limit, 'after', after) } : {}),
      },
    };
  }

  /** The page a list read asks for; a cursor must name an item of the same list (else error 100 naming it). */
  async function pageQuery(query: Json, seqOf: (id: string) => Promise<number | undefined>) {
    // The document shows no page size limits: a limit below 1 means the default, a very large one is served
    // in pages of at most MAX_PAGE (paging.next leads on), as the public service caps pages silently.
    const asked = Number(query.limit ?? DEFAULT_PAGE);
    const limit = asked >= 1 ? Math.min(asked, MAX_PAGE) : DEFAULT_PAGE;
    if (typeof query.after !== 'string' && typeof query.before !== 'string') return { limit };
    const afterSeq = await cursorSeq(query, 'after', seqOf);
    const beforeSeq = afterSeq === undefined ? await cursorSeq(query, 'before', seqOf) : undefined;
    return { limit, afterSeq, beforeSeq };
  }

  /** A write's own `fields` (query string or form field): read-after-write answers that selection. */
  function writeFields(input: HandlerInput, body: Json): string | undefined {
    const fields = input.url.searchParams.get('fields') ?? body.fields;
    if (fields === undefined || fields === null) return undefined;
    const text = Array.isArray(fields) ? fields.join(',') : String(fields);
    parseFields(text);
    return text;
  }

  /** The fields a new creative stores: its AdCreative members plus what the service derives. */
  function storedFields(b: Json): Json {
    const out: Json = {};
    for (const [k, v] of Object.entries(b))
      if (CREATIVE_FIELDS.has(k) && k !== 'id' && k !== 'account_id' && k !== 'status') out[k] = v;
    out.effective_authorization_category = b.authorization_category ?? 'NONE';
    const spec = b.object_story_spec as Json | undefined;
    const ctaType =
      b.call_to_action?.type ??
      spec?.link_data?.call_to_action?.type ??
      spec?.template_data?.call_to_action?.type ??
      spec?.video_data?.call_to_action?.type;
    if (ctaType && out.call_to_action_type === undefined) out.call_to_action_type = ctaType;
    if (spec) {
      out.object_story_spec = structuredClone(spec);
      out.actor_id = spec.page_id;
      out.object_story_id = null;
      out.object_type = spec.photo_data ? 'PHOTO' : spec.video_data ? 'VIDEO' : spec.text_data ? 'STATUS' : 'SHARE';
    } else if (b.object_story_id) {
      out.effective_object_story_id = b.object_story_id;
      out.actor_id = String(b.object_story_id).split('_')[0];
      out.object_type = 'SHARE';
    } else {
      out.object_type = 'DOMAIN';
    }
    return out;
  }

  return {
    async createAdCreative(input) {
      const account = input.path.ad_account_id;
      await permitAccount(input, account);
      await throttle(account);
      const raw: Json = graphFormValues(input.body as Json);
      const fields = writeFields(input, raw);
      const b: Json = {};
      for (const [k, v] of Object.entries(raw)) if (!REQUEST_PARAMS.has(k)) b[k] = v;
      await checkCreate(b, { store, grant: grantOf(input), account });
      const spec = b.object_story_spec as Json | undefined;
      const data = spec
        ? (spec.link_data ?? spec.template_data ?? spec.photo_data ?? spec.video_data ?? spec.text_data)
        : undefined;
      const inlinePost = spec ? { pageId: spec.page_id, message: data?.message ?? data?.caption } : undefined;
      const { id } = await store.createCreative({
        accountId: account,
        contentKey: canonicalJson(b),
        fields: storedFields(b),
        inlinePost,
      });
      if (!fields) return { body: { id } };
      const creative = (await store.creative(id))!;
      return {
        body: {
          ...select(
            view(input, creative, input.path.version),
            fields,
            CREATIVE_FIELDS,
            'AdCreative',
            DEFAULT_CREATIVE_FIELDS,
          ),
          id,
        },
      };
    },

    async getAdCreative(input) {
      const { path, query } = input;
      const creative = await visibleCreative(input, path.creative_id, 'get');
      await throttle(creative.accountId);
      const selection = creativeSelection(query.fields);
      return { body: shown(input, creative, selection, query.thumbnail_width, query.thumbnail_height) };
    },

    async updateAdCreative(input) {
      const { path } = input;
      const creative = await visibleCreative(input, path.creative_id, 'post');
      await throttle(creative.accountId);
      const raw: Json = graphFormValues(input.body as Json);
      const fields = writeFields(input, raw);
      const b: Json = {};
      for (const [k, v] of Object.entries(raw)) if (!REQUEST_PARAMS.has(k)) b[k] = v;
      // The public business SDK sends the creative's own id with every update; any other id is a mistake.
      if (b.id !== undefined) {
        if (String(b.id) !== creative.id)
          throw invalid(`Param id ${b.id} is not the id of the creative being updated (${creative.id})`);
        delete b.id;
      }
      const other = Object.keys(b).filter((k) => !UPDATABLE.has(k));
      if (other.length) {
        throw invalid(`Param ${other[0]} cannot be updated: an update accepts account_id, adlabels, name and status`);
      }
      if (versionNumber(path.version) < 4 && (b.status === 'IN_PROCESS' || b.status === 'WITH_ISSUES')) {
        throw invalid(`Param status: ${b.status} exists from version 4.0`);
      }
      if (typeof b.name === 'string' && characterCount(b.name) > 100)
        throw invalid('Param name must be at most 100 characters long');
      if (b.account_id !== undefined && !grantOf(input).adAccounts.includes(b.account_id)) {
        throw noPermission(`ad account ${b.account_id}`);
      }
      try {
        await store.updateCreative(creative.id, {
          accountId: b.account_id,
          name: b.name,
          status: b.status,
          adlabels: b.adlabels,
        });
      } catch (error) {
        if (error instanceof IdenticalCreativeError)
          throw invalid('An identical creative already exists in that ad account');
        throw error;
      }
      if (!fields) return { body: { success: true } };
      const updated = (await store.creative(creative.id))!;
      return {
        body: {
          success: true,
          ...select(view(input, updated, path.version), fields, CREATIVE_FIELDS, 'AdCreative', DEFAULT_CREATIVE_FIELDS),
        },
      };
    },

    async deleteAdCreative(input) {
      const creative = await visibleCreative(input, input.path.creative_id, 'delete');
      await throttle(creative.accountId);
      // The creative stays readable with status DELETED and leaves the list (ADC-DELETE-1).
      await store.updateCreative(creative.id, { status: 'DELETED' });
      return { body: { success: true } };
    },

    async listAdCreatives(input) {
      const { path, query } = input;
      await permitAccount(input, path.ad_account_id);
      await throttle(path.ad_account_id);
      const q = await pageQuery(query, async (id) => {
        const c = await store.creative(id);
        return c && c.accountId === path.ad_account_id ? c.seq : undefined;
      });
      const page = await store.listCreatives(path.ad_account_id, q, LIST_CAP);
      const result = paged(input, page, q.limit);
      // The selection is read once, at the first creative (an empty page answers whatever `fields` says).
      let selection: Selection | undefined;
      const listed: { data: Json[]; paging?: Json; summary?: Json } = {
        ...result,
        data: result.data.map((c: CreativeRecord) => {
          selection ??= creativeSelection(query.fields);
          return shown(input, c, selection);
        }),
      };
      if (query.summary === 'total_count' || query.summary === 'true')
        listed.summary = { total_count: await store.countCreatives(path.ad_account_id, LIST_CAP) };
      return { body: listed };
    },

    async getAdCreativePreviews(input) {
      const { path, query } = input;
      const creative = await visibleCreative(input, path.creative_id, 'get');
      await throttle(creative.accountId);
      const format = query.ad_format;
      const size = previewSize(format);
      const width = query.width || size.width;
      const height = query.height || size.height;
      const src = media.previewUrl(baseOf(input), creative.id, format).replace(/&/g, '&amp;');
      return {
        body: {
          data: [
            {
              body: `<iframe src="${src}" width="${width}" height="${height}" scrolling="yes" style="border: none;"></iframe>`,
            },
          ],
        },
      };
    },

    async listPromotablePosts(input) {
      const { query } = input;
      const path = { ...input.path, page_id: await pageIdOf(input.path.page_id) };
      if (!grantOf(input).pages.includes(path.page_id)) throw noPermission(`page ${path.page_id}`);
      const q = await pageQuery(query, async (id) => {
        const p = await store.post(id);
        return p && p.pageId === path.page_id ? p.seq : undefined;
      });
      const includeInline = query.include_inline === true;
      const page = await store.listPosts(path.page_id, { ...q, includeInline, published: query.is_published });
      const result = paged(input, page, q.limit);
      const listed = {
        ...result,
        data: result.data.map((p) =>
          select(
            {
              id: p.id,
              message: p.message,
              created_time: p.createdTime,
              is_inline_created: p.inlineCreated,
              is_published: p.published,
              is_eligible_for_promotion: true,
              promotable_id: p.id,
              permalink_url: `${baseOf(input)}/${p.pageId}/posts/${String(p.id).split('_')[1]}`,
            },
            query.fields,
            POST_FIELDS,
            'Post',
            DEFAULT_POST_FIELDS,
          ),
        ),
      };
      // A page's posts are not rate-limited per account (no account is named): the store and the token decide.
      return { body: listed };
    },
  };
}

/** Checks before the router's validation: the token (104, 190, 270) and an unparseable `fields` (2500). */
export function createAuthenticate(ctx: HandlerContext) {
  const { store } = ctx;
  return async (input: HandlerInput, route: RouteDef): Promise<TokenGrant> => {
    const unstorable = unstorableTextAt(input);
    if (unstorable) throw invalidRequest(adCreativeErrorStyle, 'Invalid parameter', [unstorableViolation(unstorable)]);
    const token = input.credentials.accessToken ?? input.credentials.bearerToken;
    if (!token) throw graphError(104, 'An access token is required to request this resource.', { http: 400 });
    const grant = await store.token(token);
    if (!grant) throw graphError(190, 'Invalid OAuth access token - Cannot parse access token', { http: 400 });
    if (grant.expiresAt && Date.parse(grant.expiresAt) <= Date.now()) {
      throw graphError(
        190,
        `Error validating access token: Session has expired on ${new Date(grant.expiresAt).toUTCString()}.`,
        { subcode: 463, http: 400 },
      );
    }
    if (grant.appAccess === 'development') {
      throw graphError(270, '(#270) This Ads API request is not allowed for apps with development access level', {
        http: 403,
      });
    }
    // A malformed selection is 2500 (ADC-FIELDS-1) on every operation that takes `fields`, reads and writes.
    const fields = input.query.fields;
    if (typeof fields === 'string' && fields.trim() !== '') parseFields(fields);
    void route;
    return grant;
  };
}
