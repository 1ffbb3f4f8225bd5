// The generated clients' transport, against small raw servers that misbehave on purpose: a timeout per
// call, an AbortSignal (also during a retry's wait), retries on 503 / 429 with Retry-After and their
// limit, no retry on other errors, and an unreachable server. Timing bounds here check behaviour (a wait
// happened, an abort cut one short), with wide margins; they are not speed targets.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  AnalyticsClient,
  ApiConnectionError,
  ApiTimeoutError,
  StatusApiError,
} from '../../generated/analytics/client.js';

const servers: http.Server[] = [];
afterAll(async () =>
  Promise.all(
    servers.map((s) => {
      // Held answers (a server that never answers) end with their connections.
      s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  ),
);

/** An answer held forever: the server never answers (until it is closed). */
const never = () => undefined;

/** A server that answers the n-th request (0-based) as `answer` says, counting requests. */
async function scripted(
  answer: (n: number, res: http.ServerResponse) => void,
): Promise<{ baseUrl: string; count: () => number }> {
  let n = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(n++, res));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, count: () => n };
}

const groups = JSON.stringify({ kind: 'youtubeAnalytics#groupListResponse', etag: 'e', items: [] });
const ok = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(groups);
const status = (res: http.ServerResponse, code: number, name: string, headers: Record<string, string> = {}) =>
  res
    .writeHead(code, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify({ error: { code, message: `${name} happened`, status: name } }));
const FAST = { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 5 };

describe('generated client transport', () => {
  it('gives up after timeoutMs with a timeout error naming the operation', async () => {
    const { baseUrl } = await scripted(never);
    const client = new AnalyticsClient({ baseUrl, bearerToken: 't', timeoutMs: 50, retry: { maxRetries: 0 } });
    const error = await client.listGroups({ mine: true }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error.message).toBe('listGroups timed out after 50 ms');
  });

  it('a per-call timeout overrides the client one', async () => {
    // The client's timers on the fake clock: the answer is held until the clock is past the client's timeout.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      let held: (() => void) | undefined;
      const arrived = new Promise<void>((resolve) => {
        held = resolve;
      });
      let answer: http.ServerResponse | undefined;
      const { baseUrl } = await scripted((_, res) => {
        answer = res;
        held!();
      });
      const client = new AnalyticsClient({ baseUrl, bearerToken: 't', timeoutMs: 20 });
      const groupsRead = client.listGroups({ mine: true }, { timeoutMs: 5_000 });
      await arrived;
      await vi.advanceTimersByTimeAsync(200);
      ok(answer!);
      await expect(groupsRead).resolves.toMatchObject({ kind: 'youtubeAnalytics#groupListResponse' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("stops when the caller aborts, with the caller's reason", async () => {
    const controller = new AbortController();
    // The caller aborts once the request has reached the server, which never answers.
    const { baseUrl } = await scripted(() => controller.abort(new Error('user went away')));
    const client = new AnalyticsClient({ baseUrl, bearerToken: 't' });
    await expect(client.listGroups({ mine: true }, { signal: controller.signal })).rejects.toThrow('user went away');
  });

  it('stops during a retry wait when the caller aborts', async () => {
    const controller = new AbortController();
    // The caller aborts once the 503 has been answered: the client is then in (or about to start) its wait.
    const { baseUrl, count } = await scripted((_, res) => {
      res.once('finish', () => controller.abort(new Error('cancelled')));
      status(res, 503, 'UNAVAILABLE', { 'retry-after': '30' });
    });
    const client = new AnalyticsClient({ baseUrl, bearerToken: 't', retry: { maxRetries: 3, maxDelayMs: 60_000 } });
    const started = Date.now();
    await expect(client.listGroups({ mine: true }, { signal: controller.signal })).rejects.toThrow('cancelled');
    expect(Date.now() - started).toBeLessThan(10_000); // not the 30 s Retry-After
    expect(count()).toBe(1);
  });

  it('retries 503 and 429 and then succeeds', async () => {
    const { baseUrl, count } = await scripted((n, res) =>
      n === 0 ? status(res, 503, 'UNAVAILABLE') : n === 1 ? status(res, 429, 'RESOURCE_EXHAUSTED') : ok(res),
    );
    const client = new AnalyticsClient({ baseUrl, bearerToken: 't', retry: FAST });
    await expect(client.listGroups({ mine: true })).resolves.toMatchObject({ etag: 'e' });
    expect(count()).toBe(3);
  });

  it('waits for Retry-After before the next attempt', async () => {
    const { baseUrl } = await scripted((n, res) =>
      n === 0 ? status(res, 429, 'RESOURCE_EXHAUSTED', { 'retry-after': '1' }) : ok(res),
    );
    const client = new AnalyticsClient({
      baseUrl,
      bearerToken: 't',
      retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 10_000 },
    });
    const started = Date.now();
    await client.listGroups({ mine: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('gives up after maxRetries with the typed error of the last answer', async () => {
    const { baseUrl, count } = await scripted((_, res) => status(res, 429, 'RESOURCE_EXHAUSTED'));
    const client = new AnalyticsClient({ baseUrl, bearerToken: 't', retry: FAST });
    const error = await client.listGroups({ mine: true }).catch((e) => e);
    expect(error).toBeInstanceOf(StatusApiError);
    expect(error).toMatchObject({ httpStatus: 429, status: 'RESOURCE_EXHAUSTED' });
    expect(error.message).toBe('listGroups failed: HTTP 429 RESOURCE_EXHAUSTED: RESOURCE_EXHAUSTED happened');
    expect(count()).toBe(4);
  });

  it('does not retry other errors', async () => {
    const { baseUrl, count } = await scripted((_, res) => status(res, 400, 'INVALID_ARGUMENT'));
    const client = new AnalyticsClient({ baseUrl, bearerToken: 't', retry: FAST });
    await expect(client.listGroups({ mine: true })).rejects.toMatchObject({
      httpStatus: 400,
      status: 'INVALID_ARGUMENT',
    });
    expect(count()).toBe(1);
  });

  it('reports an unreachable server as a connection error', async () => {
    const { baseUrl } = await scripted((_, res) => ok(res));
    await new Promise((r) => servers.pop()!.close(r));
    const client = new AnalyticsClient({ baseUrl, bearerToken: 't', retry: { maxRetries: 0 } });
    const error = await client.listGroups({ mine: true }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect(error.message).toMatch(/^listGroups could not reach the server: /);
  });
});

describe('error classes across generated packages', () => {
  it("recognise an error thrown by another package's client, and only of their own kind", async () => {
    const { GenerativeClient } = await import('../../generated/generative/client.js');
    const { StatusApiError: GenerativeStatusApiError } = await import('../../generated/generative/client.js');
    const { GraphApiError, ApiError } = await import('../../generated/ad-creative/client.js');
    const { baseUrl } = await scripted((_, res) => status(res, 400, 'INVALID_ARGUMENT'));
    const error = await new GenerativeClient({ baseUrl, apiKey: 'k', retry: { maxRetries: 0 } })
      .listFiles()
      .catch((e) => e);
    expect(GenerativeStatusApiError).not.toBe(StatusApiError); // two copies of the runtime
    expect(error).toBeInstanceOf(GenerativeStatusApiError);
    expect(error).toBeInstanceOf(StatusApiError); // the analytics package's class
    expect(error).toBeInstanceOf(ApiError); // the ad creative package's base class
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(GraphApiError);
    expect(error).not.toBeInstanceOf(ApiTimeoutError);
    expect(Object.keys(error)).not.toContain('kinds');
    expect({ plain: true }).not.toBeInstanceOf(StatusApiError);
  });
});
