// The seam between the shared foundation (storage, seed, serve, the embedded contract target) and one
// reference service. Each service folder (reference/<service>/index.ts) exports `service: ReferenceService`.
import type http from 'node:http';
import type { PublicAddress } from './public-base.js';
import type BetterSqlite3 from 'better-sqlite3';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import type { Logger } from 'pino';
import { RULES_BY_SERVICE } from '../../generated/rules.js';
import { PostgresSql } from './postgres-sql.js';
import type { Sql } from './sql.js';
import { SqliteSql } from './sqlite-sql.js';

/** The services of the spec list (generator/specs.config.json), as the generator gathered them: the one list. */
export type ServiceKey = keyof typeof RULES_BY_SERVICE;
export const SERVICE_KEYS = Object.keys(RULES_BY_SERVICE) as ServiceKey[];

/**
 * Stand-ins for a service's seams, by seam name: each takes the object the service built (its store, its
 * rate limiter, ...) and returns the one the service uses instead, with the same interface. A service
 * declares its seams in its own folder (`seams.ts`: a `<Service>Seams` interface, seam name -> type) and
 * passes each seam through `seams<Seams>(ctx)(name, value)` once, where it builds it. None in normal operation; a
 * caller starting the service may give some, e.g. to log calls or to plant a defect from outside.
 */
export type Decorators<Seams> = { [K in keyof Seams]?: (inner: Seams[K]) => Seams[K] };

/** Decorators as the foundation carries them, before a service reads them as its own Decorators<Seams>. */
export type ServiceDecorators = Readonly<Record<string, ((inner: any) => any) | undefined>>;

/**
 * A service's seam function: `seam(name, value)` answers the object the service uses for that seam, `value`
 * or what the context's decorator makes of it.
 */
export function seams<Seams>(
  ctx: Pick<ServiceContext, 'decorate'>,
): <K extends keyof Seams & string>(name: K, value: Seams[K]) => Seams[K] {
  const decorators = (ctx.decorate ?? {}) as Decorators<Seams>;
  return (name, value) => {
    const decorator = decorators[name];
    return decorator ? decorator(value) : value;
  };
}

export interface ServiceContext {
  /**
   * The service's own database (one SQLite file per service under --data, or in memory); migrations already run.
   * Its prepare() reuses one compiled statement per SQL text (statement-cache.ts): keep one mode per SQL text.
   */
  db?: BetterSqlite3.Database;
  /**
   * With --database: the service's pool on the shared PostgreSQL database (its schema first on the search
   * path; migrations already run, under the start lock with create()). Then there is no `db`.
   */
  postgres?: pg.Pool;
  /** This service's section of the seed file (reference/seed.default.yaml unless --seed), as parsed YAML. */
  seed: unknown;
  /** Directory for bulk bytes (uploaded files); a temp dir unless --data or --files names one (--files: shared by every instance). */
  dataDir: string;
  /** True when dataDir/db are durable (--data given). */
  durable: boolean;
  logger: Logger;
  /** Stand-ins for the service's seams (see Decorators); none in normal operation. */
  decorate?: ServiceDecorators;
}

export interface ServiceInstance {
  /** The request listener of the service (the generated server stub with the service's handlers). */
  listener: http.RequestListener;
  /** What the HTTP server's 'clientError' event gets (bytes that are not a request), answered in the service's shape. */
  clientError?: (error: Error & { code?: string }, socket: Duplex) => void;
  /**
   * Called after the HTTP server is bound, with the service's public address (the configured URL, else where it
   * listens, and what names links without one): the base of every absolute link of an answer (foundation/public-base.ts).
   */
  bound?(address: PublicAddress): void;
  /** Stops timers and background work; the foundation closes the database afterwards. */
  close?(): Promise<void> | void;
}

export interface ReferenceService {
  key: ServiceKey;
  /** Versioned schema migrations, applied in order at start; entry i brings the schema to version i + 1. */
  migrations: string[];
  /** The same for PostgreSQL (--database); a service without them cannot run on a shared database. */
  postgresMigrations?: string[];
  /**
   * True when create() writes to an empty SQLite database only what the seed and the migrations decide: a start
   * in memory may then begin from a copy of one seeded earlier with the same ones (seeded-images.ts).
   */
  seededImage?: boolean;
  /** Builds the service on its context: loads the seed into the database if empty, returns the listener. */
  create(ctx: ServiceContext): Promise<ServiceInstance> | ServiceInstance;
}

/** The service's SQLite handle (a service started without --database). */
export function sqliteOf(ctx: Pick<ServiceContext, 'db'>): BetterSqlite3.Database {
  if (!ctx.db) throw new Error('this service runs on SQLite only: no SQLite database in its context');
  return ctx.db;
}

/** The service's database as its store writes statements (sql.ts): the shared PostgreSQL schema, else SQLite. */
export function sqlOf(ctx: Pick<ServiceContext, 'db' | 'postgres'>): Sql {
  return ctx.postgres ? new PostgresSql(ctx.postgres) : new SqliteSql(sqliteOf(ctx));
}
