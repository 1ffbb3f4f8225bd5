// Whether another connection has committed to a SQLite database since the last look: SQLite's data_version
// (https://sqlite.org/pragma.html#pragma_data_version) changes when any other connection, of this process or
// another sharing the file, commits, and never for this connection's own commits. A store that keeps rows in
// memory (credentials, records) drops them when it changes, so an instance never answers from what another has
// replaced. One small statement per look (its value plucked: no row object); an in-memory database has no other
// connection, so it is never asked.
import type BetterSqlite3 from 'better-sqlite3';

export class SqliteChangeSignal {
  private readonly version: BetterSqlite3.Statement | undefined;
  private seen: number;

  constructor(db: BetterSqlite3.Database) {
    this.version = db.memory ? undefined : db.prepare('PRAGMA data_version').pluck();
    this.seen = this.read();
  }

  private read(): number {
    return this.version ? (this.version.get() as number) : 0;
  }

  /** True when another connection committed since the last call (the first call compares with the opening). */
  changed(): boolean {
    if (!this.version) return false;
    const now = this.read();
    if (now === this.seen) return false;
    this.seen = now;
    return true;
  }
}
