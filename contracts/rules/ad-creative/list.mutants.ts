// Ad creative: the mutants of the ADC-LIST-* rules (./list.rules.ts), each to be caught under its own rule.
import type { CreativeRecord, Page, PostRecord } from '../../../reference/ad-creative/store.js';
import { mapResult } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteAnswer } from '../../mutants/wire.js';
import { seam, store, wire } from './mutant-context.js';

/** Each page of a list as `edit` changes it (creatives and page posts alike). */
const editPages = (edit: <T>(page: Page<T>) => Page<T>) =>
  store({
    listCreatives: (inner, ...args) => mapResult(inner(...args), (page: Page<CreativeRecord>) => edit(page)),
    listPosts: (inner, ...args) => mapResult(inner(...args), (page: Page<PostRecord & { seq: number }>) => edit(page)),
  });
/** Each list query as `edit` changes it (creatives and page posts alike). */
const editListQueries = (edit: <Q extends { limit: number; afterSeq?: number }>(query: Q) => Q) =>
  store({
    listCreatives: (inner, account, query, cap) => inner(account, edit(query), cap),
    listPosts: (inner, page, query) => inner(page, edit(query)),
  });

export const MUTANTS: Mutant[] = [
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
];
