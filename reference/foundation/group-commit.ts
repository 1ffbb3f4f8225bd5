// Group commit for a durable (--data) database: commits do not wait for their own fsync (WAL with
// synchronous=NORMAL writes the commit to the WAL file, in the OS's cache); instead no answer leaves the
// server while the database holds a change that is not yet on disk. Such an answer waits for one fsync of
// the WAL file that starts after it was written, so one fsync acknowledges every write committed before it.
// An acknowledged write is as durable as with synchronous=FULL (an fsync of the WAL after its commit, before
// the answer); what changes is that commits made while an fsync runs share the next one, and that the event
// loop keeps serving while the disk works (fsync runs on libuv's thread pool, not in the commit).
// An answer that read a change not yet on disk waits too: nothing the client is shown can vanish.
import fs from 'node:fs';
import type http from 'node:http';
import type BetterSqlite3 from 'better-sqlite3';
import type { Logger } from 'pino';

export class WalJournal {
  private readonly fd: number;
  private readonly totalChanges: () => number;
  /** total_changes() when the last completed fsync started: every change up to it is on disk. */
  private durable: number;
  private running?: Promise<void>;
  private queued?: Promise<void>;
  private closed = false;

  /** For a database in WAL mode whose state is on disk now (checkpointed); switches it to synchronous=NORMAL. */
  constructor(private readonly db: BetterSqlite3.Database) {
    // SQLite's total_changes(): every INSERT, UPDATE and DELETE through this connection moves it.
    const changes = db.prepare('SELECT total_changes()').pluck();
    this.totalChanges = () => changes.get() as number;
    // The WAL file exists once the database has been opened in WAL mode and written (migrations, seed).
    this.fd = fs.openSync(`${db.name}-wal`, fs.constants.O_RDONLY | fs.constants.O_CREAT);
    this.durable = this.totalChanges();
    db.pragma('synchronous = NORMAL');
  }

  /** Whether a change was committed that no completed fsync covers yet. */
  pending(): boolean {
    return !this.closed && this.totalChanges() > this.durable;
  }

  /** Resolves once an fsync of the WAL that started after this call has completed. */
  sync(): Promise<void> {
    if (!this.running) return (this.running = this.start());
    // The running fsync may have started before the caller's commit: the next one covers it.
    return (this.queued ??= this.running.then(
      () => this.next(),
      () => this.next(),
    ));
  }

  /** Stops syncing (the database is closing; its close checkpoints and syncs what is left). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    fs.closeSync(this.fd);
  }

  private next(): Promise<void> {
    this.queued = undefined;
    return (this.running = this.start());
  }

  private start(): Promise<void> {
    const covers = this.totalChanges();
    const done: Promise<void> = new Promise<void>((resolve, reject) => {
      if (this.closed) return resolve();
      fs.fsync(this.fd, (error) => (error ? reject(error) : resolve()));
    }).then(
      () => {
        if (this.running === done) this.running = undefined;
        this.durable = Math.max(this.durable, covers);
      },
      (error: unknown) => {
        if (this.running === done) this.running = undefined;
        throw error;
      },
    );
    return done;
  }
}

/**
 * Holds a response's bytes (write and end calls, in order) while the journal has changes not on disk,
 * releases them after the next fsync. A failed fsync cuts the connection: the write is not acknowledged.
 */
export function acknowledgeWhenDurable(
  inner: http.RequestListener,
  journal: WalJournal,
  logger: Logger,
): http.RequestListener {
  return (req, res) => {
    const write = res.write;
    const end = res.end;
    let held: Array<() => boolean> | undefined;
    /** A write was answered "wait for drain" because it was held: 'drain' is owed once the bytes are out. */
    let drainOwed = false;
    const release = () => {
      const calls = held ?? [];
      held = undefined;
      let ready = true;
      for (const call of calls) ready = call();
      if (drainOwed && ready && !res.destroyed) {
        drainOwed = false;
        res.emit('drain');
      }
    };
    /** Runs `call` now, or holds it (answering undefined) until the journal's next fsync. */
    const through = (call: () => boolean): boolean | undefined => {
      if (held) {
        held.push(call);
        return undefined;
      }
      if (!journal.pending()) return call();
      held = [call];
      journal.sync().then(release, (error: unknown) => {
        held = undefined;
        logger.error({ err: error }, 'fsync of the database journal failed: answer withheld, connection closed');
        res.destroy();
      });
      return undefined;
    };
    res.write = function (this: http.ServerResponse, ...args: unknown[]) {
      const result = through(() => (write as (...a: unknown[]) => boolean).apply(res, args));
      if (result !== undefined) return result;
      // Held: a producer that respects backpressure waits for 'drain' instead of filling memory meanwhile.
      drainOwed = true;
      return false;
    } as typeof res.write;
    res.end = function (this: http.ServerResponse, ...args: unknown[]) {
      through(() => {
        (end as (...a: unknown[]) => unknown).apply(res, args);
        return true;
      });
      return res;
    } as typeof res.end;
    return inner(req, res);
  };
}
