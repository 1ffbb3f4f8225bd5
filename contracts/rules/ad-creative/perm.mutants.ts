// Ad creative: the mutants of the ADC-PERM-* rules (./perm.rules.ts), each to be caught under its own rule.
import { mapResult } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteAnswer } from '../../mutants/wire.js';
import { anyId, isError, seam, store, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  seam(
    'ADC-PERM-1',
    'account-grant-unchecked',
    "the token's ad account grant is not consulted: any valid token may list and create in any ad account",
    store({
      token: (inner, token) =>
        mapResult(inner(token), (grant) => grant && { ...grant, adAccounts: anyId(grant.adAccounts) }),
    }),
  ),
  wire(
    'ADC-PERM-1',
    'permission-code-100',
    'a permission error is answered as code 100',
    rewriteAnswer((a) => {
      if (isError(a.json) && a.json.error.code === 200)
        return { status: 400, json: { error: { ...a.json.error, code: 100 } } };
    }),
  ),
];
