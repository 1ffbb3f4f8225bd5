// Generative: the mutants of the GEN-CACHE-* rules (./cache.rules.ts), each to be caught under its own rule.
import type { GenerativeStore } from '../../../reference/generative/store.js';
import type { Mutant } from '../../mutants/mutant.js';
import { rewriteRequestAsync, type WireRequest } from '../../mutants/wire.js';
import { isGenerate, isOnly, metadataOf, pathOf, requestJson, seam, wire } from './mutant-context.js';

/** The API key a request carries (header or query). */
const keyOf = (request: WireRequest) =>
  String(request.headers['x-goog-api-key'] ?? request.url.searchParams.get('key') ?? '');
/**
 * An unknown cachedContent is dropped from the request, as if none had been named: the wire asks the service's
 * own store (kept when the service is built) whether the caller's project holds it.
 */
function unknownCacheIgnored(): Mutant {
  let store: GenerativeStore | undefined;
  return seam(
    'GEN-CACHE-1',
    'unknown-cache-ignored',
    'an unknown cachedContent is ignored instead of NOT_FOUND',
    {
      store: (original) => {
        store = original;
        return original;
      },
    },
    rewriteRequestAsync(async (request) => {
      if (!isGenerate(request) || !store) return undefined;
      const body = metadataOf(request);
      const name = body?.cachedContent;
      if (typeof name !== 'string' || !name.startsWith('cachedContents/')) return undefined;
      const project = await store.projectOfKey(keyOf(request));
      const cache = project && (await store.cache(project.id, name.replace(/^cachedContents\//, '')));
      if (cache && cache.expireTime > Date.now()) return undefined;
      delete body!.cachedContent;
      return JSON.stringify(body);
    }),
  );
}

export const MUTANTS: Mutant[] = [
  unknownCacheIgnored(),
  wire(
    'GEN-CACHE-2',
    'update-sets-wrong-ttl',
    'an update of the ttl sets a minute instead of the given time',
    requestJson(isOnly('PATCH', /^\/v1beta\/cachedContents\//), (body) => {
      if (body.ttl) body.ttl = '60s';
    }),
  ),
  wire(
    'GEN-CACHE-2',
    'delete-does-nothing',
    'delete answers {} but the cached content stays',
    (inner) => (req, res) => {
      if (req.method !== 'DELETE' || !pathOf(req).startsWith('/v1beta/cachedContents/')) return inner(req, res);
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end('{}');
    },
  ),
];
