// One vitest instance reused for many contract runs (vitest's start-up is paid once per worker process here): each
// run judges several started targets at once (RunTarget: one per mutant, each a fresh implementation), registering
// each rule's tests once per target that judges it, so the test thread and the module graph are set up once per run,
// not once per mutant; it returns each target's verdicts. Strict, bursts allowed: our own targets.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { createVitest, type TestSpecification, type Vitest } from 'vitest/node';
import { ROOT } from '../../generator/model/index.js';
import { familyFileParts, familyOf } from '../harness/families.js';
import '../harness/run-settings.js';
import { SERVICE_KEYS, type ServiceKey } from '../harness/services.js';
import '../harness/session.js';
import { sessionInfoOf } from '../harness/session-info.js';
import type { RuleVerdict, TestOutcome } from '../report/outcome.js';
import { outcomeOf, verdictsOf } from '../report/reporter.js';
import type { TargetSession } from '../targets/target.js';

/** One target of a run: `key` names it (a mutant id), `rule` the one rule judged on it (absent: its whole service). */
export interface SuiteRun {
  key: string;
  session: TargetSession;
  service: ServiceKey;
  rule?: string;
}

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
    // The targets come from this process (vitest.provide), not from the global setup's target.
    vitest.provide('contractRun', {
      services: [...SERVICE_KEYS],
      externalSession: true,
      reportDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mutants-report-')),
    });
    return new SuiteRunner(vitest, await vitest.globTestSpecifications());
  }

  /**
   * One vitest run judging several started targets, each on its rule (absent: every rule of its service): the
   * verdicts of the rules that ran on each, and the time its tests took, by the run's key.
   */
  async runEach(runs: readonly SuiteRun[]): Promise<Map<string, { verdicts: RuleVerdict[]; ms: number }>> {
    this.vitest.provide(
      'contractTargets',
      runs.map(({ key, service, rule, session }) => ({
        id: key,
        service,
        ...(rule ? { rule } : {}),
        session: sessionInfoOf(session, { strict: true, allowBursts: true }),
      })),
    );
    // The family files of the rules judged (a whole service: its folder).
    const files = this.files.filter((f) => {
      const parts = familyFileParts(f.moduleId);
      return runs.some((r) => parts?.service === r.service && (!r.rule || parts.family === familyOf(r.rule)));
    });
    const result = await this.vitest.runTestSpecifications(files);
    const outcomes = new Map<string, TestOutcome[]>(runs.map((r) => [r.key, []]));
    for (const module of result.testModules) {
      const errors = module.errors();
      if (errors.length > 0) throw new Error(`${path.basename(module.moduleId)}: ${errors[0]!.message}`);
      for (const test of module.children.allTests()) {
        if (test.options.mode !== 'run') continue;
        const outcome = outcomeOf(test);
        const key = test.meta().rule?.target;
        if (outcome && key !== undefined) outcomes.get(key)?.push(outcome);
      }
    }
    return new Map(
      runs.map((r) => {
        const own = outcomes.get(r.key)!;
        return [
          r.key,
          {
            verdicts: verdictsOf(own, [r.service]).filter((v) => v.tests.length > 0),
            ms: own.reduce((sum, o) => sum + o.durationMs, 0),
          },
        ];
      }),
    );
  }

  close(): Promise<void> {
    return this.vitest.close();
  }
}
