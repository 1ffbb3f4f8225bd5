// Ad creative: the mutants of the ADC-RATE-* rules (./rate.rules.ts), each to be caught under its own rule.
import type { RateLimiter } from '../../../reference/ad-creative/rate-limit.js';
import type { AdCreativeSeams } from '../../../reference/ad-creative/seams.js';
import type { Decorators } from '../../../reference/index.js';
import { overriding, type Overrides } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteAnswer } from '../../mutants/wire.js';
import { isError, seam, wire } from './mutant-context.js';

const limiter = (overrides: Overrides<RateLimiter>): Decorators<AdCreativeSeams> => ({
  rateLimiter: overriding(overrides),
});

export const MUTANTS: Mutant[] = [
  seam('ADC-RATE-1', 'no-rate-limit', 'no rate limit at all', limiter({ admit: () => true })),
  seam(
    'ADC-RATE-1',
    'global-rate-limit',
    'one call counter for every ad account instead of one per account',
    limiter({ admit: (inner, _account, limit) => inner('*', limit) }),
  ),
  wire(
    'ADC-RATE-1',
    'http-429',
    '80004 answered with HTTP 429 instead of 400',
    rewriteAnswer((a) => {
      if (isError(a.json) && a.json.error.code === 80004) return { status: 429, json: a.json };
    }),
  ),
  seam(
    'ADC-RATE-1',
    'off-by-one',
    'the account accepts one call more than its limit',
    limiter({ admit: (inner, account, limit) => inner(account, { ...limit, calls: limit.calls + 1 }) }),
  ),
];
