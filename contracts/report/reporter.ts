// vitest reporter of the contract run: live progress while it runs (the total is counted before the first
// line by the CLI, in the run's settings), then a table per service on the console, the warnings, the failed rules
// with their first failing exchange, and the same report as Markdown, JUnit XML and JSON in reports/. Each test's
// outcome is read from its task meta (./rule-meta.ts), the run's settings from vitest's provided context.
// The exit code is non-zero when a rule fails or has no test.
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import type { RunSettings } from '../harness/run-settings.js';
import { ALL_RULES } from '../../generated/rules.js';
import { ROOT } from '../../generator/model/root.js';
import { writeJunitReport } from './junit.js';
import { isTestTimeout } from '../harness/target-error.js';
import { markdownReport, summaryLine } from './markdown.js';
import { notTheServiceVerdict } from './not-the-service.js';
import { redactDeep, type Redactor } from '../harness/redact.js';
import { runRedactor } from './run-redactor.js';
import { ruleVerdict, verdictLabel, type RuleVerdict, type TestOutcome } from './outcome.js';

const SYMBOL: Record<string, string> = {
  pass: 'pass',
  fail: 'FAIL',
  error: 'ERROR',
  'not-applicable': 'n/a',
  'mock-limitation': 'mock-limitation',
  'no-test': 'NO TEST',
};
/** One test's outcome, from what the harness recorded on it (its task meta): tests without a rule are not ours. */
export function outcomeOf(testCase: TestCase): TestOutcome | undefined {
  const found = testCase.meta().rule;
  const result = testCase.result();
  if (!found || result.state === 'pending') return undefined;
  const durationMs = testCase.diagnostic()?.duration ?? 0;
  const warnings = found.warnings ?? [];
  const base = { ruleId: found.ruleId, name: testCase.name, durationMs, ...(warnings.length ? { warnings } : {}) };
  if (result.state === 'failed') {
    const detail = (result.errors ?? [])
      .map((e) => e.message)
      .join('\n')
      .slice(0, 2000);
    // No answer, a 5xx or no end in time: the rule could not be judged (an error, never a pass or a FAIL).
    const unjudged =
      (found.verdict === 'error' ? found.detail : undefined) ??
      (isTestTimeout(detail) ? `the target did not finish answering: ${detail}` : undefined);
    if (unjudged) return { ...base, verdict: 'error', detail: unjudged, exchange: found.exchange };
    return {
      ...base,
      verdict: 'fail',
      detail,
      exchange: found.exchange,
      ...(found.checks ? { checks: found.checks } : {}),
    };
  }
  if (result.state === 'skipped') {
    if (found.verdict === 'mock-limitation')
      return { ...base, verdict: 'mock-limitation', detail: found.detail, exchange: found.exchange };
    return { ...base, verdict: 'not-applicable', detail: found.detail ?? result.note ?? 'skipped' };
  }
  return { ...base, verdict: 'pass' };
}

export function verdictsOf(outcomes: TestOutcome[], services?: string[]): RuleVerdict[] {
  return ALL_RULES.filter((r) => !services || services.includes(r.service)).map((rule) => {
    const tests = outcomes.filter((o) => o.ruleId === rule.id);
    const warnings = tests.flatMap((t) => (t.warnings ?? []).map((w) => `${t.name.slice(rule.id.length + 1)}: ${w}`));
    return { ruleId: rule.id, service: rule.service, text: rule.text, verdict: ruleVerdict(tests), tests, warnings };
  });
}

/** One progress line: the counter, the verdict, the test, and for n/a and mock limitations, why. */
export function progressLine(done: number, total: number | undefined, outcome: TestOutcome): string {
  const counter = total ? `[${String(done).padStart(String(total).length)}/${total}]` : `[${done}]`;
  const why =
    outcome.verdict === 'not-applicable' || outcome.verdict === 'mock-limitation'
      ? `  (${(outcome.detail ?? '').split('\n')[0]!.slice(0, 140)})`
      : '';
  const warned = outcome.warnings?.length
    ? `  (${outcome.warnings.length} warning${outcome.warnings.length > 1 ? 's' : ''})`
    : '';
  return `${counter} ${SYMBOL[outcome.verdict]!.padEnd(15)} ${outcome.name.slice(0, 110)}${why}${warned}`;
}

export default class ContractReporter implements Reporter {
  private done = 0;
  private total: number | undefined;
  private outcomes: TestOutcome[] = [];
  /** Every configured secret blanked from everything written (a target may echo credentials anywhere). */
  private redact: Redactor = runRedactor(undefined);
  private settings: RunSettings = { services: [] };

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    // The run's settings, as the command that started vitest provided them (harness/run-settings.ts).
    this.settings = specifications[0]?.project.getProvidedContext().contractRun ?? { services: [] };
    this.redact = runRedactor(this.settings.config);
    const total = this.settings.total;
    this.total = total && Number.isInteger(total) && total > 0 ? total : undefined;
  }

  onTestModuleCollected(_module: TestModule): void {}

  onTestCaseResult(testCase: TestCase): void {
    const found = outcomeOf(testCase);
    if (!found) return;
    const outcome = redactDeep(found, this.redact);
    // Tests filtered out by --rule are reported as skipped without a rule verdict: not counted.
    if (outcome.verdict === 'not-applicable' && testCase.options.mode !== 'run') return;
    this.done += 1;
    this.outcomes.push(outcome);
    process.stdout.write(`${progressLine(this.done, this.total, outcome)}\n`);
  }

  onTestRunEnd(): void {
    const { services, rules: rulePrefixes = [] } = this.settings;
    let verdicts = verdictsOf(this.outcomes, services.length ? services : undefined);
    if (rulePrefixes.length) verdicts = verdicts.filter((v) => rulePrefixes.some((p) => v.ruleId.startsWith(p)));
    const target = this.redact(this.settings.targetLabel ?? this.settings.target ?? 'target');
    const foreign = notTheServiceVerdict(target, verdicts);
    printReport(target, verdicts, foreign);
    const dir = this.settings.reportDir ?? path.join(ROOT, 'reports');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'contracts.md'), markdownReport(target, verdicts, foreign));
    writeJunitReport(path.join(dir, 'contracts.junit.xml'), target, verdicts);
    fs.writeFileSync(path.join(dir, 'contracts.json'), JSON.stringify(verdicts, null, 2));
    console.log(`\nReports: ${path.relative(ROOT, dir) || '.'}/contracts.{md,junit.xml,json}`);
    if (verdicts.some((v) => v.verdict === 'fail' || v.verdict === 'error' || v.verdict === 'no-test'))
      process.exitCode = 1;
  }
}

const firstLine = (s: string | undefined, n: number) => (s ?? '').split('\n')[0]!.slice(0, n);

function printReport(target: string, verdicts: RuleVerdict[], foreign: string | undefined): void {
  console.log(`\nConformance of ${target}`);
  for (const service of [...new Set(verdicts.map((v) => v.service))]) {
    console.log(`\n${service}`);
    console.log(`${'rule'.padEnd(22)} ${'result'.padEnd(16)} text / why`);
    for (const v of verdicts.filter((x) => x.service === service)) {
      const why =
        v.verdict === 'not-applicable' || v.verdict === 'mock-limitation'
          ? v.tests.find((t) => t.verdict === v.verdict)?.detail
          : undefined;
      console.log(
        `${v.ruleId.padEnd(22)} ${verdictLabel(v, SYMBOL).padEnd(16)} ${why ? firstLine(why, 150) : v.text.slice(0, 150)}`,
      );
      for (const w of v.warnings.slice(0, 3)) console.log(`${' '.repeat(23)}warning: ${firstLine(w, 200)}`);
    }
  }
  const warned = verdicts.filter((v) => v.warnings.length > 0);
  if (warned.length > 0) {
    console.log('\nWarnings (convention-only expectations the target broke; failures with --strict)');
    for (const v of warned) {
      console.log(`  ${v.ruleId}`);
      for (const w of v.warnings) console.log(`    ${firstLine(w, 220)}`);
    }
  }
  const failed = verdicts.filter((v) => v.verdict === 'fail' || v.verdict === 'error' || v.verdict === 'no-test');
  // Not the service at all: one sentence, not every failure (the reports keep them).
  if (foreign) console.log(`\n${foreign}`);
  else if (failed.length > 0) {
    console.log('\nFailed rules and rules in error (first such test, the exchange that broke it, then the others)');
    for (const v of failed) {
      if (v.verdict === 'no-test') {
        console.log(`  ${v.ruleId}  no contract test names this rule id`);
        continue;
      }
      const t = v.tests.find((x) => x.verdict === v.verdict)!;
      console.log(
        `  ${v.ruleId}  ${v.verdict === 'error' ? 'ERROR ' : ''}${v.text.slice(0, 120)}\n    test: ${t.name}\n    why:  ${firstLine(t.detail, 300)}`,
      );
      if (t.exchange) console.log(`    ${t.exchange.slice(0, 1200).replace(/\n/g, '\n    ')}`);
      const curl = t.exchange?.match(/^replay: curl .*$/m)?.[0];
      if (curl && !t.exchange!.slice(0, 1200).includes(curl)) console.log(`    ${curl}`);
    }
  }
  console.log(`\n${summaryLine(verdicts)}`);
}
