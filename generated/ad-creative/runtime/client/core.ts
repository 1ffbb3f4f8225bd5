// Copied from templates/runtime/client/core.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The transport every generated client method goes through: URL building, credentials as each service
// takes them, body encoding, timeouts and abort signals, and retries with backoff on throttling.
import {
  ApiConnectionError, ApiError, ApiTimeoutError, errorFromResponse, GraphApiError, type ErrorStyle,
} from './errors.js';

export interface RetryOptions {
  /** Attempts after the first one. Default 3. */
  maxRetries?: number;
  /** First backoff delay; doubles each attempt, with full jitter. Default 500 ms. */
  baseDelayMs?: number;
  /** Ceiling of one delay (also caps Retry-After). Default 30 s. */
  maxDelayMs?: number;
}

export interface ClientOptions {
  /** Base address of the service, e.g. http://127.0.0.1:4010. */
  baseUrl: string;
  /** Base address for media uploads; defaults to baseUrl. */
  uploadUrl?: string;
  /** Graph access token: sent as access_token (query for reads and deletes, form field for writes). */
  accessToken?: string;
  /** OAuth 2.0 bearer token, sent in the Authorization header. */
  bearerToken?: string | (() => string | Promise<string>);
  /** API key, sent in the service's API key header (or the `key` query parameter with apiKeyIn: 'query'). */
  apiKey?: string;
  apiKeyIn?: 'header' | 'query';
  /** Per-call timeout; default 60 s. 0 disables it. */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** A fetch implementation; defaults to the global fetch of Node 20+. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** false disables retries for this call. */
  retry?: RetryOptions | false;
  headers?: Record<string, string>;
}

export type CredentialPlacement = 'access-token-query' | 'access-token-form' | 'bearer' | 'api-key' | 'none';

export type RequestBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, unknown> }
  | { kind: 'raw'; value: Blob | Uint8Array; contentType: string };

export interface RequestSpec {
  operationId: string;
  method: string;
  /** Path below the base address, already with its parameters encoded. */
  path: string;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  body?: RequestBody;
  credentials: CredentialPlacement;
  server?: 'base' | 'upload';
  /** A full URL handed out by the server (an upload session); replaces base address and path. */
  absoluteUrl?: string;
}

/** How a service names its credentials on the wire. */
export interface ServiceProfile {
  errorStyle: ErrorStyle;
  apiKeyHeader?: string;
  apiKeyQuery?: string;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** Graph codes that mean "throttled, try again later". */
const GRAPH_THROTTLE_CODES = new Set([4, 17, 32, 613, 80004]);

export class ApiCore {
  private readonly fetchImpl: typeof fetch;

  constructor(readonly options: ClientOptions, readonly profile: ServiceProfile) {
    if (!options?.baseUrl) throw new TypeError('ClientOptions.baseUrl is required');
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Sends the request (with retries) and parses the JSON answer; error answers throw typed errors. */
  async request<T>(spec: RequestSpec, options?: CallOptions): Promise<ApiResponse<T>> {
    const response = await this.fetchRaw(spec, options);
    const text = await response.text();
    let data: unknown = undefined;
    if (text.length > 0) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    return { data: data as T, status: response.status, headers: response.headers };
  }

  /** Sends the request (with retries) and returns the successful Response unread (streams, uploads). */
  async fetchRaw(spec: RequestSpec, options: CallOptions = {}): Promise<Response> {
    const retry = options.retry === false ? { maxRetries: 0 } : { ...this.options.retry, ...options.retry };
    const maxRetries = retry.maxRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await this.send(spec, options);
        if (response.ok) return response;
        throw await this.toError(spec, response);
      } catch (error) {
        const wait = attempt < maxRetries ? this.retryDelay(error, attempt, retry) : undefined;
        if (wait === undefined) throw error;
        await sleep(wait, options.signal);
      }
    }
  }

  /** The URL of a request, with its query and (where the operation takes it so) the credential. */
  url(spec: RequestSpec): URL {
    const base = spec.server === 'upload' ? (this.options.uploadUrl ?? this.options.baseUrl) : this.options.baseUrl;
    const url = spec.absoluteUrl ? new URL(spec.absoluteUrl) : new URL(base.replace(/\/+$/, '') + spec.path);
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined || value === null) continue;
      url.searchParams.set(name, queryValue(value));
    }
    const { accessToken, apiKey } = this.options;
    const tokenInQuery = spec.credentials === 'access-token-query' || (spec.credentials === 'access-token-form' && spec.body?.kind !== 'form');
    if (accessToken && tokenInQuery && !url.searchParams.has('access_token')) url.searchParams.set('access_token', accessToken);
    if (apiKey && spec.credentials === 'api-key' && (this.options.apiKeyIn === 'query' || !this.profile.apiKeyHeader)) {
      url.searchParams.set(this.profile.apiKeyQuery ?? 'key', apiKey);
    }
    return url;
  }

  private async send(spec: RequestSpec, options: CallOptions): Promise<Response> {
    const headers = new Headers({ accept: 'application/json', ...this.options.headers, ...spec.headers, ...options.headers });
    await this.addCredentialHeaders(spec, headers);
    const body = this.encodeBody(spec, headers);
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 60_000;
    const signals = [options.signal, timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    try {
      return await this.fetchImpl(this.url(spec), { method: spec.method, headers, body, signal });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      if (signal?.aborted) throw new ApiTimeoutError(spec.operationId, timeoutMs);
      throw new ApiConnectionError(spec.operationId, error);
    }
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
      if (spec.credentials === 'access-token-form' && this.options.accessToken && !form.has('access_token')) {
        form.set('access_token', this.options.accessToken);
      }
      return form.toString();
    }
    headers.set('content-type', body.contentType);
    return body.value as BodyInit;
  }

  private async toError(spec: RequestSpec, response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return errorFromResponse(this.profile.errorStyle, response.status, spec.operationId, body, response.headers);
  }

  /** Milliseconds to wait before retrying, or undefined when the error is not worth a retry. */
  private retryDelay(error: unknown, attempt: number, retry: RetryOptions): number | undefined {
    const base = retry.baseDelayMs ?? 500;
    const max = retry.maxDelayMs ?? 30_000;
    const backoff = Math.random() * Math.min(max, base * 2 ** attempt);
    if (error instanceof ApiTimeoutError || error instanceof ApiConnectionError) return backoff;
    if (!(error instanceof ApiError)) return undefined;
    const throttled =
      error.httpStatus === 429 || error.httpStatus === 503 ||
      (error instanceof GraphApiError && (GRAPH_THROTTLE_CODES.has(error.code) || error.isTransient === true));
    if (!throttled) return undefined;
    const after = error.retryAfterSeconds;
    return after !== undefined ? Math.min(max, after * 1000) : backoff;
  }
}

function queryValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
