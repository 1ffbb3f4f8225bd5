// Analytics: the ANA-ITEM-* rules (ANA-ITEM-1, ANA-ITEM-2, ANA-ITEM-3); their mutants are in ./item.mutants.ts.
import { expect } from 'vitest';
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTest } from '../../harness/rule-test.js';
import { BAD, addVideo, ctx, groupById, itemsOf, newGroup } from './context.js';

ruleTest('ANA-ITEM-1', 'an inserted item is listed and itemCount grows', async (t) => {
  const { f, client } = ctx(t);
  const group = await newGroup(t, client);
  const item = await addVideo(client, group.id!, f.videoIds[0]!);
  expect(item.kind).toBe('platform#groupItem');
  // The resource object is open: its documented members are judged, others are accepted.
  expect(item.resource).toMatchObject({ kind: 'platform#video', id: f.videoIds[0] });
  expect((await itemsOf(client, group.id!)).map((i) => i.id)).toEqual([item.id]);
  expect((await groupById(client, group.id!))?.contentDetails?.itemCount).toBe('1');
  await addVideo(client, group.id!, f.videoIds[1]!);
  expect((await groupById(client, group.id!))?.contentDetails?.itemCount).toBe('2');
});
ruleTest('ANA-ITEM-2', 'groupItems.list without groupId is rejected; with it the items are answered', async (t) => {
  const { client } = ctx(t);
  await expectStatusError(t, () => client.listGroupItems({} as never), BAD);
  const group = await newGroup(t, client);
  expect((await client.listGroupItems({ groupId: group.id! })).kind).toBe('platform#groupItemListResponse');
});
ruleTest('ANA-ITEM-3', 'a deleted item is gone, the other stays, and itemCount shrinks', async (t) => {
  const { f, client } = ctx(t);
  const group = await newGroup(t, client);
  // The two videos the fixture documents (videoIds: at least 2).
  const keep = await addVideo(client, group.id!, f.videoIds[0]!);
  const item = await addVideo(client, group.id!, f.videoIds[1]!);
  await client.deleteGroupItem({ id: item.id! });
  expect((await itemsOf(client, group.id!)).map((i) => i.id)).toEqual([keep.id]);
  expect((await groupById(client, group.id!))?.contentDetails?.itemCount).toBe('1');
});
