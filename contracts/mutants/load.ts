// The mutants of each service: `MUTANTS` of each rule family's contracts/rules/<service>/<family>.mutants.ts and of
// the service's lists on one theme across its families (contracts/mutants/<service>-<theme>.ts: the echo and boundary
// mutants of its writes and ranges, the defects first planted through a proxy), or of one module given with --mutants
// (the gate's own test).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../generator/model/index.js';
import { familyFileParts, familyOf, RULES_DIR } from '../harness/families.js';
import type { ServiceKey } from '../harness/services.js';
import { ALL_RULES } from '../../generated/rules.js';
import type { Mutant } from './mutant.js';

const SERVICE_OF = new Map<string, string>(ALL_RULES.map((r) => [r.id, r.service]));

export function serviceOfMutant(m: Mutant): ServiceKey {
  const service = SERVICE_OF.get(m.rule);
  if (!service) throw new Error(`mutant ${m.id}: rule ${m.rule} is not in the catalogue`);
  return service as ServiceKey;
}

async function importMutants(file: string): Promise<Mutant[]> {
  const mod = (await import(pathToFileURL(file).href)) as { MUTANTS?: Mutant[] };
  if (!Array.isArray(mod.MUTANTS)) throw new Error(`${path.relative(ROOT, file)} exports no MUTANTS array`);
  return mod.MUTANTS;
}

/** The mutants of the given services, checked: unique ids of the form <RULE-ID>/<name>, the rule's service. */
export async function loadMutants(services: readonly ServiceKey[], moduleFile?: string): Promise<Mutant[]> {
  const all: Mutant[] = [];
  if (moduleFile) all.push(...(await importMutants(path.resolve(moduleFile))));
  else {
    const themes = path.join(ROOT, 'contracts', 'mutants');
    for (const service of services) {
      const families = path.join(RULES_DIR, service);
      const files = [
        ...fs
          .readdirSync(families)
          .filter((f) => f.endsWith('.mutants.ts'))
          .map((f) => path.join(families, f)),
        ...fs
          .readdirSync(themes)
          .filter((f) => new RegExp(`^${service}-[a-z-]+\\.ts$`).test(f))
          .map((f) => path.join(themes, f)),
      ];
      for (const file of files.sort()) {
        const mutants = await importMutants(file);
        const parts = familyFileParts(file);
        // A family's file holds the mutants of its own rules only: one rule's mutants are found beside its tests.
        const stray = parts ? mutants.filter((m) => familyOf(m.rule) !== parts.family) : [];
        if (stray.length)
          throw new Error(
            `${path.relative(ROOT, file)} holds mutants of another family: ${stray.map((m) => m.id).join(', ')}`,
          );
        all.push(...mutants);
      }
    }
  }
  const seen = new Set<string>();
  for (const m of all) {
    if (seen.has(m.id)) throw new Error(`mutant id ${m.id} appears twice`);
    seen.add(m.id);
    if (!m.id.startsWith(`${m.rule}/`)) throw new Error(`mutant ${m.id}: its id must start with its rule, ${m.rule}/`);
    if (!m.wrap && !m.decorate) throw new Error(`mutant ${m.id} plants nothing (no wrap, no decorate)`);
  }
  return all.filter((m) => services.includes(serviceOfMutant(m)));
}
