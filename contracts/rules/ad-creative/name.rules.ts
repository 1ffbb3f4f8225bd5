// Ad creative: the ADC-NAME-* rules (ADC-NAME-1); their mutants are in ./name.mutants.ts.
import { expect } from 'vitest';
import { expectGraphError, unique } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { accepted, created, ctx, linkCreative, read, rejectsCreate } from './context.js';

ruleTests('ADC-NAME-1', [
  [
    'a name of 101 characters is code 100 on create and update; 100 characters are accepted',
    async (t) => {
      const { f, client, version } = ctx(t);
      await rejectsCreate(t, linkCreative(f.pageId, { name: 'n'.repeat(101) }));
      const id = await created(t, linkCreative(f.pageId, { name: `${'n'.repeat(90)}${unique('').slice(-10)}` }));
      await expectGraphError(
        t,
        () => client.updateAdCreative({ version, creative_id: id, body: { name: 'm'.repeat(101) } }),
        { code: 100, http: 400 },
      );
      expect(
        await accepted(t, () => client.updateAdCreative({ version, creative_id: id, body: { name: 'm'.repeat(100) } })),
      ).toMatchObject({ success: true });
      if (t.partlyJudged('a stateless target stores no name')) return;
      expect((await read(t, id, 'name')).name).toBe('m'.repeat(100));
    },
  ],
]);
