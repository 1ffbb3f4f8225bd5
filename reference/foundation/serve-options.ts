// What the serve command hands startReference, whether a service runs in this thread or in a worker thread of
// its own (plain data, so it crosses to a worker), and the one line it prints when a start fails.
import type { Logger } from 'pino';
import type { ReferenceOptions } from '../index.js';
import type { ServeOptions } from '../serve.js';
import { MissingServiceError } from './modules.js';
import { SeedError } from './seed.js';

/** How long in-flight requests may take to finish after a stop signal. */
export const GRACE_MS = 10_000;

/** The options every served service starts with (no functions, no logger: a worker makes its own). */
export type ServedOptions = Pick<
  ReferenceOptions,
  | 'dataDir'
  | 'database'
  | 'filesDir'
  | 'seedFile'
  | 'port'
  | 'host'
  | 'publicUrls'
  | 'trustForwarded'
  | 'logLevel'
  | 'servicesDir'
>;

export function referenceOptionsOf(options: ServeOptions): ServedOptions {
  return {
    dataDir: options.dataDir,
    database: options.database,
    filesDir: options.filesDir,
    seedFile: options.seedFile,
    port: options.port,
    host: options.host,
    ...(options.publicUrls ? { publicUrls: options.publicUrls } : {}),
    ...(options.trustForwarded ? { trustForwarded: true } : {}),
    logLevel: options.logLevel,
  };
}

/** A missing service, a bad seed file or a busy port is the user's to fix: one line says it all. */
export function startFailureLine(error: unknown, port: number | undefined, logger: Logger): string {
  const code = (error as NodeJS.ErrnoException).code;
  const portTaken = code === 'EADDRINUSE' || code === 'EACCES';
  if (!(error instanceof MissingServiceError || error instanceof SeedError || portTaken))
    logger.fatal({ err: error }, 'start failed');
  return portTaken
    ? `serve: port ${port ?? ''} ${code === 'EADDRINUSE' ? 'is already in use' : 'may not be used'}; choose another --port or leave it out for a free one`
    : `serve: ${(error as Error).message}`;
}
