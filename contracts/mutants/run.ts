// npm run mutants [-- --service <key>] [--mutant <id prefix>] [--jobs N] [--no-diagnose]
//                  [--mutants <file>] [--implementation <file>] [--report-dir <dir>] [--baseline-from <dir>]
// The mutation gate: each mutant (contracts/mutants/<service>.ts) is planted in a fresh conforming implementation
// (the reference by default), and that service's suite runs strict on the mutant's rule; the mutant must be
// reported FAIL under its own rule. A clean baseline of each service runs first (a rule that already fails
// there cannot judge its mutants); with --baseline-from, a service's strict reference run recorded there by the test
// run (./reference-baseline.ts) stands in for its baseline when written from the same sources. Writes reports/mutation.{md,json}; exit 1 on a survivor, an invalid or
// broken run, or a catalogue rule without a caught mutant (when all mutants ran).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ALL_RULES } from '../../generated/rules.js';
import { ROOT } from '../../generator/model/index.js';
import { SERVICE_KEYS, isServiceKey, type ServiceKey } from '../harness/services.js';
import { closest } from '../cli/closest.js';
import { loadMutants, serviceOfMutant } from './load.js';
import type { Mutant } from './mutant.js';
import { readReferenceBaseline, sourceFingerprint } from './reference-baseline.js';
import {
  isCaught,
  markdownMutationReport,
  ruleGuards,
  statusOf,
  summaryLine,
  type MutantResult,
  type MutationReport,
} from './report.js';
import type { FailedRule, Task, TaskResult, WorkerMessage, WorkerOptions } from './worker.js';

const USAGE =
  'usage: npm run mutants -- [--service <key>] [--mutant <id prefix>] [--jobs N] [--no-diagnose] [--mutants <file>] [--implementation <file>] [--report-dir <dir>] [--baseline-from <dir>]';
const WORKER = path.join(ROOT, 'contracts', 'mutants', 'worker.ts');

interface Worker {
  child: ChildProcess;
  busy?: Task;
}

export async function runMutants(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        service: { type: 'string', multiple: true },
        mutant: { type: 'string' },
        jobs: { type: 'string', default: '2' },
        'no-diagnose': { type: 'boolean', default: false },
        mutants: { type: 'string' },
        implementation: { type: 'string' },
        'report-dir': { type: 'string', default: path.join(ROOT, 'reports') },
        'baseline-from': { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const services = (values.service ?? [...SERVICE_KEYS]).flatMap((s) => s.split(',')) as ServiceKey[];
  const unknown = services.filter((s) => !isServiceKey(s));
  if (unknown.length) {
    console.error(`unknown service(s): ${unknown.join(', ')}; services: ${SERVICE_KEYS.join(', ')}\n${USAGE}`);
    return 2;
  }
  if (!/^[1-9]\d*$/.test(values.jobs)) {
    console.error(`--jobs must be a whole number of at least 1, not ${values.jobs}\n${USAGE}`);
    return 2;
  }
  for (const [flag, file] of [
    ['--mutants', values.mutants],
    ['--implementation', values.implementation],
  ] as const)
    if (file !== undefined && !fs.existsSync(path.resolve(file))) {
      console.error(`${flag}: file not found: ${file}`);
      return 2;
    }
  const started = Date.now();
  const all = await loadMutants(services, values.mutants);
  const selected = values.mutant ? all.filter((m) => m.id.startsWith(values.mutant!)) : all;
  if (values.mutant && selected.length === 0) {
    const near = closest(
      values.mutant,
      all.map((m) => m.id),
    ).join(', ');
    console.error(`unknown mutant id or prefix ${values.mutant}; closest: ${near}`);
    return 2;
  }
  const tested = [...new Set(selected.map(serviceOfMutant))];
  const baseline = new Map<ServiceKey, TaskResult>();
  const recorded = reusedBaselines(tested, values['baseline-from'], values.implementation);
  for (const [service, result] of recorded) baseline.set(service, result);
  const toRun = tested.filter((s) => !recorded.has(s));
  const jobs = Math.max(1, Math.min(Number(values.jobs) || 2, selected.length + toRun.length));
  console.log(
    `Mutation gate: ${selected.length} mutants of ${tested.join(', ') || 'no service'}; ${jobs} workers; ${toRun.length ? `baseline of ${toRun.join(', ')} first` : 'every baseline recorded by the test run'}`,
  );

  const results = new Map<string, TaskResult>();
  const tasks: Task[] = [
    ...toRun.map((service): Task => ({ kind: 'baseline', service })),
    ...batchesOf(selected, jobs).map((ids): Task => ({ kind: 'mutants', ids })),
  ];
  const byId = new Map<string, Mutant>(selected.map((m) => [m.id, m]));
  let done = 0;
  const total = selected.length;

  const workerOptions: WorkerOptions = {
    services: tested,
    mutantsModule: values.mutants,
    implementation: values.implementation,
    diagnose: !values['no-diagnose'],
  };
  await new Promise<void>((resolve, reject) => {
    if (tasks.length === 0) return resolve();
    const workers: Worker[] = [];
    let pending = tasks.length;
    const next = (w: Worker) => {
      const task = tasks.shift();
      w.busy = task;
      if (task) w.child.send(task);
      else w.child.send({ kind: 'stop' });
    };
    for (let i = 0; i < jobs; i++) {
      const child = fork(WORKER, [JSON.stringify(workerOptions)], {
        cwd: ROOT,
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, REFERENCE_LOG_LEVEL: process.env.REFERENCE_LOG_LEVEL ?? 'silent' },
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      let stderr = '';
      child.stderr!.on('data', (c: Buffer) => {
        stderr = (stderr + c.toString()).slice(-4000);
      });
      const w: Worker = { child };
      workers.push(w);
      child.on('message', (message: WorkerMessage) => {
        if (message.kind === 'ready') return next(w);
        for (const result of message.results) {
          if (result.task.kind === 'baseline') {
            baseline.set(result.task.service, result);
            const broken = result.error
              ? `did not run: ${result.error.split('\n')[0]}`
              : result.failed.length
                ? `${result.failed.length} rule(s) FAIL without a mutant: ${result.failed.map((f) => f.ruleId).join(', ')}`
                : 'every rule passes';
            console.log(`baseline ${result.task.service.padEnd(12)} ${broken}  (${(result.ms / 1000).toFixed(1)} s)`);
            continue;
          }
          results.set(result.task.id, result);
          done += 1;
          const m = byId.get(result.task.id)!;
          const status = result.error ? 'ERROR' : isCaught(result.verdict) ? 'caught' : 'SURVIVED';
          const failed =
            status === 'caught'
              ? ''
              : `  (${result.error ? result.error.split('\n')[0] : `fails: ${result.failed.map((f) => f.ruleId).join(', ') || 'nothing'}`})`;
          console.log(
            `[${String(done).padStart(String(total).length)}/${total}] ${status.padEnd(8)} ${m.id}${failed}  ${(result.ms / 1000).toFixed(1)} s`,
          );
        }
        pending -= 1;
        next(w);
        if (pending === 0) resolve();
      });
      child.on('exit', (code) => {
        if (w.busy) reject(new Error(`mutation worker exited (${code}) during ${JSON.stringify(w.busy)}:\n${stderr}`));
      });
    }
  });

  const baselineFailed = new Set<string>([...baseline.values()].flatMap((b) => b.failed.map((f) => f.ruleId)));
  const baselineErrors = [...baseline.values()].filter((b) => b.error);
  const mutantResults: MutantResult[] = selected.map((m) => {
    const r = results.get(m.id)!;
    const status = statusOf(m, r.verdict, r.error, baselineFailed);
    const firstFailure: FailedRule | undefined = r.failed.find((f) => f.ruleId === m.rule) ?? r.failed[0];
    return {
      id: m.id,
      rule: m.rule,
      service: serviceOfMutant(m),
      description: m.description,
      status,
      verdict: r.verdict,
      failedRules: r.failed.map((f) => f.ruleId),
      ...(firstFailure ? { firstFailure } : {}),
      ms: r.ms,
      ...(r.error ? { error: r.error } : {}),
    };
  });
  const catalogue = ALL_RULES.filter((r) => services.includes(r.service as ServiceKey));
  const rules = ruleGuards(catalogue, mutantResults);
  const count = (s: string) => mutantResults.filter((m) => m.status === s).length;
  const report: MutationReport = {
    summary: {
      mutants: mutantResults.length,
      caught: count('caught'),
      survived: count('survived'),
      invalid: count('invalid'),
      errors: count('error') + baselineErrors.length,
      rules: rules.length,
      guarded: rules.filter((r) => r.status === 'guarded').length,
      unguarded: rules.filter((r) => r.status === 'unguarded').length,
      noMutant: rules.filter((r) => r.status === 'no mutant').length,
      seconds: Math.round((Date.now() - started) / 1000),
    },
    baselineFailures: [...baseline.values()].flatMap((b) =>
      b.failed.map((f) => ({ service: (b.task as { service: string }).service, ...f })),
    ),
    mutants: mutantResults,
    rules,
  };
  const dir = values['report-dir'];
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'mutation.md'), markdownMutationReport(report));
  fs.writeFileSync(path.join(dir, 'mutation.json'), `${JSON.stringify(report, null, 2)}\n`);

  printClosing(report, !values.mutant);
  console.log(`\nReports: ${path.relative(ROOT, dir) || '.'}/mutation.{md,json}`);
  const unguardedCounts = !values.mutant && (report.summary.unguarded > 0 || report.summary.noMutant > 0);
  return report.summary.survived + report.summary.invalid + report.summary.errors > 0 || unguardedCounts ? 1 : 0;
}

/** The most implementations one worker's run starts at once. */
const MOST_PLANTED = 60;

/**
 * The mutants in batches of one service each, a worker's run judging a whole batch. Every run pays a start (a test
 * thread, the harness and the family files loaded: about 2.5 s of CPU), so a service's mutants go in as many batches
 * as there are workers (more where one would start over MOST_PLANTED implementations), dealt one by one so that a
 * family's slow mutants (a hundred uploads each) spread over the batches and the workers finish together.
 */
function batchesOf(mutants: readonly Mutant[], jobs: number): string[][] {
  const batches: string[][] = [];
  for (const service of SERVICE_KEYS) {
    const ids = mutants.filter((m) => serviceOfMutant(m) === service).map((m) => m.id);
    if (ids.length === 0) continue;
    const count = Math.min(ids.length, Math.max(jobs, Math.ceil(ids.length / MOST_PLANTED)));
    const dealt = Array.from({ length: count }, (): string[] => []);
    ids.forEach((id, i) => dealt[i % count]!.push(id));
    batches.push(...dealt);
  }
  return batches;
}

/**
 * The baselines the test run recorded in `dir` for these sources (none with another implementation than the
 * reference, which is what the test run judged); a line for each service says which baseline it takes.
 */
function reusedBaselines(
  services: readonly ServiceKey[],
  dir: string | undefined,
  implementation: string | undefined,
): Map<ServiceKey, TaskResult> {
  const reused = new Map<ServiceKey, TaskResult>();
  if (dir === undefined || services.length === 0) return reused;
  if (implementation !== undefined) {
    console.log(`--baseline-from ignored: the recorded baselines judge the reference, not ${implementation}`);
    return reused;
  }
  const fingerprint = sourceFingerprint();
  for (const service of services) {
    const found = readReferenceBaseline(path.resolve(dir), service, fingerprint);
    if ('missing' in found) {
      console.log(`baseline ${service.padEnd(12)} runs here: ${found.missing}`);
      continue;
    }
    reused.set(service, { task: { kind: 'baseline', service }, failed: found.failed, ms: 0 });
    console.log(
      `baseline ${service.padEnd(12)} ${found.failed.length ? `${found.failed.length} rule(s) FAIL without a mutant: ${found.failed.map((f) => f.ruleId).join(', ')}` : 'every rule passes'}  (the test run's strict reference run)`,
    );
  }
  return reused;
}

function printClosing(report: MutationReport, wholeCatalogue: boolean): void {
  const bad = report.mutants.filter((m) => m.status !== 'caught');
  if (bad.length > 0) {
    console.log('\nNot caught under their own rule');
    for (const m of bad) {
      console.log(
        `  ${m.id}  ${m.status}${m.failedRules.length ? `; fails ${m.failedRules.join(', ')}` : ''}${m.error ? `: ${m.error.split('\n')[0]}` : ''}`,
      );
      console.log(`    ${m.description}`);
    }
  }
  if (report.baselineFailures.length > 0) {
    console.log('\nRules failing on the clean implementation (their mutants are invalid)');
    for (const f of report.baselineFailures) console.log(`  ${f.ruleId}  ${f.test}\n    ${f.detail}`);
  }
  if (wholeCatalogue) {
    const unguarded = report.rules.filter((r) => r.status !== 'guarded');
    if (unguarded.length > 0)
      console.log(
        `\nRules without a caught mutant (${unguarded.length}): ${unguarded.map((r) => r.ruleId).join(', ')}`,
      );
  }
  console.log(`\n${summaryLine(report)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runMutants(process.argv.slice(2));
}
