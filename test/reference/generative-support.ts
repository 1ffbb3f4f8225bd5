// Starts the reference generative service on its own (database, seed, data dir, logs captured), for the tests
// of test/reference/generative*.test.ts and for running the contract suite against it by hand:
//   npx tsx test/reference/generative-support.ts   (prints the base URL)
import type http from 'node:http';
import { EventEmitter } from 'node:events';
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
import type { GenerativeStore } from '../../reference/generative/store.js';

export interface StartedGenerative {
  baseUrl: string;
  dataDir: string;
  /** Log lines the service wrote (parsed pino JSON). */
  logs: Array<Record<string, unknown>>;
  /** 'log' (each line, parsed) and 'file' (`files/<id>`, at each change of a stored file): what tests wait on. */
  events: EventEmitter;
  stop(): Promise<void>;
}

/** Resolves with the first log line (one already written, or the next) whose message matches. */
export function untilLogged(s: StartedGenerative, message: RegExp): Promise<Record<string, unknown>> {
  const seen = s.logs.find((l) => message.test(String(l.msg)));
  if (seen) return Promise.resolve(seen);
  return new Promise((resolve) => {
    const listen = (line: Record<string, unknown>) => {
      if (!message.test(String(line.msg))) return;
      s.events.off('log', listen);
      resolve(line);
    };
    s.events.on('log', listen);
  });
}

/**
 * Reads `files/<id>` until `done` holds for its state, waiting between two reads for the service's next change
 * of that file (armed before each read, so none is missed): no timer; the test's timeout bounds it.
 */
export async function untilFileState(
  s: StartedGenerative,
  name: string,
  done: (state: string | undefined) => boolean = (state) => state !== 'PROCESSING',
  headers: Record<string, string> = { 'x-goog-api-key': 'test-api-key' },
): Promise<Record<string, any>> {
  for (;;) {
    let listen: (changed: string) => void = () => undefined;
    const changed = new Promise<void>((resolve) => {
      listen = (changedName) => {
        if (changedName === name) resolve();
      };
      s.events.on('file', listen);
    });
    try {
      const file = (await (await fetch(`${s.baseUrl}/v1beta/${name}`, { headers })).json()) as Record<string, any>;
      if (done(file.state)) return file;
      await changed;
    } finally {
      s.events.off('file', listen);
    }
  }
}

/** The store with every file change announced on `events` (around any stand-in the test hands the service). */
function announcingFileChanges(events: EventEmitter, inner: GenerativeStore): GenerativeStore {
  return new Proxy(inner, {
    get(store, name) {
      const value = Reflect.get(store, name, store);
      if (typeof value !== 'function') return value;
      if (name !== 'updateFile') return value.bind(store);
      return async (...args: Parameters<GenerativeStore['updateFile']>) => {
        await (value as GenerativeStore['updateFile']).apply(store, args);
        events.emit('file', `files/${args[1]}`);
      };
    },
  });
}

export function defaultSeed(): Record<string, unknown> {
  const all = YAML.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../../reference/seed.default.yaml'), 'utf8'),
  ) as Record<string, unknown>;
  return structuredClone(all.generative) as Record<string, unknown>;
}

export async function startGenerative(
  options: GenerativeOptions & {
    decorate?: ServiceDecorators;
    seed?: unknown;
    dataDir?: string;
    /** Around the service's listener (a test observing its requests). */
    wrap?: (listener: http.RequestListener) => http.RequestListener;
  } = {},
): Promise<StartedGenerative> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gen-ref-'));
  const durable = options.dataDir !== undefined;
  const db = openDatabase({ name: 'generative', ...(durable ? { dataDir } : {}) });
  migrate(db, service.migrations);
  const logs: Array<Record<string, unknown>> = [];
  const events = new EventEmitter();
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) {
        if (!line.trim()) continue;
        const parsed = JSON.parse(line) as Record<string, unknown>;
        logs.push(parsed);
        events.emit('log', parsed);
      }
      done();
    },
  });
  const store = options.decorate?.store;
  const decorate: ServiceDecorators = {
    ...options.decorate,
    store: (inner: GenerativeStore) => announcingFileChanges(events, store ? store(inner) : inner),
  };
  const instance = await createGenerativeService(
    {
      db,
      seed: options.seed ?? defaultSeed(),
      dataDir,
      durable,
      logger: pino({ level: 'debug' }, sink),
      decorate,
    },
    options,
  );
  const running = await listenLocal(options.wrap ? options.wrap(instance.listener) : instance.listener);
  instance.bound?.({ baseUrl: running.baseUrl, configured: false, trustForwarded: false });
  return {
    baseUrl: running.baseUrl,
    dataDir,
    logs,
    events,
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
