// `serve` with its services on event loops of their own, each in a worker thread (foundation/serve-worker.ts): by
// default one a service, so a report that computes for a second in one service does not hold up a cheap read of
// another; `--threads N` shares them out among fewer (shareOut). This thread only prints where each service
// listens, forwards the stop signals and reports a failed start in one line.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { ServiceKey } from '../index.js';
import { GRACE_MS, type ServedOptions } from './serve-options.js';
import type { StopRequest, WorkerInput, WorkerReport } from './serve-worker.js';
import { stopWhenParentGoes } from './stop-when-parent-goes.js';

const WORKER_ENTRY = path.join(import.meta.dirname, 'serve-worker.mjs');

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
 * Starts the services on `loops` worker threads (default one a service); resolves once all listen (or sets a
 * failing exit code).
 */
export async function serveInThreads(
  keys: ServiceKey[],
  options: ServedOptions,
  logger: Logger,
  loops = keys.length,
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
