// Analytics: the mutants of the ANA-LIST-* rules (./list.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { on, rewriteJsonAnswer, rewriteQuery } from '../../mutants/wire.js';
import { GROUPS, store, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ANA-LIST-1/no-filter-accepted',
    "groups.list without id or mine answers the caller's groups",
    rewriteQuery(on('GET', GROUPS), (q) => {
      if (!q.get('id') && q.get('mine') !== 'true') q.set('mine', 'true');
    }),
  ),
  wire(
    'ANA-LIST-1/both-accepted',
    'groups.list with both id and mine is answered',
    rewriteQuery(on('GET', GROUPS), (q) => {
      if (q.get('id') && q.get('mine') === 'true') q.delete('id');
    }),
  ),
  wire(
    'ANA-LIST-2/no-paging',
    'groups.list answers the first page only, without nextPageToken',
    rewriteJsonAnswer(on('GET', GROUPS), (body) => {
      if (body.nextPageToken === undefined) return false;
      delete body.nextPageToken;
    }),
  ),
  store(
    'ANA-LIST-2/page-token-ignored',
    'pageToken is validated, then the first page is answered again',
    (original) => ({
      listGroups: (owner, ids, _after, limit) => original.listGroups(owner, ids, 0, limit),
    }),
  ),
  wire(
    'ANA-LIST-2/token-on-last-page',
    'the last page carries a nextPageToken that points at itself',
    rewriteJsonAnswer(on('GET', GROUPS), (body, status, answer) => {
      const token = answer.url.searchParams.get('pageToken');
      if (status !== 200 || body.nextPageToken || !token || !body.items?.length) return false;
      body.nextPageToken = token;
    }),
  ),
];
