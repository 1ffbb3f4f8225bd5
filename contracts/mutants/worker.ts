// A mutation-gate worker (a child process of contracts/mutants/run.ts): one vitest instance, then one task at a
// time from the parent: a clean baseline of a service, or a batch of mutants of one service (each planted in its
// own fresh implementation, all judged in one run, each on its own rule, strict; the survivors then once more on
// their whole service, to see which rules they do break).
import type { ServiceKey } from '../harness/services.js';
import { loadImplementation } from './implementation.js';
import { loadMutants, serviceOfMutant } from './load.js';
import type { Mutant } from './mutant.js';
import { failedRulesOf } from './reference-baseline.js';
import { isCaught } from './report.js';
import { SuiteRunner, type SuiteRun } from './suite-runner.js';

export interface WorkerOptions {
  services: ServiceKey[];
  mutantsModule?: string;
  implementation?: string;
  /** Run a survivor's whole service to name the rules it breaks (default on). */
  diagnose: boolean;
}

export type Task = { kind: 'baseline'; service: ServiceKey } | { kind: 'mutants'; ids: string[] };

/** What one result is about: a service's baseline or one mutant. */
export type Judged = { kind: 'baseline'; service: ServiceKey } | { kind: 'mutant'; id: string };

export interface FailedRule {
  ruleId: string;
  test: string;
  detail: string;
}

export interface TaskResult {
  task: Judged;
  /** The verdict of the mutant's rule (baseline: undefined). */
  verdict?: string;
  /** Rules reported FAIL (for a survivor: over the whole service, when diagnosed). */
  failed: FailedRule[];
  /** The time the tests judging it took. */
  ms: number;
  error?: string;
}

export type WorkerMessage = { kind: 'ready' } | { kind: 'results'; results: TaskResult[] };

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as WorkerOptions;
  const implementation = await loadImplementation(options.implementation);
  const mutants = new Map<string, Mutant>(
    (await loadMutants(options.services, options.mutantsModule)).map((m) => [m.id, m]),
  );
  const runner = await SuiteRunner.create();

  /** Starts each mutant's implementation (none: the clean one), judges them all in one run, stops them. */
  const judge = async (service: ServiceKey, planted: Array<{ key: string; mutant?: Mutant; rule?: string }>) => {
    const started: SuiteRun[] = [];
    try {
      for (const { key, mutant, rule } of planted)
        started.push({ key, service, rule, session: await implementation.start(service, mutant) });
      return await runner.runEach(started);
    } finally {
      await Promise.all(started.map((s) => s.session.stop()));
    }
  };

  const perform = async (task: Task): Promise<TaskResult[]> => {
    const started = Date.now();
    if (task.kind === 'baseline') {
      try {
        const { verdicts } = (await judge(task.service, [{ key: task.service }])).get(task.service)!;
        return [{ task, failed: failedRulesOf(verdicts), ms: Date.now() - started }];
      } catch (error) {
        return [{ task, failed: [], ms: Date.now() - started, error: (error as Error).stack ?? String(error) }];
      }
    }
    const batch = task.ids.map((id) => mutants.get(id)!);
    const service = serviceOfMutant(batch[0]!);
    try {
      const own = await judge(
        service,
        batch.map((m) => ({ key: m.id, mutant: m, rule: m.rule })),
      );
      const results = batch.map((m): TaskResult => {
        const { verdicts, ms } = own.get(m.id)!;
        const verdict = verdicts.find((v) => v.ruleId === m.rule)?.verdict ?? 'no-test';
        return { task: { kind: 'mutant', id: m.id }, verdict, failed: failedRulesOf(verdicts), ms };
      });
      const survivors = results.filter((r) => !isCaught(r.verdict));
      if (survivors.length > 0 && options.diagnose) {
        const whole = await judge(
          service,
          survivors.map((r) => ({
            key: (r.task as { id: string }).id,
            mutant: mutants.get((r.task as { id: string }).id)!,
          })),
        );
        for (const r of survivors) {
          const { verdicts, ms } = whole.get((r.task as { id: string }).id)!;
          r.failed = failedRulesOf(verdicts);
          r.ms += ms;
        }
      }
      return results;
    } catch (error) {
      const message = (error as Error).stack ?? String(error);
      return batch.map((m) => ({
        task: { kind: 'mutant', id: m.id },
        failed: [],
        ms: Date.now() - started,
        error: message,
      }));
    }
  };

  process.on('message', (task: Task | { kind: 'stop' }) => {
    if (task.kind === 'stop') {
      void runner.close().finally(() => process.exit(0));
      return;
    }
    void perform(task).then((results) => process.send!({ kind: 'results', results } satisfies WorkerMessage));
  });
  process.send!({ kind: 'ready' } satisfies WorkerMessage);
}

await main();
