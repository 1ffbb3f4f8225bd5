// --target <name | URL> -> a Target. The default is the embedded reference implementation once it
// exists, Prism until then (both need nothing but npm packages).
import type { ServiceKey } from '../harness/services.js';
import { referenceAvailable, referenceTarget } from './reference.js';
import type { Target, TargetKind } from './target.js';
import { urlTarget } from './url.js';

export function defaultTargetName(): string {
  return referenceAvailable() ? 'reference' : 'prism';
}

export function resolveTarget(name: string | undefined, configFile?: string): Target {
  const chosen = name ?? defaultTargetName();
  if (chosen === 'prism') return lazyPrismTarget;
  if (chosen === 'reference') return referenceTarget;
  if (chosen === 'stubs') return lazyStubsTarget;
  if (/^https?:\/\//.test(chosen)) return urlTarget(chosen, { configFile });
  throw new Error(`unknown target ${chosen}: use prism, stubs, reference or a base URL (http://...)`);
}

/** A target whose module loads when it starts: a run loads only its own target's imports. */
function loadedOnStart(name: string, kind: TargetKind, load: () => Promise<Target>): Target {
  return { name, kind, start: async (services: readonly ServiceKey[]) => (await load()).start(services) };
}

// The stubs import every service's generated server, Prism the model's loader: neither is another target's need.
const lazyStubsTarget = loadedOnStart('stubs', 'stub', async () => (await import('./stubs.js')).stubsTarget);
const lazyPrismTarget = loadedOnStart('prism', 'mock', async () => (await import('./prism.js')).prismTarget);
