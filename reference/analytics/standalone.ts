// Serves the analytics reference alone on 127.0.0.1 (for tests and the mutation loop until the foundation's
// serve is used): `tsx reference/analytics/standalone.ts [--port N] [--seed FILE] [--defects JSON]`.
// Prints the base URL on its first line.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { parse } from 'yaml';
import { migrate, openDatabase } from '../foundation/database.js';
import { service } from './index.js';

export const DEFAULT_SEED_FILE = path.resolve(import.meta.dirname, '..', 'seed.default.yaml');

export interface StandaloneAnalytics {
  baseUrl: string;
  close(): Promise<void>;
}

/** Starts the service in this process on a free loopback port. */
export async function startStandaloneAnalytics(options: { seedFile?: string; defects?: Record<string, unknown>; port?: number; wrap?: (l: http.RequestListener) => http.RequestListener } = {}): Promise<StandaloneAnalytics> {
  const seedDoc = parse(fs.readFileSync(options.seedFile ?? DEFAULT_SEED_FILE, 'utf8')) as Record<string, unknown>;
  const db = openDatabase({ name: 'analytics' });
  migrate(db, service.migrations);
  const instance = await service.create({
    db,
    seed: seedDoc.analytics,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'analytics-')),
    durable: false,
    logger: pino({ level: 'warn' }),
    defects: options.defects ?? {},
  });
  const listener = options.wrap ? options.wrap(instance.listener) : instance.listener;
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  instance.bound?.(baseUrl);
  return {
    baseUrl,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await instance.close?.();
      db.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, seed: { type: 'string' }, defects: { type: 'string' } } });
  const running = await startStandaloneAnalytics({
    port: values.port ? Number(values.port) : undefined,
    seedFile: values.seed,
    defects: values.defects ? (JSON.parse(values.defects) as Record<string, unknown>) : undefined,
  });
  console.log(running.baseUrl);
}
