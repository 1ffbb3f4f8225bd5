// npm run serve -- <service|all> [--port N] [--data DIR | --database URL [--files DIR]] [--seed FILE] [--log-level L] [--host H]
//                  [--public-url [SERVICE=]URL ...] [--trust-forwarded] [--threads N]
// Serves the reference implementation until SIGTERM/SIGINT: prints each service's base URL on stdout
// ("<service> listening on <url>", one line each), logs pino JSON lines on stderr. On a signal it stops
// accepting, lets in-flight requests finish (bounded wait), closes the services and the databases, exits 0.
import { parseArgs } from 'node:util';
import {
  MissingServiceError,
  serviceModuleExists,
  startReference,
  type ReferenceService,
  type ReferenceSession,
  SERVICE_KEYS,
  type ServiceKey,
} from './index.js';
import { LOG_LEVELS, createLogger, type LogLevel } from './foundation/logging.js';
import { GRACE_MS, referenceOptionsOf, startFailureLine } from './foundation/serve-options.js';
import { serveInThreads } from './foundation/serve-threads.js';
import { stopWhenParentGoes } from './foundation/stop-when-parent-goes.js';

const SERVICES: readonly ServiceKey[] = SERVICE_KEYS;
export const USAGE = `usage: serve <${SERVICES.join('|')}|all>[,<service>...] [--port N] [--data DIR | --database postgres://... [--files DIR]] [--seed FILE] [--log-level ${LOG_LEVELS.join('|')}] [--host H] [--public-url [<service>=]URL ...] [--trust-forwarded] [--threads N]`;
export class UsageError extends Error {}

export interface ServeOptions {
  services: Array<ServiceKey | ReferenceService>;
  port?: number;
  dataDir?: string;
  /** PostgreSQL URL: every service's store there, shared by every instance started on it. */
  database?: string;
  /** Directory of uploaded file bytes (shared by every instance on one database). */
  filesDir?: string;
  seedFile?: string;
  logLevel: LogLevel;
  host?: string;
  /** The base URL clients reach each service at (its absolute links are made from it); default: where it listens. */
  publicUrls?: Partial<Record<ServiceKey, string>>;
  /** Links name the address a proxy's Forwarded / X-Forwarded-* headers give, where no public URL is set. */
  trustForwarded?: boolean;
  /** Event loops (worker threads) the services are shared out among; default one a service. */
  threads?: number;
}

/** Parses the command line; `resolveServices` maps the positional argument (tests serve their own service). */
export function parseServeArgs(
  argv: string[],
  resolveServices?: (name: string) => Array<ServiceKey | ReferenceService>,
): ServeOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        database: { type: 'string' },
        files: { type: 'string' },
        seed: { type: 'string' },
        'log-level': { type: 'string', default: 'info' },
        host: { type: 'string' },
        'public-url': { type: 'string', multiple: true },
        'trust-forwarded': { type: 'boolean' },
        threads: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError(`name one service or all\n${USAGE}`);
  const name = positionals[0]!;
  let services: Array<ServiceKey | ReferenceService>;
  if (resolveServices) services = resolveServices(name);
  else if (name === 'all') services = [...SERVICES];
  else {
    const names = name.split(',');
    const unknown = names.filter((n) => !(SERVICES as readonly string[]).includes(n));
    if (unknown.length) throw new UsageError(`unknown service ${unknown.join(', ')}\n${USAGE}`);
    services = names as ServiceKey[];
  }
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 1 || port + services.length - 1 > 65_535)
      throw new UsageError(`--port must be a port number (1-65535), not ${values.port}`);
  }
  let threads: number | undefined;
  if (values.threads !== undefined) {
    threads = Number(values.threads);
    if (!Number.isInteger(threads) || threads < 1 || threads > services.length)
      throw new UsageError(
        `--threads must be a whole number from 1 to the services served (${services.length}), not ${values.threads}`,
      );
  }
  const logLevel = values['log-level'] as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not ${logLevel}`);
  const publicUrls = parsePublicUrls(values['public-url'] ?? [], services);
  const database = values.database;
  if (database !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(database);
    } catch {
      // answered below
    }
    if (!url || !['postgres:', 'postgresql:'].includes(url.protocol))
      throw new UsageError(
        `--database must be a PostgreSQL URL (postgres://user:password@host:port/database), not ${database}`,
      );
    if (values.data !== undefined)
      throw new UsageError('--database and --data exclude each other (--files names the directory of file bytes)');
  }
  return {
    services,
    port,
    ...(publicUrls ? { publicUrls } : {}),
    ...(values['trust-forwarded'] ? { trustForwarded: true } : {}),
    ...(threads !== undefined ? { threads } : {}),
    dataDir: values.data,
    database,
    filesDir: values.files,
    seedFile: values.seed,
    logLevel,
    host: values.host,
  };
}

/**
 * `--public-url URL` (one service served) or `--public-url SERVICE=URL` (each service its own): an http(s) base
 * URL without query or fragment.
 */
function parsePublicUrls(
  given: string[],
  services: Array<ServiceKey | ReferenceService>,
): Partial<Record<ServiceKey, string>> | undefined {
  if (given.length === 0) return undefined;
  const keys = services.map((s) => (typeof s === 'string' ? s : s.key));
  const out: Partial<Record<ServiceKey, string>> = {};
  for (const entry of given) {
    const m = /^([a-z-]+)=(.*)$/.exec(entry);
    const key = m ? (m[1] as ServiceKey) : keys.length === 1 ? keys[0]! : undefined;
    if (!key) throw new UsageError(`--public-url ${entry}: name the service (SERVICE=URL) when serving several`);
    if (!keys.includes(key)) throw new UsageError(`--public-url ${entry}: ${key} is not served`);
    const text = m ? m[2]! : entry;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new UsageError(`--public-url ${entry}: not a URL`);
    }
    if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password)
      throw new UsageError(`--public-url ${entry}: an http(s) base URL without query, fragment or credentials`);
    out[key] = url.toString().replace(/\/$/, '');
  }
  return out;
}

/**
 * Runs the serve command; resolves once the servers listen. Services named by key run on worker threads, one a
 * service unless --threads names fewer (foundation/serve-threads.ts), so a slow operation of one does not stall
 * another thread's; services given as objects (tests) run in this thread.
 */
export async function runServe(
  argv: string[],
  embedding: {
    /** Maps the positional argument (tests serve their own service objects). */
    resolveServices?: (name: string) => Array<ServiceKey | ReferenceService>;
    /** Folder holding the service folders (default reference/); tests point it elsewhere. */
    servicesDir?: string;
  } = {},
): Promise<void> {
  const { resolveServices, servicesDir } = embedding;
  let options: ServeOptions;
  try {
    options = parseServeArgs(argv, resolveServices);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
    return;
  }
  const logger = createLogger(options.logLevel);
  const keys = options.services.filter((s): s is ServiceKey => typeof s === 'string');
  if (keys.length === options.services.length) {
    const missing = keys.filter((k) => !serviceModuleExists(k, servicesDir));
    if (missing.length) {
      console.error(`serve: ${new MissingServiceError(missing, servicesDir).message}`);
      process.exitCode = 1;
      return;
    }
    await serveInThreads(
      keys,
      { ...referenceOptionsOf(options), ...(servicesDir ? { servicesDir } : {}) },
      logger,
      options.threads,
    );
    return;
  }
  let session: ReferenceSession;
  try {
    session = await startReference(options.services, { ...referenceOptionsOf(options), logger });
  } catch (error) {
    console.error(startFailureLine(error, options.port, logger));
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
    logger.info({ signal, inFlight: session.running.reduce((n, r) => n + r.server.inFlight(), 0) }, 'stopping');
    session.stop(GRACE_MS).then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.fatal({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  // A bug that escapes every handler: log it and exit non-zero (acknowledged writes are already durable).
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    process.exit(1);
  });
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  stopWhenParentGoes(shutdown);
  for (const r of session.running) {
    logger.info(
      { service: r.key, baseUrl: r.baseUrl, durable: options.dataDir !== undefined || options.database !== undefined },
      'listening',
    );
    process.stdout.write(`${r.key} listening on ${r.baseUrl}\n`);
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await runServe(process.argv.slice(2));
}
