// The service's handlers on the generated stubs: reports (query.ts -> store.report), groups and group items.
import { createHash } from 'node:crypto';
import {
  serializedJsonText,
  serializeJson,
  type AnalyticsHandlers,
  type HandlerInput,
  type SerializedJson,
} from '../../generated/analytics/server.js';
import type { components } from '../../generated/analytics/types.js';
import { DIMENSION_BY_NAME, METRIC_BY_NAME } from './catalogue.js';
import { fail, forbidden, invalid, notFound, required } from './errors.js';
import type { GroupPolicy } from './group-policy.js';
import { planReport, type PlanningParts } from './query.js';
import {
  ownerKey,
  type AnalyticsStore,
  type Owner,
  type Principal,
  type ResourceKind,
  type StoredGroup,
  type StoredItem,
} from './store.js';

type GroupBody = components['schemas']['Group'];
type ReportBody = components['schemas']['QueryResponse'];
type GroupItemBody = components['schemas']['GroupItem'];
type ColumnHeader = components['schemas']['ResultTableColumnHeader'];
type ItemKind = components['schemas']['ItemKind'];

export const MAX_ITEMS = 500;
export const PAGE_SIZE = 5;
const RESOURCE_KIND: Record<string, ResourceKind> = {
  'platform#video': 'video',
  'platform#playlist': 'playlist',
  'platform#channel': 'channel',
  'platformPartner#asset': 'asset',
};

const etagOf = (value: unknown) =>
  `"${createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16)}"`;

function groupBody(g: StoredGroup): GroupBody {
  const content = {
    id: g.id,
    snippet: { publishedAt: g.publishedAt, title: g.title },
    contentDetails: { itemCount: String(g.itemCount), itemType: g.itemType as ItemKind },
  };
  return { kind: 'platform#group', etag: etagOf(content), ...content };
}

/**
 * Values computed from a key alone, kept for the keys met last (at most `max`; all dropped when full): what a
 * group's stored fields give (its body's JSON text and entity tag) is the same whichever process read them, so
 * keeping it by those fields, read afresh on every request, can never answer what another process has replaced.
 */
function memo<T>(max = 10_000): (key: string, compute: () => T) => T {
  const kept = new Map<string, T>();
  return (key, compute) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute();
      if (kept.size >= max) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}

/** A group's body as JSON text with its entity tag, by every stored field the body shows. */
const groupText = (() => {
  const byFields = memo<{ etag: string; text: string }>();
  // A stored group is never changed (a write reads it again as a new one): its text is kept with it, so a group
  // the store keeps is answered with no key made.
  const byGroup = new WeakMap<StoredGroup, { etag: string; text: string }>();
  return (g: StoredGroup) => {
    let made = byGroup.get(g);
    if (made === undefined) {
      made = byFields(JSON.stringify([g.id, g.publishedAt, g.title, g.itemCount, g.itemType]), () => {
        const body = groupBody(g);
        return { etag: body.etag!, text: JSON.stringify(body) };
      });
      byGroup.set(g, made);
    }
    return made;
  };
})();

/** A list's entity tag by its items' tags (joined by commas: a tag is quoted base64url, so without commas). */
const listEtag = (() => {
  const byTags = memo<string>();
  return (tags: string[]) => byTags(tags.join(','), () => etagOf(tags));
})();

function itemBody(i: StoredItem): GroupItemBody {
  const content = { id: i.id, groupId: i.groupId, resource: { kind: i.resourceKind as ItemKind, id: i.resourceId } };
  return { kind: 'platform#groupItem', etag: etagOf(content), ...content };
}

/** Page tokens carry the sequence number of the last group of the previous page and what was asked. */
function pageToken(lastSeq: number, filter: string): string {
  return Buffer.from(JSON.stringify({ after: lastSeq, f: etagOf(filter) })).toString('base64url');
}

function readPageToken(token: string, filter: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { after?: unknown; f?: unknown };
    if (typeof parsed.after === 'number' && parsed.f === etagOf(filter)) return parsed.after;
  } catch {
    // answered below
  }
  throw invalid('Invalid page token.', 'pageToken');
}

export function createHandlers(
  parts: PlanningParts & { groups: GroupPolicy },
  principalOf: (input: HandlerInput) => Principal,
): AnalyticsHandlers {
  const { store, groups } = parts;
  /** The caller as group owner: its channel, or the content owner it acts for. */
  const ownerOf = (input: HandlerInput, onBehalf: string | undefined): Owner => {
    const principal = principalOf(input);
    if (onBehalf === undefined) return { kind: 'channel', id: principal.channelId };
    if (principal.contentOwner !== onBehalf) throw forbidden(`The caller does not act for content owner ${onBehalf}.`);
    return { kind: 'contentOwner', id: onBehalf };
  };
  /**
   * The caller's group. Another owner's group answers as a missing one (404): groups are private to their owner,
   * groups.list leaves another's ids out and a report's group filter calls them unknown, so no answer may tell
   * that such an id exists.
   */
  const ownGroup = async (
    id: string,
    owner: Owner,
    missing: () => Error = () => notFound('Group not found.', 'id'),
  ): Promise<StoredGroup> => {
    const group = await store.group(id);
    if (!group || group.owner !== ownerKey(owner)) throw missing();
    return group;
  };
  const title = (snippet: { title?: unknown } | undefined): string => {
    const t = snippet?.title;
    if (typeof t !== 'string' || t === '') throw required('snippet.title');
    return t;
  };

  /** reports.query's answer over the store's rows (read, never changed: they may be a cached answer). */
  const reportBody = (
    stored: ReadonlyArray<ReadonlyArray<string | number>>,
    dimensions: readonly string[],
    metrics: readonly string[],
  ): ReportBody => {
    const dimensionHeaders = dimensions.map(
      (name): ColumnHeader => ({
        name,
        columnType: 'DIMENSION',
        dataType: DIMENSION_BY_NAME.get(name)?.dataType ?? 'STRING',
      }),
    );
    const metricHeaders = metrics.map(
      (name): ColumnHeader => ({ name, columnType: 'METRIC', dataType: METRIC_BY_NAME.get(name)!.dataType }),
    );
    const body: ReportBody = {
      kind: 'platformAnalytics#resultTable',
      columnHeaders: [...dimensionHeaders, ...metricHeaders],
    };
    // The store's rows are in answer order and shared: only serialised, never changed.
    if (stored.length > 0) body.rows = stored as NonNullable<typeof body.rows>;
    return body;
  };
  /** Serialised answers by the rows they were made from: dropped with the rows when the store's cache lets them go. */
  const answers = new WeakMap<object, SerializedJson<ReportBody>>();
  /**
   * The JSON text of an answer up to its rows (kind and column headers), by its dimension and metric names: an
   * answer whose rows come with their JSON text (ReportRows.json) is these two texts joined, made without objects.
   */
  const heads = new Map<string, string>();
  const headOf = (dimensions: readonly string[], metrics: readonly string[]): string => {
    const key = `${dimensions.join(',')}\u0000${metrics.join(',')}`;
    let head = heads.get(key);
    if (head === undefined) {
      const whole = JSON.stringify(reportBody([], dimensions, metrics));
      head = whole.slice(0, -1);
      if (heads.size >= 1024) heads.clear();
      heads.set(key, head);
    }
    return head;
  };

  return {
    async queryReports(input) {
      const principal = principalOf(input);
      const { plan, dimensions, metrics } = await planReport(input, principal, parts);
      // The plan is this request's own: it takes its tenant in place of a copy.
      plan.tenant = principal.userId;
      const stored = await store.report(plan);
      if (stored.json !== undefined && stored.length > 0)
        return { body: serializedJsonText<ReportBody>(`${headOf(dimensions, metrics)},"rows":${stored.json}}`) };
      // Rows made for this request alone (a report of the rollups held in memory): serialised after the answer's
      // head, kept by nothing.
      if (!stored.kept)
        return {
          body:
            stored.length > 0
              ? serializedJsonText<ReportBody>(`${headOf(dimensions, metrics)},"rows":${JSON.stringify(stored)}}`)
              : serializeJson(reportBody(stored, dimensions, metrics)),
        };
      // A cached answer's rows are one shared array for as long as the store keeps them (the same SQL and bound
      // values: the plan's channels, link days and group members, so a changed group is new rows), and the
      // column names are in that SQL: the answer is made and serialised once per rows, not per request.
      const made = answers.get(stored);
      if (made) return { body: made };
      const answer = serializeJson(reportBody(stored, dimensions, metrics));
      answers.set(stored, answer);
      return { body: answer };
    },

    async listGroups(input) {
      const { query } = input;
      const owner = ownerOf(input, query.onBehalfOfContentOwner);
      const mine = query.mine === true;
      const ids = query.id === undefined ? undefined : query.id.split(',').filter((s) => s !== '');
      const hasIds = ids !== undefined && ids.length > 0;
      if (!mine && !hasIds)
        throw fail(
          'INVALID_ARGUMENT',
          'No filter selected. Expected one of: id, mine.',
          'missingRequiredParameter',
          'id',
        );
      if (mine && hasIds)
        throw fail('INVALID_ARGUMENT', 'Only one filter may be selected: id or mine.', 'invalidParameter', 'id');
      const byIds = hasIds && !mine ? ids : undefined;
      const filter = `${ownerKey(owner)}|${byIds ? byIds.join(',') : 'mine'}`;
      const after = query.pageToken ? readPageToken(query.pageToken, filter) : 0;
      // One more than a page tells whether another page follows. Unknown or foreign ids are not in the answer.
      const rows = await store.listGroups(ownerKey(owner), byIds, after, PAGE_SIZE + 1);
      const page = rows.slice(0, PAGE_SIZE);
      // The answer's JSON text joined from each group's (the same text JSON.stringify gives of the body object).
      const items = page.map(groupText);
      const etag = listEtag(items.map((i) => i.etag));
      const next =
        rows.length > PAGE_SIZE ? `,"nextPageToken":${JSON.stringify(pageToken(page.at(-1)!.seq, filter))}` : '';
      return {
        body: serializedJsonText<components['schemas']['ListGroupsResponse']>(
          `{"kind":"platform#groupListResponse","etag":${JSON.stringify(etag)},"items":[${items.map((i) => i.text).join(',')}]${next}}`,
        ),
      };
    },

    async insertGroup(input) {
      const { query, body } = input;
      const owner = ownerOf(input, query.onBehalfOfContentOwner);
      const groupTitle = title(body.snippet);
      const itemType = body.contentDetails?.itemType;
      if (!itemType) throw required('contentDetails.itemType');
      if (!groups.mayCreate(owner.kind, itemType))
        throw invalid(
          `${owner.kind === 'channel' ? 'Channel owners' : 'This content owner'} cannot create groups of ${itemType}.`,
          'contentDetails.itemType',
        );
      return { body: groupBody(await store.createGroup(ownerKey(owner), groupTitle, itemType)) };
    },

    async updateGroup(input) {
      const { query, body } = input;
      const owner = ownerOf(input, query.onBehalfOfContentOwner);
      if (!body.id) throw required('id');
      const newTitle = title(body.snippet);
      const group = await ownGroup(body.id, owner);
      // Only the title changes; contentDetails and anything else sent are read-only.
      return { body: groupBody((await store.renameGroup(group.id, newTitle))!) };
    },

    async deleteGroup(input) {
      const group = await ownGroup(input.query.id, ownerOf(input, input.query.onBehalfOfContentOwner));
      await store.deleteGroup(group.id);
      return { status: 204 };
    },

    async listGroupItems(input) {
      const { query } = input;
      if (!query.groupId) throw required('groupId');
      const group = await ownGroup(query.groupId, ownerOf(input, query.onBehalfOfContentOwner));
      const items = (await store.items(group.id)).map(itemBody);
      return {
        body: { kind: 'platform#groupItemListResponse', etag: etagOf(items.map((i) => i.etag)), items },
      };
    },

    async insertGroupItem(input) {
      const { query, body } = input;
      const owner = ownerOf(input, query.onBehalfOfContentOwner);
      if (!body.groupId) throw required('groupId');
      if (!body.resource?.id || !body.resource.kind) throw required('resource');
      const group = await ownGroup(body.groupId, owner);
      const { kind, id } = body.resource;
      if (!groups.mayHold(group.itemType, kind)) {
        throw fail(
          'FAILED_PRECONDITION',
          `The item kind ${kind} does not match the group's item type ${group.itemType}.`,
          'badRequest',
          'resource.kind',
        );
      }
      if (!(await store.owns(owner, RESOURCE_KIND[kind]!, id))) {
        throw fail(
          'PERMISSION_DENIED',
          `The caller did not upload or claim ${id} and does not manage its channel.`,
          'forbidden',
          'resource.id',
        );
      }
      const result = await store.insertItem(group.id, kind, id, MAX_ITEMS);
      if (!result.ok) {
        if (result.reason === 'no-group') throw notFound('Group not found.', 'groupId');
        throw fail('FAILED_PRECONDITION', `The group already holds the maximum of ${MAX_ITEMS} items.`, 'badRequest');
      }
      return { body: itemBody(result.item) };
    },

    async deleteGroupItem(input) {
      const { query } = input;
      const owner = ownerOf(input, query.onBehalfOfContentOwner);
      const item = await store.item(query.id);
      const itemMissing = () => notFound('Group item not found.', 'id');
      if (!item) throw itemMissing();
      await ownGroup(item.groupId, owner, itemMissing);
      await store.deleteItem(item.id);
      return { status: 204 };
    },
  };
}
