// Client timeouts: `timeoutMs` bounds the wait for the response headers (connect included); while a body is
// read, `idleTimeoutMs` (default: timeoutMs) bounds each wait for more bytes, so a stream longer than the
// timeout lives as long as its events keep coming (the default 60 s vs a 90 s stream, scaled down: 500 ms vs
// 1.2 s, an event every 20 ms). Timeouts and aborts surface as the package's own error classes, never a raw DOMException.
// Timing bounds check behaviour with wide margins; they are not speed targets.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
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

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const chunk = (i: number) =>
  JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: `part ${i}` }] }, index: 0 }] });

/** An SSE answer of `count` events, one every `every` ms, with an extra `stall` ms before event `stallAt`. */
function sse(count: number, every: number, stall = 0, stallAt = -1): http.RequestListener {
  return (req, res) => {
    req.resume();
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < count; i++) {
        if (i === stallAt) await delay(stall);
        if (res.destroyed) return;
        res.write(`data: ${chunk(i)}\n\n`);
        await delay(every);
      }
      res.end();
    });
  };
}

const request = {
  model: 'm1',
  alt: 'sse' as const,
  body: {
    contents: [{ role: 'user' as const, parts: [{ text: 'story' }] }] as [{ role: 'user'; parts: { text: string }[] }],
  },
};

async function collect(iterable: AsyncIterable<unknown>): Promise<{ got: number; error?: unknown }> {
  let got = 0;
  try {
    for await (const _ of iterable) got++;
    return { got };
  } catch (error) {
    return { got, error };
  }
}

describe('client timeouts', () => {
  it('a stream much longer than timeoutMs survives while its events keep coming', async () => {
    const baseUrl = await serve(sse(60, 20));
    const client = new GenerativeClient({ baseUrl, apiKey: 'k', timeoutMs: 500 });
    const started = Date.now();
    const { got, error } = await collect(client.streamGenerateContent(request));
    expect(error).toBeUndefined();
    expect(got).toBe(60);
    expect(Date.now() - started).toBeGreaterThan(1_000); // it did outlive the timeout
  });

  it('a stream that stalls longer than the idle timeout fails with ApiTimeoutError (phase idle)', async () => {
    const baseUrl = await serve(sse(6, 10, 1_000, 3));
    const client = new GenerativeClient({ baseUrl, apiKey: 'k', timeoutMs: 5_000, idleTimeoutMs: 150 });
    const { got, error } = await collect(client.streamGenerateContent(request));
    expect(got).toBe(3);
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error).not.toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ operationId: 'streamGenerateContent', timeoutMs: 150, phase: 'idle' });
  });

  it('a JSON body delivered slowly but steadily is read past timeoutMs', async () => {
    const baseUrl = await serve((req, res) => {
      req.resume();
      req.on('end', async () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const text = JSON.stringify({ kind: 'youtubeAnalytics#groupListResponse', etag: 'e', items: [] });
        // 4-byte pieces 40 ms apart (about 700 ms in all) against a 250 ms timeout: the margin per gap is wide
        // enough for a loaded machine, the whole read well past the timeout.
        for (const piece of text.match(/.{1,4}/g)!) {
          res.write(piece);
          await delay(40);
        }
        res.end();
      });
    });
    const client = new AnalyticsClient({ baseUrl, bearerToken: 't', timeoutMs: 250 });
    await expect(client.listGroups({ mine: true })).resolves.toMatchObject({ etag: 'e' });
  });

  it('no response headers within timeoutMs is ApiTimeoutError (phase headers), not a DOMException', async () => {
    // A server that never answers (its connections end when the test's servers close).
    const baseUrl = await serve((req) => req.resume());
    const client = new GenerativeClient({ baseUrl, apiKey: 'k', timeoutMs: 60, retry: { maxRetries: 0 } });
    const { error } = await collect(client.streamGenerateContent(request));
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
    const baseUrl = await serve(sse(50, 20));
    const client = new GenerativeClient({ baseUrl, apiKey: 'k' });
    const controller = new AbortController();
    let got = 0;
    const error = await (async () => {
      for await (const _ of client.streamGenerateContent(request, { signal: controller.signal })) {
        if (++got === 2) controller.abort();
      }
    })().catch((e) => e);
    expect(error).toBeInstanceOf(ApiAbortError);
    expect(got).toBeLessThan(5);
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
