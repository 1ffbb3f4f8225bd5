// Whether another connection has committed to a SQLite database since the last look: SQLite's data_version
// (https://sqlite.org/pragma.html#pragma_data_version) changes when any other connection, of this process or
// another sharing the file, commits, and never for this connection's own commits. A store that keeps rows in
// memory (credentials) drops them when it changes, so an instance never answers from what another has replaced.
// One small statement per look; an in-memory database has no other writer and never changes.
import type BetterSqlite3 from 'better-sqlite3';

export class SqliteChangeSignal {
  private readonly version: BetterSqlite3.Statement;
  private seen: number;

  constructor(db: BetterSqlite3.Database) {
    this.version = db.prepare('PRAGMA data_version');
    this.seen = this.read();
  }

  private read(): number {
    return (this.version.get() as { data_version: number }).data_version;
  }

  /** True when another connection committed since the last call (the first call compares with the opening). */
  changed(): boolean {
    const now = this.read();
    if (now === this.seen) return false;
    this.seen = now;
    return true;
  }
}
