// Target: our own reference implementation, served in-process. It is built in a later issue; until then
// this target says so instead of pretending. Its module will export `startReference(services)`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../generator/loader.js';
import type { ServiceKey } from '../../generator/services.js';
import type { Target, TargetSession } from './target.js';

const ENTRY = path.join(ROOT, 'reference', 'index.ts');

export function referenceAvailable(): boolean {
  return fs.existsSync(ENTRY);
}

export const referenceTarget: Target = {
  name: 'reference',
  kind: 'stateful',
  async start(services: readonly ServiceKey[]): Promise<TargetSession> {
    if (!referenceAvailable()) {
      throw new Error('The reference implementation does not exist yet (reference/index.ts); use --target prism or --target <base URL>.');
    }
    const mod = (await import(pathToFileURL(ENTRY).href)) as { startReference(s: readonly ServiceKey[]): Promise<TargetSession> };
    return mod.startReference(services);
  },
};
