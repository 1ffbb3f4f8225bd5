// One service of `serve`, in a worker thread of its own (foundation/serve-threads.ts starts it): its HTTP server,
// its database and its event loop are its own, so its slow requests never hold up another service's.
import { parentPort, workerData } from 'node:worker_threads';
import { startReference, type ReferenceSession, type ServiceKey } from '../index.js';
import { createLogger, type LogLevel } from './logging.js';
import { startFailureLine, type ServedOptions } from './serve-options.js';

export interface WorkerInput {
  key: ServiceKey;
  options: ServedOptions;
}

/** What a worker tells the main thread. */
export type WorkerReport =
  | { type: 'listening'; key: ServiceKey; baseUrl: string }
  | { type: 'failed'; line: string }
  | { type: 'stopped' };

/** What the main thread tells a worker: stop (graceMs 0 when another service failed to start). */
export interface StopRequest {
  type: 'stop';
  signal?: NodeJS.Signals;
  graceMs: number;
}

const port = parentPort!;
const { key, options } = workerData as WorkerInput;
const logger = createLogger((options.logLevel ?? 'info') as LogLevel);
const report = (message: WorkerReport) => port.postMessage(message);

let session: ReferenceSession | undefined;
let stopping: Promise<void> | undefined;
const stop = ({ signal, graceMs }: StopRequest) =>
  (stopping ??= (async () => {
    if (session) {
      logger.info({ service: key, signal, inFlight: session.running[0]!.server.inFlight() }, 'stopping');
      await session.stop(graceMs);
    }
    report({ type: 'stopped' });
    port.close();
  })());
port.on('message', (message: StopRequest) => void stop(message));

try {
  session = await startReference([key], { ...options, logger });
  const { baseUrl } = session.running[0]!;
  logger.info(
    { service: key, baseUrl, durable: options.dataDir !== undefined || options.database !== undefined },
    'listening',
  );
  report({ type: 'listening', key, baseUrl });
} catch (error) {
  report({ type: 'failed', line: startFailureLine(error, options.port, logger) });
  port.close();
}
