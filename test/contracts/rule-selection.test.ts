// `--rule` given twice, or as a comma list, runs exactly the rules those prefixes select (one suite start for
// several families) and reports only them: one run takes both forms at once, across two services. The run loads
// only the family files of the rules selected.
import { describe, expect, it } from 'vitest';
import { selectedFiles } from '../../contracts/cli/run.js';
import { servicesToStart } from '../../contracts/harness/run-settings.js';
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

describe('the files a run loads', () => {
  const files = ['ad-creative/name', 'ad-creative/create', 'analytics/sort', 'analytics/auth', 'generative/auth'].map(
    (f) => ({ moduleId: `/project/contracts/rules/${f}.rules.ts` }),
  );
  const loaded = (services: string[], rules?: string[]) =>
    selectedFiles(files, services, rules).map((f) => f.moduleId.split('/rules/')[1]);

  it("every family file of the selected services without --rule, only the selected rules' families with it", () => {
    expect(loaded(['analytics', 'generative'])).toEqual([
      'analytics/sort.rules.ts',
      'analytics/auth.rules.ts',
      'generative/auth.rules.ts',
    ]);
    // A family of the same name in another service is not loaded; a prefix of several families loads each.
    expect(loaded(['ad-creative', 'analytics', 'generative'], ['ANA-AUTH', 'ADC'])).toEqual([
      'ad-creative/name.rules.ts',
      'ad-creative/create.rules.ts',
      'analytics/auth.rules.ts',
    ]);
    expect(loaded(['analytics'], ['ANA-SORT-1'])).toEqual(['analytics/sort.rules.ts']);
  });
});

describe('the services a run starts', () => {
  it('every selected service without --rule, only those owning a selected rule with it', () => {
    const all = ['ad-creative', 'analytics', 'generative'] as const;
    expect(servicesToStart({ services: [...all] })).toEqual([...all]);
    expect(servicesToStart({ services: [...all], rules: [] })).toEqual([...all]);
    expect(servicesToStart({ services: [...all], rules: ['ADC-AUTH-1'] })).toEqual(['ad-creative']);
    expect(servicesToStart({ services: [...all], rules: ['GEN', 'ANA-SORT-1'] })).toEqual(['analytics', 'generative']);
    // A selected rule of a service not selected starts nothing for it.
    expect(servicesToStart({ services: ['analytics'], rules: ['ADC', 'ANA-SORT'] })).toEqual(['analytics']);
  });
});
