// `serve` with its services on event loops of their own, each in a worker thread (foundation/serve-worker.ts):
// a report that computes for a second in one service does not hold up a cheap read of a service on another
// thread. There are as many loops as the machine has cores to spare (eventLoopsFor), the services shared out among
// them in order. This thread only prints where each service listens, forwards the stop signals and reports a
// failed start in one line.
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { ServiceKey } from '../index.js';
import { GRACE_MS, type ServedOptions } from './serve-options.js';
import type { StopRequest, WorkerInput, WorkerReport } from './serve-worker.js';
import { stopWhenParentGoes } from './stop-when-parent-goes.js';

const WORKER_ENTRY = path.join(import.meta.dirname, 'serve-worker.mjs');

/**
 * How many event loops serve `services` on a machine of `cores`: one a service, but no more than the cores less
 * one. A request arrives from work on the same cores (the clients, a proxy, the database, the kernel's network
 * stack); with more busy threads than cores they take turns, and a request that reaches a loop while it waits for
 * its turn waits out another thread's time slice. On two cores the read bench's p99 with a loop per service was
 * longer than with one loop serving both, at no gain in throughput (docs/benchmarks.md, issue 35's sixth look).
 */
export function eventLoopsFor(services: number, cores: number): number {
  return Math.max(1, Math.min(services, cores - 1));
}

/** `keys` in `loops` runs of consecutive services, the first runs one longer where they do not divide evenly. */
export function shareOut<T>(keys: readonly T[], loops: number): T[][] {
  const out: T[][] = [];
  let at = 0;
  for (let i = 0; i < loops; i++) {
    const size = Math.floor(keys.length / loops) + (i < keys.length % loops ? 1 : 0);
    out.push(keys.slice(at, at + size));
    at += size;
  }
  return out.filter((run) => run.length > 0);
}

interface Running {
  keys: ServiceKey[];
  worker: Worker;
  baseUrls?: Array<{ key: ServiceKey; baseUrl: string }>;
  stopped: Promise<void>;
}

/**
 * Starts the services on `loops` worker threads (default eventLoopsFor the machine's cores); resolves once all
 * listen (or sets a failing exit code).
 */
export async function serveInThreads(
  keys: ServiceKey[],
  options: ServedOptions,
  logger: Logger,
  loops = eventLoopsFor(keys.length, os.availableParallelism()),
): Promise<void> {
  let failed = false;
  let stopping = false;
  const running: Running[] = [];
  let first = 0;
  const started = shareOut(keys, loops).map((threadKeys) => {
    const workerData: WorkerInput = {
      keys: threadKeys,
      options: { ...options, port: options.port ? options.port + first : undefined },
    };
    first += threadKeys.length;
    const worker = new Worker(WORKER_ENTRY, { workerData });
    const entry = { keys: threadKeys, worker } as Running;
    running.push(entry);
    let listening: (ok: boolean) => void;
    const ready = new Promise<boolean>((resolve) => (listening = resolve));
    entry.stopped = new Promise<void>((resolve) => {
      worker.on('message', (message: WorkerReport) => {
        if (message.type === 'listening') {
          entry.baseUrls = message.baseUrls;
          listening(true);
        } else if (message.type === 'failed') {
          // The first failure is the one the user sees; the others are usually its consequence.
          if (!failed) console.error(message.line);
          failed = true;
          listening(false);
        } else resolve();
      });
      worker.on('exit', (code) => {
        if (entry.baseUrls && !stopping) {
          logger.fatal({ services: threadKeys, code }, 'service thread ended');
          process.exit(1);
        }
        listening(false);
        resolve();
      });
    });
    // A bug that escapes every handler in a service: log it and exit non-zero (acknowledged writes are durable).
    worker.on('error', (error) => {
      logger.fatal({ err: error, services: threadKeys }, 'uncaught exception');
      process.exit(1);
    });
    return ready;
  });

  const stopAll = (request: StopRequest) => {
    stopping = true;
    for (const r of running) r.worker.postMessage(request);
    return Promise.all(running.map((r) => r.stopped));
  };

  const ok = (await Promise.all(started)).every(Boolean);
  if (!ok || failed) {
    await stopAll({ type: 'stop', graceMs: 0 });
    process.exitCode = 1;
    return;
  }
  let signals = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    void stopAll({ type: 'stop', signal, graceMs: GRACE_MS }).then(() => {
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  stopWhenParentGoes(shutdown);
  for (const r of running)
    for (const { key, baseUrl } of r.baseUrls!) process.stdout.write(`${key} listening on ${baseUrl}\n`);
}
