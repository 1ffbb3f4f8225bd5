// One event loop of `serve`, in a worker thread of its own (foundation/serve-threads.ts starts it) serving one or
// more services: its HTTP servers, its databases and its event loop are its own, so the slow requests of its
// services never hold up another thread's.
import { parentPort, workerData } from 'node:worker_threads';
import { startReference, type ReferenceSession, type ServiceKey } from '../index.js';
import { createLogger, type LogLevel } from './logging.js';
import { startFailureLine, type ServedOptions } from './serve-options.js';

export interface WorkerInput {
  /** The services of this thread, in the order of their ports (options.port is the first's). */
  keys: ServiceKey[];
  options: ServedOptions;
}

/** What a worker tells the main thread. */
export type WorkerReport =
  | { type: 'listening'; baseUrls: Array<{ key: ServiceKey; baseUrl: string }> }
  | { type: 'failed'; line: string }
  | { type: 'stopped' };

/** What the main thread tells a worker: stop (graceMs 0 when another service failed to start). */
export interface StopRequest {
  type: 'stop';
  signal?: NodeJS.Signals;
  graceMs: number;
}

const port = parentPort!;
const { keys, options } = workerData as WorkerInput;
const logger = createLogger((options.logLevel ?? 'info') as LogLevel);
const report = (message: WorkerReport) => port.postMessage(message);

let session: ReferenceSession | undefined;
let stopping: Promise<void> | undefined;
const stop = ({ signal, graceMs }: StopRequest) =>
  (stopping ??= (async () => {
    if (session) {
      for (const r of session.running)
        logger.info({ service: r.key, signal, inFlight: r.server.inFlight() }, 'stopping');
      await session.stop(graceMs);
    }
    report({ type: 'stopped' });
    port.close();
  })());
port.on('message', (message: StopRequest) => void stop(message));

try {
  session = await startReference(keys, { ...options, logger });
  const durable = options.dataDir !== undefined || options.database !== undefined;
  for (const { key, baseUrl } of session.running) logger.info({ service: key, baseUrl, durable }, 'listening');
  report({ type: 'listening', baseUrls: session.running.map(({ key, baseUrl }) => ({ key, baseUrl })) });
} catch (error) {
  // The port that was taken is the error's (one of this thread's services'), not necessarily the first's.
  const taken = (error as { port?: number }).port ?? options.port;
  report({ type: 'failed', line: startFailureLine(error, taken, logger) });
  port.close();
}
