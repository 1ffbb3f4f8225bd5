// `serve` with each service in a worker thread of its own (foundation/serve-worker.ts): one event loop per
// service, so a report that computes for a second in analytics does not hold up a cheap generative read. This
// thread only prints where each listens, forwards the stop signals and reports a failed start in one line.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { ServiceKey } from '../index.js';
import { GRACE_MS, type ServedOptions } from './serve-options.js';
import type { StopRequest, WorkerInput, WorkerReport } from './serve-worker.js';
import { stopWhenParentGoes } from './stop-when-parent-goes.js';

const WORKER_ENTRY = path.join(import.meta.dirname, 'serve-worker.mjs');

interface Running {
  key: ServiceKey;
  worker: Worker;
  baseUrl?: string;
  stopped: Promise<void>;
}

/** Starts every service in its own thread; resolves once all listen (or sets a failing exit code). */
export async function serveInThreads(keys: ServiceKey[], options: ServedOptions, logger: Logger): Promise<void> {
  let failed = false;
  let stopping = false;
  const running: Running[] = [];
  const started = keys.map((key, index) => {
    const workerData: WorkerInput = {
      key,
      options: { ...options, port: options.port ? options.port + index : undefined },
    };
    const worker = new Worker(WORKER_ENTRY, { workerData });
    const entry = { key, worker } as Running;
    running.push(entry);
    let listening: (ok: boolean) => void;
    const ready = new Promise<boolean>((resolve) => (listening = resolve));
    entry.stopped = new Promise<void>((resolve) => {
      worker.on('message', (message: WorkerReport) => {
        if (message.type === 'listening') {
          entry.baseUrl = message.baseUrl;
          listening(true);
        } else if (message.type === 'failed') {
          // The first failure is the one the user sees; the others are usually its consequence.
          if (!failed) console.error(message.line);
          failed = true;
          listening(false);
        } else resolve();
      });
      worker.on('exit', (code) => {
        if (entry.baseUrl && !stopping) {
          logger.fatal({ service: key, code }, 'service thread ended');
          process.exit(1);
        }
        listening(false);
        resolve();
      });
    });
    // A bug that escapes every handler in a service: log it and exit non-zero (acknowledged writes are durable).
    worker.on('error', (error) => {
      logger.fatal({ err: error, service: key }, 'uncaught exception');
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
  for (const r of running) process.stdout.write(`${r.key} listening on ${r.baseUrl}\n`);
}
