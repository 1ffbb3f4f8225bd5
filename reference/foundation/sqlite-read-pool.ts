// Read queries of a service's SQLite database off the event loop: worker threads (sqlite-read-worker.mjs), each
// with a read-only connection of its own, behind a FairQueue by tenant. A report that computes for a second then
// holds up neither the service's other requests (its event loop stays free) nor another tenant's reports (one
// tenant takes at most its share of the threads). For data that only the seed writes: an in-memory database is
// read from an image taken when the pool starts, a file database from the file (WAL: readers never wait).
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { FairQueue, defaultReadLimits, type FairQueueLimits } from './fair-queue.js';

const WORKER_ENTRY = path.join(import.meta.dirname, 'sqlite-read-worker.mjs');

interface Pending {
  resolve: (rows: unknown[][]) => void;
  reject: (error: Error) => void;
}

class ReadThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  dead = false;

  constructor(source: { path?: string; image?: Uint8Array }) {
    this.worker = new Worker(WORKER_ENTRY, { workerData: source });
    this.worker.unref();
    this.worker.on('message', (m: { id: number; rows?: unknown[][]; error?: { message: string; code?: string } }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else p.resolve(m.rows!);
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`SQLite read thread exited with code ${code}`)));
  }

  query(sql: string, params: unknown): Promise<unknown[][]> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, sql, params });
    });
  }

  close(): Promise<number> {
    this.dead = true;
    return this.worker.terminate();
  }
}

export class SqliteReadPool {
  private readonly queue: FairQueue;
  private readonly idle: ReadThread[] = [];
  private readonly all = new Set<ReadThread>();
  private source: { path?: string; image?: Uint8Array } | undefined;
  private closed = false;

  /** Threads start on the first query; `db` is read (or its image taken) then. */
  constructor(
    private readonly db: BetterSqlite3.Database,
    limits: FairQueueLimits = defaultReadLimits(),
  ) {
    this.queue = new FairQueue(limits);
  }

  /** The rows (as arrays) of a read-only query, run on a pool thread in the tenant's turn. */
  query(tenant: string, sql: string, params: unknown): Promise<unknown[][]> {
    return this.queue.run(tenant, async () => {
      if (this.closed) throw new Error('SQLite read pool closed');
      const thread = this.take();
      try {
        return await thread.query(sql, params);
      } finally {
        if (thread.dead) this.all.delete(thread);
        else this.idle.push(thread);
      }
    });
  }

  get load() {
    return this.queue.load;
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(threads.map((t) => t.close()));
  }

  /** An idle thread, or a new one: the queue never runs more tasks than the limits' slots. */
  private take(): ReadThread {
    for (let t = this.idle.pop(); t; t = this.idle.pop()) if (!t.dead) return t;
    this.source ??= this.db.memory ? { image: this.db.serialize() } : { path: this.db.name };
    const thread = new ReadThread(this.source);
    this.all.add(thread);
    return thread;
  }
}
