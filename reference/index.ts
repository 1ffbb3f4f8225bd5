// The reference implementation, started in this process: one HTTP server per service on loopback, each
// service on its own SQLite database (in memory and seeded at each start by default; files under dataDir with
// --data, seeded only when new), or every service in its own schema of one PostgreSQL database that several
// instances share (--database, foundation/postgres.ts). `npm run serve` (reference/serve.ts) runs it; a
// program embedding it (a test harness, a benchmark) starts it here and may wrap each service's listener or
// decorate its seams.
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { Logger } from 'pino';
import { migrate, openDatabase } from './foundation/database.js';
import { keepSeededImage, openSeededImage, seededImageKey } from './foundation/seeded-images.js';
import { migratePostgres, openPool, schemaOf, underStartLock } from './foundation/postgres.js';
import { withStatementCache } from './foundation/statement-cache.js';
import { WalJournal, acknowledgeWhenDurable } from './foundation/group-commit.js';
import { startServiceServer, type HttpLimits, type ServiceServer } from './foundation/http-server.js';
import { createLogger, logRequests, type LogLevel } from './foundation/logging.js';
import { MissingServiceError, loadService, serviceModuleExists } from './foundation/modules.js';
import { DEFAULT_SEED_FILE, loadSeed } from './foundation/seed.js';
import type { ReferenceService, ServiceDecorators, ServiceInstance, ServiceKey } from './foundation/service.js';

export type { Decorators, ReferenceService, ServiceDecorators, ServiceKey } from './foundation/service.js';
export { SERVICE_KEYS } from './foundation/service.js';
export { MissingServiceError, serviceModuleExists } from './foundation/modules.js';

export interface ReferenceOptions {
  /** Keep each service's database as a file here (WAL, group commit: foundation/group-commit.ts) and its bulk bytes under DIR/<service>. */
  dataDir?: string;
  /**
   * A PostgreSQL URL (postgres://user:password@host:port/database): every service's store in its own schema
   * there, shared with every other instance started on the same URL; nothing is kept in SQLite.
   */
  database?: string;
  /**
   * Directory of the bulk bytes (uploaded files), DIR/<service>; every instance on one database must name
   * the same directory. Default: under dataDir, or a temporary directory removed at stop.
   */
  filesDir?: string;
  /** Seed file (default reference/seed.default.yaml); applied by each service to a new database only. */
  seedFile?: string;
  /**
   * Stand-ins for a service's seams (its store and the others its folder's `seams.ts` declares): seam name ->
   * a function of the service's own object returning the one it uses instead (foundation/service.ts, Decorators).
   */
  decorate?: Partial<Record<ServiceKey, ServiceDecorators>>;
  /** Wraps a service's request listener: what it returns gets every request of that service. */
  wrap?: Partial<Record<ServiceKey, (inner: http.RequestListener) => http.RequestListener>>;
  /**
   * The base URL clients reach each service at: absolute links in answers (thumbnail and preview URLs, paging
   * links, upload session URLs, file URIs) are made from it whatever a request's Host says. Without it, from the
   * request's Host when well-formed (the balancer's or proxy's address), else the listening address
   * (foundation/public-base.ts).
   */
  publicUrls?: Partial<Record<ServiceKey, string>>;
  /**
   * Links name the address a proxy in front says the client asked for (`Forwarded`, `X-Forwarded-Host`/`-Proto`/
   * `-Port`) when no public URL is configured: for proxies that send their upstream's Host (serve --trust-forwarded).
   */
  trustForwarded?: boolean;
  /** Port of the first service, the next one gets port + 1, ...; free ports when absent or 0. */
  port?: number;
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Logger (default: pino JSON lines on stderr at logLevel). */
  logger?: Logger;
  /** Log level of the default logger (default: $REFERENCE_LOG_LEVEL or 'error'). */
  logLevel?: LogLevel;
  /** Bounds on slow clients (see foundation/http-server.ts). */
  httpLimits?: Partial<HttpLimits>;
  /** Folder holding the service folders (default reference/); tests point it elsewhere. */
  servicesDir?: string;
}

export interface ReferenceSession {
  /** Each started service's base URL (the API, its media and its uploads are all served there). */
  endpoints: Partial<Record<ServiceKey, { baseUrl: string }>>;
  /** The running services in start order, with their servers (serve prints them, tests inspect them). */
  running: Array<{ key: ServiceKey; baseUrl: string; server: ServiceServer }>;
  logger: Logger;
  /** Stops accepting, lets in-flight requests finish (up to graceMs), closes the services and databases. */
  stop(graceMs?: number): Promise<void>;
}

interface Started {
  key: ServiceKey;
  db?: BetterSqlite3.Database;
  pool?: pg.Pool;
  journal?: WalJournal;
  instance?: ServiceInstance;
  server?: ServiceServer;
}

/**
 * Starts the given services (keys are loaded from reference/<key>/index.ts; a ReferenceService object is
 * used as is, for tests). Throws MissingServiceError naming every requested service that does not exist.
 */
export async function startReference(
  services: ReadonlyArray<ServiceKey | ReferenceService>,
  options: ReferenceOptions = {},
): Promise<ReferenceSession> {
  const missing = services.filter(
    (s): s is ServiceKey => typeof s === 'string' && !serviceModuleExists(s, options.servicesDir),
  );
  if (missing.length) throw new MissingServiceError(missing, options.servicesDir);
  const modules = await Promise.all(
    services.map((s) => (typeof s === 'string' ? loadService(s, options.servicesDir) : s)),
  );
  const seed = loadSeed(options.seedFile ?? DEFAULT_SEED_FILE);
  const logger =
    options.logger ??
    createLogger(options.logLevel ?? (process.env.REFERENCE_LOG_LEVEL as LogLevel | undefined) ?? 'error');
  const durable = options.dataDir !== undefined;
  const database = options.database;
  if (database) {
    const without = modules.filter((m) => !m.postgresMigrations).map((m) => m.key);
    if (without.length) throw new Error(`${without.join(', ')}: no PostgreSQL store (--database)`);
    if (!options.filesDir && modules.some((m) => m.key === 'generative'))
      logger.warn(
        'file bytes are kept in a temporary directory of this instance: other instances on the database cannot read them (name a shared directory with --files)',
      );
  }
  const keptFiles = options.filesDir ?? options.dataDir;
  const bulkRoot = keptFiles ? path.resolve(keptFiles) : fs.mkdtempSync(path.join(os.tmpdir(), 'reference-'));
  const started: Started[] = [];
  const endpoints: ReferenceSession['endpoints'] = {};

  const closeAll = async (graceMs?: number) => {
    // Servers first (in-flight requests may still write), then the services, then their databases.
    await Promise.all(started.map((s) => s.server?.stop(graceMs)));
    for (const s of started) {
      try {
        await s.instance?.close?.();
      } catch (error) {
        logger.error({ err: error, service: s.key }, 'service close failed');
      }
    }
    for (const s of started) {
      s.journal?.close();
      if (s.db?.open) s.db.close();
      await s.pool?.end();
    }
    if (!keptFiles) fs.rmSync(bulkRoot, { recursive: true, force: true });
  };

  try {
    const createAll = async () => {
      for (const service of modules) {
        const key = service.key;
        const entry: Started = { key };
        started.push(entry);
        const dataDir = path.join(bulkRoot, key);
        fs.mkdirSync(dataDir, { recursive: true });
        const common = {
          seed: seed[key],
          dataDir,
          logger: logger.child({ service: key }),
          decorate: options.decorate?.[key],
        };
        if (database) {
          const schema = schemaOf(key);
          entry.pool = openPool(database, schema);
          await migratePostgres(entry.pool, schema, service.postgresMigrations!);
          entry.instance = await service.create({ ...common, postgres: entry.pool, durable: true });
          continue;
        }
        // In memory, a service that opts in starts from a copy of the database seeded earlier in this process with
        // the same seed and schema (foundation/seeded-images.ts), instead of seeding afresh.
        const imageKey =
          !durable && service.seededImage ? seededImageKey(key, service.migrations, seed[key]) : undefined;
        const copied = imageKey ? openSeededImage(imageKey) : undefined;
        const db = copied ?? openDatabase({ dataDir: durable ? path.resolve(options.dataDir!) : undefined, name: key });
        entry.db = db;
        migrate(db, service.migrations);
        // Every service's handle reuses one compiled statement per SQL text (foundation/statement-cache.ts).
        entry.instance = await service.create({
          ...common,
          db: withStatementCache(db),
          durable,
        });
        if (imageKey && !copied) keepSeededImage(imageKey, db);
      }
    };
    // Instances starting at once on one database: one migrates and seeds, the others wait and find it done.
    if (database) await underStartLock(database, createAll);
    else await createAll();
    for (const [index, entry] of started.entries()) {
      const key = entry.key;
      const db = entry.db;
      const serviceLogger = logger.child({ service: key });
      if (!entry.instance) throw new Error(`${key}: not created`);
      let wrapped = options.wrap?.[key] ? options.wrap[key]!(entry.instance.listener) : entry.instance.listener;
      if (durable && db) {
        // What the migrations and the seed wrote goes to the database file now (not into the first requests'
        // commits), then commits share fsyncs: no answer leaves before the changes it follows are on disk.
        db.pragma('wal_checkpoint(TRUNCATE)');
        syncDirectory(path.resolve(options.dataDir!));
        entry.journal = new WalJournal(db);
        wrapped = acknowledgeWhenDurable(wrapped, entry.journal, serviceLogger);
      }
      entry.server = await startServiceServer(logRequests(wrapped, serviceLogger), {
        port: options.port ? options.port + index : 0,
        host: options.host,
        limits: options.httpLimits,
        clientError: entry.instance.clientError,
      });
      const configured = options.publicUrls?.[key];
      entry.instance.bound?.({
        baseUrl: configured ?? entry.server.baseUrl,
        configured: configured !== undefined,
        trustForwarded: options.trustForwarded === true,
      });
      endpoints[key] = { baseUrl: entry.server.baseUrl };
    }
  } catch (error) {
    await closeAll(0);
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    endpoints,
    running: started.map((s) => ({ key: s.key, baseUrl: s.server!.baseUrl, server: s.server! })),
    logger,
    stop: (graceMs?: number) => (stopping ??= closeAll(graceMs)),
  };
}

/** The directory's entries (the database and WAL files) on disk. */
function syncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
