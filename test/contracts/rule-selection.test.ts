// `--rule` given twice, or as a comma list, runs exactly the rules those prefixes select (one suite start for
// several families) and reports only them: one run takes both forms at once, across two services.
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../generated/rules.js';
import { runSuite } from '../support/contract-run.js';

const selected = (...prefixes: string[]) =>
  ALL_RULES.filter((r) => prefixes.some((p) => r.id.startsWith(p)))
    .map((r) => r.id)
    .sort();

describe('--rule with several prefixes', () => {
  it('a comma list and a repeated flag each add their families to the run, and nothing else runs', async () => {
    const run = await runSuite(
      [
        '--target',
        'reference',
        '--service',
        'analytics,ad-creative',
        '--rule',
        'ANA-SORT,ANA-PAGE',
        '--rule',
        'ADC-NAME',
        '--rule',
        'ADC-URL',
        '--strict',
      ],
      'two services, four families',
    );
    expect(run.verdicts.map((v) => v.ruleId).sort()).toEqual(selected('ANA-SORT', 'ANA-PAGE', 'ADC-NAME', 'ADC-URL'));
    expect(run.verdicts.every((v) => v.verdict === 'pass')).toBe(true);
  }, 180_000);
});
