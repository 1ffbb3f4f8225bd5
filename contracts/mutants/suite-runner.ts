// One vitest instance reused for many short contract runs (the mutation gate's cost is vitest's start-up, paid
// once per worker here): each run provides a new session (the target of that run), selects the tests of one
// rule (or of a whole service) by name, and returns the rules' verdicts. Strict, bursts allowed: our own target.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { createVitest, type TestSpecification, type Vitest } from 'vitest/node';
import { ROOT } from '../../generator/model/index.js';
import { familyFileParts, familyOf } from '../harness/families.js';
import '../harness/run-settings.js';
import { SERVICE_KEYS, type ServiceKey } from '../harness/services.js';
import { sessionInfoOf } from '../harness/session-info.js';
import type { RuleVerdict, TestOutcome } from '../report/outcome.js';
import { outcomeOf, verdictsOf } from '../report/reporter.js';
import type { TargetSession } from '../targets/target.js';

const PREFIX: Record<ServiceKey, string> = { 'ad-creative': 'ADC', analytics: 'ANA', generative: 'GEN' };
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class SuiteRunner {
  private constructor(
    private readonly vitest: Vitest,
    private readonly files: TestSpecification[],
  ) {}

  static async create(): Promise<SuiteRunner> {
    const vitest = await createVitest('test', {
      config: path.join(ROOT, 'contracts', 'vitest.config.ts'),
      root: ROOT,
      watch: false,
      reporters: [{}],
      isolate: false,
      pool: 'threads',
    }); // silent (results are read from the run); one module cache across runs
    // The sessions come from this process (vitest.provide), not from the global setup's target.
    vitest.provide('contractRun', {
      services: [...SERVICE_KEYS],
      externalSession: true,
      reportDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mutants-report-')),
    });
    return new SuiteRunner(vitest, await vitest.globTestSpecifications());
  }

  /** Runs `rule`'s tests (all of `service`'s rules when absent) against `session`; the verdicts of the rules that ran. */
  async run(session: TargetSession, service: ServiceKey, rule?: string): Promise<RuleVerdict[]> {
    this.vitest.provide('contractSession', sessionInfoOf(session, { strict: true, allowBursts: true }));
    this.vitest.setGlobalTestNamePattern(rule ? `^${escapeRegExp(rule)} ` : `^${PREFIX[service]}-`);
    // A rule's family file alone (the whole service: its folder).
    const files = this.files.filter((f) => {
      const parts = familyFileParts(f.moduleId);
      return parts?.service === service && (!rule || parts.family === familyOf(rule));
    });
    const result = await this.vitest.runTestSpecifications(files);
    const outcomes: TestOutcome[] = [];
    for (const module of result.testModules) {
      const errors = module.errors();
      if (errors.length > 0) throw new Error(`${path.basename(module.moduleId)}: ${errors[0]!.message}`);
      for (const test of module.children.allTests()) {
        if (test.options.mode !== 'run') continue;
        const outcome = outcomeOf(test);
        if (outcome) outcomes.push(outcome);
      }
    }
    return verdictsOf(outcomes, [service]).filter((v) => v.tests.length > 0);
  }

  close(): Promise<void> {
    return this.vitest.close();
  }
}
