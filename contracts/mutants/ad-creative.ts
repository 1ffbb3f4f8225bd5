// Mutants of the ad creative service: realistic bugs planted in the reference implementation, each of which
// the suite must report as FAIL under its rule. `defects` are flags the service reads
// (reference/ad-creative/defects.ts); `wrap`s rewrite requests or answers on the wire (./wire.ts). Both
// sides of the rules are covered (a refusal lost, a valid request refused), with wrong codes, off-by-one
// limits, values validated and then ignored, missing members, and the four defects of the former broken
// server (unknown creative 2500, preview without data, invalid title accepted, duplicated creative).
import type { AnyRuleId } from '../../generated/rules.js';
import type { AdCreativeDefects } from '../../reference/ad-creative/defects.js';
import type { Mutant } from './mutant.js';
import {
  editForm,
  editJsonField,
  operationOf,
  rewriteAnswer,
  rewriteRequest,
  type Wrap,
  type WireRequest,
} from './wire.js';

const defect = (rule: AnyRuleId, name: string, description: string, defects: AdCreativeDefects): Mutant => ({
  id: `${rule}/${name}`,
  rule,
  description,
  defects: defects as Record<string, unknown>,
});
const wire = (rule: AnyRuleId, name: string, description: string, wrap: Wrap): Mutant => ({
  id: `${rule}/${name}`,
  rule,
  description,
  wrap,
});

const creates = (r: WireRequest) => operationOf(r.method, r.url) === 'createAdCreative';
const updates = (r: WireRequest) => operationOf(r.method, r.url) === 'updateAdCreative';
const isError = (json: any) => json && typeof json.error === 'object';

/** Edits title and body of create forms. */
const editTexts = (edit: (text: string) => string) =>
  editForm(creates, (form) => {
    for (const name of ['title', 'body']) {
      const value = form.get(name);
      if (value !== null) form.set(name, edit(value));
    }
  });

export const MUTANTS: Mutant[] = [
  // --- conformance and schema refusals ---
  defect(
    'ADC-CONFORM-1',
    'preview-without-data',
    'the preview edge answers {} without its required data (former broken server)',
    { previewWithoutData: true },
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
  defect('ADC-AUTH-1', 'missing-token-190', 'a request without any token is answered with 190 instead of 104', {
    missingToken190: true,
  }),
  defect('ADC-AUTH-1', 'expired-token-accepted', 'an expired token is accepted', { expiredTokenAccepted: true }),
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
    editForm(creates, (form) => form.delete('access_token')),
  ),
  wire(
    'ADC-AUTH-2',
    'query-token-ignored-on-writes',
    'a write ignores access_token in the query string (as the business SDK sends it)',
    rewriteRequest((r) => {
      if (r.method === 'POST') r.url.searchParams.delete('access_token');
    }),
  ),
  defect('ADC-AUTH-3', 'dev-app-accepted', 'tokens of development-level apps are served', { devAppAccepted: true }),
  defect('ADC-AUTH-3', 'dev-app-code-200', 'a development-level app gets code 200 instead of 270', {
    devAppCode200: true,
  }),
  defect('ADC-PERM-1', 'account-grant-unchecked', 'any valid token may list and create in any existing ad account', {
    accountGrantUnchecked: true,
  }),
  wire(
    'ADC-PERM-1',
    'permission-code-100',
    'a permission error is answered as code 100',
    rewriteAnswer((a) => {
      if (isError(a.json) && a.json.error.code === 200)
        return { status: 400, json: { error: { ...a.json.error, code: 100 } } };
    }),
  ),
  defect('ADC-RATE-1', 'no-rate-limit', 'no rate limit at all', { rateLimitOff: true }),
  defect('ADC-RATE-1', 'global-rate-limit', 'one call counter for every ad account instead of one per account', {
    rateLimitGlobal: true,
  }),
  defect('ADC-RATE-1', 'http-429', '80004 answered with HTTP 429 instead of 400', { rateLimitHttp429: true }),
  defect('ADC-RATE-1', 'off-by-one', 'the account accepts one call more than its limit', { rateLimitOffByOne: true }),
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
    editForm(creates, (form) => {
      const name = form.get('name');
      if (name && name.length > 100) form.set('name', name.slice(0, 100));
    }),
  ),
  wire(
    'ADC-NAME-1',
    'update-name-off-by-one',
    'an update accepts a name of 101 characters (stored cut to 100)',
    editForm(updates, (form) => {
      const name = form.get('name');
      if (name && name.length === 101) form.set('name', name.slice(0, 100));
    }),
  ),

  // --- versions, reads and fields ---
  wire(
    'ADC-VERSION-1',
    'any-version-segment',
    'a first path segment of any form is read as the current version',
    rewriteRequest((r) => {
      const [, first, ...rest] = r.url.pathname.split('/');
      if (first && !/^v[0-9]+\.0$/.test(first) && first !== '_media') r.url.pathname = `/v20.0/${rest.join('/')}`;
    }),
  ),
  defect('ADC-VERSION-2', 'old-version-new-statuses', 'versions before 4.0 report IN_PROCESS and WITH_ISSUES', {
    oldVersionShowsNewStatuses: true,
  }),
  defect('ADC-READ-1', 'all-fields', 'a read answers every stored field whatever fields asks', { fieldsIgnored: true }),
  defect('ADC-READ-1', 'no-id', 'a read omits id unless it is asked for', { readWithoutId: true }),
  defect('ADC-READ-2', 'default-100', 'the thumbnail is 100 x 100 when no size is given', {
    thumbnailDefault100: true,
  }),
  defect('ADC-READ-3', 'unknown-code-2500', 'reading an unknown creative answers code 2500 (former broken server)', {
    unknownCreativeCode2500: true,
  }),
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
  defect('ADC-READ-4', 'size-ignored', 'thumbnail_width and thumbnail_height are ignored: always 64 x 64', {
    thumbnailSizeIgnored: true,
  }),
  defect('ADC-READ-4', 'size-swapped', 'the thumbnail image has width and height swapped', { thumbnailSwapped: true }),
  defect('ADC-FIELDS-1', 'nested-ignored', 'a nested selection answers the whole object', {
    nestedSelectionIgnored: true,
  }),
  defect('ADC-FIELDS-1', 'alias-ignored', '.as(alias) is ignored', { aliasIgnored: true }),
  defect('ADC-FIELDS-1', 'malformed-100', 'an unparseable selection is code 100 instead of 2500', {
    malformedFields100: true,
  }),
  defect('ADC-FIELDS-1', 'unknown-skipped', 'an unknown field is skipped instead of refused', {
    unknownFieldSkipped: true,
  }),

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
    editForm(updates, (form) => {
      const labels = form.get('adlabels');
      if (labels !== null) form.set('adlabels', JSON.stringify(labels));
    }),
  ),
  defect('ADC-UPDATE-2', 'write-fields-ignored', 'a write with fields answers only success / the id', {
    writeFieldsIgnored: true,
  }),
  defect('ADC-UPDATE-2', 'name-not-stored', 'an update answers success but keeps the old name', {
    updateNameNotStored: true,
  }),
  wire(
    'ADC-UPDATE-3',
    'other-fields-dropped',
    'an update silently drops fields other than account_id, adlabels, name and status',
    editForm(updates, (form) => {
      for (const key of [...form.keys()])
        if (!['account_id', 'adlabels', 'name', 'status', 'access_token'].includes(key)) form.delete(key);
    }),
  ),
  defect('ADC-STATUS-1', 'old-version-sets-new-statuses', 'versions before 4.0 may set IN_PROCESS and WITH_ISSUES', {
    oldVersionSetsNewStatuses: true,
  }),
  wire(
    'ADC-STATUS-1',
    'unknown-status-active',
    'an unknown status is read as ACTIVE',
    editForm(updates, (form) => {
      const status = form.get('status');
      if (status !== null && !['ACTIVE', 'IN_PROCESS', 'WITH_ISSUES', 'DELETED'].includes(status))
        form.set('status', 'ACTIVE');
    }),
  ),
  defect('ADC-DELETE-1', 'delete-keeps-active', 'a delete answers success and keeps the creative ACTIVE', {
    deleteKeepsActive: true,
  }),
  wire(
    'ADC-DELETE-1',
    'delete-answers-empty',
    'a delete answers {} without success',
    rewriteAnswer((a) => {
      if (operationOf(a.method, a.url) === 'deleteAdCreative' && a.status === 200) return { json: {} };
    }),
  ),

  // --- lists ---
  defect('ADC-LIST-1', 'skips-one', 'the after cursor skips the first creative of the next page', {
    pagingSkipsOne: true,
  }),
  defect('ADC-LIST-1', 'repeats-boundary', 'the after cursor repeats the last creative of the previous page', {
    pagingRepeatsBoundary: true,
  }),
  defect('ADC-LIST-1', 'limit-ignored', 'limit is validated, then ignored (pages of 25)', { limitIgnored: true }),
  defect('ADC-LIST-2', 'next-on-last-page', 'paging.next is present on the last page too', { nextOnLastPage: true }),
  defect('ADC-LIST-2', 'next-never', 'paging.next is never present', { nextNeverPresent: true }),
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
    editForm(creates, (form) => {
      if (form.has('object_story_spec')) {
        form.delete('object_url');
        form.delete('title');
      }
    }),
  ),
  wire(
    'ADC-CREATE-1',
    'post-with-spec-accepted',
    'object_story_id beside object_story_spec is dropped instead of refused',
    editForm(creates, (form) => {
      if (form.has('object_story_spec')) form.delete('object_story_id');
    }),
  ),
  wire(
    'ADC-LINK-1',
    'default-title',
    'a link ad without title gets a default title instead of a refusal',
    editForm(creates, (form) => {
      if (form.has('object_url') && !form.has('title')) form.set('title', 'Learn more');
    }),
  ),
  defect(
    'ADC-CREATE-2',
    'object-story-id-set',
    'object_story_spec creatives also report the inline post as object_story_id',
    { inlinePostAsObjectStoryId: true },
  ),
  defect(
    'ADC-CREATE-2',
    'no-inline-post',
    'object_story_spec creates no page post (effective_object_story_id missing)',
    { noInlinePost: true },
  ),
  defect('ADC-CREATE-3', 'no-uniqueness', 'an identical creative gets a new id (former broken server)', {
    noUniquenessCheck: true,
  }),
  defect('ADC-CREATE-3', 'identity-ignores-name', 'creatives that differ only in name count as identical', {
    identityIgnoresName: true,
  }),
  defect('ADC-CREATE-4', 'category-dropped', 'authorization_category is accepted and not stored', {
    authorizationCategoryDropped: true,
  }),
  wire(
    'ADC-CREATE-4',
    'unknown-category-dropped',
    'an unknown authorization_category is dropped instead of refused',
    editForm(creates, (form) => {
      const category = form.get('authorization_category');
      if (category !== null && !['NONE', 'POLITICAL', 'POLITICAL_WITH_DIGITALLY_CREATED_MEDIA'].includes(category))
        form.delete('authorization_category');
    }),
  ),
  defect('ADC-CREATE-5', 'value-dropped', 'the call-to-action value is not stored', { ctaValueDropped: true }),
  defect('ADC-CREATE-5', 'value-required', 'a call to action without value is refused', { ctaValueRequired: true }),
  defect('ADC-CREATE-6', 'sponsor-unchecked', 'sponsor ids are accepted without a post that tags them', {
    sponsorUnchecked: true,
  }),
  defect('ADC-CREATE-6', 'sponsor-refused', 'partnership creatives are refused', { sponsorRefused: true }),
  defect('ADC-CREATE-7', 'sponsor-page-dropped', 'branded_content_sponsor_page_id is not stored', {
    sponsorPageDropped: true,
  }),
  wire(
    'ADC-CREATE-8',
    'create-fields-ignored',
    'a create with fields answers only the id',
    rewriteAnswer((a) => {
      if (operationOf(a.method, a.url) === 'createAdCreative' && a.status === 200 && a.url.searchParams.get('fields'))
        return { json: { id: a.json.id } };
    }),
  ),
  defect('ADC-POLITICAL-1', 'dynamic-ad-accepted', 'authorization_category is accepted on dynamic ads', {
    dynamicAdPoliticalAccepted: true,
  }),
  defect('ADC-POLITICAL-1', 'refused-everywhere', 'authorization_category is refused on every creative', {
    politicalRefusedEverywhere: true,
  }),
  wire(
    'ADC-IMAGE-1',
    'url-with-hash-dropped',
    'image_url beside image_hash is dropped instead of refused',
    editForm(creates, (form) => {
      if (form.has('image_hash')) form.delete('image_url');
    }),
  ),
  defect('ADC-IMAGE-2', 'size-unchecked', 'the image size of an existing post is not checked', {
    oversizedPostAccepted: true,
  }),
  defect('ADC-IMAGE-2', 'limit-80mb', 'the post image limit is 80 MB instead of 8 MB', { postImageLimit80Mb: true }),
  wire(
    'ADC-URL-1',
    'object-url-truncated',
    'an object_url over 1000 characters is truncated instead of refused',
    editForm(creates, (form) => {
      const url = form.get('object_url');
      if (url && url.length > 1000) form.set('object_url', url.slice(0, 1000));
    }),
  ),
  wire(
    'ADC-URL-1',
    'nested-urls-unchecked',
    'URLs inside object_story_spec are truncated to 1000 characters instead of refused',
    editForm(creates, (form) => {
      editJsonField(form, 'object_story_spec', (spec) => {
        const data = spec?.link_data;
        if (typeof data?.link === 'string') data.link = data.link.slice(0, 1000);
        if (typeof data?.call_to_action?.value?.link === 'string')
          data.call_to_action.value.link = data.call_to_action.value.link.slice(0, 1000);
      });
    }),
  ),
  wire(
    'ADC-STORYSPEC-1',
    'extra-member-dropped',
    'a second data member of object_story_spec is dropped instead of refused',
    editForm(creates, (form) => {
      editJsonField(form, 'object_story_spec', (spec) => {
        if (spec?.link_data && spec.text_data) delete spec.text_data;
      });
    }),
  ),
  defect('ADC-BODY-1', 'video-body-accepted', 'body is accepted on video post creatives', { videoBodyAccepted: true }),
  defect('ADC-BODY-1', 'body-refused-on-posts', 'body is refused on every object_story_spec creative', {
    bodyRefusedOnAllStorySpecs: true,
  }),
  wire(
    'ADC-TEXT-1',
    'empty-title-defaulted',
    'an empty title or body is replaced by a default instead of refused',
    editTexts((text) => (text === '' ? 'Untitled' : text)),
  ),
  defect(
    'ADC-TEXT-2',
    'leading-punctuation-accepted',
    'a title starting with punctuation passes validation (former broken server)',
    { titlePunctuationAccepted: true },
  ),
  defect('ADC-TEXT-3', 'first-run-only', 'only the first run of punctuation is judged', {
    punctuationFirstPairOnly: true,
  }),
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
  defect('ADC-TEXT-7', 'link-ad-special-accepted', 'link ads accept special characters', {
    linkAdSpecialCharactersAccepted: true,
  }),
  defect('ADC-TEXT-7', 'special-refused-everywhere', 'special characters are refused in page post ads too', {
    specialCharactersRefusedEverywhere: true,
  }),

  // --- previews and inline posts ---
  defect('ADC-PREVIEW-1', 'format-ignored', 'every ad_format gets the desktop feed snippet', {
    previewFormatIgnored: true,
  }),
  wire(
    'ADC-PREVIEW-1',
    'default-format',
    'a preview without ad_format gets a default format instead of a refusal',
    rewriteRequest((r) => {
      if (operationOf(r.method, r.url) === 'getAdCreativePreviews' && !r.url.searchParams.has('ad_format'))
        r.url.searchParams.set('ad_format', 'DESKTOP_FEED_STANDARD');
    }),
  ),
  defect('ADC-INLINE-1', 'always-listed', 'inline posts are listed without include_inline', {
    inlineAlwaysListed: true,
  }),
  defect('ADC-INLINE-1', 'never-listed', 'inline posts are not listed even with include_inline=true', {
    inlineNeverListed: true,
  }),
];
