// Ad creative: the ADC-RATE-* rules (ADC-RATE-1); their mutants are in ./rate.mutants.ts.
import { expect } from 'vitest';
import { concurrently } from '../../harness/concurrently.js';
import { expectGraphError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { ctx } from './context.js';

/** How many calls of a rate-limit burst are in flight at once. */
const BURST_WIDTH = 16;

// The last family of this service to run (harness/run-order.ts): a real ad account stays throttled for minutes
// after the burst, so nothing of this service runs after it.
ruleTests(
  'ADC-RATE-1',
  [
    [
      'an ad account accepts its burst, answers 80004 (HTTP 400) to the next call, and other accounts are still served',
      async (t) => {
        t.requireBursts();
        const { client, version, account } = ctx(t);
        const burst = t.fixture('rateLimitBurst') as number;
        const limited = t.fixture('rateLimitAdAccountId') as string;
        const list = (id: string) => client.listAdCreatives({ version, ad_account_id: id, fields: 'id', limit: 1 });
        // Calls to another account first: they must not count against the limited one (the limit is per account).
        await concurrently(Math.ceil(burst / 2), BURST_WIDTH, () => list(account));
        // The burst goes out BURST_WIDTH calls at a time: one after another, a slow target (a loaded machine, a
        // balancer in front of a shared store) would take longer than the account's window, and its first calls
        // would rightly leave it before the next call is counted.
        const pages = await concurrently(burst, BURST_WIDTH, () => list(limited));
        pages.forEach((page, i) => expect(Array.isArray(page.data), `call ${i + 1} of ${burst}`).toBe(true));
        const e = await expectGraphError(
          t,
          () => client.listAdCreatives({ version, ad_account_id: limited, fields: 'id', limit: 1 }),
          { code: 80004, http: 400 },
        );
        expect(e.subcode).toBe(2446079);
        expect(
          Array.isArray(
            (await client.listAdCreatives({ version, ad_account_id: account, fields: 'id', limit: 1 })).data,
          ),
        ).toBe(true);
      },
    ],
  ],
  { timeout: 120_000 },
);
