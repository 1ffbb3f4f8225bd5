// Ad creative: the mutants of the ADC-AUTH-* rules (./auth.rules.ts), each to be caught under its own rule.
import { mapResult } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteAnswer, rewriteRequest } from '../../mutants/wire.js';
import { editCreates, isError, recode, seam, store, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-AUTH-1',
    'missing-token-190',
    'a request without any token is answered with 190 instead of 104',
    rewriteAnswer((a) => {
      if (isError(a.json) && a.json.error.code === 104)
        return {
          json: {
            error: recode(
              a.json,
              190,
              'An active access token must be used to query information about the current user.',
            ),
          },
        };
    }),
  ),
  seam(
    'ADC-AUTH-1',
    'expired-token-accepted',
    'an expired token is accepted',
    store({ token: (inner, token) => mapResult(inner(token), (grant) => grant && { ...grant, expiresAt: undefined }) }),
  ),
  wire(
    'ADC-AUTH-1',
    'invalid-token-accepted',
    'the token check falls back to the first known token when a token is unknown',
    rewriteRequest((r) => {
      if (r.url.searchParams.get('access_token') === 'invalid-token')
        r.url.searchParams.set('access_token', 'test-token-admin');
    }),
  ),
  wire(
    'ADC-AUTH-2',
    'form-token-ignored',
    'a write reads access_token only from the query string, not from the form',
    editCreates((params) => {
      delete params.access_token;
    }),
  ),
  wire(
    'ADC-AUTH-2',
    'query-token-ignored-on-writes',
    'a write ignores access_token in the query string (as the business SDK sends it)',
    rewriteRequest((r) => {
      if (r.method === 'POST') r.url.searchParams.delete('access_token');
    }),
  ),
  seam(
    'ADC-AUTH-3',
    'dev-app-accepted',
    'tokens of development-level apps are served',
    store({
      token: (inner, token) => mapResult(inner(token), (grant) => grant && { ...grant, appAccess: 'live' as const }),
    }),
  ),
  wire(
    'ADC-AUTH-3',
    'dev-app-code-200',
    'a development-level app gets code 200 instead of 270',
    rewriteAnswer((a) => {
      if (isError(a.json) && a.json.error.code === 270)
        return {
          status: 403,
          json: {
            error: recode(
              a.json,
              200,
              '(#200) This Ads API request is not allowed for apps with development access level',
            ),
          },
        };
    }),
  ),
];
