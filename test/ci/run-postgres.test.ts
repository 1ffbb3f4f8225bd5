// The run's one PostgreSQL server (test/support/postgres-global-setup.ts): the files' databases are distinct
// databases on one server, and a dropped one is gone.
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { postgresUnavailable } from '../support/postgres-server.js';
import { testDatabase } from '../support/test-database.js';

describe.skipIf(postgresUnavailable())('the run’s PostgreSQL server', () => {
  it('is provided to the files by the run', () => {
    expect(inject('postgresBroker')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('gives each caller a database of its own on the same server, and drops it', async () => {
    const [a, b] = await Promise.all([testDatabase(), testDatabase()]);
    const [urlA, urlB] = [new URL(a.url), new URL(b.url)];
    expect(urlA.port).toBe(urlB.port);
    expect(urlA.pathname).not.toBe(urlB.pathname);
    const client = new pg.Client({ connectionString: a.url });
    // The drop ends its session: the client hears of it as an error.
    client.on('error', () => undefined);
    await client.connect();
    await client.query('CREATE TABLE kept (n integer)');
    // A session still open does not keep the database from being dropped.
    await a.drop();
    await client.end().catch(() => undefined);
    const again = new pg.Client({ connectionString: a.url });
    await expect(again.connect()).rejects.toThrow(/does not exist/);
    await b.drop();
  });
});
