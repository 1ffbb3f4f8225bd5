// Generative: the mutants of the GEN-AUTH-* rules (./auth.rules.ts), each to be caught under its own rule.
import type { GenerativeStore } from '../../../reference/generative/store.js';
import { replacing } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteRequest } from '../../mutants/wire.js';
import { answerJson, pathOf, requestHead, seam, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-AUTH-1',
    'query-key-ignored',
    'the key query parameter is not read; only the header authenticates',
    rewriteRequest((request) => {
      if (!request.headers['x-goog-api-key']) request.url.searchParams.delete('key');
    }),
  ),
  wire(
    'GEN-AUTH-2',
    'header-key-ignored-on-files',
    'the x-goog-api-key header is ignored on the file endpoints',
    requestHead((req) => {
      if (pathOf(req).startsWith('/v1beta/files') && !req.url?.includes('key=')) delete req.headers['x-goog-api-key'];
    }),
  ),
  seam('GEN-AUTH-3', 'any-key-accepted', 'any API key is accepted', {
    store: replacing<GenerativeStore>((original) => ({
      projectOfKey: async (key) => (await original.projectOfKey(key)) ?? { id: 'any-key', rateLimitBurst: 1000 },
    })),
  }),
  wire(
    'GEN-AUTH-3',
    'missing-key-401',
    'a request without a key answers 401 UNAUTHENTICATED, not 403 PERMISSION_DENIED',
    answerJson(
      () => true,
      (body, status) =>
        status === 403 && /unregistered callers/.test(body.error?.message ?? '')
          ? { body: { error: { ...body.error, code: 401, status: 'UNAUTHENTICATED' } }, status: 401 }
          : undefined,
    ),
  ),
];
