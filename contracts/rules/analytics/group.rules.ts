// Analytics: the ANA-GROUP-* rules (ANA-GROUP-1, ANA-GROUP-2, ANA-GROUP-3, ANA-GROUP-4, ANA-GROUP-5, ANA-GROUP-6, ANA-GROUP-7, ANA-GROUP-8); their mutants are in ./group.mutants.ts.
import { expect } from 'vitest';
import { StatusApiError } from '../../../generated/analytics/client.js';
import { expectStatusError, unique, type ExpectedStatus } from '../../harness/expect-error.js';
import { ruleTest, ruleTests, type RuleContext } from '../../harness/rule-test.js';
import { BAD, DENIED, addVideo, ctx, groupById, itemsOf, newGroup } from './context.js';

const PRECONDITION = { status: 'FAILED_PRECONDITION', http: 400 };
/** A refusal whose exact status only this project's convention fixes: any 4xx Status error, the exact one a convention. */
async function expectRefused(
  t: RuleContext,
  call: () => Promise<unknown>,
  conventional: ExpectedStatus,
): Promise<void> {
  let error: unknown;
  try {
    await call();
  } catch (e) {
    error = e;
  }
  t.mockLimitationIf(
    !(error instanceof StatusApiError && typeof error.status === 'string'),
    error === undefined
      ? 'the mock accepted a request the service refuses'
      : 'the mock answered in its own error shape',
  );
  expect(error, `expected a refusal, the call ${error ? `failed with ${String(error)}` : 'succeeded'}`).toBeInstanceOf(
    StatusApiError,
  );
  const e = error as StatusApiError;
  expect(e.httpStatus, e.message).toBeGreaterThanOrEqual(400);
  expect(e.httpStatus, e.message).toBeLessThan(500);
  await t.convention(
    `the refusal is ${conventional.status} (HTTP ${conventional.http}) as this project's spec chose`,
    () => {
      expect(e.status, e.message).toBe(conventional.status);
      expect(e.httpStatus, e.message).toBe(conventional.http);
    },
  );
}

ruleTest(
  'ANA-GROUP-1',
  'a group holds 500 items; the 501st is rejected and 500 stay',
  async (t) => {
    const { client } = ctx(t);
    // Owned videos only: an id the caller does not own would be refused under ANA-GROUP-3 instead.
    const videos = [...new Set(t.fixture('bulkVideoIds') as string[])];
    if (videos.length < 501) t.notApplicable('needs 501 owned video ids in the bulkVideoIds fixture');
    const group = await newGroup(t, client);
    for (const id of videos.slice(0, 500)) await addVideo(client, group.id!, id);
    expect((await groupById(client, group.id!))?.contentDetails?.itemCount).toBe('500');
    await expectRefused(t, () => addVideo(client, group.id!, videos[500]!), PRECONDITION);
    expect(await itemsOf(client, group.id!)).toHaveLength(500);
  },
  { timeout: 120_000 },
);
ruleTests('ANA-GROUP-2', [
  [
    'a video group refuses a playlist and takes a video',
    async (t) => {
      const { f, client } = ctx(t);
      const group = await newGroup(t, client);
      await addVideo(client, group.id!, f.videoIds[0]!);
      await expectRefused(
        t,
        () =>
          client.insertGroupItem({
            body: { groupId: group.id!, resource: { kind: 'platform#playlist', id: f.playlistId } },
          }),
        PRECONDITION,
      );
      expect((await itemsOf(client, group.id!)).map((i) => i.resource?.kind)).toEqual(['platform#video']);
    },
  ],
  [
    'a playlist group refuses a video and takes a playlist',
    async (t) => {
      const { f, client } = ctx(t);
      const group = await newGroup(t, client, 'platform#playlist');
      await client.insertGroupItem({
        body: { groupId: group.id!, resource: { kind: 'platform#playlist', id: f.playlistId } },
      });
      await expectRefused(t, () => addVideo(client, group.id!, f.videoIds[0]!), PRECONDITION);
      expect((await itemsOf(client, group.id!)).map((i) => i.resource?.kind)).toEqual(['platform#playlist']);
    },
  ],
]);
ruleTest('ANA-GROUP-3', 'a resource the caller does not own is rejected; an owned one is accepted', async (t) => {
  const { f, client } = ctx(t);
  const foreign = t.fixture('foreignVideoId') as string;
  const group = await newGroup(t, client);
  await expectRefused(t, () => addVideo(client, group.id!, foreign), DENIED);
  await addVideo(client, group.id!, f.videoIds[0]!);
  expect((await itemsOf(client, group.id!)).map((i) => i.resource?.id)).toEqual([f.videoIds[0]]);
});
ruleTests('ANA-GROUP-4', [
  [
    'a channel owner groups videos and playlists, not channels or assets',
    async (t) => {
      const { client } = ctx(t);
      await newGroup(t, client, 'platform#video');
      await newGroup(t, client, 'platform#playlist');
      for (const itemType of ['platformPartner#asset', 'platform#channel'] as const) {
        await expectRefused(
          t,
          () => client.insertGroup({ body: { snippet: { title: unique('g') }, contentDetails: { itemType } } }),
          BAD,
        );
      }
    },
  ],
  [
    'a content owner groups channels and assets too',
    async (t) => {
      const { client } = ctx(t);
      const owner = t.fixture('contentOwner') as string;
      for (const itemType of ['platform#channel', 'platformPartner#asset', 'platform#video'] as const) {
        const group = await newGroup(t, client, itemType, owner);
        expect(group.contentDetails?.itemType).toBe(itemType);
      }
    },
  ],
]);
ruleTest(
  'ANA-GROUP-5',
  'an update changes the title; the item type and count stay, whether other changes are refused or ignored',
  async (t) => {
    const { f, client } = ctx(t);
    const group = await newGroup(t, client);
    await addVideo(client, group.id!, f.videoIds[0]!);
    const title = unique('renamed');
    const updated = await client.updateGroup({ body: { id: group.id!, snippet: { title } } });
    expect(updated.snippet.title).toBe(title);
    expect(updated.contentDetails?.itemType).toBe('platform#video');
    expect(updated.contentDetails?.itemCount).toBe('1');
    // Trying to change the item type: the service may refuse or ignore it; either way it does not change.
    const attempt = await client
      .updateGroup({ body: { id: group.id!, snippet: { title }, contentDetails: { itemType: 'platform#playlist' } } })
      .catch((e: unknown) => {
        expect(e).toBeInstanceOf(StatusApiError);
        return undefined;
      });
    if (attempt) expect(attempt.contentDetails?.itemType, 'the answer to an accepted update').toBe('platform#video');
    const stored = await groupById(client, group.id!);
    expect(stored?.snippet.title).toBe(title);
    expect(stored?.contentDetails?.itemType).toBe('platform#video');
    expect(stored?.contentDetails?.itemCount).toBe('1');
  },
);
ruleTest('ANA-GROUP-6', 'groups.update leaves the items as they were', async (t) => {
  const { f, client } = ctx(t);
  const group = await newGroup(t, client);
  await addVideo(client, group.id!, f.videoIds[0]!);
  await addVideo(client, group.id!, f.videoIds[1]!);
  const before = await itemsOf(client, group.id!);
  await client.updateGroup({ body: { id: group.id!, snippet: { title: unique('t') } } });
  await client
    .updateGroup({
      body: { id: group.id!, snippet: { title: unique('t') }, contentDetails: { itemType: 'platform#video' } },
    })
    .catch((e: unknown) => {
      expect(e).toBeInstanceOf(StatusApiError);
    });
  expect(await itemsOf(client, group.id!)).toEqual(before);
  expect(before).toHaveLength(2);
});
ruleTests('ANA-GROUP-7', [
  [
    'a group without a title is rejected',
    async (t) => {
      const { client } = ctx(t);
      await expectStatusError(
        t,
        () => client.insertGroup({ body: { snippet: {}, contentDetails: { itemType: 'platform#video' } } as never }),
        BAD,
      );
    },
  ],
  [
    'a group with an empty title is rejected; a one-character title is accepted',
    async (t) => {
      const { client } = ctx(t);
      await expectStatusError(
        t,
        () => client.insertGroup({ body: { snippet: { title: '' }, contentDetails: { itemType: 'platform#video' } } }),
        BAD,
      );
      const group = await client.insertGroup({
        body: { snippet: { title: 'x' }, contentDetails: { itemType: 'platform#video' } },
      });
      t.defer(() => client.deleteGroup({ id: group.id! }));
      if (!t.partlyJudged('a mock answers its example group, not the one it was sent')) {
        expect(group.snippet.title).toBe('x');
        // Judged by a later read: the one-character title is stored.
        expect((await groupById(client, group.id!))?.snippet.title).toBe('x');
      }
    },
  ],
]);
ruleTest(
  'ANA-GROUP-8',
  'create, list, rename, delete: a deleted group is no longer listed and its items are gone',
  async (t) => {
    const { f, client } = ctx(t);
    const group = await newGroup(t, client);
    // The two videos the fixture documents: all of a group's items go with it, the last one too.
    await addVideo(client, group.id!, f.videoIds[0]!);
    await addVideo(client, group.id!, f.videoIds[1]!);
    expect(await itemsOf(client, group.id!)).toHaveLength(2);
    expect((await client.listGroups({ id: group.id! })).items?.map((g) => g.id)).toEqual([group.id]);
    await client.updateGroup({ body: { id: group.id!, snippet: { title: unique('renamed') } } });
    await client.deleteGroup({ id: group.id! });
    expect((await client.listGroups({ id: group.id! })).items ?? []).toEqual([]);
    expect((await client.listGroups({ mine: true })).items?.map((g) => g.id) ?? []).not.toContain(group.id);
    // The items: either the group is unknown (an error) or it lists nothing.
    let items: unknown[] = [];
    let error: unknown;
    try {
      items = await itemsOf(client, group.id!);
    } catch (e) {
      error = e;
    }
    expect(items).toEqual([]);
    await t.convention('groupItems.list of a deleted group answers 404 NOT_FOUND', () => {
      expect(error).toBeInstanceOf(StatusApiError);
      expect((error as StatusApiError).status).toBe('NOT_FOUND');
    });
  },
);
