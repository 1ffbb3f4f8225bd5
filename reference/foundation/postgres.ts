// One PostgreSQL database shared by every instance of the reference (serve --database postgres://...): each
// service in its own schema (ad_creative, analytics, generative) through a pool of the `pg` driver, its
// versioned migrations applied at start. Several instances may start at once: the start (migrations and
// seed) runs under a session advisory lock, so one instance migrates and seeds while the others wait and
// then find the work done. A write is acknowledged after its statement or transaction has committed
// (autocommit, or COMMIT answered): PostgreSQL's own durability (synchronous_commit) stands behind it.
import pg from 'pg';

/** The schema of a service's tables: its key with `-` as `_`. */
export const schemaOf = (service: string): string => service.replace(/-/g, '_');

/** The advisory lock key every instance takes while it migrates and seeds (any fixed 64-bit number). */
const START_LOCK = 7_245_310_211;

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Counters, sequence numbers and aggregates come back as numbers, as from SQLite: bigint (COUNT, SUM of
 * integers, identity columns) and numeric (ROUND of a ratio) are parsed into JS numbers; every value the
 * services store is far below 2^53.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export interface PostgresOptions {
  /** Connections of one service's pool (default 10). */
  poolSize?: number;
}

/** A pool whose sessions see the service's schema first (its tables are named without a schema). */
export function openPool(url: string, schema: string, options: PostgresOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types,
    options: `-c search_path=${schema}`,
  });
  // An idle connection that breaks (the server restarted) is dropped by the pool; logged by the caller's queries.
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `fn` while this instance holds the start lock (on a connection of its own, released afterwards). */
export async function underStartLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK]);
    }
  } finally {
    await client.end();
  }
}

/** Applies the migrations past the schema's version, each in its own transaction (call under the start lock). */
export async function migratePostgres(pool: pg.Pool, schema: string, migrations: readonly string[]): Promise<number> {
  await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await pool.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const { rows } = await pool.query<{ version: number }>('SELECT version FROM schema_version');
  const current = rows[0]?.version ?? 0;
  if (current > migrations.length) {
    // Written by a newer build: running older code on it could misread or damage it.
    throw new Error(
      `schema ${schema}: version ${current} is newer than this build knows (${migrations.length}); use the build that wrote it or another database`,
    );
  }
  for (let version = current; version < migrations.length; version += 1) {
    await transaction(pool, async (client) => {
      await client.query(migrations[version]!);
      await client.query('DELETE FROM schema_version');
      await client.query('INSERT INTO schema_version (version) VALUES ($1)', [version + 1]);
    });
  }
  return migrations.length;
}

/** Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function transaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is closed instead of going back to the pool.
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
