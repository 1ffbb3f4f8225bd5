// The one SQL surface a service's store is written against, for SQLite (sqlite-sql.ts) and PostgreSQL
// (postgres-sql.ts): a statement is written once, with `?` placeholders, and runs on either. What the two
// databases really differ in is here, not in the stores: placeholders ($n), how a boolean is bound, a row lock
// (FOR UPDATE), byte-wise text order, a unique index's refusal, a bulk insert, and how a transaction holds the
// writer. Portable SQL stays plain SQL: ON CONFLICT upserts, RETURNING, LIMIT CAST(? AS INTEGER), CASE.
export type Dialect = 'sqlite' | 'postgres';

export type Row = Record<string, any>;

export interface Sql {
  readonly dialect: Dialect;
  /** The rows of a statement. */
  all<T = Row>(text: string, values?: readonly unknown[]): Promise<T[]>;
  /** The first row of a statement, if any. */
  get<T = Row>(text: string, values?: readonly unknown[]): Promise<T | undefined>;
  /** The first column of each row. */
  column<T = unknown>(text: string, values?: readonly unknown[]): Promise<T[]>;
  /** Rows as arrays of their values, for a statement with named parameters (:name, each bound by name). */
  arrays(text: string, named: Readonly<Record<string, unknown>>): Promise<unknown[][]>;
  /** Runs a statement; answers how many rows it inserted, updated or deleted. */
  run(text: string, values?: readonly unknown[]): Promise<number>;
  /** Inserts rows (values in `columns` order) in as few statements as the database takes. */
  insertMany(table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>): Promise<void>;
  /**
   * Runs `fn` in one transaction that holds the writer from its start (SQLite: BEGIN IMMEDIATE; PostgreSQL: one
   * connection, with FOR UPDATE where a row must be locked): committed when it resolves, rolled back when it throws.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** A boolean as this database binds it (SQLite: 1 or 0). */
  bool(value: boolean): unknown;
  /** ` FOR UPDATE` on PostgreSQL (a row lock held to the end of the transaction); nothing on SQLite (whose transactions hold the writer). */
  readonly forUpdate: string;
  /** A text column's collation that orders byte-wise, as SQLite's default: ` COLLATE "C"` on PostgreSQL. */
  readonly bytewise: string;
  /** Whether `error` is a unique index refusing a row. */
  isUniqueViolation(error: unknown): boolean;
}

/** A boolean column read from either database (SQLite answers 1 or 0). */
export const booleanOf = (value: unknown): boolean => value === true || value === 1;

/**
 * A migration as both databases take it: the same DDL text, or a function of the dialect where the DDL differs
 * (column types, identity columns); null for a step one dialect does not take (its schema got it otherwise).
 */
export type Migration = string | ((dialect: Dialect) => string | null);

/** The migrations one database runs, in order (entry i brings it to version i + 1). */
export function migrationsFor(dialect: Dialect, migrations: readonly Migration[]): string[] {
  return migrations.map((m) => (typeof m === 'string' ? m : m(dialect))).filter((m): m is string => m !== null);
}

/** Column types and identity keys by dialect, for DDL written once. */
export function ddlTypes(dialect: Dialect) {
  const sqlite = dialect === 'sqlite';
  return {
    /** The row's order of insertion as its primary key. */
    serial: sqlite ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
    /** A count or a time in ms. */
    bigint: sqlite ? 'INTEGER' : 'BIGINT',
    boolean: sqlite ? 'INTEGER' : 'BOOLEAN',
    /** A text compared byte-wise (SQLite's default; PostgreSQL's otherwise follow the database's locale). */
    bytewiseText: sqlite ? 'TEXT' : 'TEXT COLLATE "C"',
    double: sqlite ? 'REAL' : 'DOUBLE PRECISION',
  };
}
