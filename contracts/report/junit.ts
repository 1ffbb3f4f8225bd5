// The conformance report as JUnit XML: a suite per service, a test case per rule (junit-report-builder).
import builderModule from 'junit-report-builder';
import type { RuleVerdict } from './outcome.js';

const junit = (builderModule as any).default ?? builderModule;

export function writeJunitReport(file: string, target: string, verdicts: RuleVerdict[]): void {
  const builder = junit.newBuilder();
  for (const service of [...new Set(verdicts.map((v) => v.service))]) {
    const suite = builder.testSuite().name(`${target}: ${service}`);
    for (const v of verdicts.filter((x) => x.service === service)) {
      const tc = suite.testCase().className(service).name(`${v.ruleId} ${v.text}`);
      tc.time(v.tests.reduce((s, t) => s + t.durationMs, 0) / 1000);
      const details = v.tests
        .filter((t) => t.verdict === v.verdict)
        .map((t) => [t.name, t.detail, t.exchange].filter(Boolean).join('\n'))
        .join('\n\n');
      if (v.verdict === 'fail') tc.failure(details.slice(0, 4000), 'ContractViolation');
      else if (v.verdict === 'error') tc.error(details.slice(0, 4000), 'TargetDidNotAnswer');
      else if (v.verdict === 'no-test') tc.failure('no contract test names this rule id', 'MissingContractTest');
      else if (v.verdict !== 'pass') tc.skipped().standardOutput(`${v.verdict}: ${details.slice(0, 2000)}`);
      // Convention-only expectations the target broke: not failures unless --strict, shown beside the case.
      if (v.warnings.length > 0 && v.verdict !== 'not-applicable' && v.verdict !== 'mock-limitation')
        tc.standardOutput(`warnings:\n${v.warnings.join('\n').slice(0, 2000)}`);
    }
  }
  builder.writeTo(file);
}
