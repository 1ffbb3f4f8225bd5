// Starts the reference generative service on its own (database, seed, data dir, logs captured), for the tests
// of test/reference/generative*.test.ts and for running the contract suite against it by hand:
//   npx tsx test/reference/generative-support.ts   (prints the base URL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import YAML from 'yaml';
import { listenLocal } from '../../contracts/targets/listen-local.js';
import { migrate, openDatabase } from '../../reference/foundation/database.js';
import type { ServiceDecorators } from '../../reference/foundation/service.js';
import { service } from '../../reference/generative/index.js';
import { createGenerativeService, type GenerativeOptions } from '../../reference/generative/service.js';

export interface StartedGenerative {
  baseUrl: string;
  dataDir: string;
  /** Log lines the service wrote (parsed pino JSON). */
  logs: Array<Record<string, unknown>>;
  stop(): Promise<void>;
}

export function defaultSeed(): Record<string, unknown> {
  const all = YAML.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../../reference/seed.default.yaml'), 'utf8'),
  ) as Record<string, unknown>;
  return structuredClone(all.generative) as Record<string, unknown>;
}

export async function startGenerative(
  options: GenerativeOptions & { decorate?: ServiceDecorators; seed?: unknown; dataDir?: string } = {},
): Promise<StartedGenerative> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gen-ref-'));
  const durable = options.dataDir !== undefined;
  const db = openDatabase({ name: 'generative', ...(durable ? { dataDir } : {}) });
  migrate(db, service.migrations);
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      done();
    },
  });
  const instance = await createGenerativeService(
    {
      db,
      seed: options.seed ?? defaultSeed(),
      dataDir,
      durable,
      logger: pino({ level: 'debug' }, sink),
      decorate: options.decorate,
    },
    options,
  );
  const running = await listenLocal(instance.listener);
  instance.bound?.(running.baseUrl);
  return {
    baseUrl: running.baseUrl,
    dataDir,
    logs,
    async stop() {
      await running.close();
      await instance.close?.();
      db.close();
      if (!durable) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = await startGenerative();
  console.log(`generative reference on ${started.baseUrl}`);
}
