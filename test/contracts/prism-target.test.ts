// The contract suite against Prism on the bundled specs (--target prism), what front-end teams mock with. Prism
// is a stateless mock that answers every broken request with the first example of the status: what it cannot
// show is a mock limitation, what needs state is not applicable, and no rule may FAIL because the harness
// expected more of a mock than a mock can do (a FAIL here is a harness defect, not Prism's).
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../generated/rules.js';
import { runSuite, type Verdict } from '../support/contract-run.js';

describe('contract suite against Prism', () => {
  let verdicts: Verdict[] = [];
  let exitCode = 0;

  beforeAll(async () => {
    ({ verdicts, exitCode } = await runSuite(['--target', 'prism'], 'prism'));
  }, 300_000);

  it('exits zero with no failure', () => {
    expect(
      verdicts
        .filter((v) => v.verdict === 'fail')
        .map((v) => `${v.ruleId}: ${v.tests.find((t) => t.verdict === 'fail')?.detail?.slice(0, 300)}`),
    ).toEqual([]);
    expect(exitCode).toBe(0);
  });

  it('judges every rule, and passes some that a stateless mock can honour', () => {
    expect(verdicts.map((v) => v.ruleId).sort()).toEqual(ALL_RULES.map((r) => r.id as string).sort());
    expect(verdicts.filter((v) => v.verdict === 'pass').length).toBeGreaterThan(10);
  });

  it('reports rules that need stored state as not applicable, never as passed', () => {
    for (const rule of ALL_RULES.filter((r) => r.statefulOnly))
      expect(verdicts.find((v) => v.ruleId === rule.id)?.verdict, rule.id).toBe('not-applicable');
  });
});
