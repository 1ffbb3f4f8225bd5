// The PostgreSQL stores' atomic steps, at the store seam: two stores on two pools (as two instances are) racing
// at the edge of a limit, where a count-then-insert without the group's row lock, or a rate limit counted in
// each process, would let several through. Runs on a throwaway PostgreSQL (test/support/postgres-server.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, openPool } from '../../reference/foundation/postgres.js';
import { service as adCreative } from '../../reference/ad-creative/index.js';
import { PostgresRateLimiter } from '../../reference/ad-creative/postgres-rate-limiter.js';
import { service as analytics } from '../../reference/analytics/index.js';
import { SqlAnalyticsStore } from '../../reference/analytics/sql-store.js';
import { PostgresSql } from '../../reference/foundation/postgres-sql.js';
import { service as generative } from '../../reference/generative/index.js';
import { PostgresBursts } from '../../reference/generative/postgres-bursts.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from '../support/postgres-server.js';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`\n*** SKIPPED: the PostgreSQL store tests: ${unavailable} ***\n`);

describe.skipIf(unavailable)(
  `PostgreSQL stores under concurrent instances${unavailable ? ` (SKIPPED: ${unavailable})` : ''}`,
  () => {
    let server: PostgresServer;
    let url: string;
    const pools: Array<ReturnType<typeof openPool>> = [];
    /** Two pools on one schema, as two instances have. */
    const twoPools = async (schema: string, migrations: string[]) => {
      const a = openPool(url, schema, { poolSize: 30 });
      const b = openPool(url, schema, { poolSize: 30 });
      pools.push(a, b);
      await migratePostgres(a, schema, migrations);
      return [a, b] as const;
    };

    beforeAll(async () => {
      server = await startPostgres();
      url = await server.createDatabase();
    }, 60_000);

    afterAll(async () => {
      await Promise.all(pools.map((p) => p.end()));
      await server?.stop();
    });

    it('at 499 items, of 60 concurrent inserts through two instances exactly one is stored', async () => {
      const [a, b] = await twoPools('analytics', analytics.postgresMigrations!);
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
      const [a, b] = await twoPools('ad_creative', adCreative.postgresMigrations!);
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
      const [a, b] = await twoPools('generative', generative.postgresMigrations!);
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
