// The whole contract suite against conforming in-memory doubles of the three services (test/support/
// *-double.ts, on the generated server stubs, answers validated against the spec): every rule passes,
// the stateful ones included. This proves that each rule test can pass on an implementation that does
// what the documents say; broken-server.test.ts proves that they fail on one that does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES_BY_SERVICE } from '../../generated/rules.js';
import type { ServiceKey } from '../../generator/services.js';
import { ownFixturesConfig, runSuite, startServerProcess, type ServerProcess, type Verdict } from '../support/contract-run.js';

const DOUBLES: Record<ServiceKey, string> = {
  'ad-creative': 'test/support/ad-creative-double.ts',
  analytics: 'test/support/analytics-double.ts',
  generative: 'test/support/generative-double.ts',
};

describe.each(Object.keys(DOUBLES) as ServiceKey[])('contract suite against the %s double', (service) => {
  let server: ServerProcess | undefined;
  let verdicts: Verdict[] = [];
  let exitCode = 0;

  beforeAll(async () => {
    // A fresh double per run: the suite's deletes and uploads change its state.
    server = await startServerProcess(DOUBLES[service]);
    ({ verdicts, exitCode } = await runSuite(['--target', server.baseUrl, '--service', service, ...ownFixturesConfig()], `${service} double`));
  }, 300_000);
  afterAll(() => server?.stop());

  it('judges every rule of the service, none as not applicable', () => {
    expect(verdicts.map((v) => v.ruleId).sort()).toEqual(RULES_BY_SERVICE[service].map((r) => r.id).sort());
    expect(verdicts.filter((v) => v.verdict !== 'pass' && v.verdict !== 'fail').map((v) => `${v.ruleId} ${v.verdict}`)).toEqual([]);
  });

  it('passes every rule', () => {
    const failed = verdicts.filter((v) => v.verdict === 'fail').map((v) => `${v.ruleId}: ${v.tests.filter((t) => t.verdict === 'fail').map((t) => `${t.name} ${(t.detail ?? '').slice(0, 300)}`).join(' | ')}`);
    expect(failed).toEqual([]);
    expect(exitCode).toBe(0);
  });
});
