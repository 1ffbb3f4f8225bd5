// The handlers both servers of the server bench call (bench/server-target.ts): the analytics groups list and
// group insert over an in-memory list, the same functions whichever framework routes, validates and writes.
import type { components } from '../generated/analytics/types.js';

type Group = components['schemas']['Group'];
type ListGroupsResponse = components['schemas']['ListGroupsResponse'];

const groups: Group[] = Array.from({ length: 10 }, (_, i) => ({
  kind: 'platform#group',
  etag: `"etag-group-${i}"`,
  id: `group-${i}`,
  snippet: { title: `Group number ${i}`, publishedAt: '2024-01-0' + ((i % 9) + 1) + 'T10:00:00Z' },
  contentDetails: { itemCount: String(i * 7), itemType: 'platform#video' },
}));

/** `mine=true`: every group; `id=a,b`: those of the ids that exist. */
export function listGroups(query: { mine?: boolean; id?: string }): ListGroupsResponse {
  const ids = query.id?.split(',');
  const items = query.mine ? groups : groups.filter((g) => ids?.includes(g.id!));
  return { kind: 'platform#groupListResponse', etag: '"etag-page"', items };
}

let next = 0;
/** The group as created: an id and the read-only fields filled in. */
export function insertGroup(body: Group): Group {
  next += 1;
  return {
    kind: 'platform#group',
    etag: `"etag-new-${next}"`,
    id: `new-${next}`,
    snippet: { title: body.snippet.title, publishedAt: '2024-02-01T10:00:00Z' },
    contentDetails: { itemCount: '0', itemType: body.contentDetails?.itemType },
  };
}
