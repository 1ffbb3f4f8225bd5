// `--rule` given twice, or as a comma list, runs exactly the rules those prefixes select (one suite start for
// several families) and reports only them.
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../generated/rules.js';
import { runSuite } from '../support/contract-run.js';

const selected = (...prefixes: string[]) =>
  ALL_RULES.filter((r) => prefixes.some((p) => r.id.startsWith(p)))
    .map((r) => r.id)
    .sort();

describe('--rule with several prefixes', () => {
  it('a comma list and a repeated flag each run the union of the families, and nothing else', async () => {
    const listed = await runSuite(
      ['--target', 'reference', '--service', 'analytics', '--rule', 'ANA-SORT,ANA-PAGE', '--strict'],
      'analytics, two families',
    );
    expect(listed.verdicts.map((v) => v.ruleId).sort()).toEqual(selected('ANA-SORT', 'ANA-PAGE'));
    expect(listed.verdicts.every((v) => v.verdict === 'pass')).toBe(true);
    const repeated = await runSuite(
      ['--target', 'reference', '--service', 'ad-creative', '--rule', 'ADC-NAME', '--rule', 'ADC-URL', '--strict'],
      'ad-creative, two families',
    );
    expect(repeated.verdicts.map((v) => v.ruleId).sort()).toEqual(selected('ADC-NAME', 'ADC-URL'));
  }, 180_000);
});
