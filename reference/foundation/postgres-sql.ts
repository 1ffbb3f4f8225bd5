// The Sql surface (sql.ts) on a pool of the `pg` driver (postgres.ts): a statement's `?` placeholders become
// PostgreSQL's $1..$n once per text; a transaction runs on one connection of the pool.
import type pg from 'pg';
import { transaction } from './postgres.js';
import type { Row, Sql } from './sql.js';

/** Texts converted at most (SQL built from values cannot grow the map without end). */
const MAX_TEXTS = 500;

/** PostgreSQL's limit of bound values in one statement. */
const MAX_PARAMETERS = 65_535;

/** Rows per INSERT of insertMany at most. */
const MAX_BATCH = 1000;

/** `?` outside quotes and comments as $1..$n, in order. */
export function numberedPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\?/g, (token) => (token === '?' ? `$${++n}` : token));
}

/** Named parameters (:name) as positional ones ($n), each name bound once. */
export function positional(
  text: string,
  named: Readonly<Record<string, unknown>>,
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const index = new Map<string, number>();
  const converted = text.replace(/(?<![:\w]):([A-Za-z_]\w*)/g, (_, name: string) => {
    let n = index.get(name);
    if (n === undefined) {
      if (!(name in named)) throw new Error(`SQL names :${name}, which is not bound`);
      values.push(named[name]);
      index.set(name, (n = values.length));
    }
    return `$${n}`;
  });
  return { text: converted, values };
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export class PostgresSql implements Sql {
  readonly dialect = 'postgres';
  readonly forUpdate = ' FOR UPDATE';
  readonly bytewise = ' COLLATE "C"';
  private readonly texts: Map<string, string>;

  constructor(
    readonly pool: pg.Pool,
    private readonly on: Queryable = pool,
    texts?: Map<string, string>,
  ) {
    this.texts = texts ?? new Map();
  }

  private text(sql: string): string {
    let text = this.texts.get(sql);
    if (text === undefined) {
      if (this.texts.size >= MAX_TEXTS) this.texts.clear();
      this.texts.set(sql, (text = numberedPlaceholders(sql)));
    }
    return text;
  }

  private async query(sql: string, values: readonly unknown[]): Promise<pg.QueryResult> {
    return this.on.query(this.text(sql), values as unknown[]);
  }

  async all<T = Row>(text: string, values: readonly unknown[] = []): Promise<T[]> {
    return (await this.query(text, values)).rows as T[];
  }

  async get<T = Row>(text: string, values: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.query(text, values)).rows[0] as T | undefined;
  }

  async column<T = unknown>(text: string, values: readonly unknown[] = []): Promise<T[]> {
    const { rows } = await this.on.query({ text: this.text(text), values: values as unknown[], rowMode: 'array' });
    return (rows as unknown[][]).map((r) => r[0] as T);
  }

  async arrays(text: string, named: Readonly<Record<string, unknown>>): Promise<unknown[][]> {
    const query = positional(text, named);
    return (await this.on.query({ text: query.text, values: query.values, rowMode: 'array' })).rows as unknown[][];
  }

  async run(text: string, values: readonly unknown[] = []): Promise<number> {
    return (await this.query(text, values)).rowCount ?? 0;
  }

  async insertMany(table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>): Promise<void> {
    const width = columns.length;
    const batchRows = Math.max(1, Math.min(MAX_BATCH, Math.floor(MAX_PARAMETERS / width)));
    let batch: unknown[] = [];
    let count = 0;
    const flush = async () => {
      if (!count) return;
      const tuples = Array.from(
        { length: count },
        (_, r) => `(${columns.map((__, c) => `$${r * width + c + 1}`).join(', ')})`,
      );
      await this.on.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, batch);
      batch = [];
      count = 0;
    };
    for (const row of rows) {
      batch.push(...row);
      if (++count >= batchRows) await flush();
    }
    await flush();
  }

  async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    // Inside a transaction already: the same one.
    if (this.on !== this.pool) return fn(this);
    return transaction(this.pool, (client) => fn(new PostgresSql(this.pool, client, this.texts)));
  }

  bool(value: boolean): boolean {
    return value;
  }

  isUniqueViolation(error: unknown): boolean {
    return (error as { code?: string }).code === '23505';
  }
}
