// Analytics mutants of two kinds, planted on the wire: "answers yes, stores nothing" (a write answered in the
// service's place with the answer a success gives, the service never seeing it), and boundaries (a value
// exactly at a documented limit treated as past it). Each must be caught under its own rule: a write is judged
// by a later read, a range at both of its ends.
import type { AnalyticsStore, StoredGroup, StoredItem } from '../../reference/analytics/store.js';
import { replacing } from './decorate.js';
import { type Mutant, ruleOfMutantId, wireMutant as wire } from './mutant.js';
import { answerInstead, rewriteJsonAnswer, rewriteQuery, type Wrap } from './wire.js';

const store = (id: string, description: string, replace: (original: AnalyticsStore) => Partial<AnalyticsStore>) => ({
  id,
  rule: ruleOfMutantId(id),
  description,
  decorate: { store: replacing(replace) },
});

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** groups.insert answered in the service's place with the group a success gives, for the bodies `when` picks. */
const insertGroupEcho = (when: (body: any) => boolean): Wrap =>
  answerInstead((r) => {
    if (r.method !== 'POST' || r.url.pathname !== '/v2/groups') return undefined;
    const body = json(r.body);
    if (!body?.snippet?.title || !body?.contentDetails?.itemType || !when(body)) return undefined;
    const now = new Date().toISOString();
    return {
      status: 200,
      json: {
        kind: 'platform#group',
        etag: 'echo',
        id: `echo${Math.random().toString(36).slice(2, 12)}`,
        snippet: { title: body.snippet.title, publishedAt: now },
        contentDetails: { itemType: body.contentDetails.itemType, itemCount: '0' },
      },
    };
  });

const json = (body: Buffer): any => {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
};

/** groupItems.insert of a resource of `kind` answered in the service's place with the item a success gives. */
const insertItemEcho = (kind: string): Wrap =>
  answerInstead((r) => {
    const body = r.method === 'POST' && r.url.pathname === '/v2/groupItems' ? json(r.body) : undefined;
    if (body?.resource?.kind !== kind || !body.groupId) return undefined;
    const item = { kind: 'platform#groupItem', etag: 'echo', id: `echo-${body.resource.id}`, groupId: body.groupId };
    return { status: 200, json: { ...item, resource: body.resource } };
  });

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
  wire(
    'ANA-GROUP-8/delete-echo',
    'groups.delete answers 204 and deletes nothing (the service never sees it)',
    answerInstead((r) =>
      r.method === 'DELETE' && r.url.pathname === '/v2/groups' && r.url.searchParams.get('id')
        ? { status: 204, json: undefined }
        : undefined,
    ),
  ),
  store(
    'ANA-GROUP-8/delete-keeps-last-item',
    "groups.delete removes the group's items but the last (the cascade loop stops one short): it is still listed",
    (original) => {
      const left = new Map<string, { group: StoredGroup; items: StoredItem[] }>();
      return {
        deleteGroup: async (id) => {
          const group = await original.group(id);
          const items = group ? await original.items(id) : [];
          if (group && items.length > 1) left.set(id, { group, items: items.slice(-1) });
          return original.deleteGroup(id);
        },
        group: async (id) => (await original.group(id)) ?? left.get(id)?.group,
        items: async (id) => left.get(id)?.items ?? original.items(id),
      };
    },
  ),
  wire(
    'ANA-GROUP-7/insert-echo',
    'groups.insert with a one-character title answers the group and stores nothing',
    insertGroupEcho((body) => body.snippet.title.length === 1),
  ),
  wire(
    'ANA-GROUP-4/insert-echo',
    'groups.insert of a playlist group answers the group and stores nothing',
    insertGroupEcho((body) => body.contentDetails.itemType === 'platform#playlist'),
  ),
  store(
    'ANA-GROUP-1/500th-insert-echo',
    'the insert that would make the 500th item answers the item and stores nothing',
    (original) => ({
      insertItem: async (groupId, kind, id, max) => {
        const items = await original.items(groupId);
        if (items.length !== max - 1) return original.insertItem(groupId, kind, id, max);
        const item: StoredItem = { ...items[0]!, id: `echo${items.length}`, resourceKind: kind, resourceId: id };
        return { ok: true, item, created: true };
      },
    }),
  ),
  store(
    'ANA-QUERY-8/totals-exclusive-start',
    'reports without a day breakdown leave out the start date (the range taken as exclusive at its start)',
    (original) => ({
      report: (p) => original.report(p.dimensions.some((d) => d.name === 'day') ? p : { ...p, from: dayAfter(p.from) }),
    }),
  ),
  wire(
    'ANA-GROUP-2/insert-echo',
    'groupItems.insert of a playlist answers the item and stores nothing',
    insertItemEcho('platform#playlist'),
  ),
  wire(
    'ANA-GROUP-3/insert-echo',
    'groupItems.insert of an owned video answers the item and stores nothing',
    insertItemEcho('platform#video'),
  ),
  wire(
    'ANA-ITEM-3/delete-echo',
    'groupItems.delete answers 204 and deletes nothing (the service never sees it)',
    answerInstead((r) =>
      r.method === 'DELETE' && r.url.pathname === '/v2/groupItems' && r.url.searchParams.get('id')
        ? { status: 204, json: undefined }
        : undefined,
    ),
  ),
  wire(
    'ANA-GROUP-7/one-character-title-refused',
    'a one-character title (the shortest non-empty one) is refused',
    answerInstead((r) => {
      const body = r.method === 'POST' && r.url.pathname === '/v2/groups' ? json(r.body) : undefined;
      return body?.snippet?.title?.length === 1
        ? {
            status: 400,
            json: { error: { code: 400, message: 'snippet.title is too short', status: 'INVALID_ARGUMENT' } },
          }
        : undefined;
    }),
  ),
  wire(
    'ANA-LIST-2/last-page-drops-newest',
    'the last page of groups.list leaves out the newest group (the range taken as exclusive at its end)',
    rewriteJsonAnswer(
      (r) => r.method === 'GET' && r.url.pathname === '/v2/groups',
      (body, status) => {
        if (status !== 200 || body.nextPageToken || !(body.items?.length > 0)) return false;
        body.items = body.items.slice(0, -1);
      },
    ),
  ),
];
