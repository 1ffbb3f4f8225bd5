// Copied from templates/runtime/client/errors.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Typed errors of the generated clients: the base ApiError, a class per HTTP status family, timeouts,
// aborts and connection failures. The classes of each error style (the spec's x-error-style) live in
// their own module (graph-error.ts, status-error.ts), so a client carries only its own.

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
    for (let c = new.target as unknown as { kind?: string } | null; c && c.kind; c = Object.getPrototypeOf(c))
      kinds.push(c.kind);
    Object.defineProperty(this, KINDS, { value: kinds, enumerable: false });
  }
}

/** The per-status class of an HTTP status (Stainless names), for `err instanceof NotFoundError` whatever the shape. */
export function statusKind(httpStatus: number): string | undefined {
  if (httpStatus === 304) return 'NotModifiedError';
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

const ID_HEADERS = Symbol('requestIdHeaders');

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
    /** The service's own request id headers (x-request-id-headers). */
    requestIdHeaders: readonly string[] = [],
  ) {
    const kind = statusKind(httpStatus);
    super(message, undefined, kind ? [kind] : []);
    // Kept off the type (which stays structural across package copies) and out of enumeration.
    Object.defineProperty(this, ID_HEADERS, { value: requestIdHeaders });
  }

  /** Seconds the server asked the caller to wait (retry-after-ms or Retry-After), when it said. */
  get retryAfterSeconds(): number | undefined {
    const ms = serverDelayMs(this.headers);
    return ms === undefined ? undefined : ms / 1000;
  }

  /** The request id the server gave the answer, when it gave one. */
  get requestId(): string | undefined {
    return requestIdOf(this.headers, (this as unknown as { [ID_HEADERS]: readonly string[] })[ID_HEADERS]);
  }
}

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type NumberOf<S> = S extends `${infer N extends number}` ? N : never;
/** The HTTP statuses of a range as a spec writes it: `StatusRange<4>` is 400 | 401 | ... | 499 (`4XX`). */
export type StatusRange<C extends 1 | 2 | 3 | 4 | 5> = NumberOf<`${C}${Digit}${Digit}`>;
/**
 * An error answer an operation documents (a spec without x-error-style: its own error responses): the HTTP
 * status or statuses it stands for and its body as the response's media types type it. Narrow a caught
 * `<Operation>Error` on `httpStatus`.
 */
export type DocumentedApiError<S extends number, B> = ApiError<B> & { readonly httpStatus: S };

/** Status classes: an ApiError of that HTTP status is an instance of its class, whatever its error shape. */
/**
 * 304: the call sent If-None-Match with the tag of the caller's copy, and that copy is current (the answer has
 * no body; `headers.get('etag')` is the tag). Not a failure of the service: keep using the copy.
 */
export class NotModifiedError<B = unknown> extends ApiError<B> {
  static override readonly kind: string = 'NotModifiedError';
}
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

/** Generic request id headers; a service adds its own (the spec's x-request-id-headers) before them. */
const REQUEST_ID_HEADERS = ['x-request-id', 'request-id'];

/** The request id of an answer: the service's own headers first, then the generic ones. */
export function requestIdOf(headers: Headers, serviceHeaders: readonly string[] = []): string | undefined {
  for (const name of [...serviceHeaders, ...REQUEST_ID_HEADERS]) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}

/**
 * The call did not get its answer in time: no response headers within `timeoutMs` (phase 'headers'), or no
 * byte of the body for `idleTimeoutMs` while it was being read (phase 'idle', e.g. a stalled stream).
 */
export class ApiTimeoutError extends ClientError {
  static override readonly kind: string = 'ApiTimeoutError';
  override name = 'ApiTimeoutError';
  constructor(
    readonly operationId: string,
    readonly timeoutMs: number,
    readonly phase: 'headers' | 'idle' = 'headers',
  ) {
    super(
      phase === 'headers'
        ? `${operationId} timed out after ${timeoutMs} ms`
        : `${operationId} timed out: no data for ${timeoutMs} ms`,
    );
  }
}

/** The caller aborted the call (its AbortSignal fired); `cause` is the signal's reason. */
export class ApiAbortError extends ClientError {
  static override readonly kind: string = 'ApiAbortError';
  override name = 'ApiAbortError';
  constructor(
    readonly operationId: string,
    reason: unknown,
  ) {
    super(
      `${operationId} was aborted${reason instanceof Error ? `: ${reason.message}` : reason !== undefined ? `: ${String(reason)}` : ''}`,
      { cause: reason },
    );
  }
}

/** The answer is of a media type the call cannot read as it asked (a JSON document where an event stream was asked). */
export class ApiAnswerTypeError extends ClientError {
  static override readonly kind: string = 'ApiAnswerTypeError';
  override name = 'ApiAnswerTypeError';
  constructor(
    readonly operationId: string,
    readonly contentType: string,
  ) {
    super(`${operationId}: the answer is ${contentType.slice(0, 100)}, not the event stream asked for`);
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
  constructor(
    readonly operationId: string,
    cause: unknown,
  ) {
    super(`${operationId} could not reach the server: ${describeCause(cause)}`, { cause });
    this.notSent = NOT_SENT_CODES.has(errorCode(cause) ?? '');
  }
}

function errorCode(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

function describeCause(cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  const code = errorCode(cause);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/** Builds the typed error of an error answer, in the service's error style (graph-error.ts, status-error.ts). */
export type ErrorFactory = (
  httpStatus: number,
  operationId: string,
  body: unknown,
  headers: Headers,
  requestIdHeaders?: readonly string[],
) => ApiError;

/** An error answer in no known shape: still a readable message, the status and the body. */
export const plainError: ErrorFactory = (httpStatus, operationId, body, headers, requestIdHeaders) => {
  const text = typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body)?.slice(0, 200);
  return new ApiError(
    `${operationId} failed: HTTP ${httpStatus}: ${text ?? 'empty body'}`,
    httpStatus,
    operationId,
    body,
    headers,
    requestIdHeaders,
  );
};

/** The `error` member of an error body, when it is an object. */
export function errorMember(body: unknown): Record<string, unknown> | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  return error && typeof error === 'object' ? (error as Record<string, unknown>) : undefined;
}

/**
 * What the server asked the caller to wait, in ms: `retry-after-ms`, else `Retry-After` in seconds or as an
 * HTTP date. Undefined when it said nothing usable.
 */
export function serverDelayMs(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (!value || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
