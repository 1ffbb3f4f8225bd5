// The whole contract suite against the embedded reference implementation (`--target reference`, started
// fresh per run by the contract run itself), one service at a time, strict: every rule of the service is
// judged (none not applicable) and passes. This replaces the doubles' run (test/contracts/doubles.test.ts)
// as the proof that each rule test can pass on an implementation that does what the documents say. A
// service without its implementation fails here (the target reports its rules as not selected). Each run is also
// recorded as the mutation gate's baseline (contracts/mutants/reference-baseline.ts): CI runs the strict suite once.
import { beforeAll, describe, expect, it } from 'vitest';
import { RULES_BY_SERVICE } from '../../generated/rules.js';
import { SERVICE_KEYS, type ServiceKey } from '../../contracts/harness/services.js';
import { REFERENCE_BASELINE_DIR, writeReferenceBaseline } from '../../contracts/mutants/reference-baseline.js';
import { runSuite, type Verdict } from '../support/contract-run.js';

describe.each(SERVICE_KEYS)('contract suite against the reference %s service (strict)', (service: ServiceKey) => {
  let verdicts: Verdict[] = [];
  let exitCode = 0;

  beforeAll(async () => {
    ({ verdicts, exitCode } = await runSuite(
      ['--target', 'reference', '--service', service, '--strict'],
      `reference ${service}`,
    ));
    writeReferenceBaseline(REFERENCE_BASELINE_DIR, service, verdicts);
  }, 300_000);

  it('judges every rule of the service, none as not applicable', () => {
    expect(verdicts.map((v) => v.ruleId).sort()).toEqual(RULES_BY_SERVICE[service].map((r) => r.id).sort());
    expect(
      verdicts.filter((v) => v.verdict !== 'pass' && v.verdict !== 'fail').map((v) => `${v.ruleId} ${v.verdict}`),
    ).toEqual([]);
  });

  it('passes every rule', () => {
    const failed = verdicts
      .filter((v) => v.verdict === 'fail')
      .map(
        (v) =>
          `${v.ruleId}: ${v.tests
            .filter((t) => t.verdict === 'fail')
            .map((t) => `${t.name} ${(t.detail ?? '').slice(0, 300)}`)
            .join(' | ')}`,
      );
    expect(failed).toEqual([]);
    expect(exitCode).toBe(0);
  });
});
