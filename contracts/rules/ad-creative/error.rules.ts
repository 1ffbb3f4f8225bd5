// Ad creative: the ADC-ERROR-* rules (ADC-ERROR-1); their mutants are in ./error.mutants.ts.
import { expect } from 'vitest';
import { expectGraphError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { EXAMPLE_ID, ctx } from './context.js';

ruleTests('ADC-ERROR-1', [
  [
    'error answers have exactly {error: {message, type, code, ...}}, with a non-empty fbtrace_id by convention',
    async (t) => {
      const { f, version, client } = ctx(t);
      const bad = await expectGraphError(
        t,
        () => t.clients.adCreative(f.invalidToken).getAdCreative({ version, creative_id: EXAMPLE_ID }),
        { code: 190 },
      );
      const errors = [bad];
      if (!t.partlyJudged('a stateless target knows no missing creative')) {
        errors.push(
          await expectGraphError(t, () => client.getAdCreative({ version, creative_id: '999999999999999999' }), {
            code: 100,
          }),
        );
      }
      for (const e of errors) {
        const body = e.body as { error: Record<string, unknown> };
        expect(Object.keys(body)).toEqual(['error']);
        expect(body.error).toMatchObject({ message: expect.any(String), type: expect.any(String), code: e.code });
        await t.convention('the error carries a non-empty fbtrace_id (spec-conventions, Leniency)', () => {
          expect(body.error.fbtrace_id).toBeTypeOf('string');
          expect((body.error.fbtrace_id as string).length).toBeGreaterThan(0);
        });
      }
    },
  ],
]);
