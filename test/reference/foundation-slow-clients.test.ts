// Slow and stuck clients (loopback only, short limits so the test is bounded): trickled headers
// (slowloris), a trickled body, a client that never reads a large answer, an oversized header block.
// Each is cut by its limit, and meanwhile other clients are answered at once. No clock is read: which limit cut a
// client is shown by the order of the cuts (the shorter limit first) and by the answer it got. Each test has a
// server of its own, and they run at once: the file waits about one limit, not the sum of them.
import { EventEmitter, once } from 'node:events';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceSession } from '../../reference/index.js';
import { notesService } from './foundation-notes-service.js';

const LIMITS = {
  headersTimeoutMs: 3_000,
  // well past the headers limit, so the order of the two cuts shows which limit cut a client
  requestTimeoutMs: 9_000,
  keepAliveTimeoutMs: 500,
  idleTimeoutMs: 3_000,
  maxHeaderBytes: 8 * 1024,
};
const sessions: ReferenceSession[] = [];
const sockets: net.Socket[] = [];

async function serve(hooks: Parameters<typeof notesService>[1] = {}) {
  const session = await startReference([notesService('analytics', hooks)], { httpLimits: LIMITS });
  sessions.push(session);
  const base = session.endpoints.analytics!.baseUrl;
  return { session, base, port: Number(new URL(base).port) };
}
afterAll(async () => {
  sockets.forEach((s) => s.destroy());
  await Promise.all(sessions.map((s) => s.stop(0)));
});

interface Raw {
  socket: net.Socket;
  received: () => string;
  isClosed: () => boolean;
  closed: Promise<void>;
}

/** A raw connection; `closed` resolves once the server has closed it. */
function connect(port: number): Promise<Raw> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    let data = '';
    let isClosed = false;
    socket.on('data', (c: Buffer) => (data += c.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((r) =>
      socket.once('close', () => {
        isClosed = true;
        r();
      }),
    );
    socket.once('connect', () => resolve({ socket, received: () => data, isClosed: () => isClosed, closed }));
  });
}

/**
 * Other clients get answers while the slow ones still hang on: the first answer comes before any slow
 * client was cut (no waiting for the limits), and the server keeps answering after that.
 */
async function othersAnswered(base: string, slowStillHanging: () => boolean = () => true): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    const res = await fetch(`${base}/notes?tenant=x`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    if (i === 0) expect(slowStillHanging(), 'answered while the slow clients were still connected').toBe(true);
  }
}

describe.concurrent('slow and stuck clients, each test on a server of its own', () => {
  it('cuts clients that trickle their headers (slowloris) by headersTimeout, sooner than one that trickles its body by requestTimeout, and keeps answering others', async () => {
    const { base, port } = await serve();
    // The body trickler's request begins before any header trickler connects, and its limit is the longer one:
    // header tricklers cut while it is still open were cut by the headers limit, not by the request's (nor by a
    // check that comes too late for either).
    const body = await connect(port);
    body.socket.write('POST /notes?tenant=t HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n');
    const bodyTimer = setInterval(() => body.socket.writable && body.socket.write('0123456789'), 100);
    const slow = await Promise.all(Array.from({ length: 20 }, () => connect(port)));
    const timers = slow.map(({ socket }) => {
      socket.write('GET /notes HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      return setInterval(() => socket.writable && socket.write('X-Trickle: a\r\n'), 100);
    });
    try {
      await othersAnswered(base, () => !body.isClosed() && slow.every((s) => !s.isClosed()));
      await Promise.all(slow.map((s) => s.closed));
      // node:http answers 408 and closes
      expect(slow.filter((s) => s.received().startsWith('HTTP/1.1 408')).length).toBe(slow.length);
      // Had the body trickler been cut with them, its close would have come in before these answers.
      await othersAnswered(base);
      expect(body.isClosed(), 'the body trickler outlives every header trickler').toBe(false);
      expect(body.received()).toBe('');
      await body.closed;
      expect(body.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      timers.forEach(clearInterval);
      clearInterval(bodyTimer);
    }
    // nothing half-received was stored
    const ids = (await (await fetch(`${base}/notes?tenant=t`)).json()) as { ids: number[] };
    expect(ids.ids).toEqual([]);
    await othersAnswered(base);
  });

  it('drops a client that never reads a large answer after idleTimeout, and keeps answering others', async () => {
    /** Emits 'started' when a /big request reaches the service. */
    const bigStarted = new EventEmitter();
    const { session, base, port } = await serve({ bigStarted: () => bigStarted.emit('started') });
    const raw = await connect(port);
    raw.socket.pause(); // never read: the kernel buffers fill, then node's write stalls
    const arrived = once(bigStarted, 'started');
    raw.socket.write('GET /big?bytes=33554432 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await arrived;
    expect(session.running[0]!.server.inFlight()).toBe(1);
    await othersAnswered(base, () => session.running[0]!.server.inFlight() >= 1);
    // The idle timeout drops the client: its answer leaves the in-flight count (the server's event, no polling).
    await session.running[0]!.server.idle();
    expect(session.running[0]!.server.inFlight()).toBe(0);
    await othersAnswered(base);
  });

  it('refuses an oversized header block with 431 and answers the nearest valid request', async () => {
    const { base } = await serve();
    const res = await fetch(`${base}/notes?tenant=x`, {
      headers: { 'x-big': 'a'.repeat(LIMITS.maxHeaderBytes + 1) },
    });
    expect(res.status).toBe(431);
    const ok = await fetch(`${base}/notes?tenant=x`, {
      headers: { 'x-big': 'a'.repeat(LIMITS.maxHeaderBytes / 2) },
    });
    expect(ok.status).toBe(200);
  });
});
