// Ad creative: the mutants of the ADC-FIELDS-* rules (./fields.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { operationOf, rewriteAnswer, rewriteRequest, type WireRequest } from '../../mutants/wire.js';
import { CREATIVE_FIELDS, fieldName, isError, recode, topLevelFields, wire } from './mutant-context.js';

/** An operation on creatives (read, list, create, update, delete): the ones whose `fields` name AdCreative members. */
const onCreatives = (r: WireRequest) => {
  const op = operationOf(r.method, r.url);
  return op !== undefined && op !== 'listPromotablePosts' && op !== 'getAdCreativePreviews';
};
/** Rewrites the `fields` query parameter of operations on creatives (nothing left: the parameter goes). */
const editFields = (edit: (text: string) => string) =>
  rewriteRequest((r) => {
    const fields = r.url.searchParams.get('fields');
    if (fields === null || !onCreatives(r)) return;
    const edited = edit(fields);
    if (edited.trim()) r.url.searchParams.set('fields', edited);
    else r.url.searchParams.delete('fields');
  });

export const MUTANTS: Mutant[] = [
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
];
