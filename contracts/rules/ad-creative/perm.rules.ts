// Ad creative: the ADC-PERM-* rules (ADC-PERM-1); their mutants are in ./perm.mutants.ts.
import { expect } from 'vitest';
import { expectGraphError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { ctx, linkCreative } from './context.js';

ruleTests('ADC-PERM-1', [
  [
    'a token without access to the account gets code 200 on list and create; the fixture token is accepted',
    async (t) => {
      const { f, client, version, account } = ctx(t);
      const stranger = t.clients.adCreative(t.fixture('noAccessToken'));
      const onList = await expectGraphError(
        t,
        () => stranger.listAdCreatives({ version, ad_account_id: account, limit: 1 }),
        { code: 200 },
      );
      const onCreate = await expectGraphError(
        t,
        () => stranger.createAdCreative({ version, ad_account_id: account, body: linkCreative(f.pageId) as never }),
        { code: 200 },
      );
      await t.convention('200 answers HTTP 403 (spec-conventions, x-errors)', () => {
        expect(onList.httpStatus).toBe(403);
        expect(onCreate.httpStatus).toBe(403);
      });
      expect(Array.isArray((await client.listAdCreatives({ version, ad_account_id: account, limit: 1 })).data)).toBe(
        true,
      );
    },
  ],
]);
