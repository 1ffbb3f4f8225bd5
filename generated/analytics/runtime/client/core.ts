// Copied from templates/runtime/client/core.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The transport every generated client method goes through: URL building, credentials as each service
// takes them, body encoding, timeouts (headers, then idle time while the body is read), the caller's
// abort signal, and retries (retry.ts) with backoff.
import {
  ApiAbortError, ApiConnectionError, ApiError, ApiTimeoutError, errorFromResponse, requestIdOf, type ErrorStyle,
} from './errors.js';
import { idempotentMethod, retryDelay, type RetryOptions } from './retry.js';

export type { RetryOptions } from './retry.js';

export interface ClientOptions {
  /** Base address of the service, e.g. http://127.0.0.1:4010. */
  baseUrl: string;
  /** Base address for media uploads; defaults to baseUrl. */
  uploadUrl?: string;
  /** Access token sent as a parameter (Graph style: in the query for reads and deletes, a form field for writes). */
  accessToken?: string;
  /** OAuth 2.0 bearer token, sent in the Authorization header. */
  bearerToken?: string | (() => string | Promise<string>);
  /** API key, sent in the service's API key header (or the `key` query parameter with apiKeyIn: 'query'). */
  apiKey?: string;
  apiKeyIn?: 'header' | 'query';
  /** Time to wait for the response headers (connect included), per attempt; default 60 s. 0 disables it. */
  timeoutMs?: number;
  /**
   * Longest wait for the next bytes of a body being read (a stream keeps going as long as events keep
   * coming); default: timeoutMs. 0 disables it.
   */
  idleTimeoutMs?: number;
  retry?: RetryOptions;
  /** Shorthand for retry.maxRetries. */
  maxRetries?: number;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** A fetch implementation; defaults to the global fetch of Node 20+. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  idleTimeoutMs?: number;
  /** false disables retries for this call. */
  retry?: RetryOptions | false;
  /** Shorthand for retry.maxRetries. */
  maxRetries?: number;
  headers?: Record<string, string>;
  /** The idempotency key to send (where the operation takes one); default: a new key per call. */
  idempotencyKey?: string;
}

export type CredentialPlacement = 'access-token-query' | 'access-token-form' | 'bearer' | 'api-key' | 'none';

export type RequestBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, unknown> }
  | {
      kind: 'raw';
      value: Blob | Uint8Array;
      contentType: string;
      /** Called as the bytes are handed to the connection (each attempt starts from 0). */
      onProgress?: (loaded: number, total: number) => void;
    };

export interface RequestSpec {
  operationId: string;
  method: string;
  /** Path below the base address, already with its parameters encoded. */
  path: string;
  query?: Record<string, unknown>;
  /** OpenAPI style / explode of array and object query parameters (others: comma-joined, JSON). */
  queryStyle?: Record<string, { style: string; explode: boolean }>;
  headers?: Record<string, string>;
  body?: RequestBody;
  credentials: CredentialPlacement;
  server?: 'base' | 'upload';
  /** A full URL handed out by the server (an upload session); replaces base address and path. */
  absoluteUrl?: string;
  /** Whether sending it twice is harmless (retries after a timeout or a 5xx); default by method. */
  idempotent?: boolean;
  /** The header that carries an idempotency key, where the operation takes one: retries are then safe. */
  idempotencyKeyHeader?: string;
}

/** How a service names its credentials on the wire. */
export interface ServiceProfile {
  errorStyle: ErrorStyle;
  apiKeyHeader?: string;
  apiKeyQuery?: string;
  /** The parameter (query or form field) an access token travels in, from the spec's security scheme. */
  accessTokenParam?: string;
  /** Error codes of the service that mean "throttled" (the spec's x-errors answered with 429). */
  throttleCodes?: number[];
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  /** The request id the server gave the answer, when it gave one. */
  requestId?: string;
}

export class ApiCore {
  private readonly fetchImpl: typeof fetch;
  private readonly base: string;
  private readonly uploadBase: string;

  constructor(readonly options: ClientOptions, readonly profile: ServiceProfile) {
    if (!options?.baseUrl) throw new TypeError('ClientOptions.baseUrl is required');
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.uploadBase = (options.uploadUrl ?? options.baseUrl).replace(/\/+$/, '');
  }

  /** Sends the request (with retries) and parses the JSON answer; error answers throw typed errors. */
  async request<T>(spec: RequestSpec, options?: CallOptions): Promise<ApiResponse<T>> {
    const guarded = await this.sendWithRetries(spec, options);
    const response = guarded.response;
    const text = await guarded.text();
    let data: unknown = undefined;
    if (text.length > 0) {
      try {
        data = JSON.parse(text);
      } catch {
        // A proxy's HTML page is not the operation's answer.
        throw new ApiError(`${spec.operationId}: the answer (HTTP ${response.status}) is not JSON: ${text.slice(0, 120)}`, response.status, spec.operationId, text, response.headers);
      }
    }
    const headers = response.headers;
    // The request id is looked up only when asked for.
    return { data: data as T, status: response.status, headers, get requestId() { return requestIdOf(headers); } };
  }

  /**
   * Sends the request (with retries) and returns the successful Response, its body not yet read (streams,
   * uploads). Reading the body is bounded by the idle timeout and fails with this package's errors.
   */
  async fetchRaw(spec: RequestSpec, options: CallOptions = {}): Promise<Response> {
    return (await this.sendWithRetries(spec, options)).wrapped();
  }

  private async sendWithRetries(spec: RequestSpec, options: CallOptions = {}): Promise<GuardedBody> {
    const retry = this.retryOptions(options);
    let call = spec;
    if (spec.idempotencyKeyHeader) {
      const key = options.idempotencyKey ?? globalThis.crypto.randomUUID();
      call = { ...spec, headers: { [spec.idempotencyKeyHeader]: key, ...spec.headers } };
    }
    const idempotent = spec.idempotencyKeyHeader !== undefined || (spec.idempotent ?? idempotentMethod(spec.method));
    for (let attempt = 0; ; attempt++) {
      try {
        const guarded = await this.send(call, options);
        if (guarded.response.ok) return guarded;
        throw await this.toError(call, guarded);
      } catch (error) {
        const wait = retryDelay(error, retry, { attempt, idempotent, throttleCodes: this.profile.throttleCodes });
        if (wait === undefined) throw error;
        await sleep(wait, spec.operationId, options.signal);
      }
    }
  }

  /** The retry options of a call: the client's, overridden by the call's. */
  retryOptions(options: CallOptions = {}): RetryOptions {
    if (options.retry === false) return { maxRetries: 0 };
    const client = this.options.maxRetries !== undefined ? { maxRetries: this.options.maxRetries } : {};
    const call = options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {};
    return { ...this.options.retry, ...client, ...options.retry, ...call };
  }

  /** The URL of a request, with its query and (where the operation takes it so) the credential. */
  url(spec: RequestSpec): URL {
    const base = spec.server === 'upload' ? this.uploadBase : this.base;
    const url = spec.absoluteUrl ? new URL(spec.absoluteUrl) : new URL(base + spec.path);
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined || value === null) continue;
      const style = spec.queryStyle?.[name];
      if (style) for (const [key, v] of styledQuery(name, value, style.style, style.explode)) url.searchParams.append(key, v);
      else url.searchParams.set(name, queryValue(value));
    }
    const { accessToken, apiKey } = this.options;
    const tokenInQuery = spec.credentials === 'access-token-query' || (spec.credentials === 'access-token-form' && spec.body?.kind !== 'form');
    const tokenParam = this.profile.accessTokenParam ?? 'access_token';
    if (accessToken && tokenInQuery && !url.searchParams.has(tokenParam)) url.searchParams.set(tokenParam, accessToken);
    if (apiKey && spec.credentials === 'api-key' && (this.options.apiKeyIn === 'query' || !this.profile.apiKeyHeader)) {
      url.searchParams.set(this.profile.apiKeyQuery ?? 'key', apiKey);
    }
    return url;
  }

  /** One attempt: the headers within timeoutMs; then the body guarded by the idle timeout. */
  private async send(spec: RequestSpec, options: CallOptions): Promise<GuardedBody> {
    const user = options.signal;
    if (user?.aborted) throw new ApiAbortError(spec.operationId, user.reason);
    const headers = new Headers({ accept: 'application/json', ...this.options.headers, ...spec.headers, ...options.headers });
    await this.addCredentialHeaders(spec, headers);
    const body = this.encodeBody(spec, headers);
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 60_000;
    const idleMs = options.idleTimeoutMs ?? this.options.idleTimeoutMs ?? timeoutMs;
    const controller = new AbortController();
    const onAbort = () => controller.abort(user!.reason);
    user?.addEventListener('abort', onAbort, { once: true });
    const release = () => user?.removeEventListener('abort', onAbort);
    let timedOut = false;
    const timer = timeoutMs > 0 ? setTimeout(() => { timedOut = true; controller.abort(); }, timeoutMs) : undefined;
    let response: Response;
    try {
      // A streamed body (upload progress) needs half-duplex, which Node's fetch asks for explicitly.
      const init: RequestInit & { duplex?: 'half' } = { method: spec.method, headers, body, signal: controller.signal };
      if (body instanceof ReadableStream) init.duplex = 'half';
      response = await this.fetchImpl(this.url(spec), init);
    } catch (error) {
      release();
      if (user?.aborted) throw new ApiAbortError(spec.operationId, user.reason);
      if (timedOut) throw new ApiTimeoutError(spec.operationId, timeoutMs);
      throw new ApiConnectionError(spec.operationId, error);
    } finally {
      clearTimeout(timer);
    }
    return new GuardedBody(response, spec.operationId, idleMs, controller, user, release);
  }

  private async addCredentialHeaders(spec: RequestSpec, headers: Headers): Promise<void> {
    const { bearerToken, apiKey } = this.options;
    if (spec.credentials === 'bearer' && bearerToken !== undefined) {
      const token = typeof bearerToken === 'function' ? await bearerToken() : bearerToken;
      headers.set('authorization', `Bearer ${token}`);
    }
    if (spec.credentials === 'api-key' && apiKey && this.options.apiKeyIn !== 'query' && this.profile.apiKeyHeader) {
      headers.set(this.profile.apiKeyHeader, apiKey);
    }
  }

  private encodeBody(spec: RequestSpec, headers: Headers): BodyInit | undefined {
    const body = spec.body;
    if (!body) return undefined;
    if (body.kind === 'json') {
      headers.set('content-type', 'application/json');
      return JSON.stringify(body.value);
    }
    if (body.kind === 'form') {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(body.value)) {
        if (value === undefined || value === null) continue;
        // Graph convention: object- and list-valued fields travel as JSON strings.
        form.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
      const tokenParam = this.profile.accessTokenParam ?? 'access_token';
      if (spec.credentials === 'access-token-form' && this.options.accessToken && !form.has(tokenParam)) {
        form.set(tokenParam, this.options.accessToken);
      }
      return form.toString();
    }
    headers.set('content-type', body.contentType);
    if (body.onProgress) return countingStream(body.value instanceof Blob ? body.value : new Blob([body.value as BlobPart]), body.onProgress);
    return body.value as BodyInit;
  }

  private async toError(spec: RequestSpec, guarded: GuardedBody): Promise<ApiError> {
    const response = guarded.response;
    // A body that breaks off still leaves the status to judge by.
    const text = await guarded.text().catch((error) => {
      if (error instanceof ApiAbortError) throw error;
      return '';
    });
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return errorFromResponse(this.profile.errorStyle, response.status, spec.operationId, body, response.headers);
  }

}

/** The query pairs of an array or object value under OpenAPI's style and explode rules. */
export function styledQuery(name: string, value: unknown, style: string, explode: boolean): Array<[string, string]> {
  if (Array.isArray(value)) {
    const items = value.map(String);
    if (style === 'form' && explode) return items.map((v) => [name, v]);
    const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return [[name, items.join(separator)]];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)] as [string, string]);
    if (style === 'deepObject') return entries.map(([k, v]) => [`${name}[${k}]`, v]);
    if (style === 'form' && explode) return entries;
    return [[name, entries.flat().join(',')]];
  }
  return [[name, String(value)]];
}

function queryValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A response whose body is read through a guard: each read must bring bytes within idleMs (else
 * ApiTimeoutError, and the connection is dropped); the caller's abort and a broken connection surface as
 * ApiAbortError and ApiConnectionError. `text()` reads it whole (JSON answers, no extra stream);
 * `wrapped()` gives a Response whose stream is guarded (SSE, uploads).
 */
class GuardedBody {
  private idle = false;

  constructor(
    readonly response: Response,
    private readonly operationId: string,
    private readonly idleMs: number,
    private readonly controller: AbortController,
    private readonly user: AbortSignal | undefined,
    private readonly release: () => void,
  ) {}

  async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
    const timer = this.idleMs > 0 ? setTimeout(() => { this.idle = true; this.controller.abort(); }, this.idleMs) : undefined;
    try {
      const result = await reader.read();
      if (result.done) this.release();
      return result;
    } catch (error) {
      this.release();
      if (this.user?.aborted) throw new ApiAbortError(this.operationId, this.user.reason);
      if (this.idle) throw new ApiTimeoutError(this.operationId, this.idleMs, 'idle');
      throw new ApiConnectionError(this.operationId, error);
    } finally {
      clearTimeout(timer);
    }
  }

  async text(): Promise<string> {
    const body = this.response.body;
    if (!body) {
      this.release();
      return '';
    }
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { done, value } = await this.read(reader);
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
    }
  }

  wrapped(): Response {
    const source = this.response.body;
    if (!source) {
      this.release();
      return this.response;
    }
    const reader = source.getReader();
    const stream = new ReadableStream<Uint8Array>({
      pull: async (target) => {
        try {
          const { done, value } = await this.read(reader);
          if (done) target.close();
          else target.enqueue(value);
        } catch (error) {
          target.error(error);
        }
      },
      cancel: (reason) => {
        this.release();
        return reader.cancel(reason);
      },
    });
    const { status, statusText, headers } = this.response;
    return new Response(stream, { status, statusText, headers });
  }
}

/** The blob's bytes in slices, reporting how many the connection has taken so far. */
function countingStream(blob: Blob, onProgress: (loaded: number, total: number) => void): ReadableStream<Uint8Array> {
  const SLICE = 64 * 1024;
  let at = 0;
  return new ReadableStream<Uint8Array>({
    async pull(target) {
      if (at >= blob.size) {
        target.close();
        return;
      }
      const bytes = new Uint8Array(await blob.slice(at, at + SLICE).arrayBuffer());
      at += bytes.byteLength;
      target.enqueue(bytes);
      onProgress(at, blob.size);
    },
  }, { highWaterMark: 0 });
}

/** Waits ms, or rejects with ApiAbortError as soon as the signal fires. */
export function sleep(ms: number, operationId: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiAbortError(operationId, signal.reason));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiAbortError(operationId, signal!.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
