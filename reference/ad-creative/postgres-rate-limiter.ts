// The rate limit of rate-limit.ts counted in the shared PostgreSQL database (--database). One transaction per
// call under an advisory lock of the account: concurrent calls of one account, on any instance, are counted one
// after another, so the (N+1)th call of a window is refused wherever it lands.
import type pg from 'pg';
import { transaction } from '../foundation/postgres.js';
import type { RateLimiter } from './rate-limit.js';
import type { RateLimit } from './store.js';

export class PostgresRateLimiter implements RateLimiter {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number = Date.now,
  ) {}

  admit(account: string, limit: RateLimit): Promise<boolean> {
    const now = this.now();
    return transaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`rate:${account}`]);
      // Calls that left the window (now - at >= windowMs) no longer count.
      await client.query('DELETE FROM rate_calls WHERE key = $1 AND at <= $2', [
        account,
        now - limit.windowSeconds * 1000,
      ]);
      const { rows } = await client.query<{ n: number }>('SELECT COUNT(*) AS n FROM rate_calls WHERE key = $1', [
        account,
      ]);
      if (rows[0]!.n >= limit.calls) return false;
      await client.query('INSERT INTO rate_calls (key, at) VALUES ($1, $2)', [account, now]);
      return true;
    });
  }
}
