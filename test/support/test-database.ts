// A test file's own PostgreSQL database: on the run's one server (test/support/postgres-global-setup.ts) when the
// run has it, else on a throwaway server of its own (a file run under another config). `drop` removes it (and that
// server), so a file leaves nothing behind.
import { inject } from 'vitest';
import { startPostgres } from './postgres-server.js';

export interface TestDatabase {
  /** postgres://postgres@127.0.0.1:<port>/<name> */
  url: string;
  drop(): Promise<void>;
}

export async function testDatabase(): Promise<TestDatabase> {
  const broker = inject('postgresBroker');
  if (!broker) {
    const server = await startPostgres();
    return { url: await server.createDatabase(), drop: () => server.stop() };
  }
  const url = await brokerCall(`${broker}/databases`, 'POST');
  const name = new URL(url).pathname.slice(1);
  return { url, drop: async () => void (await brokerCall(`${broker}/databases/${name}`, 'DELETE')) };
}

async function brokerCall(url: string, method: string): Promise<string> {
  const response = await fetch(url, { method });
  const body = (await response.json()) as string;
  if (!response.ok) throw new Error(`the run's PostgreSQL server: ${body}`);
  return body;
}
