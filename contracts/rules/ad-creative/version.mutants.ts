// Ad creative: the mutants of the ADC-VERSION-* rules (./version.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteRequest } from '../../mutants/wire.js';
import { readsCreatives, versionOf, wire, withVersion } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-VERSION-1',
    'any-version-segment',
    'a first path segment of any form is read as the current version',
    rewriteRequest((r) => {
      const [, first, ...rest] = r.url.pathname.split('/');
      if (first && !/^v[0-9]+\.[0-9]+$/.test(first) && first !== '_media') r.url.pathname = `/v20.0/${rest.join('/')}`;
    }),
  ),
  wire(
    'ADC-VERSION-2',
    'old-version-new-statuses',
    'versions before 4.0 report IN_PROCESS and WITH_ISSUES (reads are answered as version 4.0 answers them)',
    rewriteRequest((r) => {
      if (readsCreatives(r.method, r.url) && versionOf(r.url) < 4) withVersion(r.url, 'v4.0');
    }),
  ),
];
