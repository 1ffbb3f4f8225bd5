// Client timeouts: `timeoutMs` bounds the wait for the response headers (connect included); while a body is
// read, `idleTimeoutMs` (default: timeoutMs) bounds each wait for more bytes, so a stream longer than the
// timeout lives as long as its events keep coming. Timeouts and aborts surface as the package's own error
// classes, never a raw DOMException. The client's timers run on vitest's fake clock (setTimeout, clearTimeout
// and Date: what the client runtime reads) while the server and fetch stay real: the test writes each answer
// once the client waits for it (an event) and moves the clock itself, so every wait is exact, on a loaded
// machine too, and the timeouts are judged at both ends (one millisecond short of them, and at them).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsClient } from '../../generated/analytics/client.js';
import { ApiAbortError, ApiTimeoutError, GenerativeClient } from '../../generated/generative/client.js';

const servers: http.Server[] = [];
afterAll(async () =>
  Promise.all(
    servers.map((s) => {
      s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  ),
);
afterEach(() => {
  vi.useRealTimers();
});

/** The timers the client runtime uses; the server, sockets and fetch keep the real ones. */
const clientClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

/** Queued values, each taken by a wait (an event the test awaits, never a timer). */
function queue<T>() {
  const items: T[] = [];
  const waiters: Array<(item: T) => void> = [];
  return {
    push(item: T) {
      const waiter = waiters.shift();
      if (waiter) waiter(item);
      else items.push(item);
    },
    next(): Promise<T> {
      return items.length ? Promise.resolve(items.shift()!) : new Promise((resolve) => waiters.push(resolve));
    },
  };
}

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server whose answers the test writes: `next()` gives the response of each request as it arrives. */
async function answering() {
  const arrived = queue<http.ServerResponse>();
  const baseUrl = await serve((req, res) => {
    req.resume();
    req.on('end', () => arrived.push(res));
  });
  return { baseUrl, next: () => arrived.next() };
}

/**
 * The real fetch, with each answer's body read through a stream that pulls one chunk per read of the client:
 * `waits` gets an entry each time the client waits for bytes (the moment its idle timer measures from).
 */
function watchedFetch() {
  const waits = queue<void>();
  const watched = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const response = await fetch(input, init);
    const reader = response.body!.getReader();
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          waits.push();
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status: response.status, headers: response.headers });
  }) as typeof fetch;
  return { fetch: watched, waits };
}

/** Whether `promise` has settled once the loop has turned (timers of the fake clock excepted). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  return done;
}

const event = (i: number) =>
  `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: `part ${i}` }] }, index: 0 }] })}\n\n`;
const SSE = { 'content-type': 'text/event-stream' };

const request = {
  model: 'm1',
  alt: 'sse' as const,
  body: {
    contents: [{ role: 'user' as const, parts: [{ text: 'story' }] }] as [{ role: 'user'; parts: { text: string }[] }],
  },
};

describe('client timeouts', () => {
  it('a stream much longer than timeoutMs survives while its events keep coming', async () => {
    clientClock();
    const server = await answering();
    const client = new GenerativeClient({ baseUrl: server.baseUrl, apiKey: 'k', timeoutMs: 500 });
    const events = client.streamGenerateContent(request)[Symbol.asyncIterator]();
    let next = events.next();
    const res = await server.next();
    res.writeHead(200, SSE).flushHeaders();
    const started = Date.now();
    for (let i = 0; i < 6; i++) {
      // Each wait one millisecond short of the timeout; six of them are far past it.
      await vi.advanceTimersByTimeAsync(499);
      res.write(event(i));
      expect((await next).done, `event ${i} arrives`).toBe(false);
      next = events.next();
    }
    res.end();
    expect((await next).done).toBe(true);
    expect(Date.now() - started, 'the stream outlived timeoutMs').toBe(6 * 499);
  });

  it('a stream that stalls for the idle timeout fails with ApiTimeoutError (phase idle); a millisecond less does not', async () => {
    clientClock();
    const server = await answering();
    const client = new GenerativeClient({ baseUrl: server.baseUrl, apiKey: 'k', timeoutMs: 5_000, idleTimeoutMs: 150 });
    const events = client.streamGenerateContent(request)[Symbol.asyncIterator]();
    let next = events.next();
    const res = await server.next();
    res.writeHead(200, SSE).flushHeaders();
    for (let i = 0; i < 3; i++) {
      res.write(event(i));
      expect((await next).done).toBe(false);
      next = events.next();
    }
    const outcome = next.then(
      () => undefined,
      (error: unknown) => error,
    );
    await settled(outcome);
    await vi.advanceTimersByTimeAsync(149);
    expect(await settled(outcome), 'still waiting 149 ms into a 150 ms idle timeout').toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error).not.toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ operationId: 'streamGenerateContent', timeoutMs: 150, phase: 'idle' });
  });

  it('a JSON body delivered slowly but steadily is read past timeoutMs', async () => {
    clientClock();
    const server = await answering();
    const watched = watchedFetch();
    const client = new AnalyticsClient({
      baseUrl: server.baseUrl,
      bearerToken: 't',
      timeoutMs: 250,
      fetch: watched.fetch,
    });
    const answer = client.listGroups({ mine: true });
    const res = await server.next();
    res.writeHead(200, { 'content-type': 'application/json' }).flushHeaders();
    const text = JSON.stringify({ kind: 'youtubeAnalytics#groupListResponse', etag: 'e', items: [] });
    const started = Date.now();
    // 4-byte pieces, each sent 249 ms after the client began to wait for it.
    const pieces = text.match(/.{1,4}/g)!;
    // A client that gave up stops reading: that ends the wait for its next read too.
    const gaveUp = answer.then(() => Promise.reject(new Error('answered before the body ended')));
    const nextRead = () => Promise.race([watched.waits.next(), gaveUp]);
    for (const piece of pieces) {
      await nextRead();
      await vi.advanceTimersByTimeAsync(249);
      res.write(piece);
    }
    await nextRead();
    res.end();
    await expect(answer).resolves.toMatchObject({ etag: 'e' });
    expect(Date.now() - started).toBe(pieces.length * 249);
  });

  it('no response headers within timeoutMs is ApiTimeoutError (phase headers); a millisecond less is not', async () => {
    clientClock();
    // A server that never answers (its connections end when the test's servers close).
    const server = await answering();
    const client = new GenerativeClient({
      baseUrl: server.baseUrl,
      apiKey: 'k',
      timeoutMs: 60,
      retry: { maxRetries: 0 },
    });
    const outcome = client
      .streamGenerateContent(request)
      [Symbol.asyncIterator]()
      .next()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    await server.next();
    await vi.advanceTimersByTimeAsync(59);
    expect(await settled(outcome), 'still waiting 59 ms into a 60 ms timeout').toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error).toMatchObject({ phase: 'headers', timeoutMs: 60 });
    expect(error).not.toBeInstanceOf(DOMException);
  });

  it("the caller's abort before the headers is ApiAbortError carrying the reason", async () => {
    const controller = new AbortController();
    const reason = new Error('user went away');
    // The caller aborts once the request has reached the server, which never answers.
    const baseUrl = await serve((req) => {
      req.resume();
      controller.abort(reason);
    });
    const client = new AnalyticsClient({ baseUrl, bearerToken: 't' });
    const error = await client.listGroups({ mine: true }, { signal: controller.signal }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiAbortError);
    expect(error.cause).toBe(reason);
    expect(error.message).toBe('listGroups was aborted: user went away');
  });

  it("the caller's abort in the middle of a stream is ApiAbortError, and the stream stops", async () => {
    const server = await answering();
    const client = new GenerativeClient({ baseUrl: server.baseUrl, apiKey: 'k' });
    const controller = new AbortController();
    const events = client.streamGenerateContent(request, { signal: controller.signal })[Symbol.asyncIterator]();
    let next = events.next();
    const res = await server.next();
    res.writeHead(200, SSE).flushHeaders();
    for (let i = 0; i < 2; i++) {
      res.write(event(i));
      expect((await next).done).toBe(false);
      next = events.next();
    }
    controller.abort();
    // The server goes on writing; the stream yields nothing more.
    res.write(event(2));
    const error = await next.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAbortError);
    expect(await events.next().then((r) => r.done)).toBe(true);
  });

  it('an already aborted signal sends nothing', async () => {
    let hits = 0;
    const baseUrl = await serve((req, res) => {
      hits++;
      req.resume();
      res.end('{}');
    });
    const client = new AnalyticsClient({ baseUrl, bearerToken: 't' });
    const error = await client.listGroups({ mine: true }, { signal: AbortSignal.abort('no') }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiAbortError);
    expect(hits).toBe(0);
  });
});
