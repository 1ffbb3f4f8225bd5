// The seam between the shared foundation (storage, seed, serve, the embedded contract target) and one
// reference service. Each service folder (reference/<service>/index.ts) exports `service: ReferenceService`.
import type http from 'node:http';
import type BetterSqlite3 from 'better-sqlite3';
import type { Logger } from 'pino';

export type ServiceKey = 'ad-creative' | 'analytics' | 'generative';

export interface ServiceContext {
  /**
   * The service's own database (one SQLite file per service under --data, or in memory); migrations already run.
   * Its prepare() reuses one compiled statement per SQL text (statement-cache.ts): keep one mode per SQL text.
   */
  db: BetterSqlite3.Database;
  /** This service's section of the seed file (reference/seed.default.yaml unless --seed), as parsed YAML. */
  seed: unknown;
  /** Directory for bulk bytes (uploaded files); a temp dir when --data is not given. */
  dataDir: string;
  /** True when dataDir/db are durable (--data given). */
  durable: boolean;
  logger: Logger;
  /**
   * Planted defects, for the mutation gate only (contracts/mutants/): flag name -> value. Empty in normal
   * operation; a service reads only the flags it declares.
   */
  defects: Readonly<Record<string, unknown>>;
  /**
   * Whether the service's router may send kept answers again (handlers' `reuse`); false: pass
   * `keptAnswers: false` to the generated server (see keptAnswersOption).
   */
  reuseAnswers: boolean;
}

/** The router option that follows ctx.reuseAnswers (the router's default bounds when on). */
export function keptAnswersOption(ctx: Pick<ServiceContext, 'reuseAnswers'>): { keptAnswers?: false } {
  return ctx.reuseAnswers ? {} : { keptAnswers: false };
}

export interface ServiceInstance {
  /** The request listener of the service (the generated server stub with the service's handlers). */
  listener: http.RequestListener;
  /** Called after the HTTP server is bound, with the base URL it listens on (for self links, upload URLs). */
  bound?(baseUrl: string): void;
  /** Stops timers and background work; the foundation closes the database afterwards. */
  close?(): Promise<void> | void;
}

export interface ReferenceService {
  key: ServiceKey;
  /** Versioned schema migrations, applied in order at start; entry i brings the schema to version i + 1. */
  migrations: string[];
  /** Builds the service on its context: loads the seed into the database if empty, returns the listener. */
  create(ctx: ServiceContext): Promise<ServiceInstance> | ServiceInstance;
}
