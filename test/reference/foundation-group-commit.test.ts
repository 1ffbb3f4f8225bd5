// reference/foundation/group-commit.ts on a durable (--data) reference: no answer leaves before an fsync of
// the WAL that started after the write it acknowledges; concurrent writes share fsyncs; a read that shows a
// change not yet on disk waits too; a failed fsync acknowledges nothing; answers with nothing pending pass.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { acknowledgeWhenDurable, type WalJournal } from '../../reference/foundation/group-commit.js';
import { startReference, type ReferenceSession } from '../../reference/index.js';
import { notesService } from './foundation-notes-service.js';

let session: ReferenceSession;
let base: string;
let dir: string;
/** The fsyncs of the WAL file, in the order they were asked for; each completes when the test says so. */
let syncs: Array<{ askedAt: number; complete: (error?: Error) => void }> = [];
let events: string[] = [];
/** The answers the notes service has handed over, in order (a held one is not writableEnded yet). */
let handled: Array<{ method: string; res: http.ServerResponse }> = [];
/** Emits 'change' whenever an fsync is asked for or the service hands over an answer: what tests wait on. */
const changes = new EventEmitter();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
  const hooks = {
    notesAnswered: (method: string, res: http.ServerResponse) => {
      handled.push({ method, res });
      changes.emit('change');
    },
  };
  session = await startReference([notesService('analytics', hooks)], { dataDir: dir, logLevel: 'silent' });
  base = session.endpoints.analytics!.baseUrl;
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const s of syncs) s.complete();
  syncs = [];
  events = [];
  handled = [];
});
afterAll(async () => {
  await session?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Holds every fsync until the test completes it (the real fsync then runs). */
function holdFsyncs(): void {
  const real = fs.fsync;
  vi.spyOn(fs, 'fsync').mockImplementation(((fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    events.push(`fsync ${syncs.length}`);
    syncs.push({
      askedAt: Date.now(),
      complete: (error?: Error) => (error ? callback(error) : real(fd, callback)),
    });
    changes.emit('change');
  }) as typeof fs.fsync);
}

const post = (body: string) =>
  fetch(`${base}/notes?tenant=gc`, { method: 'POST', body }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { id: number },
  }));
/** Resolves once `check` holds, re-checked at every fsync asked for and every answer handed over (no polling). */
const until = (check: () => boolean) =>
  new Promise<void>((resolve) => {
    const test = () => {
      if (!check()) return;
      changes.off('change', test);
      resolve();
    };
    changes.on('change', test);
    test();
  });
/** The answers of this method handed over so far, and whether each has left (a held one has not). */
const answersOf = (method: string) => handled.filter((h) => h.method === method).map((h) => h.res);

describe('group commit on a durable reference', { timeout: 30_000 }, () => {
  it('a write is answered only after an fsync of the WAL that started after it; writes meanwhile share the next fsync', async () => {
    holdFsyncs();
    let answered = 0;
    const first = post('one').then((r) => {
      answered += 1;
      events.push('answer one');
      return r;
    });
    await until(() => syncs.length === 1);
    // While the first fsync runs, two more writes commit: they wait for a second fsync, one for both.
    const more = [post('two'), post('three')].map((p) =>
      p.then((r) => {
        answered += 1;
        events.push('answer more');
        return r;
      }),
    );
    // All three writes are handled: their answers are handed over, and held (none has left the server).
    await until(() => answersOf('POST').length === 3);
    expect(answersOf('POST').map((res) => res.writableEnded)).toEqual([false, false, false]);
    expect(answered, 'nothing is answered while its fsync has not completed').toBe(0);
    expect(syncs).toHaveLength(1);
    syncs[0]!.complete();
    expect((await first).status).toBe(201);
    await until(() => syncs.length === 2);
    expect(
      answersOf('POST')
        .slice(1)
        .map((res) => res.writableEnded),
      'the later writes wait for the fsync that started after them',
    ).toEqual([false, false]);
    expect(answered).toBe(1);
    syncs[1]!.complete();
    const answers = await Promise.all(more);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(syncs, 'one fsync for both later writes').toHaveLength(2);
    // (The second fsync starts as soon as the first completes, so it may be asked for before answer one arrives.)
    expect(events.filter((e) => e !== 'answer one')).toEqual(['fsync 0', 'fsync 1', 'answer more', 'answer more']);
    expect(events.indexOf('answer one')).toBeGreaterThan(events.indexOf('fsync 0'));
    // Everything acknowledged is there.
    const ids = ((await (await fetch(`${base}/notes?tenant=gc`)).json()) as { ids: number[] }).ids;
    expect(ids).toEqual(expect.arrayContaining([(await first).body.id, ...answers.map((a) => a.body.id)]));
  });

  it('a read that shows a change not yet on disk waits for it; with nothing pending, answers go at once', async () => {
    holdFsyncs();
    const write = post('pending');
    await until(() => syncs.length === 1);
    // The write is committed (the fsync was asked for after it), not yet on disk: a read of it waits.
    let read = false;
    const reading = fetch(`${base}/notes?tenant=gc`).then(async (r) => {
      read = true;
      return r.json();
    });
    // The read is handled and its answer handed over, but held until the write's fsync completes.
    await until(() => answersOf('GET').length === 1);
    expect(answersOf('GET')[0]!.writableEnded).toBe(false);
    expect(read).toBe(false);
    syncs[0]!.complete();
    await until(() => syncs.length === 2 || read);
    for (const s of syncs.slice(1)) s.complete();
    await write;
    await reading;
    const count = syncs.length;
    // Nothing pending now: a read needs no fsync.
    expect((await fetch(`${base}/notes?tenant=gc`)).status).toBe(200);
    expect(syncs).toHaveLength(count);
  });

  it('a failed fsync acknowledges nothing: the connection is closed without an answer', async () => {
    holdFsyncs();
    const write = fetch(`${base}/notes?tenant=gc`, { method: 'POST', body: 'doomed' }).then(
      (r) => `answered ${r.status}`,
      () => 'no answer',
    );
    await until(() => syncs.length === 1);
    syncs[0]!.complete(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    expect(await write).toBe('no answer');
    // The next write gets a new fsync and its answer.
    const next = post('after');
    await until(() => syncs.length === 2);
    syncs[1]!.complete();
    expect((await next).status).toBe(201);
  });
});

describe('acknowledgeWhenDurable on a streamed answer', () => {
  it('a held write answers "wait for drain", and drain comes once the bytes are released; order is kept', async () => {
    let pending = true;
    let syncs = 0;
    const journal = {
      pending: () => pending,
      sync: async () => {
        syncs += 1;
        // The fsync completes on a later turn of the event loop, after the first write was held.
        await new Promise((r) => setImmediate(r));
        pending = false;
      },
    } as unknown as WalJournal;
    const seen: string[] = [];
    const server = http.createServer(
      acknowledgeWhenDurable(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/plain' });
          const first = res.write('one,');
          seen.push(`first write ${first}`);
          if (first) return void res.end('two');
          res.once('drain', () => {
            seen.push('drain');
            res.end('two');
          });
        },
        journal,
        pino({ level: 'silent' }),
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await res.text()).toBe('one,two');
      expect(seen).toEqual(['first write false', 'drain']);
      expect(syncs).toBe(1);
      // Nothing pending: the same answer goes straight through.
      const again = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await again.text()).toBe('one,two');
      expect(seen.slice(2)).toEqual(['first write true']);
      expect(syncs).toBe(1);
    } finally {
      server.close();
    }
  });
});
