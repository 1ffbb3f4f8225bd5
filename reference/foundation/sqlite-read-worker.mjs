// A thread of the SQLite read pool (sqlite-read-pool.ts): its own read-only connection to a service's database,
// the file or an image of an in-memory one, answering one query at a time with its rows as arrays. Plain
// JavaScript, so it loads the same in `serve`, under tsx and under vitest.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

// Heavy queries yield the cores to the service's event loops: this thread (Linux: its own id under
// /proc/thread-self) gets a lower priority. Best effort: elsewhere, or when refused, it keeps the default.
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, workerData.nice ?? 10);
} catch {
  // no per-thread priority here
}

const { path, image } = workerData;
const db = image ? new Database(Buffer.from(image)) : new Database(path, { readonly: true, fileMustExist: true });
db.pragma('query_only = ON');
const statements = new Map();

parentPort.on('message', ({ id, sql, params }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql).raw(true);
      // The report SQL texts are few and repeat; a bound keeps a stream of distinct ones from growing the map.
      if (statements.size >= 256) statements.delete(statements.keys().next().value);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(params) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
