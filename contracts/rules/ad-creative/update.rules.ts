// Ad creative: the ADC-UPDATE-* rules (ADC-UPDATE-1, ADC-UPDATE-2, ADC-UPDATE-3); their mutants are in ./update.mutants.ts.
import { expect } from 'vitest';
import { expectGraphError, unique } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { type Body, accepted, created, ctx, linkCreative, read, someCreative } from './context.js';

ruleTests('ADC-UPDATE-1', [
  [
    'an update of account_id, adlabels, name and status answers success: true',
    async (t) => {
      const { client, version, account } = ctx(t);
      const id = await someCreative(t);
      const name = unique('renamed');
      const result = await accepted(t, () =>
        client.updateAdCreative({
          version,
          creative_id: id,
          body: {
            account_id: account,
            adlabels: [{ name: 'spring' }] as never,
            name,
            status: 'ACTIVE',
          },
        }),
      );
      expect(result).toMatchObject({ success: true });
      // A write is judged by a later read, not by its own answer.
      if (t.partlyJudged('a stateless target stores nothing to read back')) return;
      expect(await read(t, id, 'name,status')).toMatchObject({ id, name, status: 'ACTIVE' });
    },
  ],
]);
ruleTests('ADC-UPDATE-2', [
  [
    'an update with fields answers the written node; without fields {success: true}; a later read shows the values',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const name = unique('renamed');
      const answer = (await client.updateAdCreative({
        version,
        creative_id: id,
        fields: 'name,status',
        body: { name, status: 'ACTIVE' },
      })) as Body;
      expect(answer).toMatchObject({ id, name, status: 'ACTIVE' });
      // The answer is the written node: a later read shows the same values.
      expect(await read(t, id, 'name,status')).toMatchObject({ id, name, status: 'ACTIVE' });
      const second = unique('again');
      expect(await client.updateAdCreative({ version, creative_id: id, body: { name: second } })).toMatchObject({
        success: true,
      });
      expect(await read(t, id, 'name')).toEqual({ id, name: second });
    },
  ],
]);
ruleTests('ADC-UPDATE-3', [
  [
    'a field other than account_id, adlabels, name and status is code 100 naming it, and nothing changes',
    async (t) => {
      const { client, version, account } = ctx(t);
      const id = await someCreative(t);
      const stateful = !t.partlyJudged('a stateless target stores nothing to compare');
      const before = stateful ? await read(t, id, 'name,status,title,object_url,body') : undefined;
      for (const [field, value] of [
        ['title', 'New title'],
        ['object_url', 'https://shop.example/other'],
        ['body', 'Other text'],
      ] as const) {
        const e = await expectGraphError(
          t,
          () =>
            client.updateAdCreative({
              version,
              creative_id: id,
              body: { name: unique('x'), status: 'WITH_ISSUES', [field]: value } as never,
            }),
          { code: 100, http: 400 },
        );
        expect(e.message).toContain(field);
        // Refused means nothing written: neither the field named nor the allowed fields sent beside it.
        if (stateful)
          expect(await read(t, id, 'name,status,title,object_url,body'), `after the refused ${field}`).toEqual(before);
      }
      // All four updatable fields together are accepted, and a later read shows the written ones.
      const name = unique('kept');
      expect(
        await accepted(t, () =>
          client.updateAdCreative({
            version,
            creative_id: id,
            body: { account_id: account, adlabels: [{ name: 'summer' }] as never, name, status: 'IN_PROCESS' },
          }),
        ),
      ).toMatchObject({ success: true });
      if (!stateful) return;
      expect(await read(t, id, 'name,status')).toMatchObject({ id, name, status: 'IN_PROCESS' });
    },
  ],
]);
