// The bursts of auth.ts counted in the shared PostgreSQL database (--database), so every instance sees them.
import type pg from 'pg';
import type { BurstCounter } from './auth.js';

/** One upsert per call, so concurrent calls count one by one. */
export class PostgresBursts implements BurstCounter {
  constructor(private readonly pool: pg.Pool) {}

  async hit(key: string, now: number, gapMs: number): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>(
      `INSERT INTO bursts AS b (key, count, last) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN $2 - b.last >= $3 THEN 1 ELSE b.count + 1 END,
         last = GREATEST(b.last, $2)
       RETURNING count`,
      [key, now, gapMs],
    );
    return rows[0]!.count;
  }
}
