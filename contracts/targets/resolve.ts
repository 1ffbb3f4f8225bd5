// --target <name | URL> -> a Target. The default is the embedded reference implementation once it
// exists, Prism until then (both need nothing but npm packages).
import { prismTarget } from './prism.js';
import { referenceAvailable, referenceTarget } from './reference.js';
import { stubsTarget } from './stubs.js';
import type { Target } from './target.js';
import { urlTarget } from './url.js';

export function defaultTargetName(): string {
  return referenceAvailable() ? 'reference' : 'prism';
}

export function resolveTarget(name: string | undefined, configFile?: string): Target {
  const chosen = name ?? defaultTargetName();
  if (chosen === 'prism') return prismTarget;
  if (chosen === 'reference') return referenceTarget;
  if (chosen === 'stubs') return stubsTarget;
  if (/^https?:\/\//.test(chosen)) return urlTarget(chosen, { configFile });
  throw new Error(`unknown target ${chosen}: use prism, stubs, reference or a base URL (http://...)`);
}
