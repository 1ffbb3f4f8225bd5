// vitest reporter of the contract run: live progress while it runs, then a table per service on the
// console and the same report as Markdown and JUnit XML in reports/.
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import { ALL_RULES } from '../../generated/rules.js';
import { ROOT } from '../../generator/loader.js';
import { writeJunitReport } from './junit.js';
import { markdownReport, summaryLine } from './markdown.js';
import { ANNOTATION, ruleIdOf, ruleVerdict, type RuleVerdict, type TestOutcome } from './outcome.js';

const SYMBOL: Record<string, string> = { pass: 'pass', fail: 'FAIL', 'not-applicable': 'n/a', 'mock-limitation': 'mock-limitation', 'no-test': 'NO TEST' };

export function outcomeOf(testCase: TestCase): TestOutcome | undefined {
  const ruleId = ruleIdOf(testCase.name);
  const result = testCase.result();
  if (!ruleId || result.state === 'pending') return undefined;
  const annotations = testCase.annotations();
  const find = (type: string) => annotations.find((a) => a.type === type)?.message;
  const durationMs = testCase.diagnostic()?.duration ?? 0;
  if (result.state === 'failed') {
    const detail = (result.errors ?? []).map((e) => e.message).join('\n').slice(0, 2000);
    return { ruleId, name: testCase.name, verdict: 'fail', detail, exchange: find(ANNOTATION.exchange), durationMs };
  }
  if (result.state === 'skipped') {
    const limitation = find(ANNOTATION.mockLimitation);
    if (limitation) return { ruleId, name: testCase.name, verdict: 'mock-limitation', detail: limitation, exchange: find(ANNOTATION.exchange), durationMs };
    return { ruleId, name: testCase.name, verdict: 'not-applicable', detail: find(ANNOTATION.notApplicable) ?? result.note ?? 'skipped', durationMs };
  }
  return { ruleId, name: testCase.name, verdict: 'pass', durationMs };
}

export function verdictsOf(outcomes: TestOutcome[], services?: string[]): RuleVerdict[] {
  return ALL_RULES.filter((r) => !services || services.includes(r.service)).map((rule) => {
    const tests = outcomes.filter((o) => o.ruleId === rule.id);
    return { ruleId: rule.id, service: rule.service, text: rule.text, verdict: ruleVerdict(tests), tests };
  });
}

export default class ContractReporter implements Reporter {
  private done = 0;
  private total = 0;
  private outcomes: TestOutcome[] = [];
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestModuleCollected(module: TestModule): void {
    this.total += [...module.children.allTests()].length;
  }

  onTestCaseResult(testCase: TestCase): void {
    const outcome = outcomeOf(testCase);
    this.done += 1;
    if (!outcome) return;
    this.outcomes.push(outcome);
    const line = `[${String(this.done).padStart(4)}/${this.total}] ${SYMBOL[outcome.verdict]!.padEnd(15)} ${testCase.name}`;
    process.stdout.write(`${line.slice(0, 160)}\n`);
  }

  onTestRunEnd(): void {
    const services = (process.env.CONTRACT_SERVICES ?? '').split(',').filter(Boolean);
    const rulePrefix = process.env.CONTRACT_RULE;
    let verdicts = verdictsOf(this.outcomes, services.length ? services : undefined);
    if (rulePrefix) verdicts = verdicts.filter((v) => v.ruleId.startsWith(rulePrefix));
    const target = process.env.CONTRACT_TARGET_LABEL ?? process.env.CONTRACT_TARGET ?? 'target';
    printTables(target, verdicts);
    const dir = process.env.CONTRACT_REPORT_DIR ?? path.join(ROOT, 'reports');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'contracts.md'), markdownReport(target, verdicts));
    writeJunitReport(path.join(dir, 'contracts.junit.xml'), target, verdicts);
    fs.writeFileSync(path.join(dir, 'contracts.json'), JSON.stringify(verdicts, null, 2));
    console.log(`\nReports: ${path.relative(ROOT, dir) || '.'}/contracts.{md,junit.xml,json}`);
    void this.vitest;
  }
}

function printTables(target: string, verdicts: RuleVerdict[]): void {
  console.log(`\nConformance of ${target}`);
  for (const service of [...new Set(verdicts.map((v) => v.service))]) {
    console.log(`\n${service}`);
    console.log(`${'rule'.padEnd(22)} ${'result'.padEnd(16)} text`);
    for (const v of verdicts.filter((x) => x.service === service)) {
      console.log(`${v.ruleId.padEnd(22)} ${SYMBOL[v.verdict]!.padEnd(16)} ${v.text.slice(0, 100)}`);
      if (v.verdict === 'fail') {
        for (const t of v.tests.filter((x) => x.verdict === 'fail').slice(0, 2)) {
          console.log(`    ${t.name}\n      ${(t.detail ?? '').split('\n')[0]!.slice(0, 200)}`);
          if (t.exchange) console.log(`      ${t.exchange.slice(0, 400).replace(/\n/g, '\n      ')}`);
        }
      }
    }
  }
  console.log(`\n${summaryLine(verdicts)}`);
}
