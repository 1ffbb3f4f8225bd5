// Ad creative: the mutants of the ADC-CREATE-* rules (./create.rules.ts), each to be caught under its own rule.
import { randomUUID } from 'node:crypto';
import type { CreativeRecord } from '../../../reference/ad-creative/store.js';
import { mapResult } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { operationOf, rewriteAnswer } from '../../mutants/wire.js';
import { type Json, anyId, editCreates, refuseCreates, seam, store, wire } from './mutant-context.js';

/** Each stored creative as `edit` changes it, read alone or in a list. */
const editCreatives = (edit: (creative: CreativeRecord) => CreativeRecord) =>
  store({
    creative: (inner, id) => mapResult(inner(id), (c) => c && edit(c)),
    listCreatives: (inner, ...args) => mapResult(inner(...args), (page) => ({ ...page, items: page.items.map(edit) })),
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
];
