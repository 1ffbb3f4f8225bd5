// The mutants of each service: `MUTANTS` of contracts/mutants/<service>.ts and <service>-<theme>.ts,
// or of one module given with --mutants (the gate's own test).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../generator/model/index.js';
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
    // Each service's list, and the lists beside it on one theme (<service>-<theme>.ts, e.g. the echo and
    // boundary mutants of its writes and ranges).
    const dir = path.join(ROOT, 'contracts', 'mutants');
    for (const service of services) {
      const files = fs
        .readdirSync(dir)
        .filter((f) => f === `${service}.ts` || new RegExp(`^${service}-[a-z-]+\\.ts$`).test(f));
      for (const file of files.sort()) all.push(...(await importMutants(path.join(dir, file))));
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
