// The Sql surface (sql.ts) on better-sqlite3. Each SQL text is compiled once per mode (rows, first column,
// arrays) and kept: a store writes its statements inline and pays a map lookup, not a compile, per call.
// better-sqlite3 runs each statement synchronously; a transaction spans the awaits of its function, so while
// one is open every other call on this handle waits for it (nothing else joins it, nothing reads its
// uncommitted rows), and BEGIN IMMEDIATE takes the writer first (a process sharing the file waits, busy_timeout).
import type BetterSqlite3 from 'better-sqlite3';
import type { Row, Sql } from './sql.js';

/** Compiled statements kept per handle and mode; past this the map starts again (SQL built from values). */
const MAX_STATEMENTS = 500;

class Statements {
  private readonly compiled = new Map<string, BetterSqlite3.Statement>();

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly mode: 'rows' | 'column' | 'arrays',
  ) {}

  of(text: string): BetterSqlite3.Statement {
    let statement = this.compiled.get(text);
    if (statement) return statement;
    if (this.compiled.size >= MAX_STATEMENTS) this.compiled.clear();
    // The handle may share one compiled statement per text (statement-cache.ts): one mode per SQL text.
    statement = this.db.prepare(text);
    if (this.mode === 'column') statement = statement.pluck();
    else if (this.mode === 'arrays') statement = statement.raw();
    this.compiled.set(text, statement);
    return statement;
  }
}

export class SqliteSql implements Sql {
  readonly dialect = 'sqlite';
  readonly forUpdate = '';
  readonly bytewise = '';
  private readonly rows: Statements;
  private readonly columns: Statements;
  private readonly arraysOf: Statements;
  /** Settles when the open transaction ends; undefined when none is open. */
  private open: Promise<void> | undefined;
  /** Settles when the last transaction asked for ends: transactions take turns in the order they were asked for. */
  private turn: Promise<void> = Promise.resolve();
  /** Transactions asked for and not ended (the first begins at once, with no turn to wait for). */
  private pending = 0;
  /** The surface a transaction's function runs on: the same statements, without waiting for itself. */
  private readonly inside: SqliteSql;

  /** `db`: the service's handle. A statement's text is used in one mode only (rows, column or arrays). */
  constructor(
    readonly db: BetterSqlite3.Database,
    outer?: SqliteSql,
  ) {
    this.rows = outer?.rows ?? new Statements(db, 'rows');
    this.columns = outer?.columns ?? new Statements(db, 'column');
    this.arraysOf = outer?.arraysOf ?? new Statements(db, 'arrays');
    this.inside = outer ? this : new SqliteSql(db, this);
  }

  async all<T = Row>(text: string, values: readonly unknown[] = []): Promise<T[]> {
    if (this.open) await this.idle();
    return this.rows.of(text).all(values) as T[];
  }

  async get<T = Row>(text: string, values: readonly unknown[] = []): Promise<T | undefined> {
    if (this.open) await this.idle();
    return this.rows.of(text).get(values) as T | undefined;
  }

  async column<T = unknown>(text: string, values: readonly unknown[] = []): Promise<T[]> {
    if (this.open) await this.idle();
    return this.columns.of(text).all(values) as T[];
  }

  async arrays(text: string, named: Readonly<Record<string, unknown>>): Promise<unknown[][]> {
    if (this.open) await this.idle();
    return this.arraysOf.of(text).all(named) as unknown[][];
  }

  async run(text: string, values: readonly unknown[] = []): Promise<number> {
    if (this.open) await this.idle();
    return this.rows.of(text).run(values).changes;
  }

  async insertMany(table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>): Promise<void> {
    if (this.open) await this.idle();
    // One row a statement, compiled once, its values positional (SQLite's limit on bound values stays far).
    const insert = this.db.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
    for (const row of rows) insert.run(row);
  }

  async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    // Inside a transaction already: the same one.
    if (this.inside === this) return fn(this);
    let end!: () => void;
    const mine = new Promise<void>((resolve) => {
      end = resolve;
    });
    const previous = this.turn;
    this.turn = mine;
    if (this.pending++ > 0) await previous;
    this.open = mine;
    try {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(this.inside);
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw error;
      }
    } finally {
      this.pending -= 1;
      this.open = undefined;
      end();
    }
  }

  bool(value: boolean): number {
    return value ? 1 : 0;
  }

  isUniqueViolation(error: unknown): boolean {
    const code = (error as { code?: string }).code;
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  }

  private async idle(): Promise<void> {
    while (this.open) await this.open;
  }
}
