// Copied from templates/runtime/client/errors.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Typed errors of the generated clients: one class per error shape, each carrying the service's own
// fields, with a message that says which operation failed and why.

/** The Graph-style error body: {"error": {"message", "type", "code", "error_subcode", "fbtrace_id"}}. */
export interface GraphErrorBody {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  fbtrace_id?: string;
  [field: string]: unknown;
}

/** The Status-shaped error body: {"error": {"code", "message", "status", "details"}}. */
export interface StatusErrorBody {
  code: number;
  message: string;
  status?: string;
  details?: Array<{ '@type': string; [key: string]: unknown }>;
  errors?: Array<{ message?: string; domain?: string; reason?: string; location?: string; locationType?: string }>;
  [field: string]: unknown;
}

/** Names the error classes an error belongs to, under a registry symbol shared by every package copy. */
const KINDS = Symbol.for('spec-first-toolkit.client-error-kinds');

/**
 * Base of the clients' errors. Every generated package carries its own copy of this runtime, so an error
 * thrown by one package's client is not an instance of another copy's class; `instanceof` checks the
 * class's kind instead, and `err instanceof StatusApiError` holds whichever package threw it.
 */
abstract class ClientError extends Error {
  static readonly kind: string = 'ClientError';

  static [Symbol.hasInstance](value: unknown): boolean {
    const kinds = typeof value === 'object' && value !== null ? (value as { [KINDS]?: string[] })[KINDS] : undefined;
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }

  constructor(message: string, options?: ErrorOptions, extraKinds: string[] = []) {
    super(message, options);
    // The kinds of new.target and its ancestors, hidden from enumeration (logs, deep equality).
    const kinds: string[] = [...extraKinds];
    for (let c = new.target as unknown as { kind?: string } | null; c && c.kind; c = Object.getPrototypeOf(c)) kinds.push(c.kind);
    Object.defineProperty(this, KINDS, { value: kinds, enumerable: false });
  }
}

/** The per-status class of an HTTP status (Stainless names), for `err instanceof NotFoundError` whatever the shape. */
export function statusKind(httpStatus: number): string | undefined {
  if (httpStatus === 400) return 'BadRequestError';
  if (httpStatus === 401) return 'AuthenticationError';
  if (httpStatus === 403) return 'PermissionDeniedError';
  if (httpStatus === 404) return 'NotFoundError';
  if (httpStatus === 409) return 'ConflictError';
  if (httpStatus === 422) return 'UnprocessableEntityError';
  if (httpStatus === 429) return 'RateLimitError';
  if (httpStatus >= 500) return 'InternalServerError';
  return undefined;
}

/**
 * Any error answer of a service: the HTTP status, the parsed body and the operation that got it. An error is
 * also an instance of the class of its status (BadRequestError, NotFoundError, RateLimitError, ...).
 */
export class ApiError<B = unknown> extends ClientError {
  static override readonly kind: string = 'ApiError';
  override name = 'ApiError';
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly operationId: string,
    readonly body: B,
    readonly headers: Headers,
  ) {
    super(message, undefined, [statusKind(httpStatus)].filter((k): k is string => k !== undefined));
  }

  /** Seconds the server asked the caller to wait (Retry-After), when it said. */
  get retryAfterSeconds(): number | undefined {
    return parseRetryAfter(this.headers.get('retry-after'));
  }

  /** The request id the server gave the answer, when it gave one. */
  get requestId(): string | undefined {
    return requestIdOf(this.headers);
  }
}

/** Status classes: an ApiError of that HTTP status is an instance of its class, whatever its error shape. */
export class BadRequestError<B = unknown> extends ApiError<B> {
  static override readonly kind: string = 'BadRequestError';
}
export class AuthenticationError<B = unknown> extends ApiError<B> {
  static override readonly kind: string = 'AuthenticationError';
}
export class PermissionDeniedError<B = unknown> extends ApiError<B> {
  static override readonly kind: string = 'PermissionDeniedError';
}
export class NotFoundError<B = unknown> extends ApiError<B> {
  static override readonly kind: string = 'NotFoundError';
}
export class ConflictError<B = unknown> extends ApiError<B> {
  static override readonly kind: string = 'ConflictError';
}
export class UnprocessableEntityError<B = unknown> extends ApiError<B> {
  static override readonly kind: string = 'UnprocessableEntityError';
}
export class RateLimitError<B = unknown> extends ApiError<B> {
  static override readonly kind: string = 'RateLimitError';
}
export class InternalServerError<B = unknown> extends ApiError<B> {
  static override readonly kind: string = 'InternalServerError';
}

/** Headers that carry a request id, most specific first. */
const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-fb-trace-id', 'x-fb-request-id', 'x-goog-request-id', 'x-cloud-trace-context'];

export function requestIdOf(headers: Headers): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}

export class GraphApiError<B = { error: GraphErrorBody }> extends ApiError<B> {
  static override readonly kind: string = 'GraphApiError';
  override name = 'GraphApiError';
  readonly code: number;
  readonly subcode?: number;
  readonly type?: string;
  readonly fbtraceId?: string;
  readonly isTransient?: boolean;
  readonly userTitle?: string;
  readonly userMessage?: string;
  constructor(httpStatus: number, operationId: string, error: GraphErrorBody, body: B, headers: Headers) {
    const sub = error.error_subcode !== undefined ? `/${error.error_subcode}` : '';
    super(`${operationId} failed: HTTP ${httpStatus}, code ${error.code}${sub} (${error.type ?? 'error'}): ${error.message}`, httpStatus, operationId, body, headers);
    this.code = error.code;
    this.subcode = error.error_subcode;
    this.type = error.type;
    this.fbtraceId = error.fbtrace_id;
    this.isTransient = error.is_transient;
    this.userTitle = error.error_user_title;
    this.userMessage = error.error_user_msg;
  }
}

export class StatusApiError<B = { error: StatusErrorBody }> extends ApiError<B> {
  static override readonly kind: string = 'StatusApiError';
  override name = 'StatusApiError';
  readonly code: number;
  readonly status?: string;
  readonly details: NonNullable<StatusErrorBody['details']>;
  readonly errors: NonNullable<StatusErrorBody['errors']>;
  constructor(httpStatus: number, operationId: string, error: StatusErrorBody, body: B, headers: Headers) {
    super(`${operationId} failed: HTTP ${httpStatus} ${error.status ?? ''}: ${error.message}`.replace('  ', ' '), httpStatus, operationId, body, headers);
    this.code = error.code;
    this.status = error.status;
    this.details = error.details ?? [];
    this.errors = error.errors ?? [];
  }
}

/**
 * The call did not get its answer in time: no response headers within `timeoutMs` (phase 'headers'), or no
 * byte of the body for `idleTimeoutMs` while it was being read (phase 'idle', e.g. a stalled stream).
 */
export class ApiTimeoutError extends ClientError {
  static override readonly kind: string = 'ApiTimeoutError';
  override name = 'ApiTimeoutError';
  constructor(readonly operationId: string, readonly timeoutMs: number, readonly phase: 'headers' | 'idle' = 'headers') {
    super(phase === 'headers' ? `${operationId} timed out after ${timeoutMs} ms` : `${operationId} timed out: no data for ${timeoutMs} ms`);
  }
}

/** The caller aborted the call (its AbortSignal fired); `cause` is the signal's reason. */
export class ApiAbortError extends ClientError {
  static override readonly kind: string = 'ApiAbortError';
  override name = 'ApiAbortError';
  constructor(readonly operationId: string, reason: unknown) {
    super(`${operationId} was aborted${reason instanceof Error ? `: ${reason.message}` : reason !== undefined ? `: ${String(reason)}` : ''}`, { cause: reason });
  }
}

/** Error codes of a connection that was never made: the request did not reach the server. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** The server could not be reached, or the connection broke. */
export class ApiConnectionError extends ClientError {
  static override readonly kind: string = 'ApiConnectionError';
  override name = 'ApiConnectionError';
  /** True when the request certainly never reached the server (refused or unresolvable): safe to send again. */
  readonly notSent: boolean;
  constructor(readonly operationId: string, cause: unknown) {
    super(`${operationId} could not reach the server: ${describeCause(cause)}`, { cause });
    this.notSent = NOT_SENT_CODES.has(errorCode(cause) ?? '');
  }
}

function errorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

function describeCause(cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  const code = errorCode(cause);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

export type ErrorStyle = 'graph' | 'status';

/** Builds the typed error for an error answer; bodies in neither shape still give a readable message. */
export function errorFromResponse(style: ErrorStyle, httpStatus: number, operationId: string, body: unknown, headers: Headers): ApiError {
  const error = (body as { error?: unknown } | null)?.error;
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    if (style === 'graph' && typeof e.code === 'number' && typeof e.message === 'string') {
      return new GraphApiError(httpStatus, operationId, e as unknown as GraphErrorBody, body as { error: GraphErrorBody }, headers);
    }
    if (style === 'status' && typeof e.message === 'string') {
      return new StatusApiError(httpStatus, operationId, { code: httpStatus, ...e } as StatusErrorBody, body as { error: StatusErrorBody }, headers);
    }
  }
  const text = typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body)?.slice(0, 200);
  return new ApiError(`${operationId} failed: HTTP ${httpStatus}: ${text ?? 'empty body'}`, httpStatus, operationId, body, headers);
}

/** Retry-After in seconds: delta-seconds or an HTTP date (relative to `now`). */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}
