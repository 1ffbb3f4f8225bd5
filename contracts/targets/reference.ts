// Target: our own reference implementation (reference/index.ts), started in this process on free loopback
// ports with fresh in-memory stores and the default seed. A service whose implementation does not exist
// yet (reference/<service>/index.ts) is not started: the run says so, and its rules are reported as
// "service not selected" rather than judged against something else.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../generator/model/index.js';
import type { ServiceKey } from '../harness/services.js';
import type { Target, TargetSession } from './target.js';

const ENTRY = path.join(ROOT, 'reference', 'index.ts');

export function referenceAvailable(): boolean {
  return fs.existsSync(ENTRY);
}

type ReferenceModule = typeof import('../../reference/index.js');

export const referenceTarget: Target = {
  name: 'reference',
  kind: 'stateful',
  async start(services: readonly ServiceKey[]): Promise<TargetSession> {
    if (!referenceAvailable()) {
      throw new Error(
        'The reference implementation does not exist (reference/index.ts); use --target prism or --target <base URL>.',
      );
    }
    const mod = (await import(pathToFileURL(ENTRY).href)) as ReferenceModule;
    const present = services.filter((s) => mod.serviceModuleExists(s));
    const absent = services.filter((s) => !present.includes(s));
    if (absent.length) {
      console.warn(
        `Note: the reference implementation of ${absent.join(', ')} does not exist yet (reference/<service>/index.ts); ` +
          `${absent.length > 1 ? 'their' : 'its'} rules are reported as not selected. Use --target prism for them.`,
      );
    }
    return mod.startReference(present);
  },
};
