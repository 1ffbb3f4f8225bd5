// Analytics: the ANA-SCOPE-* rules (ANA-SCOPE-1, ANA-SCOPE-2); their mutants are in ./scope.mutants.ts.
import { expect } from 'vitest';
import { expectStatusError, unique } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { DENIED, addVideo, ctx, groupById, itemsOf, newGroup } from './context.js';

ruleTests('ANA-SCOPE-1', [
  [
    'analytics.readonly and account-management alone may query reports',
    async (t) => {
      const { ids } = ctx(t);
      for (const token of [t.fixture('readonlyToken'), t.fixture('accountManagementToken')] as string[]) {
        const report = await t.clients
          .analytics(token)
          .queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-31', metrics: 'views' });
        expect(report.kind).toBe('platformAnalytics#resultTable');
      }
    },
  ],
  [
    'a token with none of the accepted scopes is refused with 403',
    async (t) => {
      const { ids } = ctx(t);
      const client = t.clients.analytics(t.fixture('noScopeToken'));
      await expectStatusError(
        t,
        () => client.queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-31', metrics: 'views' }),
        DENIED,
      );
    },
  ],
]);
ruleTests('ANA-SCOPE-2', [
  [
    'a token with only analytics.readonly may create and delete a group (the public method pages list it)',
    async (t) => {
      const readonly = t.clients.analytics(t.fixture('readonlyToken'));
      const group = await newGroup(t, readonly);
      await readonly.deleteGroup({ id: group.id! });
      expect(await groupById(ctx(t).client, group.id!)).toBeUndefined();
    },
  ],
  [
    'a token without any of the service scopes is refused on every write, and nothing changes',
    async (t) => {
      const { f, client } = ctx(t);
      const other = t.clients.analytics(t.fixture('noScopeToken'));
      const group = await newGroup(t, client);
      const item = await addVideo(client, group.id!, f.videoIds[0]!);
      await expectStatusError(
        t,
        () =>
          other.insertGroup({
            body: { snippet: { title: unique('g') }, contentDetails: { itemType: 'platform#video' } },
          }),
        DENIED,
      );
      await expectStatusError(
        t,
        () => other.updateGroup({ body: { id: group.id!, snippet: { title: unique('renamed') } } }),
        DENIED,
      );
      await expectStatusError(
        t,
        () =>
          other.insertGroupItem({
            body: { groupId: group.id!, resource: { kind: 'platform#video', id: f.videoIds[1]! } },
          }),
        DENIED,
      );
      await expectStatusError(t, () => other.deleteGroupItem({ id: item.id! }), DENIED);
      await expectStatusError(t, () => other.deleteGroup({ id: group.id! }), DENIED);
      const after = await groupById(client, group.id!);
      expect(after?.snippet.title).toBe(group.snippet.title);
      expect((await itemsOf(client, group.id!)).map((i) => i.id)).toEqual([item.id]);
    },
  ],
]);
