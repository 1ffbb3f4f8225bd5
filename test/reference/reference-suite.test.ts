// The whole contract suite against the embedded reference implementation (`--target reference`, started
// fresh by the contract run itself), the three services in one run, strict: every rule of each service is
// judged (none not applicable) and passes. This replaces the doubles' run (test/contracts/doubles.test.ts)
// as the proof that each rule test can pass on an implementation that does what the documents say. A
// service without its implementation fails here (the target reports its rules as not selected). Each service's
// verdicts are also recorded as the mutation gate's baseline (contracts/mutants/reference-baseline.ts): CI runs
// the strict suite once.
import { beforeAll, describe, expect, it } from 'vitest';
import { RULES_BY_SERVICE } from '../../generated/rules.js';
import { SERVICE_KEYS, type ServiceKey } from '../../contracts/harness/services.js';
import { REFERENCE_BASELINE_DIR, writeReferenceBaseline } from '../../contracts/mutants/reference-baseline.js';
import { runSuite, type Verdict } from '../support/contract-run.js';

/** The verdicts of the one strict run, by service (a rule id belongs to the service whose catalogue lists it). */
const verdictsOf = {} as Record<ServiceKey, Verdict[]>;
let allVerdicts: Verdict[] = [];
let exitCode = 0;

beforeAll(async () => {
  // One suite start for the three services: the services' files run one after another, as in one run per service.
  const run = await runSuite(
    ['--target', 'reference', '--service', SERVICE_KEYS.join(','), '--strict'],
    'reference, every service',
  );
  exitCode = run.exitCode;
  allVerdicts = run.verdicts;
  for (const service of SERVICE_KEYS) {
    const ids = new Set<string>(RULES_BY_SERVICE[service].map((r) => r.id));
    verdictsOf[service] = run.verdicts.filter((v) => ids.has(v.ruleId));
    writeReferenceBaseline(REFERENCE_BASELINE_DIR, service, verdictsOf[service]);
  }
}, 900_000);

it('exits zero (no rule of any service failed or erred)', () => {
  expect(exitCode).toBe(0);
});

it('judges no rule outside the services’ catalogues', () => {
  const known = new Set<string>(SERVICE_KEYS.flatMap((s) => RULES_BY_SERVICE[s].map((r) => r.id)));
  expect(allVerdicts.map((v) => v.ruleId).filter((id) => !known.has(id))).toEqual([]);
});

describe.each(SERVICE_KEYS)('contract suite against the reference %s service (strict)', (service: ServiceKey) => {
  it('judges every rule of the service, none as not applicable', () => {
    const verdicts = verdictsOf[service];
    expect(verdicts.map((v) => v.ruleId).sort()).toEqual(RULES_BY_SERVICE[service].map((r) => r.id).sort());
    expect(
      verdicts.filter((v) => v.verdict !== 'pass' && v.verdict !== 'fail').map((v) => `${v.ruleId} ${v.verdict}`),
    ).toEqual([]);
  });

  it('passes every rule', () => {
    const failed = verdictsOf[service]
      .filter((v) => v.verdict === 'fail')
      .map(
        (v) =>
          `${v.ruleId}: ${v.tests
            .filter((t) => t.verdict === 'fail')
            .map((t) => `${t.name} ${(t.detail ?? '').slice(0, 300)}`)
            .join(' | ')}`,
      );
    expect(failed).toEqual([]);
  });
});
