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
}

/** The Status-shaped error body: {"error": {"code", "message", "status", "details"}}. */
export interface StatusErrorBody {
  code: number;
  message: string;
  status?: string;
  details?: Array<{ '@type': string; [key: string]: unknown }>;
  errors?: Array<{ message?: string; domain?: string; reason?: string; location?: string; locationType?: string }>;
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

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    // The kinds of new.target and its ancestors, hidden from enumeration (logs, deep equality).
    const kinds: string[] = [];
    for (let c = new.target as unknown as { kind?: string } | null; c && c.kind; c = Object.getPrototypeOf(c)) kinds.push(c.kind);
    Object.defineProperty(this, KINDS, { value: kinds, enumerable: false });
  }
}

/** Any error answer of a service: the HTTP status, the parsed body and the operation that got it. */
export class ApiError extends ClientError {
  static override readonly kind: string = 'ApiError';
  override name = 'ApiError';
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly operationId: string,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super(message);
  }

  /** Seconds the server asked the caller to wait (Retry-After), when it said. */
  get retryAfterSeconds(): number | undefined {
    return parseRetryAfter(this.headers.get('retry-after'));
  }
}

export class GraphApiError extends ApiError {
  static override readonly kind: string = 'GraphApiError';
  override name = 'GraphApiError';
  readonly code: number;
  readonly subcode?: number;
  readonly type?: string;
  readonly fbtraceId?: string;
  readonly isTransient?: boolean;
  readonly userTitle?: string;
  readonly userMessage?: string;
  constructor(httpStatus: number, operationId: string, error: GraphErrorBody, body: unknown, headers: Headers) {
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

export class StatusApiError extends ApiError {
  static override readonly kind: string = 'StatusApiError';
  override name = 'StatusApiError';
  readonly code: number;
  readonly status?: string;
  readonly details: NonNullable<StatusErrorBody['details']>;
  readonly errors: NonNullable<StatusErrorBody['errors']>;
  constructor(httpStatus: number, operationId: string, error: StatusErrorBody, body: unknown, headers: Headers) {
    super(`${operationId} failed: HTTP ${httpStatus} ${error.status ?? ''}: ${error.message}`.replace('  ', ' '), httpStatus, operationId, body, headers);
    this.code = error.code;
    this.status = error.status;
    this.details = error.details ?? [];
    this.errors = error.errors ?? [];
  }
}

/** The call did not finish within its timeout. */
export class ApiTimeoutError extends ClientError {
  static override readonly kind: string = 'ApiTimeoutError';
  override name = 'ApiTimeoutError';
  constructor(readonly operationId: string, readonly timeoutMs: number) {
    super(`${operationId} timed out after ${timeoutMs} ms`);
  }
}

/** The server could not be reached, or the connection broke. */
export class ApiConnectionError extends ClientError {
  static override readonly kind: string = 'ApiConnectionError';
  override name = 'ApiConnectionError';
  constructor(readonly operationId: string, cause: unknown) {
    super(`${operationId} could not reach the server: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export type ErrorStyle = 'graph' | 'status';

/** Builds the typed error for an error answer; bodies in neither shape still give a readable message. */
export function errorFromResponse(style: ErrorStyle, httpStatus: number, operationId: string, body: unknown, headers: Headers): ApiError {
  const error = (body as { error?: unknown } | null)?.error;
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    if (style === 'graph' && typeof e.code === 'number' && typeof e.message === 'string') {
      return new GraphApiError(httpStatus, operationId, e as unknown as GraphErrorBody, body, headers);
    }
    if (style === 'status' && typeof e.message === 'string') {
      return new StatusApiError(httpStatus, operationId, { code: httpStatus, ...e } as StatusErrorBody, body, headers);
    }
  }
  const text = typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body)?.slice(0, 200);
  return new ApiError(`${operationId} failed: HTTP ${httpStatus}: ${text ?? 'empty body'}`, httpStatus, operationId, body, headers);
}

export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
