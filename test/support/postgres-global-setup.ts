// One PostgreSQL server for the whole test run (vitest's global setup), started by the first file that asks for a
// database and stopped after the last file: a run pays initdb once, not once per file, and a run without
// PostgreSQL tests pays nothing. The files reach it through a small loopback endpoint whose address is provided to
// them (`postgresBroker`): POST /databases answers a new database's URL, DELETE /databases/<name> drops it
// (test/support/test-database.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startPostgres, type PostgresServer } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL endpoint (test/support/postgres-global-setup.ts), when the config has this setup. */
    postgresBroker?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: Promise<PostgresServer> | undefined;
  const broker = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    (async () => {
      server ??= startPostgres();
      const postgres = await server;
      const dropped = /^\/databases\/([a-z0-9_]+)$/.exec(request.url ?? '');
      if (request.method === 'POST' && request.url === '/databases')
        return answer(200, await postgres.createDatabase());
      if (request.method === 'DELETE' && dropped) {
        await postgres.dropDatabase(dropped[1]!);
        return answer(200, dropped[1]);
      }
      return answer(404, 'POST /databases or DELETE /databases/<name>');
    })().catch((error: unknown) => answer(500, String((error as Error)?.stack ?? error)));
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  project.provide('postgresBroker', `http://127.0.0.1:${(broker.address() as AddressInfo).port}`);
  return async () => {
    await new Promise((resolve) => broker.close(resolve));
    await (await server?.catch(() => undefined))?.stop();
  };
}
