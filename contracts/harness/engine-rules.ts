// The rules of the three services built on the engine's generic checks (contracts/engine/checks.ts), and the
// checks each one runs: *-CONFORM-1 the answer checks on each operation's example request, *-INVALID-1
// negative_data_rejection on each request with one constraint broken (and the answer checks on its answers).
// `--check` selects among these rules as `spec-first test --check` selects among the engine's checks.
import type { AnyRuleId } from '../../generated/rules.js';
import { ANSWER_CHECKS, type CheckId } from '../engine/checks.js';
import type { ServiceKey } from './services.js';

export const CONFORM_RULE = {
  'ad-creative': 'ADC-CONFORM-1',
  analytics: 'ANA-CONFORM-1',
  generative: 'GEN-CONFORM-1',
} as const satisfies Record<ServiceKey, AnyRuleId>;

export const INVALID_RULE = {
  'ad-creative': 'ADC-INVALID-1',
  analytics: 'ANA-INVALID-1',
  generative: 'GEN-INVALID-1',
} as const satisfies Record<ServiceKey, AnyRuleId>;

/** The engine's checks a rule runs; none for a semantic rule of a service (its answers are still judged). */
export function checksOfRule(ruleId: string): CheckId[] {
  if (Object.values(CONFORM_RULE).includes(ruleId as never)) return ANSWER_CHECKS;
  if (Object.values(INVALID_RULE).includes(ruleId as never)) return ['negative_data_rejection', ...ANSWER_CHECKS];
  return [];
}

/** The rules of the services that run any of the checks, in catalogue order of the services given. */
export function rulesRunning(checks: readonly CheckId[], services: readonly ServiceKey[]): string[] {
  return services
    .flatMap((s) => [CONFORM_RULE[s], INVALID_RULE[s]])
    .filter((id) => checksOfRule(id).some((c) => checks.includes(c)));
}
