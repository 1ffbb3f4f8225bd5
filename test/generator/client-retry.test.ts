// The clients' retry policy, branch by branch: the decision (retryDelay) as a pure function of the failure,
// and the transport's use of it through a scripted fetch (no sockets, no real waits): what is sent again,
// how often, with which idempotency key, and the same policy for resumable upload chunks; the paging loop
// guards. Timings are read from the decision, never measured.
import { describe, expect, it } from 'vitest';
import { AdCreativeClient } from '../../generated/ad-creative/client.js';
import { AnalyticsClient, ApiTimeoutError, RateLimitError } from '../../generated/analytics/client.js';
import { GenerativeClient } from '../../generated/generative/client.js';
import { ApiCore } from '../../generated/analytics/runtime/client/core.js';
import { ApiAbortError, ApiConnectionError, ApiError } from '../../generated/analytics/runtime/client/errors.js';
import { graphErrorOf } from '../../generated/ad-creative/runtime/client/graph-error.js';
import { statusErrorOf } from '../../generated/analytics/runtime/client/status-error.js';
import { backoffDelay, retryDelay, serverDelayMs } from '../../generated/analytics/runtime/client/retry.js';
import { json, scriptedFetch } from '../support/scripted-fetch.js';

const NO_WAIT = { maxRetries: 3, baseDelayMs: 0, maxDelayMs: 0 };
const graphError = (http: number, error: Record<string, unknown>, headers: Record<string, string> = {}) =>
  graphErrorOf('fbtrace_id')(
    http,
    'op',
    { error: { message: 'm', type: 'OAuthException', ...error } },
    new Headers(headers),
  );
const statusErr = (http: number, headers: Record<string, string> = {}) =>
  statusErrorOf(http, 'op', { error: { code: http, message: 'm', status: 'X' } }, new Headers(headers));
const refused = () =>
  new ApiConnectionError(
    'op',
    Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    }),
  );
const reset = () =>
  new ApiConnectionError(
    'op',
    Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
    }),
  );

const RETRY = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 10_000 };
const half = () => 0.5;
const GET = { attempt: 0, idempotent: true, random: half };
const POST = { attempt: 0, idempotent: false, random: half };
const BACKOFF = 100 * (1 - 0.5 * 0.25);

describe('retryDelay: which failures are retried', () => {
  it.each([408, 409, 500, 502, 503, 504])('retries %i on an idempotent request, not on a POST', (status) => {
    expect(retryDelay(statusErr(status), RETRY, GET)).toBe(BACKOFF);
    expect(retryDelay(statusErr(status), RETRY, POST)).toBeUndefined();
  });

  it('retries 429 even on a POST: a throttled request was not processed', () => {
    expect(retryDelay(statusErr(429), RETRY, POST)).toBe(BACKOFF);
  });

  it.each([400, 401, 403, 404, 422])('does not retry %i', (status) => {
    expect(retryDelay(statusErr(status), RETRY, GET)).toBeUndefined();
  });

  it('retries a service throttle code whatever the HTTP status, only when the spec names it', () => {
    const throttled = graphError(400, { code: 80004 });
    expect(retryDelay(throttled, RETRY, { ...POST, throttleCodes: [80004] })).toBe(BACKOFF);
    expect(retryDelay(throttled, RETRY, { ...POST, throttleCodes: [4] })).toBeUndefined();
    expect(retryDelay(throttled, RETRY, POST)).toBeUndefined();
  });

  it('retries an error the service marks is_transient, on an idempotent request', () => {
    expect(retryDelay(graphError(400, { code: 2, is_transient: true }), RETRY, GET)).toBe(BACKOFF);
    expect(retryDelay(graphError(400, { code: 2, is_transient: false }), RETRY, GET)).toBeUndefined();
    expect(retryDelay(graphError(400, { code: 2, is_transient: true }), RETRY, POST)).toBeUndefined();
  });

  it('follows x-should-retry either way', () => {
    expect(retryDelay(statusErr(400, { 'x-should-retry': 'true' }), RETRY, POST)).toBe(BACKOFF);
    expect(retryDelay(statusErr(503, { 'x-should-retry': 'false' }), RETRY, GET)).toBeUndefined();
    expect(retryDelay(statusErr(429, { 'x-should-retry': 'false' }), RETRY, GET)).toBeUndefined();
  });

  it('retries timeouts and broken connections on idempotent requests only', () => {
    expect(retryDelay(new ApiTimeoutError('op', 10), RETRY, GET)).toBe(BACKOFF);
    expect(retryDelay(new ApiTimeoutError('op', 10), RETRY, POST)).toBeUndefined();
    expect(retryDelay(reset(), RETRY, GET)).toBe(BACKOFF);
    expect(retryDelay(reset(), RETRY, POST)).toBeUndefined();
  });

  it('retries a refused connection even on a POST: it never reached the server', () => {
    expect(refused().notSent).toBe(true);
    expect(reset().notSent).toBe(false);
    expect(retryDelay(refused(), RETRY, POST)).toBe(BACKOFF);
  });

  it("never retries the caller's abort, an unknown error, or past maxRetries", () => {
    expect(retryDelay(new ApiAbortError('op', 'x'), RETRY, GET)).toBeUndefined();
    expect(retryDelay(new Error('bug'), RETRY, GET)).toBeUndefined();
    expect(retryDelay(statusErr(503), RETRY, { ...GET, attempt: 2 })).toBeDefined();
    expect(retryDelay(statusErr(503), RETRY, { ...GET, attempt: 3 })).toBeUndefined();
    expect(retryDelay(statusErr(503), { maxRetries: 0 }, GET)).toBeUndefined();
  });
});

describe('retryDelay: how long to wait', () => {
  it('backs off exponentially, capped, with jitter', () => {
    expect(backoffDelay(0, RETRY, () => 0)).toBe(100);
    expect(backoffDelay(3, RETRY, () => 0)).toBe(800);
    expect(backoffDelay(20, RETRY, () => 0)).toBe(10_000);
    // Jitter: a different random draw gives a different delay, within the last quarter.
    expect(backoffDelay(3, RETRY, () => 1)).toBe(600);
    const draws = new Set(Array.from({ length: 20 }, () => backoffDelay(3, RETRY)));
    expect(draws.size).toBeGreaterThan(1);
    for (const d of draws) expect(d).toBeGreaterThanOrEqual(600), expect(d).toBeLessThanOrEqual(800);
  });

  it('waits what Retry-After says, in seconds or as an HTTP date, and retry-after-ms first', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryDelay(statusErr(429, { 'retry-after': '2' }), RETRY, { ...POST, now })).toBe(2_000);
    expect(
      retryDelay(statusErr(429, { 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }), RETRY, { ...POST, now }),
    ).toBe(3_000);
    expect(retryDelay(statusErr(429, { 'retry-after-ms': '250', 'retry-after': '2' }), RETRY, { ...POST, now })).toBe(
      250,
    );
    expect(serverDelayMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryDelay(statusErr(429, { 'retry-after': 'soon' }), RETRY, { ...POST, now })).toBe(BACKOFF);
    expect(serverDelayMs(new Headers({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }), now)).toBe(0);
  });

  it('caps what the server asks for at maxDelayMs', () => {
    expect(retryDelay(statusErr(429, { 'retry-after': '3600' }), RETRY, POST)).toBe(10_000);
    expect(retryDelay(statusErr(503, { 'retry-after-ms': '99999' }), { ...RETRY, maxDelayMs: 50 }, GET)).toBe(50);
  });
});

const status = (code: number, headers: Record<string, string> = {}) =>
  json(code, { error: { code, message: 'x', status: 'X' } }, headers);
const groups = { kind: 'youtubeAnalytics#groupListResponse', etag: 'e', items: [] };
/** Hangs until aborted, as a server that never answers. */
const hang = (request: Request) =>
  new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));

describe('the transport applies the policy', () => {
  it('retries a GET through 500, 502, 504 and 408 to success', async () => {
    const { fetch, requests } = scriptedFetch(
      (n) => [status(500), status(502), status(504), status(408), json(200, groups)][n]!,
    );
    const client = new AnalyticsClient({
      baseUrl: 'http://api.test',
      bearerToken: 't',
      fetch,
      retry: { ...NO_WAIT, maxRetries: 4 },
    });
    await expect(client.listGroups({ mine: true })).resolves.toMatchObject({ etag: 'e' });
    expect(requests).toHaveLength(5);
  });

  it('does not send a create twice after a timeout', async () => {
    const { fetch, requests } = scriptedFetch((_, request) => hang(request));
    const client = new AdCreativeClient({
      baseUrl: 'http://api.test',
      accessToken: 't',
      fetch,
      timeoutMs: 20,
      retry: NO_WAIT,
    });
    const error = await client
      .createAdCreative({ version: 'v20.0', ad_account_id: '1', body: { name: 'N', object_story_id: '1_2' } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(requests).toHaveLength(1);
  });

  it('does not send a create twice after a 500, but does after a 429', async () => {
    const first = scriptedFetch(() => json(500, { error: { message: 'x', type: 'OAuthException', code: 1 } }));
    const client = new AdCreativeClient({
      baseUrl: 'http://api.test',
      accessToken: 't',
      fetch: first.fetch,
      retry: NO_WAIT,
    });
    await expect(
      client.createAdCreative({ version: 'v20.0', ad_account_id: '1', body: { name: 'N', object_story_id: '1_2' } }),
    ).rejects.toMatchObject({ httpStatus: 500 });
    expect(first.requests).toHaveLength(1);
    const second = scriptedFetch((n) =>
      n === 0 ? json(429, { error: { message: 'x', type: 'OAuthException', code: 80004 } }) : json(200, { id: '1' }),
    );
    const again = new AdCreativeClient({
      baseUrl: 'http://api.test',
      accessToken: 't',
      fetch: second.fetch,
      retry: NO_WAIT,
    });
    await expect(
      again.createAdCreative({ version: 'v20.0', ad_account_id: '1', body: { name: 'N', object_story_id: '1_2' } }),
    ).resolves.toEqual({ id: '1' });
    expect(second.requests).toHaveLength(2);
  });

  it('retries a Graph throttle code the spec documents even when it comes as HTTP 400', async () => {
    const { fetch, requests } = scriptedFetch((n) =>
      n === 0 ? json(400, { error: { message: 'x', type: 'OAuthException', code: 80004 } }) : json(200, { id: '7' }),
    );
    const client = new AdCreativeClient({ baseUrl: 'http://api.test', accessToken: 't', fetch, retry: NO_WAIT });
    await expect(client.getAdCreative({ version: 'v20.0', creative_id: '7' })).resolves.toMatchObject({ id: '7' });
    expect(requests).toHaveLength(2);
  });

  it('retries a GET whose connection broke, and gives up after maxRetries with the connection error', async () => {
    const { fetch, requests } = scriptedFetch(() => {
      throw reset().cause;
    });
    const client = new AnalyticsClient({ baseUrl: 'http://api.test', bearerToken: 't', fetch, retry: NO_WAIT });
    await expect(client.listGroups({ mine: true })).rejects.toBeInstanceOf(ApiConnectionError);
    expect(requests).toHaveLength(4);
  });

  it('retries a timed-out request the spec marks safe, with the same idempotency key each time', async () => {
    const { fetch, requests } = scriptedFetch((n, request) => (n < 2 ? hang(request) : json(200, { ok: true })));
    const core = new ApiCore(
      { baseUrl: 'http://api.test', fetch, timeoutMs: 20, retry: NO_WAIT },
      { error: statusErrorOf },
    );
    const spec = {
      operationId: 'makeThing',
      method: 'POST',
      path: '/things',
      credentials: 'none' as const,
      body: { kind: 'json' as const, value: {} },
    };
    await expect(core.request({ ...spec, idempotencyKeyHeader: 'Idempotency-Key' })).resolves.toMatchObject({
      data: { ok: true },
    });
    const keys = requests.map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);

    const marked = scriptedFetch((n, request) => (n < 1 ? hang(request) : json(200, { ok: true })));
    const core2 = new ApiCore(
      { baseUrl: 'http://api.test', fetch: marked.fetch, timeoutMs: 20, retry: NO_WAIT },
      { error: statusErrorOf },
    );
    await expect(core2.request({ ...spec, idempotent: true })).resolves.toMatchObject({ data: { ok: true } });
    expect(marked.requests).toHaveLength(2);
    expect(marked.requests[0]!.headers.get('idempotency-key')).toBeNull();
  });

  it('maxRetries at the top level and per call', async () => {
    const { fetch, requests } = scriptedFetch(() => status(503));
    const client = new AnalyticsClient({
      baseUrl: 'http://api.test',
      bearerToken: 't',
      fetch,
      maxRetries: 1,
      retry: { baseDelayMs: 0, maxDelayMs: 0 },
    });
    const error = await client.listGroups({ mine: true }).catch((e) => e);
    expect(requests).toHaveLength(2);
    expect(error).toBeInstanceOf(ApiError);
    await client.listGroups({ mine: true }, { maxRetries: 0 }).catch(() => undefined);
    expect(requests).toHaveLength(3);
    const limited = scriptedFetch(() => status(429));
    const error429 = await new AnalyticsClient({
      baseUrl: 'http://api.test',
      bearerToken: 't',
      fetch: limited.fetch,
      retry: NO_WAIT,
    })
      .listGroups({ mine: true })
      .catch((e) => e);
    expect(error429).toBeInstanceOf(RateLimitError);
  });
});

describe('resumable upload chunks follow the same policy', () => {
  const file = {
    file: {
      name: 'files/f1',
      mimeType: 'application/octet-stream',
      sizeBytes: '262145',
      state: 'ACTIVE',
      uri: 'http://u.test/v1beta/files/f1',
      createTime: '2024-05-01T12:00:00Z',
      updateTime: '2024-05-01T12:00:00Z',
    },
  };
  const session = 'http://upload.test/upload/v1beta/files?upload_id=s1';

  function uploadServer(chunkAnswers: Array<(request: Request) => Response | Promise<Response>>) {
    let received = 0;
    let chunkCall = 0;
    return scriptedFetch(async (_, request) => {
      const command = request.headers.get('x-goog-upload-command');
      if (command === 'start') return json(200, {}, { 'x-goog-upload-url': session });
      if (command === 'query') return json(200, {}, { 'x-goog-upload-size-received': String(received) });
      const answer = chunkAnswers[chunkCall++];
      if (answer) return answer(request);
      const bytes = new Uint8Array(await request.arrayBuffer());
      expect(Number(request.headers.get('x-goog-upload-offset'))).toBe(received);
      received += bytes.byteLength;
      return command!.includes('finalize') ? json(200, file) : json(200, {});
    });
  }
  const commands = (requests: Request[]) => requests.map((r) => r.headers.get('x-goog-upload-command'));
  const data = new Uint8Array(256 * 1024 + 1);

  it('retries a throttled chunk (429) after asking how much arrived', async () => {
    const { fetch, requests } = uploadServer([() => status(429)]);
    const client = new GenerativeClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch, retry: NO_WAIT });
    await expect(
      client.uploadFileResumable({ source: data, mimeType: 'application/octet-stream', chunkSize: 256 * 1024 }),
    ).resolves.toMatchObject({ file: { name: 'files/f1' } });
    expect(commands(requests)).toEqual(['start', 'upload', 'query', 'upload', 'upload, finalize']);
  });

  it("waits the server's Retry-After before resending a chunk", async () => {
    const { fetch } = uploadServer([() => status(503, { 'retry-after-ms': '150' })]);
    const client = new GenerativeClient({
      baseUrl: 'http://api.test',
      apiKey: 'k',
      fetch,
      retry: { maxRetries: 3, baseDelayMs: 0, maxDelayMs: 10_000 },
    });
    const started = Date.now();
    await client.uploadFileResumable({ source: data, mimeType: 'application/octet-stream', chunkSize: 256 * 1024 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('does not retry a chunk refused for good (400), nor past maxRetries', async () => {
    const refusedChunk = uploadServer([() => status(400)]);
    const client = new GenerativeClient({
      baseUrl: 'http://api.test',
      apiKey: 'k',
      fetch: refusedChunk.fetch,
      retry: NO_WAIT,
    });
    await expect(
      client.uploadFileResumable({ source: data, mimeType: 'application/octet-stream', chunkSize: 256 * 1024 }),
    ).rejects.toMatchObject({ httpStatus: 400 });
    expect(commands(refusedChunk.requests)).toEqual(['start', 'upload']);
    const failing = uploadServer(Array.from({ length: 10 }, () => () => status(503)));
    const limited = new GenerativeClient({
      baseUrl: 'http://api.test',
      apiKey: 'k',
      fetch: failing.fetch,
      retry: { ...NO_WAIT, maxRetries: 2 },
    });
    await expect(
      limited.uploadFileResumable({ source: data, mimeType: 'application/octet-stream', chunkSize: 256 * 1024 }),
    ).rejects.toMatchObject({ httpStatus: 503 });
    expect(commands(failing.requests)).toEqual(['start', 'upload', 'query', 'upload', 'query', 'upload']);
  });
});

describe('paging stops on a cursor or token it has seen', () => {
  it('Graph cursors: a server that hands back the same cursor forever', async () => {
    const { fetch, requests } = scriptedFetch(() =>
      json(200, { data: [{ id: '1' }], paging: { cursors: { before: 'A', after: 'A' }, next: 'http://x/next' } }),
    );
    const client = new AdCreativeClient({ baseUrl: 'http://api.test', accessToken: 't', fetch });
    const ids: string[] = [];
    for await (const c of client.listAdCreativesAll({ version: 'v20.0', ad_account_id: '1' })) ids.push(c.id!);
    expect(requests).toHaveLength(2);
    expect(ids).toEqual(['1', '1']);
  });

  it('page tokens: a server that hands back the same token forever', async () => {
    const { fetch, requests } = scriptedFetch(() => json(200, { files: [{ name: 'files/a' }], nextPageToken: 'T' }));
    const client = new GenerativeClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    const names: string[] = [];
    for await (const f of client.listFilesAll()) names.push(f.name!);
    expect(requests).toHaveLength(2);
    expect(names).toEqual(['files/a', 'files/a']);
  });
});
