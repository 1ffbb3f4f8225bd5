// The services the contract suite knows: those whose catalogues the generator gathered into generated/rules.ts
// from its spec list (generator/specs.config.json), so the suite names no service list of its own.
import { RULES_BY_SERVICE } from '../../generated/rules.js';

export type ServiceKey = keyof typeof RULES_BY_SERVICE;

export const SERVICE_KEYS = Object.keys(RULES_BY_SERVICE) as ServiceKey[];

export function isServiceKey(value: string): value is ServiceKey {
  return Object.hasOwn(RULES_BY_SERVICE, value);
}
