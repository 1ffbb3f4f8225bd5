// The PostgreSQL stores' atomic steps, at the store seam: two stores on two pools (as two instances are) racing
// at the edge of a limit, where a count-then-insert without the group's row lock, or a rate limit counted in
// each process, would let several through. Runs on a throwaway PostgreSQL (test/support/postgres-server.ts).
import { describe, expect, it } from 'vitest';
import { service as adCreative } from '../../reference/ad-creative/index.js';
import { PostgresRateLimiter } from '../../reference/ad-creative/postgres-rate-limiter.js';
import { service as analytics } from '../../reference/analytics/index.js';
import { SqlAnalyticsStore } from '../../reference/analytics/sql-store.js';
import { PostgresSql } from '../../reference/foundation/postgres-sql.js';
import { service as generative } from '../../reference/generative/index.js';
import { PostgresBursts } from '../../reference/generative/postgres-bursts.js';
import { postgresSchemas } from '../support/postgres-schemas.js';

const postgres = postgresSchemas('the PostgreSQL store tests');
const unavailable = postgres.unavailable;

describe.skipIf(unavailable)(
  `PostgreSQL stores under concurrent instances${unavailable ? ` (SKIPPED: ${unavailable})` : ''}`,
  () => {
    /** Two pools on one schema, as two instances have. */
    const twoPools = async (migrations: string[]) => {
      const [a, b] = await postgres.schema(migrations, { count: 2, poolSize: 30 });
      return [a!, b!] as const;
    };

    it('at 499 items, of 60 concurrent inserts through two instances exactly one is stored', async () => {
      const [a, b] = await twoPools(analytics.postgresMigrations!);
      await a.query(
        "INSERT INTO groups (id, owner, title, item_type, published_at) VALUES ('G1', 'channel:c', 't', 'platform#video', '2024-01-01')",
      );
      await a.query(
        "INSERT INTO group_items (id, group_id, resource_kind, resource_id) SELECT 'I' || i, 'G1', 'platform#video', 'v' || i FROM generate_series(1, 499) AS i",
      );
      const stores = [new SqlAnalyticsStore(new PostgresSql(a)), new SqlAnalyticsStore(new PostgresSql(b))];
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) => stores[i % 2]!.insertItem('G1', 'platform#video', `new-${i}`, 500)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === 'full')).toHaveLength(59);
      expect((await stores[1]!.items('G1')).length).toBe(500);
    });

    it('a rate limit of 10 calls admits exactly 10 of 60 concurrent calls through two instances', async () => {
      const [a, b] = await twoPools(adCreative.postgresMigrations!);
      const limiters = [new PostgresRateLimiter(a), new PostgresRateLimiter(b)];
      const limit = { calls: 10, windowSeconds: 3600 };
      const admitted = await Promise.all(Array.from({ length: 60 }, (_, i) => limiters[i % 2]!.admit('acct', limit)));
      expect(admitted.filter(Boolean)).toHaveLength(10);
      // The window is the same for both: neither admits another call.
      expect(await limiters[0]!.admit('acct', limit)).toBe(false);
      expect(await limiters[1]!.admit('acct', limit)).toBe(false);
      // Calls older than the window no longer count.
      const later = new PostgresRateLimiter(a, () => Date.now() + 3601_000);
      expect(await later.admit('acct', limit)).toBe(true);
    });

    it('a burst counted through two instances numbers 60 concurrent calls 1 to 60, and a pause starts a new one', async () => {
      const [a, b] = await twoPools(generative.postgresMigrations!);
      const counters = [new PostgresBursts(a), new PostgresBursts(b)];
      const now = Date.now();
      const counts = await Promise.all(
        Array.from({ length: 60 }, (_, i) => counters[i % 2]!.hit('p generateContent', now, 1000)),
      );
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      expect(await counters[0]!.hit('p generateContent', now + 1000, 1000)).toBe(1);
    });
  },
);
