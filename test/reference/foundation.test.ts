// startReference on the tiny notes service (foundation-notes-service.ts): one server per service on
// loopback, fresh in-memory stores by default, seeds from a file, durable files with dataDir (seeded
// once), seam decorators and wraps handed through, missing services named, logs without secrets, graceful stop.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { MissingServiceError, startReference, type ReferenceSession } from '../../reference/index.js';
import { notesService, type NotesSeams } from './foundation-notes-service.js';

const sessions: ReferenceSession[] = [];
const tmpDirs: string[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.stop(0)));
  tmpDirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-test-'));
  tmpDirs.push(dir);
  return dir;
}

function seedFile(yaml: string): string {
  const file = path.join(tmp(), 'seed.yaml');
  fs.writeFileSync(file, yaml);
  return file;
}

async function start(...args: Parameters<typeof startReference>): Promise<ReferenceSession> {
  const session = await startReference(...args);
  sessions.push(session);
  return session;
}

async function post(baseUrl: string, tenant: string, body: string): Promise<number> {
  const res = await fetch(`${baseUrl}/notes?tenant=${tenant}`, { method: 'POST', body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function ids(baseUrl: string, tenant: string): Promise<number[]> {
  return ((await (await fetch(`${baseUrl}/notes?tenant=${tenant}`)).json()) as { ids: number[] }).ids;
}

/** A promise that resolves when the notes service's /slow request has arrived, and the hook that resolves it. */
function slowStart(): { started: Promise<void>; slowStarted: () => void } {
  let slowStarted!: () => void;
  const started = new Promise<void>((resolve) => {
    slowStarted = resolve;
  });
  return { started, slowStarted };
}

const SEED = 'analytics:\n  notes:\n    - { tenant: a, body: first }\n    - { tenant: a, body: second }\n';

describe('startReference', () => {
  it('serves each service on its own loopback port', async () => {
    const session = await start([notesService('analytics'), notesService('generative')]);
    const a = session.endpoints.analytics!;
    const g = session.endpoints.generative!;
    expect(a.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(session.running.map((r) => r.baseUrl)).toEqual([a.baseUrl, g.baseUrl]);
    expect(g.baseUrl).not.toBe(a.baseUrl);
    const id = await post(a.baseUrl, 't1', 'hello');
    expect(await (await fetch(`${a.baseUrl}/notes/${id}`)).json()).toEqual({ id, tenant: 't1', body: 'hello' });
    // separate databases: the other service does not hold the note
    expect((await fetch(`${g.baseUrl}/notes/${id}`)).status).toBe(404);
    const context = (await (await fetch(`${a.baseUrl}/context`)).json()) as {
      durable: boolean;
      baseUrl: string;
      dataDir: string;
    };
    expect(context.durable).toBe(false);
    expect(context.baseUrl).toBe(a.baseUrl);
    expect(fs.existsSync(context.dataDir)).toBe(true);
    await session.stop();
    await expect(fetch(`${a.baseUrl}/notes/${id}`)).rejects.toThrow();
    expect(fs.existsSync(context.dataDir)).toBe(false);
  });

  it('gives every start a fresh in-memory store seeded from the seed file', async () => {
    const file = seedFile(SEED);
    const first = await start([notesService()], { seedFile: file });
    const base = first.endpoints.analytics!.baseUrl;
    expect(await ids(base, 'a')).toEqual([1, 2]);
    await post(base, 'a', 'third');
    expect(await ids(base, 'a')).toEqual([1, 2, 3]);
    await first.stop();
    const second = await start([notesService()], { seedFile: file });
    expect(await ids(second.endpoints.analytics!.baseUrl, 'a')).toEqual([1, 2]);
  });

  it('keeps the data in files under dataDir (WAL) and seeds a new database only', async () => {
    const dataDir = tmp();
    const file = seedFile(SEED);
    const first = await start([notesService()], { dataDir, seedFile: file });
    const id = await post(first.endpoints.analytics!.baseUrl, 'a', 'kept');
    await first.stop();
    expect(fs.existsSync(path.join(dataDir, 'analytics.sqlite'))).toBe(true);
    const second = await start([notesService()], { dataDir, seedFile: file });
    const base = second.endpoints.analytics!.baseUrl;
    expect(await ids(base, 'a')).toEqual([1, 2, id]);
    expect(((await (await fetch(`${base}/context`)).json()) as { durable: boolean }).durable).toBe(true);
  });

  it("wraps a service's listener", async () => {
    const session = await start([notesService()], {
      wrap: {
        analytics: (inner) => (req, res) => {
          res.setHeader('x-wrapped', 'yes');
          inner(req, res);
        },
      },
    });
    const res = await fetch(`${session.endpoints.analytics!.baseUrl}/context`);
    expect(res.headers.get('x-wrapped')).toBe('yes');
  });

  it("passes each service's seams through the decorators given for that service only", async () => {
    const shouting = (inner: NotesSeams['notes']): NotesSeams['notes'] => ({
      insert: (tenant, body) => inner.insert(tenant, body.toUpperCase()),
    });
    const session = await start([notesService('analytics'), notesService('generative')], {
      decorate: { analytics: { notes: shouting } },
    });
    const read = async (base: string, id: number) =>
      ((await (await fetch(`${base}/notes/${id}`)).json()) as { body: string }).body;
    const a = session.endpoints.analytics!.baseUrl;
    const g = session.endpoints.generative!.baseUrl;
    expect(await read(a, await post(a, 't', 'quiet'))).toBe('QUIET');
    expect(await read(g, await post(g, 't', 'quiet'))).toBe('quiet');
  });

  it('uses consecutive ports from options.port', async () => {
    const probe = await start([notesService('analytics')]);
    const port = Number(new URL(probe.endpoints.analytics!.baseUrl).port);
    await probe.stop();
    // the port just released is very likely free again; the next one is checked by the start itself
    const session = await start([notesService('analytics'), notesService('generative')], { port });
    expect(session.endpoints.analytics!.baseUrl).toBe(`http://127.0.0.1:${port}`);
    expect(session.endpoints.generative!.baseUrl).toBe(`http://127.0.0.1:${port + 1}`);
  });

  it('names every requested service whose implementation is missing, and starts nothing', async () => {
    const empty = tmp();
    const error = await startReference(['ad-creative', 'generative'], { servicesDir: empty }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingServiceError);
    expect((error as MissingServiceError).missing).toEqual(['ad-creative', 'generative']);
    expect((error as Error).message).toMatch(/reference implementation of ad-creative, generative does not exist yet/);
    expect((error as Error).message).toContain(path.join('ad-creative', 'index.ts'));
  });

  it('refuses a bad seed file by naming the file and the key, before starting anything', async () => {
    const file = seedFile('analytics: {}\nanalytcs: {}\n');
    await expect(startReference([notesService()], { seedFile: file })).rejects.toThrow(
      `${file}: unknown top-level key "analytcs"`,
    );
  });

  it('stops gracefully: an in-flight request is answered, new connections are refused', async () => {
    const { started, slowStarted } = slowStart();
    const session = await start([notesService('analytics', { slowStarted })]);
    const base = session.endpoints.analytics!.baseUrl;
    const slow = fetch(`${base}/slow?ms=300`);
    await started;
    expect(session.running[0]!.server.inFlight()).toBe(1);
    const stopped = session.stop(5_000);
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ slept: 300 });
    await stopped;
    await expect(fetch(`${base}/notes`)).rejects.toThrow();
  });

  it('cuts requests still running after the grace period', async () => {
    const { started, slowStarted } = slowStart();
    const session = await start([notesService('analytics', { slowStarted })]);
    const slow = fetch(`${session.endpoints.analytics!.baseUrl}/slow?ms=10000`);
    const began = Date.now();
    await started;
    await session.stop(100);
    await expect(slow).rejects.toThrow();
    expect(Date.now() - began).toBeLessThan(5_000);
  });
});

describe('request logs', () => {
  function capture(level: pino.Level) {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    return { lines, logger: pino({ level }, stream) };
  }

  it('writes one JSON line per request at debug level, with credentials masked and no headers', async () => {
    const { lines, logger } = capture('debug');
    const session = await start([notesService()], { logger });
    const base = session.endpoints.analytics!.baseUrl;
    await fetch(`${base}/notes?tenant=a&access_token=SECRET1&key=SECRET2`, {
      headers: { authorization: 'Bearer SECRET3', 'x-goog-api-key': 'SECRET4' },
    });
    await fetch(`${base}/notes/999`);
    // Stopping waits for every request to close, and a request's log line is written when it closes.
    await session.stop();
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 20,
      service: 'analytics',
      method: 'GET',
      path: '/notes?tenant=a&access_token=[redacted]&key=[redacted]',
      status: 200,
    });
    expect(typeof requests[0]!.ms).toBe('number');
    expect(requests[1]).toMatchObject({ path: '/notes/999', status: 404 });
    expect(JSON.stringify(lines)).not.toMatch(/SECRET/);
  });

  it("masks credentials in a path segment's parameters too (;key=, encoded names), keeping the rest", async () => {
    const { lines, logger } = capture('debug');
    const session = await start([notesService()], { logger });
    const base = session.endpoints.analytics!.baseUrl;
    await fetch(`${base}/notes/7;key=SECRET5;%6Bey=SECRET6;lang=en/x;access_token=SECRET7?sig=SECRET8&page=2`);
    await session.stop();
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests[0]).toMatchObject({
      path: '/notes/7;key=[redacted];%6Bey=[redacted];lang=en/x;access_token=[redacted]?sig=[redacted]&page=2',
    });
    expect(JSON.stringify(lines)).not.toMatch(/SECRET/);
  });

  it('logs nothing per request at info level, but logs a failing listener as an error and keeps serving', async () => {
    const { lines, logger } = capture('info');
    const session = await start([notesService()], { logger });
    const base = session.endpoints.analytics!.baseUrl;
    await fetch(`${base}/notes?tenant=a`);
    const boom = await fetch(`${base}/boom?key=SECRET`);
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({
      error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' },
    });
    expect((await fetch(`${base}/notes?tenant=a`)).status).toBe(200);
    await session.stop();
    expect(lines.filter((l) => l.msg === 'request')).toEqual([]);
    const errors = lines.filter((l) => l.level === 50);
    expect(errors.map((l) => l.msg)).toEqual(['unhandled error in request listener', 'request failed']);
    expect(errors[0]).toMatchObject({ service: 'analytics', path: '/boom?key=[redacted]' });
    expect((errors[0]!.err as { message: string }).message).toContain('boom');
  });
});

describe('migrations', () => {
  it('refuses a database written by a newer build (more migrations than this one knows)', async () => {
    const dataDir = tmp();
    const newer = notesService();
    newer.migrations = [...newer.migrations, 'CREATE TABLE later (id INTEGER)'];
    await (await start([newer], { dataDir })).stop();
    await expect(startReference([notesService()], { dataDir })).rejects.toThrow(
      /analytics\.sqlite: schema version 3 is newer than this build knows \(2\)/,
    );
    // the nearest valid start: the build that wrote it
    const again = await start([newer], { dataDir });
    expect((await fetch(`${again.endpoints.analytics!.baseUrl}/notes`)).status).toBe(200);
  });
});
