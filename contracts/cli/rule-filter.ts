// --rule takes a catalogue id or a prefix of ids (ANA-SORT-1, ANA-SORT, ANA); anything else is a user error
// that names the closest ids, so a typo never runs zero tests and passes.
import { ALL_RULES } from '../../generated/rules.js';
import { closest } from './closest.js';

/** The ids `filter` selects among the selected services' rules; empty when it names none. */
export function rulesMatching(filter: string, services: readonly string[]): string[] {
  return ALL_RULES.filter((r) => services.includes(r.service) && r.id.startsWith(filter)).map((r) => r.id);
}

/** One line for a --rule that selects nothing, or undefined when it selects at least one rule. */
export function unknownRuleMessage(filter: string, services: readonly string[]): string | undefined {
  if (rulesMatching(filter, services).length > 0) return undefined;
  const ids = ALL_RULES.filter((r) => services.includes(r.service)).map((r) => r.id);
  const other = ALL_RULES.some((r) => r.id.startsWith(filter));
  return `unknown rule id or prefix ${filter}${other ? ' for the selected services' : ''}; closest: ${closest(filter, ids).join(', ')}`;
}
