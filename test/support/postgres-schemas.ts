// A test file's PostgreSQL at the store seam: a database of its own on the run's server
// (test/support/test-database.ts), made before the file's tests and dropped after them, and pools on fresh schemas
// of it, each migrated with a service's PostgreSQL migrations. On a machine without PostgreSQL nothing starts and
// `unavailable` says why (the file skips its PostgreSQL tests with it, and the run says so once).
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migratePostgres, openPool } from '../../reference/foundation/postgres.js';
import { postgresUnavailable } from './postgres-server.js';
import { testDatabase, type TestDatabase } from './test-database.js';

export interface PostgresSchemas {
  /** Why PostgreSQL tests cannot run here, or undefined when they can. */
  unavailable: string | undefined;
  /**
   * `count` pools (as many instances) on one new schema, migrated with `migrations`; closed after the file's
   * tests.
   */
  schema(migrations: readonly string[], options?: { count?: number; poolSize?: number }): Promise<pg.Pool[]>;
}

/** Registers the file's database (beforeAll/afterAll); `what` names the tests skipped where PostgreSQL is missing. */
export function postgresSchemas(what: string): PostgresSchemas {
  const unavailable = postgresUnavailable();
  if (unavailable) console.warn(`\n*** SKIPPED: ${what}: ${unavailable} ***\n`);
  let database: TestDatabase | undefined;
  let url = '';
  const pools: pg.Pool[] = [];
  let schemas = 0;
  beforeAll(async () => {
    if (unavailable) return;
    database = await testDatabase();
    url = database.url;
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.splice(0).map((p) => p.end()));
    await database?.drop();
  });
  return {
    unavailable,
    async schema(migrations, { count = 1, poolSize } = {}) {
      if (!url) throw new Error(unavailable ?? 'the PostgreSQL server has not started (call schema() inside a test)');
      const schema = `s${++schemas}`;
      const opened = Array.from({ length: count }, () => openPool(url, schema, poolSize ? { poolSize } : {}));
      pools.push(...opened);
      await migratePostgres(opened[0]!, schema, migrations);
      return opened;
    },
  };
}
