// Ad creative: the ADC-STATUS-* rules (ADC-STATUS-1); their mutants are in ./status.mutants.ts.
import { expect } from 'vitest';
import { expectGraphError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { accepted, ctx, read, someCreative } from './context.js';

ruleTests('ADC-STATUS-1', [
  [
    'an unknown status is code 100; the four statuses are accepted',
    async (t) => {
      const { client, version } = ctx(t);
      const id = await someCreative(t);
      await expectGraphError(
        t,
        () => client.updateAdCreative({ version, creative_id: id, body: { status: 'PAUSED' as never } }),
        { code: 100, http: 400 },
      );
      for (const status of ['IN_PROCESS', 'WITH_ISSUES', 'ACTIVE'] as const) {
        expect(
          await accepted(t, () => client.updateAdCreative({ version, creative_id: id, body: { status } })),
        ).toMatchObject({ success: true });
        // Each accepted status is the one a later read shows.
        if (!t.partlyJudged('a stateless target stores nothing to read back'))
          expect((await read(t, id, 'status')).status).toBe(status);
      }
    },
  ],
  [
    'IN_PROCESS and WITH_ISSUES are code 100 under v3.0, where ACTIVE is accepted',
    async (t) => {
      const { client } = ctx(t);
      const id = await someCreative(t);
      if (t.partlyJudged('the version-dependent part needs a target that judges versions')) return;
      for (const status of ['IN_PROCESS', 'WITH_ISSUES'] as const) {
        await expectGraphError(
          t,
          () => client.updateAdCreative({ version: 'v3.0', creative_id: id, body: { status } }),
          { code: 100, http: 400 },
        );
      }
      expect(
        await client.updateAdCreative({ version: 'v3.0', creative_id: id, body: { status: 'ACTIVE' } }),
      ).toMatchObject({ success: true });
    },
  ],
]);
