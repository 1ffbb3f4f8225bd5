// A tiny ReferenceService for the foundation's own tests (start, seed, persistence, logs, shutdown, crash
// safety, slow clients), independent of the three real services. It stores notes per tenant in SQLite:
//   POST /notes?tenant=T   body = the note text      -> 201 {"id": n}  (after the INSERT returned)
//   GET  /notes/:id                                   -> 200 {"id","tenant","body"} | 404
//   GET  /notes?tenant=T                              -> 200 {"ids": [...]} (all ids of the tenant)
//   GET  /big?bytes=N                                 -> N bytes of 'x'
//   GET  /slow?ms=N                                   -> 200 after N ms
//   GET  /hold?until=F                               -> blocks its thread (synchronously) until file F exists, then 200
//   GET  /boom                                        -> throws (the foundation's last-resort guard)
//   GET  /context                                     -> what the service received (durable, bound URL)
// Seed section: { notes: [{ tenant, body }] }, applied to a new (empty) database only. One seam, `notes`
// (NotesSeams): what a new note's insert goes through.
import fs from 'node:fs';
import type http from 'node:http';
import { seams, sqliteOf, type ReferenceService, type ServiceKey } from '../../reference/foundation/service.js';

export interface NotesSeams {
  notes: { insert(tenant: string, body: string): number };
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export interface NotesHooks {
  /** Called when a /slow request reaches the service (it is in flight from then on): tests wait on it. */
  slowStarted?: () => void;
  /** Called when a /big request reaches the service, before its answer is written. */
  bigStarted?: () => void;
  /** Called when a /hold request reaches the service, before it blocks its thread. */
  holdStarted?: () => void;
  /**
   * Called when a /notes request has been handled: its answer was handed to `res` (a wrapper may still hold
   * it; `res.writableEnded` tells). Tests wait on it instead of sleeping.
   */
  notesAnswered?: (method: string, res: http.ServerResponse) => void;
}

/** Blocks this thread, as a long computation does, until `file` exists (it polls without yielding). */
function holdUntil(file: string): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!fs.existsSync(file)) Atomics.wait(pause, 0, 0, 5);
}

export function notesService(key: ServiceKey = 'analytics', hooks: NotesHooks = {}): ReferenceService {
  return {
    key,
    migrations: [
      'CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, tenant TEXT NOT NULL, body TEXT NOT NULL)',
      'CREATE INDEX notes_tenant ON notes (tenant)',
    ],
    create(ctx) {
      const db = sqliteOf(ctx);
      const empty = (db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n === 0;
      const seed = ctx.seed as { notes?: Array<{ tenant: string; body: string }> };
      const insert = db.prepare('INSERT INTO notes (tenant, body) VALUES (?, ?)');
      if (empty && seed.notes) db.transaction(() => seed.notes!.forEach((n) => insert.run(n.tenant, n.body)))();
      const notes = seams<NotesSeams>(ctx)('notes', {
        insert: (tenant, body) => Number(insert.run(tenant, body).lastInsertRowid),
      });
      const byId = db.prepare('SELECT id, tenant, body FROM notes WHERE id = ?');
      const byTenant = db.prepare('SELECT id FROM notes WHERE tenant = ? ORDER BY id');
      let baseUrl = '';
      const timers = new Set<NodeJS.Timeout>();
      const listener: http.RequestListener = (req, res) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const note = url.pathname.match(/^\/notes\/(\d+)$/);
        if (req.method === 'POST' && url.pathname === '/notes') {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c));
          req.on('end', () => {
            const id = notes.insert(
              url.searchParams.get('tenant') ?? 'default',
              Buffer.concat(chunks).toString('utf8'),
            );
            json(res, 201, { id });
            hooks.notesAnswered?.('POST', res);
          });
          return;
        }
        if (req.method === 'GET' && note) {
          const row = byId.get(Number(note[1]));
          return row ? json(res, 200, row) : json(res, 404, { error: 'not found' });
        }
        if (req.method === 'GET' && url.pathname === '/notes') {
          json(res, 200, {
            ids: (byTenant.all(url.searchParams.get('tenant') ?? 'default') as Array<{ id: number }>).map((r) => r.id),
          });
          return hooks.notesAnswered?.('GET', res);
        }
        if (url.pathname === '/big') {
          hooks.bigStarted?.();
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          return void res.end(Buffer.alloc(Number(url.searchParams.get('bytes') ?? 0), 'x'));
        }
        if (url.pathname === '/slow') {
          hooks.slowStarted?.();
          const timer = setTimeout(
            () => {
              timers.delete(timer);
              json(res, 200, { slept: Number(url.searchParams.get('ms')) });
            },
            Number(url.searchParams.get('ms') ?? 0),
          );
          timers.add(timer);
          return;
        }
        if (url.pathname === '/hold') {
          hooks.holdStarted?.();
          holdUntil(url.searchParams.get('until') ?? '');
          return json(res, 200, { held: true });
        }
        if (url.pathname === '/boom') throw new Error('boom (planted by the test service)');
        if (url.pathname === '/context') return json(res, 200, { durable: ctx.durable, dataDir: ctx.dataDir, baseUrl });
        json(res, 404, { error: 'no route' });
      };
      return {
        listener,
        bound: (address) => {
          baseUrl = address.baseUrl;
        },
        close: () => timers.forEach((t) => clearTimeout(t)),
      };
    },
  };
}
