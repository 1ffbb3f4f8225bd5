// Analytics: the mutants of the ANA-AUTH-* rules (./auth.rules.ts), each to be caught under its own rule.
import { DEFAULT_ANALYTICS_FIXTURES } from '../../targets/fixtures/analytics.js';
import type { Mutant } from '../../mutants/mutant.js';
import { store } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  store('ANA-AUTH-1/any-token-accepted', 'any bearer token string is accepted as the first user', (original) => ({
    principal: async (token) =>
      (await original.principal(token)) ?? original.principal(DEFAULT_ANALYTICS_FIXTURES.accessToken),
  })),
];
