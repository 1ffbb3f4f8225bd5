// A rule family: the rules whose ids share the word after the service's prefix (ADC-CREATE-1..8 are the
// family `create`). Each lives in contracts/rules/<service>/<family>.rules.ts, its mutants beside it in
// <family>.mutants.ts.
import path from 'node:path';

export const RULES_DIR = path.join(import.meta.dirname, '..', 'rules');

/** The family of a rule id: `ADC-CREATE-3` -> `create`, `GEN-FILE-STATE-1` -> `file`. */
export const familyOf = (ruleId: string): string => ruleId.split('-')[1]!.toLowerCase();

/** The service folder and family of a family file (`.../rules/analytics/sort.rules.ts` -> analytics, sort). */
export function familyFileParts(file: string): { service: string; family: string; kind: string } | undefined {
  const [service, name] = file.split(/[\\/]/).slice(-2);
  const match = /^([a-z0-9-]+)\.(rules|mutants)\.ts$/.exec(name ?? '');
  return match && service ? { service, family: match[1]!, kind: match[2]! } : undefined;
}
