// Analytics: the mutants of the ANA-ITEM-* rules (./item.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { answerInstead, on, rewriteJsonAnswer } from '../../mutants/wire.js';
import { GROUPS, store, wire } from './mutant-context.js';

const GROUP_ITEMS = /^\/v2\/groupItems$/;

export const MUTANTS: Mutant[] = [
  wire(
    'ANA-ITEM-1/item-count-stale',
    'itemCount is not updated after an insert',
    rewriteJsonAnswer(on('GET', GROUPS), (body, status) => {
      if (status !== 200) return false;
      for (const g of body.items ?? []) if (g.contentDetails) g.contentDetails.itemCount = '0';
    }),
  ),
  wire(
    'ANA-ITEM-1/insert-not-listed',
    'the newest item is missing from groupItems.list',
    rewriteJsonAnswer(on('GET', GROUP_ITEMS), (body, status) => {
      if (status !== 200 || !body.items?.length) return false;
      body.items = body.items.slice(0, -1);
    }),
  ),
  wire(
    'ANA-ITEM-2/no-group-id-accepted',
    'groupItems.list without groupId answers an empty list',
    answerInstead((r) =>
      on('GET', GROUP_ITEMS)(r) && !r.url.searchParams.has('groupId')
        ? { status: 200, json: { kind: 'platform#groupItemListResponse', etag: '"e"', items: [] } }
        : undefined,
    ),
  ),
  store(
    'ANA-ITEM-3/deletes-first-item',
    "groupItems.delete removes the group's first item instead of the named one",
    (original) => ({
      deleteItem: async (id) => {
        const item = await original.item(id);
        const first = item ? (await original.items(item.groupId))[0] : undefined;
        return original.deleteItem(first?.id ?? id);
      },
    }),
  ),
  store('ANA-ITEM-3/delete-noop', 'groupItems.delete answers 204 and keeps the item', () => ({
    deleteItem: async () => true,
  })),
];
