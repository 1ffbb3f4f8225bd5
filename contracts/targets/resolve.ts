// --target <name | URL> -> a Target. The default is the embedded reference implementation once it
// exists, Prism until then (both need nothing but npm packages).
import { prismTarget } from './prism.js';
import { referenceAvailable, referenceTarget } from './reference.js';
import type { ServiceKey } from '../harness/services.js';
import type { Target } from './target.js';
import { urlTarget } from './url.js';

export function defaultTargetName(): string {
  return referenceAvailable() ? 'reference' : 'prism';
}

export function resolveTarget(name: string | undefined, configFile?: string): Target {
  const chosen = name ?? defaultTargetName();
  if (chosen === 'prism') return prismTarget;
  if (chosen === 'reference') return referenceTarget;
  if (chosen === 'stubs') return lazyStubsTarget;
  if (/^https?:\/\//.test(chosen)) return urlTarget(chosen, { configFile });
  throw new Error(`unknown target ${chosen}: use prism, stubs, reference or a base URL (http://...)`);
}

/** The stubs, loaded when started: their module imports every service's generated server, which no other target needs. */
const lazyStubsTarget: Target = {
  name: 'stubs',
  kind: 'stub',
  start: async (services: readonly ServiceKey[]) => (await import('./stubs.js')).stubsTarget.start(services),
};
