// One SQLite database per service (better-sqlite3). In memory by default; with a data directory a file in
// WAL mode with synchronous=FULL, so a write is durable once its statement returns. Once a service runs,
// startReference switches it to group commit (group-commit.ts): commits share fsyncs of the WAL, and no
// request is acknowledged before the changes it follows are on disk. Migrations are versioned through
// PRAGMA user_version and run at start.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export function openDatabase(options: { dataDir?: string; name: string }): Database.Database {
  if (!options.dataDir) return new Database(':memory:');
  fs.mkdirSync(options.dataDir, { recursive: true });
  const db = new Database(path.join(options.dataDir, `${options.name}.sqlite`));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Applies the migrations past the database's user_version, each in its own transaction. */
export function migrate(db: Database.Database, migrations: readonly string[]): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    // Written by a newer build: running older code on it could misread or damage it.
    throw new Error(
      `${db.name}: schema version ${current} is newer than this build knows (${migrations.length}); use the build that wrote it or another --data directory`,
    );
  }
  for (let version = current; version < migrations.length; version += 1) {
    db.transaction(() => {
      db.exec(migrations[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return migrations.length;
}
