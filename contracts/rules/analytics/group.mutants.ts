// Analytics: the mutants of the ANA-GROUP-* rules (./group.rules.ts), each to be caught under its own rule.
import type { GroupPolicy } from '../../../reference/analytics/group-policy.js';
import type { AnalyticsStore, StoredGroup, StoredItem } from '../../../reference/analytics/store.js';
import type { Mutant } from '../../mutants/mutant.js';
import { replacing } from '../../mutants/decorate.js';
import { chain, on, perRequest, rewriteJsonAnswer, rewriteJsonRequest } from '../../mutants/wire.js';
import { GROUPS, ruleOf, store, wire } from './mutant-context.js';

function groups(id: string, description: string, replace: (original: GroupPolicy) => Partial<GroupPolicy>): Mutant {
  return { id, rule: ruleOf(id), description, decorate: { groups: replacing(replace) } };
}
/** groups.update with contentDetails empties the group: the request shows it, the rename in the store does it. */
function updateClearsItems(): Mutant {
  const clearing = new Set<string>();
  return {
    id: 'ANA-GROUP-6/update-clears-items',
    rule: 'ANA-GROUP-6',
    description: 'groups.update with contentDetails empties the group',
    wrap: rewriteJsonRequest(on('PUT', GROUPS), (body) => {
      if (body.contentDetails && typeof body.id === 'string') clearing.add(body.id);
    }),
    decorate: {
      store: replacing<AnalyticsStore>((original) => ({
        renameGroup: async (id, title) => {
          if (clearing.delete(id)) for (const item of await original.items(id)) await original.deleteItem(item.id);
          return original.renameGroup(id, title);
        },
      })),
    },
  };
}
/** groups.delete removes the group row; its items (and the group, to their reader) stay. */
function deleteKeepsItems(): Mutant {
  const left = new Map<string, { group: StoredGroup; items: StoredItem[] }>();
  return store(
    'ANA-GROUP-8/delete-keeps-items',
    'groups.delete removes the group but its items are still listed',
    (original) => ({
      deleteGroup: async (id) => {
        const group = await original.group(id);
        if (group) left.set(id, { group, items: await original.items(id) });
        return original.deleteGroup(id);
      },
      group: async (id) => (await original.group(id)) ?? left.get(id)?.group,
      items: async (id) => left.get(id)?.items ?? original.items(id),
    }),
  );
}

export const MUTANTS: Mutant[] = [
  store('ANA-GROUP-1/limit-501', 'the limit check is off by one: a group takes 501 items', (original) => ({
    insertItem: (groupId, kind, id) => original.insertItem(groupId, kind, id, 501),
  })),
  store(
    'ANA-GROUP-1/limit-499',
    'the limit check is off by one the other way: the 500th item is refused',
    (original) => ({
      insertItem: (groupId, kind, id) => original.insertItem(groupId, kind, id, 499),
    }),
  ),
  groups('ANA-GROUP-2/kind-unchecked', 'items of another kind than the group are accepted', () => ({
    mayHold: () => true,
  })),
  groups(
    'ANA-GROUP-2/kind-assumed-video',
    'the kind check compares items with platform#video, so a playlist group refuses playlists',
    (original) => ({ mayHold: (_itemType, kind) => original.mayHold('platform#video', kind) }),
  ),
  store('ANA-GROUP-3/ownership-unchecked', 'resources the caller does not own are accepted', () => ({
    owns: async () => true,
  })),
  groups('ANA-GROUP-4/channel-owner-any-kind', 'channel owners may create groups of channels and assets', () => ({
    mayCreate: () => true,
  })),
  groups('ANA-GROUP-4/content-owner-videos-only', 'content owners may create video groups only', (original) => ({
    mayCreate: (owner, itemType) =>
      owner === 'contentOwner' ? itemType === 'platform#video' : original.mayCreate(owner, itemType),
  })),
  wire(
    'ANA-GROUP-5/update-changes-item-type',
    'groups.update also changes contentDetails.itemType',
    perRequest(() => {
      let itemType: unknown;
      return chain(
        rewriteJsonRequest(on('PUT', GROUPS), (body) => {
          itemType = body.contentDetails?.itemType;
        }),
        rewriteJsonAnswer(on('PUT', GROUPS), (body, status) => {
          if (status !== 200 || !itemType || !body.contentDetails) return false;
          body.contentDetails.itemType = itemType;
        }),
      );
    }),
  ),
  store('ANA-GROUP-5/update-ignores-title', 'groups.update answers 200 but keeps the old title', (original) => ({
    renameGroup: (id) => original.group(id),
  })),
  updateClearsItems(),
  wire(
    'ANA-GROUP-7/missing-title-defaulted',
    'a group without a title (or with an empty one) is created as "Untitled group" instead of refused',
    rewriteJsonRequest(on('POST', GROUPS), (body) => {
      body.snippet ??= {};
      if (!body.snippet.title) body.snippet.title = 'Untitled group';
    }),
  ),
  deleteKeepsItems(),
  store('ANA-GROUP-8/delete-noop', 'groups.delete answers 204 and keeps the group', () => ({
    deleteGroup: async () => true,
  })),
];
