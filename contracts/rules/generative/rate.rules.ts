// Generative: the GEN-RATE-* rules (GEN-RATE-1); their mutants are in ./rate.mutants.ts.
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTest } from '../../harness/rule-test.js';
import { SLOW, ctx } from './context.js';

// The last family of this service to run (harness/run-order.ts): the key stays throttled after the burst.
ruleTest(
  'GEN-RATE-1',
  'a burst past the rate limit answers 429 RESOURCE_EXHAUSTED',
  async (t) => {
    const { client } = ctx(t);
    t.requireBursts();
    const burst = t.fixture('rateLimitBurst') as number;
    await expectStatusError(
      t,
      async () => {
        for (let i = 0; i <= burst; i++) await client.listFiles({ pageSize: 1 });
      },
      { status: 'RESOURCE_EXHAUSTED', http: 429 },
    );
  },
  SLOW,
);
