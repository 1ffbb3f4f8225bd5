// The contract reporter takes the run's settings from vitest's provided context (contracts/harness/run-settings.ts)
// and each test's outcome from its task meta: where the reports go, what they call the target, which services and
// rules they cover. No CONTRACT_* variable is read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestCase, TestSpecification } from 'vitest/node';
import type { RunSettings } from '../../contracts/harness/run-settings.js';
import ContractReporter from '../../contracts/report/reporter.js';
import type { RuleVerdict } from '../../contracts/report/outcome.js';

const passed = (ruleId: string) =>
  ({
    name: `${ruleId} passes`,
    options: { mode: 'run' },
    meta: () => ({ rule: { ruleId } }),
    result: () => ({ state: 'passed', errors: [] }),
    diagnostic: () => ({ duration: 1 }),
  }) as unknown as TestCase;

describe('the contract reporter', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it('writes its reports where the provided settings say, for the services and rules they name', () => {
    const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporter-settings-'));
    dirs.push(reportDir);
    const settings: RunSettings = {
      services: ['analytics'],
      rules: ['ANA-SORT', 'ANA-GROUP-1'],
      target: 'reference',
      targetLabel: 'the label',
      reportDir,
      total: 1,
    };
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const reporter = new ContractReporter();
    const specification = { project: { getProvidedContext: () => ({ contractRun: settings }) } };
    reporter.onTestRunStart([specification as unknown as TestSpecification]);
    reporter.onTestCaseResult(passed('ANA-SORT-1'));
    reporter.onTestCaseResult(passed('ANA-GROUP-1'));
    reporter.onTestCaseResult(passed('ANA-GROUP-2'));
    reporter.onTestRunEnd();
    const verdicts = JSON.parse(fs.readFileSync(path.join(reportDir, 'contracts.json'), 'utf8')) as RuleVerdict[];
    expect(verdicts.map((v) => `${v.ruleId} ${v.verdict}`)).toEqual(['ANA-GROUP-1 pass', 'ANA-SORT-1 pass']);
    expect(fs.readFileSync(path.join(reportDir, 'contracts.md'), 'utf8')).toContain('the label');
    expect(log.mock.calls.flat().join('\n')).toContain('Conformance of the label');
  });
});
