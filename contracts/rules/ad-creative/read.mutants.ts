// Ad creative: the mutants of the ADC-READ-* rules (./read.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteAnswer, rewriteRequest } from '../../mutants/wire.js';
import {
  CREATIVE_FIELDS,
  type Json,
  fieldName,
  isError,
  readsCreatives,
  recode,
  topLevelFields,
  wire,
} from './mutant-context.js';

export const MUTANTS: Mutant[] = [
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
];
