// --check and --exclude-check of the contract suite, read as `spec-first test` reads them (an id of
// contracts/engine/checks.ts or a prefix of ids): --check runs only the rules built on those checks (*-CONFORM-1,
// *-INVALID-1, as --rule would name them) and judges only those checks; --exclude-check leaves the rules as they
// are and judges every check but those. A check that names nothing, or a selection with no rule left, is a user error.
import { CHECK_IDS, CHECKS, type CheckId, selectChecks } from '../engine/checks.js';
import { checksOfRule, rulesRunning } from '../harness/engine-rules.js';
import type { ServiceKey } from '../harness/services.js';

export function checkRules(
  include: string[],
  exclude: string[],
  services: ServiceKey[],
  rules: string[],
): { rules: string[]; checks?: CheckId[] } | { problem: string } {
  if (include.length === 0 && exclude.length === 0) return { rules };
  const { checks, unknown } = selectChecks(include, exclude);
  if (unknown.length)
    return { problem: `unknown check ${unknown.join(', ')}; checks: ${Object.keys(CHECKS).join(', ')}` };
  if (include.length === 0) return { rules, checks };
  const running = rulesRunning(checks, services).filter(
    (id) => rules.length === 0 || rules.some((r) => id.startsWith(r)),
  );
  if (running.length === 0) {
    const each = rulesRunning(CHECK_IDS, services).map((id) => `${id} (${checksOfRule(id).join(', ')})`);
    return {
      problem: `--check ${include.join(', ')} selects no rule${rules.length ? ` within --rule ${rules.join(', ')}` : ''}; the rules built on the engine's checks: ${each.join('; ') || 'none for these services'}`,
    };
  }
  return { rules: running, checks };
}
