// A mutation-gate worker (a child process of contracts/mutants/run.ts): one vitest instance, then one task at a
// time from the parent: a clean baseline of a service, or a mutant (plant it, run its rule strict; when it
// survives, run the whole service to see which rules it does break).
import type { ServiceKey } from '../harness/services.js';
import { loadImplementation } from './implementation.js';
import { loadMutants, serviceOfMutant } from './load.js';
import type { Mutant } from './mutant.js';
import { failedRulesOf } from './reference-baseline.js';
import { isCaught } from './report.js';
import { SuiteRunner } from './suite-runner.js';

export interface WorkerOptions {
  services: ServiceKey[];
  mutantsModule?: string;
  implementation?: string;
  /** Run a survivor's whole service to name the rules it breaks (default on). */
  diagnose: boolean;
}

export type Task = { kind: 'baseline'; service: ServiceKey } | { kind: 'mutant'; id: string };

export interface FailedRule {
  ruleId: string;
  test: string;
  detail: string;
}

export interface TaskResult {
  task: Task;
  /** The verdict of the mutant's rule (baseline: undefined). */
  verdict?: string;
  /** Rules reported FAIL (for a survivor: over the whole service, when diagnosed). */
  failed: FailedRule[];
  ms: number;
  error?: string;
}

export type WorkerMessage = { kind: 'ready' } | { kind: 'result'; result: TaskResult };

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as WorkerOptions;
  const implementation = await loadImplementation(options.implementation);
  const mutants = new Map<string, Mutant>(
    (await loadMutants(options.services, options.mutantsModule)).map((m) => [m.id, m]),
  );
  const runner = await SuiteRunner.create();

  const once = async (service: ServiceKey, mutant: Mutant | undefined, rule: string | undefined) => {
    const session = await implementation.start(service, mutant);
    try {
      return await runner.run(session, service, rule);
    } finally {
      await session.stop();
    }
  };

  const perform = async (task: Task): Promise<TaskResult> => {
    const started = Date.now();
    try {
      if (task.kind === 'baseline') {
        return {
          task,
          failed: failedRulesOf(await once(task.service, undefined, undefined)),
          ms: Date.now() - started,
        };
      }
      const mutant = mutants.get(task.id)!;
      const service = serviceOfMutant(mutant);
      const own = await once(service, mutant, mutant.rule);
      const verdict = own.find((v) => v.ruleId === mutant.rule)?.verdict ?? 'no-test';
      let failed = failedRulesOf(own);
      if (!isCaught(verdict) && options.diagnose) failed = failedRulesOf(await once(service, mutant, undefined));
      return { task, verdict, failed, ms: Date.now() - started };
    } catch (error) {
      return { task, failed: [], ms: Date.now() - started, error: (error as Error).stack ?? String(error) };
    }
  };

  process.on('message', (task: Task | { kind: 'stop' }) => {
    if (task.kind === 'stop') {
      void runner.close().finally(() => process.exit(0));
      return;
    }
    void perform(task).then((result) => process.send!({ kind: 'result', result } satisfies WorkerMessage));
  });
  process.send!({ kind: 'ready' } satisfies WorkerMessage);
}

await main();
