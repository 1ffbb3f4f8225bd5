// Ad creative: the ADC-DELETE-* rules (ADC-DELETE-1); their mutants are in ./delete.mutants.ts.
import { expect } from 'vitest';
import { GraphApiError, type AdCreativeClient } from '../../../generated/ad-creative/client.js';
import { ruleTests, type RuleContext } from '../../harness/rule-test.js';
import { type Body, created, ctx, linkCreative, read } from './context.js';

/** After a delete the creative reads with status DELETED, or not at all (code 100). */
async function expectDeleted(t: RuleContext, client: AdCreativeClient, version: string, id: string): Promise<void> {
  let answer: Body | undefined;
  let error: unknown;
  try {
    answer = (await client.getAdCreative({ version, creative_id: id, fields: 'status' })) as Body;
  } catch (e) {
    error = e;
  }
  if (answer) {
    expect(answer.status, 'a deleted creative that still reads has status DELETED').toBe('DELETED');
    return;
  }
  expect(error, `the read after delete failed with ${String(error)}`).toBeInstanceOf(GraphApiError);
  expect((error as GraphApiError).code, 'a deleted creative that no longer reads is code 100').toBe(100);
}
ruleTests('ADC-DELETE-1', [
  [
    'a delete answers success; the creative then reads as DELETED or not at all',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      expect((await read(t, id, 'status')).status).toBe('ACTIVE');
      expect(await client.deleteAdCreative({ version, creative_id: id })).toMatchObject({ success: true });
      await expectDeleted(t, client, version, id);
    },
  ],
]);
