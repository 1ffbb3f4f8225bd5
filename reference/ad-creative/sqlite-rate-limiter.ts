// The rate limit of rate-limit.ts counted in a SQLite file beside the service's database (--data), so that
// several instances on one data directory share their counts: a balancer over them admits an account's
// `calls` per window in all, not per instance. The counts live in their own file, without fsync: they are a
// throttle, not data a client was promised, and the service database's group commit (foundation/group-commit.ts)
// would otherwise hold every answer for an fsync of a count.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { RateLimiter } from './rate-limit.js';
import type { RateLimit } from './store.js';

export class SqliteRateLimiter implements RateLimiter {
  private readonly db: Database.Database;
  private readonly admitTx: (account: string, limit: RateLimit, now: number) => boolean;

  /** Opens (or creates) `rate-calls.sqlite` in `dir`, shared by every instance given the same directory. */
  constructor(
    dir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.db = new Database(path.join(dir, 'rate-calls.sqlite'));
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = OFF');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS rate_calls (key TEXT NOT NULL, at INTEGER NOT NULL); CREATE INDEX IF NOT EXISTS rate_calls_by_key ON rate_calls(key, at)',
    );
    const forget = this.db.prepare('DELETE FROM rate_calls WHERE key = ? AND at <= ?');
    const count = this.db.prepare('SELECT COUNT(*) FROM rate_calls WHERE key = ?').pluck();
    const add = this.db.prepare('INSERT INTO rate_calls (key, at) VALUES (?, ?)');
    const tx = this.db.transaction((account: string, limit: RateLimit, now: number): boolean => {
      // Calls that left the window (now - at >= windowMs) no longer count.
      forget.run(account, now - limit.windowSeconds * 1000);
      if ((count.get(account) as number) >= limit.calls) return false;
      add.run(account, now);
      return true;
    });
    // IMMEDIATE: the write lock is taken before the count, so two processes cannot both see room for one call.
    this.admitTx = (account, limit, now) => tx.immediate(account, limit, now);
  }

  admit(account: string, limit: RateLimit): boolean {
    return this.admitTx(account, limit, this.now());
  }

  close(): void {
    this.db.close();
  }
}
