// What the mutation gate plants its mutants into: a conforming implementation of one service, started fresh
// for each mutant with its wire wrap and seam decorators. The default is the reference implementation
// (reference/). Another module can stand in (`--implementation <file>` exporting `IMPLEMENTATION`), e.g. in
// the gate's own test.
import type { ServiceKey } from '../harness/services.js';
import type { TargetSession } from '../targets/target.js';
import type { Mutant } from './mutant.js';

export interface Implementation {
  name: string;
  /** Starts the service, with the mutant planted when one is given (none: the clean baseline). */
  start(service: ServiceKey, mutant?: Mutant): Promise<TargetSession>;
}

export const referenceImplementation: Implementation = {
  name: 'reference',
  async start(service, mutant) {
    const { startReferenceTarget } = await import('../targets/reference.js');
    return startReferenceTarget([service], {
      wrap: mutant?.wrap ? { [service]: mutant.wrap } : undefined,
      decorate: mutant?.decorate ? { [service]: mutant.decorate } : undefined,
    });
  },
};

export async function loadImplementation(file: string | undefined): Promise<Implementation> {
  if (!file) return referenceImplementation;
  const { pathToFileURL } = await import('node:url');
  const path = await import('node:path');
  const mod = (await import(pathToFileURL(path.resolve(file)).href)) as { IMPLEMENTATION?: Implementation };
  if (!mod.IMPLEMENTATION) throw new Error(`${file} exports no IMPLEMENTATION`);
  return mod.IMPLEMENTATION;
}
