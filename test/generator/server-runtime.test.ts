// The generated servers under failure and load: a handler that throws is logged (pluggable logger, stderr
// by default) and answered in the service's shape; a stream handler that fails mid-answer ends with an error
// event the client recognises; a slow reader holds a stream's producer back (drain); handlers learn through
// an AbortSignal that the client went away; a wrong method on a known path is 405 with Allow; body limits
// are per route (x-body-limit, or the bodyLimits option).
import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { createAdCreativeServer } from '../../generated/ad-creative/server.js';
import { createAnalyticsServer } from '../../generated/analytics/server.js';
import { GenerativeClient, InternalServerError } from '../../generated/generative/client.js';
import { createGenerativeServer, generativeErrorStyle, statusError } from '../../generated/generative/server.js';
import { createRouter, type RouteDef } from '../../generated/generative/runtime/server/index.js';
import { exampleHandlers } from '../../contracts/targets/example-handlers.js';
import { buildServiceModel } from '../../generator/model/build.js';
import { statusErrorStyle } from './fixtures/error-style.js';
import { localServers } from '../support/local-servers.js';

const serve = localServers();

/** Example handlers of a service with some operations answered otherwise. */
function handlersWith(service: 'ad-creative' | 'analytics' | 'generative', overrides: Record<string, unknown>): any {
  const handlers: Record<string, unknown> = exampleHandlers(service);
  return new Proxy({}, { get: (_, id: string) => overrides[id] ?? handlers[id] });
}

const KEY = { 'x-goog-api-key': 'k' };
const generateBody = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
const chunk = (text: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }] });

describe('handler failures', () => {
  it("are logged with the operation and answered as the service's internal error", async () => {
    const logged: Array<{ details: Record<string, unknown>; message: string }> = [];
    const base = await serve(
      createAnalyticsServer(
        handlersWith('analytics', {
          listGroups: async () => {
            throw new TypeError('bug in the handler');
          },
        }),
        {
          logger: { error: (details, message) => logged.push({ details, message }) },
        },
      ),
    );
    const response = await fetch(`${base}/v2/groups?mine=true`, { headers: { authorization: 'Bearer t' } });
    const body = await response.json();
    expect(response.status).toBe(500);
    expect(body).toEqual({ error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } });
    expect(JSON.stringify(body)).not.toContain('bug in the handler');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      message: 'handler failed',
      details: {
        operationId: 'listGroups',
        path: '/v2/groups',
        err: { type: 'TypeError', message: 'bug in the handler' },
      },
    });
  });

  it('go to stderr when no logger is given, and nowhere with logger: false', async () => {
    const writes: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      const failing = handlersWith('ad-creative', {
        deleteAdCreative: async () => {
          throw new Error('disk on fire');
        },
      });
      const base = await serve(createAdCreativeServer(failing));
      const response = await fetch(`${base}/v20.0/123?access_token=t`, { method: 'DELETE' });
      expect(response.status).toBe(500);
      expect((await response.json()).error).toMatchObject({ code: 1, is_transient: true });
      const line = writes.find((w) => w.includes('disk on fire'));
      expect(JSON.parse(line!)).toMatchObject({
        level: 'error',
        msg: 'handler failed',
        operationId: 'deleteAdCreative',
      });
      writes.length = 0;
      const quiet = await serve(createAdCreativeServer(failing, { logger: false }));
      expect((await fetch(`${quiet}/v20.0/123?access_token=t`, { method: 'DELETE' })).status).toBe(500);
      expect(writes.filter((w) => w.includes('disk on fire'))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('streams', () => {
  it('a handler failure mid-stream ends it with an error event the client throws as a typed error', async () => {
    const logged: string[] = [];
    const base = await serve(
      createGenerativeServer(
        handlersWith('generative', {
          streamGenerateContent: async () => ({
            sse: (async function* () {
              yield chunk('first');
              throw new Error('model crashed');
            })(),
          }),
        }),
        { logger: { error: (_, message) => logged.push(message) } },
      ),
    );
    const raw = await (
      await fetch(`${base}/v1beta/models/m:streamGenerateContent?alt=sse`, {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'application/json' },
        body: generateBody,
      })
    ).text();
    expect(raw.trim().split('\n\n').at(-1)).toBe(
      `data: ${JSON.stringify({ error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } })}`,
    );
    const client = new GenerativeClient({ baseUrl: base, apiKey: 'k', retry: { maxRetries: 0 } });
    const texts: string[] = [];
    const error = await (async () => {
      for await (const c of client.streamGenerateContent({ model: 'm', alt: 'sse', body: JSON.parse(generateBody) }))
        texts.push(c.candidates![0]!.content!.parts![0]!.text!);
    })().catch((e) => e);
    expect(texts).toEqual(['first']);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(logged).toContain('stream handler failed');
  });

  it('a documented error thrown mid-stream is sent as itself', async () => {
    const base = await serve(
      createGenerativeServer(
        handlersWith('generative', {
          streamGenerateContent: async () => ({
            sse: (async function* () {
              yield chunk('a');
              throw statusError('RESOURCE_EXHAUSTED', 'quota');
            })(),
          }),
        }),
        { logger: false },
      ),
    );
    const raw = await (
      await fetch(`${base}/v1beta/models/m:streamGenerateContent?alt=sse`, {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'application/json' },
        body: generateBody,
      })
    ).text();
    expect(raw).toContain(
      `data: ${JSON.stringify({ error: { code: 429, message: 'quota', status: 'RESOURCE_EXHAUSTED' } })}`,
    );
  });

  it('a reader that does not read holds the producer back (backpressure)', async () => {
    let produced = 0;
    const big = 'x'.repeat(64 * 1024);
    // The answer's writes are watched: each one the socket could not take at once (write answered false) is
    // an event, and so is its drain; the producer is held back when such a write gets no drain.
    const blocked: Array<() => void> = [];
    let answer: http.ServerResponse | undefined;
    const listener = createGenerativeServer(
      handlersWith('generative', {
        streamGenerateContent: async () => ({
          sse: (async function* () {
            for (let i = 0; i < 2_000; i++) {
              produced++;
              yield chunk(big);
            }
          })(),
        }),
      }),
      { logger: false },
    );
    const base = await serve((req, res) => {
      answer = res;
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      (res as unknown as { write: (...args: unknown[]) => boolean }).write = (...args) => {
        const taken = write(...args);
        if (!taken) for (const notify of blocked.splice(0)) notify();
        return taken;
      };
      listener(req, res);
    });
    const nextBlockedWrite = () => new Promise<void>((resolve) => blocked.push(resolve));
    /** Turns of the event loop (not a timer): a socket that can take bytes drains within a few. */
    const loopTurns = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
    };
    const url = new URL(`${base}/v1beta/models/m:streamGenerateContent?alt=sse`);
    const request = http.request(url, { method: 'POST', headers: { ...KEY, 'content-type': 'application/json' } });
    const firstBlocked = nextBlockedWrite();
    const response = await new Promise<http.IncomingMessage>((resolve) => {
      request.on('response', resolve);
      request.end(generateBody);
    });
    response.pause();
    await firstBlocked;
    // Until the kernel's buffers are full, blocked writes drain; then one stays blocked.
    // (A producer that ignores backpressure has written everything by then: the loop ends and the checks fail.)
    while (produced < 2_000) {
      const drained = new Promise<void>((resolve) => answer!.once('drain', resolve));
      const next = nextBlockedWrite();
      await Promise.race([drained, loopTurns(20)]);
      if (answer!.writableNeedDrain) break;
      await Promise.race([next, loopTurns(100)]);
    }
    const held = produced;
    await loopTurns(50);
    // 2,000 events are 128 MiB; without backpressure they would all be written by now.
    expect(produced, 'the producer is not asked for more while its write waits for a drain').toBe(held);
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(400);
    response.destroy();
  });
});

describe('the client going away', () => {
  it("aborts the handler's signal", async () => {
    let seen: AbortSignal | undefined;
    let entered: () => void = () => undefined;
    const handling = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const base = await serve(
      createAnalyticsServer(
        handlersWith('analytics', {
          listGroups: async ({ signal }: { signal: AbortSignal }) => {
            seen = signal;
            entered();
            // A handler still at work: it ends only when its signal aborts.
            await new Promise((resolve) => signal.addEventListener('abort', resolve));
            return { body: { kind: 'k', etag: 'e', items: [] } };
          },
        }),
        { logger: false },
      ),
    );
    const controller = new AbortController();
    const call = fetch(`${base}/v2/groups?mine=true`, {
      headers: { authorization: 'Bearer t' },
      signal: controller.signal,
    }).catch((e) => e);
    await handling;
    expect(seen?.aborted).toBe(false);
    const aborted = new Promise((resolve) => seen!.addEventListener('abort', resolve));
    controller.abort();
    await call;
    // The event itself: the handler's signal aborts once the client has gone.
    await aborted;
    expect(seen?.aborted).toBe(true);
  });

  it('leaves the signal alone when the answer completes', async () => {
    let seen: AbortSignal | undefined;
    const base = await serve(
      createAnalyticsServer(
        handlersWith('analytics', {
          listGroups: async ({ signal }: { signal: AbortSignal }) => {
            seen = signal;
            return { body: { kind: 'k', etag: 'e', items: [] } };
          },
        }),
      ),
    );
    // A connection that closes after its answer: once the socket is closed, the server is done with the request.
    const status = await new Promise<number | undefined>((resolve) => {
      const request = http.get(`${base}/v2/groups?mine=true`, {
        agent: false,
        headers: { authorization: 'Bearer t', connection: 'close' },
      });
      request.on('response', (response) => {
        response.resume();
        request.socket?.once('close', () => resolve(response.statusCode));
      });
    });
    expect(status).toBe(200);
    expect(seen?.aborted).toBe(false);
  });
});

describe('a wrong method on a known path', () => {
  it("is 405 with Allow (Graph: 400 code 100/33 with Allow, as the public service answers), in each service's shape; an unknown path stays 404", async () => {
    const graph = await serve(createAdCreativeServer(exampleHandlers('ad-creative') as never));
    const refused = await fetch(`${graph}/v20.0/123?access_token=t`, { method: 'PUT' });
    // public-service-notes, Graph errors: "Unsupported <method> request" is code 100, subcode 33, HTTP 400.
    expect(refused.status).toBe(400);
    expect(refused.headers.get('allow')).toBe('DELETE, GET, POST');
    expect((await refused.json()).error).toMatchObject({
      code: 100,
      error_subcode: 33,
      type: 'GraphMethodException',
      fbtrace_id: expect.any(String),
    });
    const status = await serve(createGenerativeServer(exampleHandlers('generative') as never));
    const refused2 = await fetch(`${status}/v1beta/files`, { method: 'DELETE', headers: KEY });
    expect(refused2.status).toBe(405);
    expect(refused2.headers.get('allow')).toBe('GET, POST');
    expect((await refused2.json()).error).toMatchObject({ code: 405, status: 'METHOD_NOT_ALLOWED' });
    expect((await fetch(`${status}/v1beta/nothing-here`, { headers: KEY })).status).toBe(404);
    expect((await fetch(`${status}/v1beta/files`, { headers: KEY })).status).toBe(200);
  });
});

describe('body limits per route', () => {
  const route = (maxBodyBytes?: number): RouteDef => ({
    operationId: 'put',
    method: 'POST',
    path: '/put',
    params: [],
    bodies: [{ contentType: 'application/json', kind: 'json' }],
    bodyRequired: false,
    security: 'optional',
    securityRequirements: [{}],
    credentialSources: [],
    scopes: [],
    ...(maxBodyBytes ? { maxBodyBytes } : {}),
    validateParams: () => true,
    validateBody: {},
    validateResponse: {},
  });
  const post = (base: string, bytes: number) =>
    fetch(`${base}/put`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ s: 'x'.repeat(bytes) }),
    });

  it("a route's own limit (x-body-limit) replaces the default, and the bodyLimits option overrides both", async () => {
    const ok = async () => ({ body: { ok: true } });
    const defaults = await serve(
      createRouter([route()], ok, { errorStyle: generativeErrorStyle, maxBodyBytes: 1_000 }),
    );
    expect((await post(defaults, 2_000)).status).toBe(400);
    const larger = await serve(
      createRouter([route(10_000)], ok, { errorStyle: generativeErrorStyle, maxBodyBytes: 1_000 }),
    );
    expect((await post(larger, 2_000)).status).toBe(200);
    const refused = await post(larger, 20_000);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe('Request payload size exceeds the limit: 10000 bytes.');
    const overridden = await serve(
      createRouter([route(10_000)], ok, { errorStyle: generativeErrorStyle, bodyLimits: { put: 100 } }),
    );
    expect((await post(overridden, 200)).status).toBe(400);
    expect((await post(overridden, 10)).status).toBe(200);
  });

  it('reads x-body-limit from the operation or its request body, and refuses a malformed one', () => {
    const doc = (op: Record<string, unknown>) => ({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      'x-error-style': statusErrorStyle,
      paths: { '/put': { post: { operationId: 'put', responses: { '200': { description: 'ok' } }, ...op } } },
    });
    expect(buildServiceModel('analytics', doc({ 'x-body-limit': 20_971_520 }) as never).operations[0]!.bodyLimit).toBe(
      20_971_520,
    );
    expect(
      buildServiceModel(
        'analytics',
        doc({ requestBody: { 'x-body-limit': 4096, content: { 'application/json': { schema: {} } } } }) as never,
      ).operations[0]!.bodyLimit,
    ).toBe(4096);
    expect(() => buildServiceModel('analytics', doc({ 'x-body-limit': '20MB' }) as never)).toThrow(
      'x-body-limit must be a positive integer',
    );
  });
});
