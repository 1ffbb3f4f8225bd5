// Analytics mutants of two kinds, planted on the wire: "answers yes, stores nothing" (a write answered in the
// service's place with the answer a success gives, the service never seeing it), and boundaries (a value
// exactly at a documented limit treated as past it). Each must be caught under its own rule: a write is judged
// by a later read, a range at both of its ends.
import type { Mutant } from './mutant.js';
import { answerInstead, rewriteQuery, type Wrap } from './wire.js';

type Rule = Mutant['rule'];
const wire = (id: string, description: string, wrap: Wrap): Mutant => ({
  id,
  rule: id.split('/')[0] as Rule,
  description,
  wrap,
});

const json = (body: Buffer): any => {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
};

export const MUTANTS: Mutant[] = [
  wire(
    'ANA-ITEM-1/insert-echo',
    'groupItems.insert answers the item it was given, with an id, and stores nothing',
    answerInstead((r) => {
      if (r.method !== 'POST' || r.url.pathname !== '/v2/groupItems') return undefined;
      const body = json(r.body);
      if (!body?.groupId || !body?.resource?.id) return undefined;
      return {
        status: 200,
        json: {
          kind: 'platform#groupItem',
          etag: 'echo',
          id: `echo-${Math.random().toString(36).slice(2, 10)}`,
          groupId: body.groupId,
          resource: body.resource,
        },
      };
    }),
  ),
  wire(
    'ANA-GROUP-5/update-echo',
    'groups.update answers the group it was given and stores nothing',
    answerInstead((r) => {
      if (r.method !== 'PUT' || r.url.pathname !== '/v2/groups') return undefined;
      const body = json(r.body);
      return body?.id ? { status: 200, json: { kind: 'platform#group', etag: 'echo', ...body } } : undefined;
    }),
  ),
  wire(
    'ANA-PAGE-1/last-row-dropped',
    'startIndex at the last row answers no row (the range taken as exclusive at its end)',
    rewriteQuery(
      (r) => r.url.pathname === '/v2/reports' && r.url.searchParams.has('startIndex'),
      (q) => q.set('startIndex', String(Number(q.get('startIndex')) + 1)),
    ),
  ),
];
