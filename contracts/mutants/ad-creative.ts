// Mutants of the ad creative service: realistic bugs planted from outside the reference implementation, each
// of which the suite must report as FAIL under its rule. `wire` mutants rewrite requests or answers
// (./wire.ts), or answer in the service's place; `seam` mutants decorate the service's store or rate limiter
// (reference/ad-creative/seams.ts, ./decorate.ts). Both sides of the rules are covered (a refusal lost, a
// valid request refused), with wrong codes, off-by-one limits, values validated and then ignored, missing
// members, and the four defects of the former broken server (unknown creative 2500, preview without data,
// invalid title accepted, duplicated creative).
import { randomUUID } from 'node:crypto';
import type { AnyRuleId } from '../../generated/rules.js';
import type { RateLimiter } from '../../reference/ad-creative/rate-limit.js';
import type { AdCreativeSeams } from '../../reference/ad-creative/seams.js';
import type { AdCreativeStore, CreativeRecord, Page, PostRecord } from '../../reference/ad-creative/store.js';
import type { Decorators, ServiceDecorators } from '../../reference/index.js';
import { generatedSpec } from '../../generator/model/index.js';
import { mapResult, overriding, type Overrides } from './decorate.js';
import type { Mutant } from './mutant.js';
import {
  answerInstead,
  formOf,
  operationOf,
  rewriteAnswer,
  rewriteRequest,
  type Wrap,
  type WireRequest,
} from './wire.js';

const wire = (rule: AnyRuleId, name: string, description: string, wrap: Wrap): Mutant => ({
  id: `${rule}/${name}`,
  rule,
  description,
  wrap,
});
const seam = (rule: AnyRuleId, name: string, description: string, decorate: Decorators<AdCreativeSeams>): Mutant => ({
  id: `${rule}/${name}`,
  rule,
  description,
  decorate: decorate as ServiceDecorators,
});
const store = (overrides: Overrides<AdCreativeStore>): Decorators<AdCreativeSeams> => ({
  store: overriding(overrides),
});
const limiter = (overrides: Overrides<RateLimiter>): Decorators<AdCreativeSeams> => ({
  rateLimiter: overriding(overrides),
});

type Json = Record<string, any>;
/** The members a creative read may select, as the spec names them. */
const CREATIVE_FIELDS: ReadonlySet<string> = new Set(
  generatedSpec('ad-creative').model.operations.find((o) => o.id === 'getAdCreative')?.selectableFields,
);
const creates = (r: WireRequest) => operationOf(r.method, r.url) === 'createAdCreative';
const updates = (r: WireRequest) => operationOf(r.method, r.url) === 'updateAdCreative';
/** A read of creatives: one (getAdCreative) or a list (listAdCreatives). */
const readsCreatives = (method: string, url: URL) =>
  method === 'GET' && ['getAdCreative', 'listAdCreatives'].includes(operationOf(method, url) ?? '');
/** An operation on creatives (read, list, create, update, delete): the ones whose `fields` name AdCreative members. */
const onCreatives = (r: WireRequest) => {
  const op = operationOf(r.method, r.url);
  return op !== undefined && op !== 'listPromotablePosts' && op !== 'getAdCreativePreviews';
};
const isError = (json: any) => json && typeof json.error === 'object';
const versionOf = (url: URL) => Number(/^\/v([0-9]+)\.0\//.exec(url.pathname)?.[1] ?? 0);
/** The path with another first (version) segment. */
const withVersion = (url: URL, version: string) => {
  url.pathname = url.pathname.replace(/^\/[^/]+/, `/${version}`);
};

/** A Graph refusal of a create, as the service words its own (error 100 naming the parameter). */
const refusal = (message: string) => ({
  status: 400,
  json: { error: { message: `(#100) ${message}`, type: 'OAuthException', code: 100, fbtrace_id: randomUUID() } },
});
/**
 * A write's parameters as one object, however they were sent: a form (object values as JSON text, as Graph
 * clients send `object_story_spec`) or a JSON body (as the business SDK sends them); `encode` writes them back
 * the same way. Other bodies: none.
 */
function paramsOf(r: WireRequest): { params: Json; encode: (params: Json) => string } | undefined {
  if (String(r.headers['content-type'] ?? '').startsWith('application/json')) {
    const params = JSON.parse(r.body.toString('utf8') || '{}');
    return params && typeof params === 'object' ? { params, encode: (p) => JSON.stringify(p) } : undefined;
  }
  const form = formOf(r);
  if (!form) return undefined;
  const params: Json = {};
  for (const [name, value] of form) {
    params[name] = value;
    if (/^[[{]/.test(value))
      try {
        params[name] = JSON.parse(value);
      } catch {
        // Text that only looks like JSON stays text.
      }
  }
  const encode = (p: Json) =>
    new URLSearchParams(
      Object.entries(p)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();
  return { params, encode };
}

/** Edits the parameters of the writes `when` matches (creates, updates). */
const editParams = (when: (r: WireRequest) => boolean, edit: (params: Json) => void) =>
  rewriteRequest((r) => {
    const body = when(r) ? paramsOf(r) : undefined;
    if (!body) return;
    edit(body.params);
    return body.encode(body.params);
  });
const editCreates = (edit: (params: Json) => void) => editParams(creates, edit);
const editUpdates = (edit: (params: Json) => void) => editParams(updates, edit);

/** Refuses the creates whose parameters `when` holds for, with `message`. */
const refuseCreates = (when: (params: Json) => boolean, message: string) =>
  answerInstead((r) => {
    const params = creates(r) ? paramsOf(r)?.params : undefined;
    if (params && when(params)) return refusal(message);
  });

/** Edits title and body of creates (those `when` holds for). */
const editTexts = (edit: (text: string) => string, when: (params: Json) => boolean = () => true) =>
  editCreates((params) => {
    if (!when(params)) return;
    for (const name of ['title', 'body']) if (typeof params[name] === 'string') params[name] = edit(params[name]);
  });

/** The top-level items of a `fields` selection (commas inside braces and parentheses belong to their item). */
function topLevelFields(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '(') depth++;
    else if (c === '}' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items.map((item) => item.trim()).filter(Boolean);
}
const fieldName = (item: string) => /^[A-Za-z0-9_]+/.exec(item)?.[0] ?? '';

/** Rewrites the `fields` query parameter of operations on creatives (nothing left: the parameter goes). */
const editFields = (edit: (text: string) => string) =>
  rewriteRequest((r) => {
    const fields = r.url.searchParams.get('fields');
    if (fields === null || !onCreatives(r)) return;
    const edited = edit(fields);
    if (edited.trim()) r.url.searchParams.set('fields', edited);
    else r.url.searchParams.delete('fields');
  });

/** A Graph error answer with another code (and message, subcode, HTTP status). */
const recode = (json: any, code: number, message: string, extra: Json = {}) => {
  const { error_subcode: _subcode, ...rest } = json.error;
  return { ...rest, code, message, ...extra };
};

/** Rule 7's special characters (symbols outside ASCII, but U+2122, U+2120), as the document's examples use them. */
const SPECIAL = /[\p{So}\p{Sm}\p{Sk}\p{Extended_Pictographic}]/u;
const special = (c: string) => c > '\x7f' && c !== '\u2122' && c !== '\u2120' && SPECIAL.test(c);

/** A list of ids whose `includes` answers true for any id: a membership check that no longer checks. */
const anyId = (ids: readonly string[]): string[] => Object.assign([...ids], { includes: () => true });

/** Each page of a list as `edit` changes it (creatives and page posts alike). */
const editPages = (edit: <T>(page: Page<T>) => Page<T>) =>
  store({
    listCreatives: (inner, ...args) => mapResult(inner(...args), (page: Page<CreativeRecord>) => edit(page)),
    listPosts: (inner, ...args) => mapResult(inner(...args), (page: Page<PostRecord & { seq: number }>) => edit(page)),
  });
/** Each stored creative as `edit` changes it, read alone or in a list. */
const editCreatives = (edit: (creative: CreativeRecord) => CreativeRecord) =>
  store({
    creative: (inner, id) => mapResult(inner(id), (c) => c && edit(c)),
    listCreatives: (inner, ...args) => mapResult(inner(...args), (page) => ({ ...page, items: page.items.map(edit) })),
  });
/** Each list query as `edit` changes it (creatives and page posts alike). */
const editListQueries = (edit: <Q extends { limit: number; afterSeq?: number }>(query: Q) => Q) =>
  store({
    listCreatives: (inner, account, query, cap) => inner(account, edit(query), cap),
    listPosts: (inner, page, query) => inner(page, edit(query)),
  });
/** The stored fields of each new creative as `edit` changes them (a copy). */
const editStoredFields = (edit: (fields: Json) => void) =>
  store({
    createCreative: (inner, input) => {
      const fields = structuredClone(input.fields);
      edit(fields);
      return inner({ ...input, fields });
    },
  });
const DATA_MEMBERS = ['link_data', 'template_data', 'video_data', 'photo_data'];

export const MUTANTS: Mutant[] = [
  // --- conformance and schema refusals ---
  wire(
    'ADC-CONFORM-1',
    'preview-without-data',
    'the preview edge answers {} without its required data (former broken server)',
    rewriteAnswer((a) => {
      if (operationOf(a.method, a.url) === 'getAdCreativePreviews' && a.status === 200) return { json: {} };
    }),
  ),
  wire(
    'ADC-CONFORM-1',
    'list-without-data',
    'the creative list answers its paging without the data member',
    rewriteAnswer((a) => {
      if (a.method === 'GET' && operationOf(a.method, a.url) === 'listAdCreatives' && a.status === 200)
        return { json: { paging: a.json.paging ?? {} } };
    }),
  ),
  wire(
    'ADC-INVALID-1',
    'invalid-request-500',
    'a request that breaks the schema is answered as an internal error (HTTP 500)',
    rewriteAnswer((a) => {
      if (a.status === 400 && isError(a.json) && /Invalid parameter|Invalid request body/.test(a.json.error.message))
        return { status: 500, json: { error: { ...a.json.error, code: 1 } } };
    }),
  ),
  wire(
    'ADC-INVALID-1',
    'invalid-request-unshaped',
    'a request that breaks the schema is answered with a bare {message} instead of the Graph error shape',
    rewriteAnswer((a) => {
      if (a.status === 400 && isError(a.json) && /Invalid parameter|Invalid request body/.test(a.json.error.message))
        return { status: 400, json: { message: a.json.error.message } };
    }),
  ),

  // --- authentication and permissions ---
  wire(
    'ADC-AUTH-1',
    'missing-token-190',
    'a request without any token is answered with 190 instead of 104',
    rewriteAnswer((a) => {
      if (isError(a.json) && a.json.error.code === 104)
        return {
          json: {
            error: recode(
              a.json,
              190,
              'An active access token must be used to query information about the current user.',
            ),
          },
        };
    }),
  ),
  seam(
    'ADC-AUTH-1',
    'expired-token-accepted',
    'an expired token is accepted',
    store({ token: (inner, token) => mapResult(inner(token), (grant) => grant && { ...grant, expiresAt: undefined }) }),
  ),
  wire(
    'ADC-AUTH-1',
    'invalid-token-accepted',
    'the token check falls back to the first known token when a token is unknown',
    rewriteRequest((r) => {
      if (r.url.searchParams.get('access_token') === 'invalid-token')
        r.url.searchParams.set('access_token', 'test-token-admin');
    }),
  ),
  wire(
    'ADC-AUTH-2',
    'form-token-ignored',
    'a write reads access_token only from the query string, not from the form',
    editCreates((params) => {
      delete params.access_token;
    }),
  ),
  wire(
    'ADC-AUTH-2',
    'query-token-ignored-on-writes',
    'a write ignores access_token in the query string (as the business SDK sends it)',
    rewriteRequest((r) => {
      if (r.method === 'POST') r.url.searchParams.delete('access_token');
    }),
  ),
  seam(
    'ADC-AUTH-3',
    'dev-app-accepted',
    'tokens of development-level apps are served',
    store({
      token: (inner, token) => mapResult(inner(token), (grant) => grant && { ...grant, appAccess: 'live' as const }),
    }),
  ),
  wire(
    'ADC-AUTH-3',
    'dev-app-code-200',
    'a development-level app gets code 200 instead of 270',
    rewriteAnswer((a) => {
      if (isError(a.json) && a.json.error.code === 270)
        return {
          status: 403,
          json: {
            error: recode(
              a.json,
              200,
              '(#200) This Ads API request is not allowed for apps with development access level',
            ),
          },
        };
    }),
  ),
  seam(
    'ADC-PERM-1',
    'account-grant-unchecked',
    "the token's ad account grant is not consulted: any valid token may list and create in any ad account",
    store({
      token: (inner, token) =>
        mapResult(inner(token), (grant) => grant && { ...grant, adAccounts: anyId(grant.adAccounts) }),
    }),
  ),
  wire(
    'ADC-PERM-1',
    'permission-code-100',
    'a permission error is answered as code 100',
    rewriteAnswer((a) => {
      if (isError(a.json) && a.json.error.code === 200)
        return { status: 400, json: { error: { ...a.json.error, code: 100 } } };
    }),
  ),
  seam('ADC-RATE-1', 'no-rate-limit', 'no rate limit at all', limiter({ admit: () => true })),
  seam(
    'ADC-RATE-1',
    'global-rate-limit',
    'one call counter for every ad account instead of one per account',
    limiter({ admit: (inner, _account, limit) => inner('*', limit) }),
  ),
  wire(
    'ADC-RATE-1',
    'http-429',
    '80004 answered with HTTP 429 instead of 400',
    rewriteAnswer((a) => {
      if (isError(a.json) && a.json.error.code === 80004) return { status: 429, json: a.json };
    }),
  ),
  seam(
    'ADC-RATE-1',
    'off-by-one',
    'the account accepts one call more than its limit',
    limiter({ admit: (inner, account, limit) => inner(account, { ...limit, calls: limit.calls + 1 }) }),
  ),
  wire(
    'ADC-ERROR-1',
    'no-fbtrace-id',
    'error answers lose fbtrace_id',
    rewriteAnswer((a) => {
      if (isError(a.json)) {
        const { fbtrace_id: _trace, ...rest } = a.json.error;
        return { json: { error: rest } };
      }
    }),
  ),
  wire(
    'ADC-ERROR-1',
    'extra-top-level-member',
    'error answers carry a top-level success: false beside error',
    rewriteAnswer((a) => {
      if (isError(a.json)) return { json: { ...a.json, success: false } };
    }),
  ),

  wire(
    'ADC-NAME-1',
    'create-name-truncated',
    'a name over 100 characters is truncated to 100 on create instead of refused',
    editCreates((params) => {
      if (typeof params.name === 'string' && params.name.length > 100) params.name = params.name.slice(0, 100);
    }),
  ),
  wire(
    'ADC-NAME-1',
    'update-name-off-by-one',
    'an update accepts a name of 101 characters (stored cut to 100)',
    editUpdates((params) => {
      if (typeof params.name === 'string' && params.name.length === 101) params.name = params.name.slice(0, 100);
    }),
  ),

  // --- versions, reads and fields ---
  wire(
    'ADC-VERSION-1',
    'any-version-segment',
    'a first path segment of any form is read as the current version',
    rewriteRequest((r) => {
      const [, first, ...rest] = r.url.pathname.split('/');
      if (first && !/^v[0-9]+\.[0-9]+$/.test(first) && first !== '_media') r.url.pathname = `/v20.0/${rest.join('/')}`;
    }),
  ),
  wire(
    'ADC-VERSION-2',
    'old-version-new-statuses',
    'versions before 4.0 report IN_PROCESS and WITH_ISSUES (reads are answered as version 4.0 answers them)',
    rewriteRequest((r) => {
      if (readsCreatives(r.method, r.url) && versionOf(r.url) < 4) withVersion(r.url, 'v4.0');
    }),
  ),
  wire(
    'ADC-READ-1',
    'all-fields',
    'a read answers every stored field whatever fields asks',
    rewriteRequest((r) => {
      if (readsCreatives(r.method, r.url)) r.url.searchParams.set('fields', [...CREATIVE_FIELDS].join(','));
    }),
  ),
  wire(
    'ADC-READ-1',
    'no-id',
    'a read omits id unless it is asked for',
    rewriteAnswer((a) => {
      if (!readsCreatives(a.method, a.url) || a.status !== 200) return;
      if (topLevelFields(a.url.searchParams.get('fields') ?? '').some((f) => fieldName(f) === 'id')) return;
      const withoutId = ({ id: _id, ...rest }: Json) => rest;
      return { json: Array.isArray(a.json.data) ? { ...a.json, data: a.json.data.map(withoutId) } : withoutId(a.json) };
    }),
  ),
  wire(
    'ADC-READ-2',
    'default-100',
    'the thumbnail is 100 x 100 when no size is given',
    rewriteRequest((r) => {
      if (!readsCreatives(r.method, r.url)) return;
      for (const side of ['thumbnail_width', 'thumbnail_height'])
        if (!r.url.searchParams.has(side)) r.url.searchParams.set(side, '100');
    }),
  ),
  wire(
    'ADC-READ-3',
    'unknown-code-2500',
    'reading an unknown creative answers code 2500 (former broken server)',
    rewriteAnswer((a) => {
      const id = isError(a.json) ? /Object with ID '([^']+)'/.exec(a.json.error.message)?.[1] : undefined;
      if (id)
        return { json: { error: recode(a.json, 2500, `Cannot find creative ${id}`, { type: 'OAuthException' }) } };
    }),
  ),
  wire(
    'ADC-READ-3',
    'no-subcode',
    'reading an unknown creative answers code 100 without subcode 33',
    rewriteAnswer((a) => {
      if (isError(a.json) && a.json.error.error_subcode === 33) {
        const { error_subcode: _sub, ...rest } = a.json.error;
        return { json: { error: rest } };
      }
    }),
  ),
  wire(
    'ADC-READ-4',
    'size-ignored',
    'thumbnail_width and thumbnail_height are ignored: always 64 x 64',
    rewriteRequest((r) => {
      if (!readsCreatives(r.method, r.url)) return;
      r.url.searchParams.delete('thumbnail_width');
      r.url.searchParams.delete('thumbnail_height');
    }),
  ),
  wire(
    'ADC-READ-4',
    'size-swapped',
    'the thumbnail image has width and height swapped',
    rewriteRequest((r) => {
      if (!readsCreatives(r.method, r.url)) return;
      const [width, height] = [r.url.searchParams.get('thumbnail_width'), r.url.searchParams.get('thumbnail_height')];
      r.url.searchParams.delete('thumbnail_width');
      r.url.searchParams.delete('thumbnail_height');
      if (height !== null) r.url.searchParams.set('thumbnail_width', height);
      if (width !== null) r.url.searchParams.set('thumbnail_height', width);
    }),
  ),
  wire(
    'ADC-FIELDS-1',
    'nested-ignored',
    'a nested selection answers the whole object',
    editFields((text) => {
      let flat = text;
      for (let previous = ''; previous !== flat; ) [previous, flat] = [flat, flat.replace(/\{[^{}]*\}/g, '')];
      return flat;
    }),
  ),
  wire(
    'ADC-FIELDS-1',
    'alias-ignored',
    '.as(alias) is ignored',
    editFields((text) => text.replace(/\.as\([^)]*\)/g, '')),
  ),
  wire(
    'ADC-FIELDS-1',
    'malformed-100',
    'an unparseable selection is code 100 instead of 2500',
    rewriteAnswer((a) => {
      if (isError(a.json) && a.json.error.code === 2500)
        return { json: { error: recode(a.json, 100, '(#100) Invalid parameter: fields') } };
    }),
  ),
  wire(
    'ADC-FIELDS-1',
    'unknown-skipped',
    'an unknown field is skipped instead of refused',
    editFields((text) =>
      topLevelFields(text)
        .filter((item) => CREATIVE_FIELDS.has(fieldName(item)))
        .join(','),
    ),
  ),

  // --- updates and deletes ---
  wire(
    'ADC-UPDATE-1',
    'update-answers-id',
    'an update answers {id} instead of {success: true}',
    rewriteAnswer((a) => {
      if (
        operationOf(a.method, a.url) === 'updateAdCreative' &&
        a.status === 200 &&
        a.json.success === true &&
        !a.url.searchParams.get('fields')
      )
        return { json: { id: a.url.pathname.split('/').pop() } };
    }),
  ),
  wire(
    'ADC-UPDATE-1',
    'adlabels-refused',
    'adlabels of an update are encoded twice, so every update carrying them is refused',
    editUpdates((params) => {
      if (params.adlabels !== undefined) params.adlabels = JSON.stringify(JSON.stringify(params.adlabels));
    }),
  ),
  wire(
    'ADC-UPDATE-2',
    'write-fields-ignored',
    'a write with fields answers only success / the id',
    editParams(
      (r) => {
        if (!creates(r) && !updates(r)) return false;
        r.url.searchParams.delete('fields');
        return true;
      },
      (params) => {
        delete params.fields;
      },
    ),
  ),
  seam(
    'ADC-UPDATE-2',
    'name-not-stored',
    'an update answers success but keeps the old name',
    store({ updateCreative: (inner, id, changes) => inner(id, { ...changes, name: undefined }) }),
  ),
  wire(
    'ADC-UPDATE-3',
    'other-fields-dropped',
    'an update silently drops fields other than account_id, adlabels, name and status',
    editUpdates((params) => {
      for (const key of Object.keys(params))
        if (!['account_id', 'adlabels', 'name', 'status', 'access_token'].includes(key)) delete params[key];
    }),
  ),
  wire(
    'ADC-STATUS-1',
    'old-version-sets-new-statuses',
    'versions before 4.0 may set IN_PROCESS and WITH_ISSUES (updates are taken as version 4.0 takes them)',
    rewriteRequest((r) => {
      if (updates(r) && versionOf(r.url) < 4) withVersion(r.url, 'v4.0');
    }),
  ),
  wire(
    'ADC-STATUS-1',
    'unknown-status-active',
    'an unknown status is read as ACTIVE',
    editUpdates((params) => {
      if (params.status !== undefined && !['ACTIVE', 'IN_PROCESS', 'WITH_ISSUES', 'DELETED'].includes(params.status))
        params.status = 'ACTIVE';
    }),
  ),
  seam(
    'ADC-DELETE-1',
    'delete-keeps-active',
    'a delete answers success and keeps the creative ACTIVE',
    store({
      updateCreative: (inner, id, changes) =>
        inner(id, changes.status === 'DELETED' ? { ...changes, status: undefined } : changes),
    }),
  ),
  wire(
    'ADC-DELETE-1',
    'delete-answers-empty',
    'a delete answers {} without success',
    rewriteAnswer((a) => {
      if (operationOf(a.method, a.url) === 'deleteAdCreative' && a.status === 200) return { json: {} };
    }),
  ),

  // --- lists ---
  seam(
    'ADC-LIST-1',
    'skips-one',
    'the after cursor skips the first creative of the next page',
    editListQueries((query) => (query.afterSeq === undefined ? query : { ...query, afterSeq: query.afterSeq - 1 })),
  ),
  seam(
    'ADC-LIST-1',
    'repeats-boundary',
    'the after cursor repeats the last creative of the previous page',
    editListQueries((query) => (query.afterSeq === undefined ? query : { ...query, afterSeq: query.afterSeq + 1 })),
  ),
  seam(
    'ADC-LIST-1',
    'limit-ignored',
    'limit is validated, then ignored (pages of 25)',
    editListQueries((query) => ({ ...query, limit: 25 })),
  ),
  seam(
    'ADC-LIST-2',
    'next-on-last-page',
    'paging.next is present on the last page too',
    editPages((page) => ({ ...page, more: true })),
  ),
  seam(
    'ADC-LIST-2',
    'next-never',
    'paging.next is never present',
    editPages((page) => ({ ...page, more: false })),
  ),
  wire(
    'ADC-LIST-2',
    'next-without-cursor',
    'the paging.next link lacks the after cursor (it leads to the first page again)',
    rewriteAnswer((a) => {
      if (a.status === 200 && typeof a.json?.paging?.next === 'string') {
        const next = new URL(a.json.paging.next);
        next.searchParams.delete('after');
        return { json: { ...a.json, paging: { ...a.json.paging, next: next.toString() } } };
      }
    }),
  ),

  // --- creates ---
  wire(
    'ADC-CREATE-1',
    'url-with-spec-accepted',
    'object_url beside object_story_spec is dropped instead of refused',
    editCreates((params) => {
      if (params.object_story_spec !== undefined) {
        delete params.object_url;
        delete params.title;
      }
    }),
  ),
  wire(
    'ADC-CREATE-1',
    'post-with-spec-accepted',
    'object_story_id beside object_story_spec is dropped instead of refused',
    editCreates((params) => {
      if (params.object_story_spec !== undefined) delete params.object_story_id;
    }),
  ),
  wire(
    'ADC-LINK-1',
    'default-title',
    'a link ad without title gets a default title instead of a refusal',
    editCreates((params) => {
      if (params.object_url !== undefined && params.title === undefined) params.title = 'Learn more';
    }),
  ),
  seam(
    'ADC-CREATE-2',
    'object-story-id-set',
    'object_story_spec creatives also report the inline post as object_story_id',
    editCreatives((c) =>
      c.fields.object_story_spec
        ? { ...c, fields: { ...c.fields, object_story_id: c.fields.effective_object_story_id } }
        : c,
    ),
  ),
  seam(
    'ADC-CREATE-2',
    'no-inline-post',
    'object_story_spec creates no page post (effective_object_story_id missing)',
    store({ createCreative: (inner, input) => inner({ ...input, inlinePost: undefined }) }),
  ),
  seam(
    'ADC-CREATE-3',
    'no-uniqueness',
    'an identical creative gets a new id (former broken server)',
    store({ createCreative: (inner, input) => inner({ ...input, contentKey: `${input.contentKey}#${randomUUID()}` }) }),
  ),
  seam(
    'ADC-CREATE-3',
    'identity-ignores-name',
    'creatives that differ only in name count as identical',
    store({
      createCreative: (inner, input) => {
        // The key is canonical JSON (keys sorted); without name it stays canonical.
        const { name: _name, ...rest } = JSON.parse(input.contentKey) as Json;
        return inner({ ...input, contentKey: JSON.stringify(rest) });
      },
    }),
  ),
  seam(
    'ADC-CREATE-4',
    'category-dropped',
    'authorization_category is accepted and not stored',
    editStoredFields((fields) => {
      delete fields.authorization_category;
    }),
  ),
  wire(
    'ADC-CREATE-4',
    'unknown-category-dropped',
    'an unknown authorization_category is dropped instead of refused',
    editCreates((params) => {
      const category = params.authorization_category;
      if (
        typeof category === 'string' &&
        !['NONE', 'POLITICAL', 'POLITICAL_WITH_DIGITALLY_CREATED_MEDIA'].includes(category)
      )
        delete params.authorization_category;
    }),
  ),
  seam(
    'ADC-CREATE-5',
    'value-dropped',
    'the call-to-action value is not stored',
    editStoredFields((fields) => {
      for (const member of DATA_MEMBERS) delete fields.object_story_spec?.[member]?.call_to_action?.value;
    }),
  ),
  wire(
    'ADC-CREATE-5',
    'value-required',
    'a call to action without value is refused',
    refuseCreates((params) => {
      const cta = params.object_story_spec?.link_data?.call_to_action;
      return cta !== undefined && !cta.value;
    }, 'Param object_story_spec[link_data][call_to_action][value] is required'),
  ),
  seam(
    'ADC-CREATE-6',
    'sponsor-unchecked',
    'sponsor ids are accepted without a post that tags them',
    store({
      post: (inner, id) =>
        mapResult(
          inner(id),
          (post) => post && { ...post, sponsorPageIds: anyId(post.sponsorPageIds), sponsorIds: anyId(post.sponsorIds) },
        ),
    }),
  ),
  wire(
    'ADC-CREATE-6',
    'sponsor-refused',
    'partnership creatives are refused',
    refuseCreates(
      (params) => params.platform_branded_content !== undefined || params.photoapp_branded_content !== undefined,
      'Partnership creatives are not available',
    ),
  ),
  seam(
    'ADC-CREATE-7',
    'sponsor-page-dropped',
    'branded_content_sponsor_page_id is not stored',
    editStoredFields((fields) => {
      for (const member of DATA_MEMBERS) delete fields.object_story_spec?.[member]?.branded_content_sponsor_page_id;
    }),
  ),
  wire(
    'ADC-CREATE-8',
    'create-fields-ignored',
    'a create with fields answers only the id',
    rewriteAnswer((a) => {
      if (operationOf(a.method, a.url) === 'createAdCreative' && a.status === 200 && a.url.searchParams.get('fields'))
        return { json: { id: a.json.id } };
    }),
  ),
  wire(
    'ADC-POLITICAL-1',
    'dynamic-ad-accepted',
    'authorization_category is accepted on dynamic ads (and dropped)',
    editCreates((params) => {
      if (params.product_set_id !== undefined || params.object_story_spec?.template_data)
        delete params.authorization_category;
    }),
  ),
  wire(
    'ADC-POLITICAL-1',
    'refused-everywhere',
    'authorization_category is refused on every creative',
    refuseCreates(
      (params) => params.authorization_category !== undefined && params.authorization_category !== 'NONE',
      'Param authorization_category is not available for dynamic ads (product_set_id or template_data)',
    ),
  ),
  wire(
    'ADC-IMAGE-1',
    'url-with-hash-dropped',
    'image_url beside image_hash is dropped instead of refused',
    editCreates((params) => {
      if (params.image_hash !== undefined) delete params.image_url;
    }),
  ),
  seam(
    'ADC-IMAGE-2',
    'size-unchecked',
    'the image size of an existing post is not checked',
    store({ post: (inner, id) => mapResult(inner(id), (post) => post && { ...post, imageBytes: 0 }) }),
  ),
  seam(
    'ADC-IMAGE-2',
    'limit-80mb',
    'the post image limit is 80 MB instead of 8 MB (sizes are read in tens of bytes)',
    store({
      post: (inner, id) =>
        mapResult(inner(id), (post) => post && { ...post, imageBytes: Math.floor(post.imageBytes / 10) }),
    }),
  ),
  seam(
    'ADC-IMAGE-2',
    'limit-exclusive',
    'a post image of exactly 8 MB is refused (the limit read as "under 8 MB")',
    store({
      post: (inner, id) => mapResult(inner(id), (post) => post && { ...post, imageBytes: post.imageBytes + 1 }),
    }),
  ),
  seam(
    'ADC-IMAGE-2',
    'limit-one-byte-late',
    'a post image one byte over 8 MB is accepted',
    store({
      post: (inner, id) =>
        mapResult(inner(id), (post) => post && { ...post, imageBytes: Math.max(0, post.imageBytes - 1) }),
    }),
  ),
  wire(
    'ADC-URL-1',
    'object-url-truncated',
    'an object_url over 1000 characters is truncated instead of refused',
    editCreates((params) => {
      const url = params.object_url;
      if (url && url.length > 1000) params.object_url = url.slice(0, 1000);
    }),
  ),
  wire(
    'ADC-URL-1',
    'nested-urls-unchecked',
    'URLs inside object_story_spec are truncated to 1000 characters instead of refused',
    editCreates((params) => {
      const data = params.object_story_spec?.link_data;
      if (typeof data?.link === 'string') data.link = data.link.slice(0, 1000);
      if (typeof data?.call_to_action?.value?.link === 'string')
        data.call_to_action.value.link = data.call_to_action.value.link.slice(0, 1000);
    }),
  ),
  wire(
    'ADC-STORYSPEC-1',
    'extra-member-dropped',
    'a second data member of object_story_spec is dropped instead of refused',
    editCreates((params) => {
      const spec = params.object_story_spec;
      if (spec?.link_data && spec.text_data) delete spec.text_data;
    }),
  ),
  wire(
    'ADC-BODY-1',
    'video-body-accepted',
    'body is accepted on video post creatives (and dropped)',
    editCreates((params) => {
      if (params.object_story_spec?.video_data) delete params.body;
    }),
  ),
  wire(
    'ADC-BODY-1',
    'body-refused-on-posts',
    'body is refused on every object_story_spec creative',
    refuseCreates(
      (params) => params.object_story_spec !== undefined && params.body !== undefined,
      'Param body is not supported for video post creatives (object_story_spec[video_data])',
    ),
  ),
  wire(
    'ADC-TEXT-1',
    'empty-title-defaulted',
    'an empty title or body is replaced by a default instead of refused',
    editTexts((text) => (text === '' ? 'Untitled' : text)),
  ),
  wire(
    'ADC-TEXT-2',
    'leading-punctuation-accepted',
    'a title starting with punctuation passes validation (former broken server)',
    editCreates((params) => {
      const title = params.title;
      const trimmed = typeof title === 'string' ? title.replace(/^[\\/!.?\-*(),;:\s]+/u, '') : '';
      if (trimmed) params.title = trimmed;
    }),
  ),
  wire(
    'ADC-TEXT-3',
    'first-run-only',
    'only the first run of punctuation is judged',
    editTexts((text) => {
      let runs = 0;
      return text.replace(/\p{P}{2,}/gu, (run) => (runs++ === 0 ? run : [...run][0]!));
    }),
  ),
  wire(
    'ADC-TEXT-4',
    'long-words-cut',
    'words over 30 characters are cut to 30 instead of refused',
    editTexts((text) => text.replace(/\S{31,}/g, (w) => w.slice(0, 30))),
  ),
  wire(
    'ADC-TEXT-5',
    'fourth-letter-dropped',
    'one-character words past the third are dropped instead of refused',
    editTexts((text) => {
      let count = 0;
      return text
        .split(' ')
        .filter((w) => w.length !== 1 || ++count <= 3)
        .join(' ');
    }),
  ),
  wire(
    'ADC-TEXT-6',
    'characters-stripped',
    'disallowed characters are stripped instead of refused',
    editTexts((text) => text.replace(/[\^~_={}[\]|<>\u00B2\u2082\u0250]|\u0301/g, '')),
  ),
  wire(
    'ADC-TEXT-7',
    'link-ad-special-accepted',
    'link ads accept special characters (and drop them)',
    editTexts(
      (text) => [...text].filter((c) => !special(c)).join(''),
      (params) => params.object_url !== undefined,
    ),
  ),
  wire(
    'ADC-TEXT-7',
    'special-refused-everywhere',
    'special characters are refused in page post ads too',
    refuseCreates(
      (params) =>
        ['title', 'body'].some((name) => [...(typeof params[name] === 'string' ? params[name] : '')].some(special)),
      'body of a link ad must not contain a special character (title and body rule 7)',
    ),
  ),

  // --- previews and inline posts ---
  wire(
    'ADC-PREVIEW-1',
    'format-ignored',
    'every ad_format gets the desktop feed snippet',
    rewriteRequest((r) => {
      if (operationOf(r.method, r.url) === 'getAdCreativePreviews' && r.url.searchParams.has('ad_format'))
        r.url.searchParams.set('ad_format', 'DESKTOP_FEED_STANDARD');
    }),
  ),
  wire(
    'ADC-PREVIEW-1',
    'default-format',
    'a preview without ad_format gets a default format instead of a refusal',
    rewriteRequest((r) => {
      if (operationOf(r.method, r.url) === 'getAdCreativePreviews' && !r.url.searchParams.has('ad_format'))
        r.url.searchParams.set('ad_format', 'DESKTOP_FEED_STANDARD');
    }),
  ),
  seam(
    'ADC-INLINE-1',
    'always-listed',
    'inline posts are listed without include_inline',
    store({ listPosts: (inner, page, query) => inner(page, { ...query, includeInline: true }) }),
  ),
  seam(
    'ADC-INLINE-1',
    'never-listed',
    'inline posts are not listed even with include_inline=true',
    store({ listPosts: (inner, page, query) => inner(page, { ...query, includeInline: false }) }),
  ),
];
