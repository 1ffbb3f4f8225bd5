// Analytics: the ANA-LIST-* rules (ANA-LIST-1, ANA-LIST-2); their mutants are in ./list.mutants.ts.
import { expect } from 'vitest';
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTest, ruleTests } from '../../harness/rule-test.js';
import { BAD, ctx, newGroup } from './context.js';

ruleTests('ANA-LIST-1', [
  [
    'groups.list without id or mine is rejected',
    async (t) => {
      const { client } = ctx(t);
      await expectStatusError(t, () => client.listGroups({}), BAD);
    },
  ],
  [
    'groups.list with both id and mine is rejected',
    async (t) => {
      const { client } = ctx(t);
      const group = await newGroup(t, client);
      await expectStatusError(t, () => client.listGroups({ id: group.id!, mine: true }), BAD);
    },
  ],
  [
    'groups.list with mine=true, and with id, answers the groups',
    async (t) => {
      const { client } = ctx(t);
      const group = await newGroup(t, client);
      expect((await client.listGroups({ mine: true })).kind).toBe('platform#groupListResponse');
      expect((await client.listGroups({ id: group.id! })).items?.map((g) => g.id)).toEqual([group.id]);
    },
  ],
]);
ruleTest('ANA-LIST-2', 'nextPageToken walks every group once; the last page has none', async (t) => {
  const { client } = ctx(t);
  const created: string[] = [];
  for (let i = 0; i < 6; i++) created.push((await newGroup(t, client)).id!);
  const seen: string[] = [];
  let token: string | undefined;
  let pages = 0;
  do {
    const page = await client.listGroups({ mine: true, pageToken: token });
    const ids = (page.items ?? []).map((g) => g.id!);
    token = page.nextPageToken;
    if (token) expect(ids.length, 'a page followed by another page holds groups').toBeGreaterThan(0);
    seen.push(...ids);
    pages += 1;
  } while (token && pages < 200);
  expect(token, 'the last page has no nextPageToken').toBeUndefined();
  expect(new Set(seen).size, 'no group listed twice').toBe(seen.length);
  for (const id of created) expect(seen, `created group ${id} listed`).toContain(id);
});
