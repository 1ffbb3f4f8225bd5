// Copied from templates/runtime/server/errors.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Errors a handler (or the router itself) answers with, in the service's own shape:
// Graph {"error": {message, type, code, error_subcode, fbtrace_id}} or Status {"error": {code, message, status, details}}.
import { randomBytes } from 'node:crypto';

export type ErrorStyle = 'graph' | 'status';

/** HTTP status of each canonical status name (google.rpc.Code mapping). */
export const STATUS_HTTP: Record<string, number> = {
  CANCELLED: 499, UNKNOWN: 500, INVALID_ARGUMENT: 400, DEADLINE_EXCEEDED: 504, NOT_FOUND: 404, ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403, RESOURCE_EXHAUSTED: 429, FAILED_PRECONDITION: 400, ABORTED: 409, OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501, INTERNAL: 500, UNAVAILABLE: 503, DATA_LOSS: 500, UNAUTHENTICATED: 401,
};

/** Marks service errors across package copies (each generated package has its own runtime). */
const SERVICE_ERROR = Symbol.for('spec-first-toolkit.ServiceError');

/** A documented error answer; throw it from a handler. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly [SERVICE_ERROR] = true;
  /** Set by an operation's generated error helpers: which documented x-errors entry this answer is. */
  documented?: { readonly operationId: string; readonly code: string | number };
  constructor(readonly httpStatus: number, readonly body: { error: Record<string, unknown> }, readonly headers: Record<string, string> = {}) {
    super(String(body.error.message));
  }
}

/** True for a ServiceError of any generated package (instanceof only knows its own copy of the class). */
export function isServiceError(error: unknown): error is ServiceError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[SERVICE_ERROR] === true;
}

export interface GraphErrorInit {
  subcode?: number;
  type?: string;
  http?: number;
  userTitle?: string;
  userMessage?: string;
  isTransient?: boolean;
  headers?: Record<string, string>;
}

/** HTTP status the Graph-style service answers each code with (see the spec's x-errors). */
export function graphHttpStatus(code: number): number {
  // The public service answers its throttling codes (80004 included) with 400, not 429 (public-service notes 1.6).
  if (code === 80004 || code === 4 || code === 17 || code === 613) return 400;
  if (code === 200 || code === 270 || (code >= 200 && code < 300) || code === 10) return 403;
  if (code === 1 || code === 2) return 500;
  return 400;
}

export function graphError(code: number, message: string, init: GraphErrorInit = {}): ServiceError {
  const error: Record<string, unknown> = {
    message,
    type: init.type ?? (code === 100 && init.subcode === 33 ? 'GraphMethodException' : 'OAuthException'),
    code,
  };
  if (init.subcode !== undefined) error.error_subcode = init.subcode;
  if (init.userTitle) error.error_user_title = init.userTitle;
  if (init.userMessage) error.error_user_msg = init.userMessage;
  if (init.isTransient !== undefined) error.is_transient = init.isTransient;
  error.fbtrace_id = randomBytes(8).toString('base64url');
  return new ServiceError(init.http ?? graphHttpStatus(code), { error }, init.headers);
}

export interface StatusErrorInit {
  /** The HTTP status, when the spec documents another than the canonical mapping's. */
  http?: number;
  details?: Array<{ '@type': string; [key: string]: unknown }>;
  /** Legacy error items ({message, domain, reason}) that some clients read. */
  errors?: Array<Record<string, unknown>>;
  headers?: Record<string, string>;
}

export function statusError(status: keyof typeof STATUS_HTTP | string, message: string, init: StatusErrorInit = {}): ServiceError {
  const http = init.http ?? STATUS_HTTP[status] ?? 500;
  const error: Record<string, unknown> = { code: http, message, status };
  if (init.details) error.details = init.details;
  if (init.errors) error.errors = init.errors;
  return new ServiceError(http, { error }, init.headers);
}

/** One entry of an operation's x-errors, as the generated error helpers pass it. */
export interface DocumentedErrorDef {
  http: number;
  /** Graph numeric code, or the canonical status name. */
  code: number | string;
}

/** A documented error of one operation (its x-errors entry of that code), as the generated helpers make it. */
export type DocumentedError<Op extends string, Code extends string | number> = ServiceError & {
  readonly documented: { readonly operationId: Op; readonly code: Code };
};

/**
 * The answer of a documented error of an operation: the service's error shape with the HTTP status the spec
 * documents, marked with the operation and code (the generated per-operation helpers type them).
 */
export function documentedError(style: ErrorStyle, operationId: string, def: DocumentedErrorDef, message: string, init: GraphErrorInit & StatusErrorInit = {}): ServiceError {
  const error = style === 'graph'
    ? graphError(Number(def.code), message, { ...init, http: def.http })
    : statusError(String(def.code), message, { ...init, http: def.http });
  error.documented = { operationId, code: def.code };
  return error;
}

/** A field that broke the schema, as the router reports it. */
export interface FieldViolation {
  field: string;
  description: string;
}

/**
 * The invalid-request answer of each style: Graph code 100 (or the parameter's documented code), or
 * INVALID_ARGUMENT with a BadRequest detail.
 */
export function invalidRequest(style: ErrorStyle, message: string, violations: FieldViolation[] = [], graphCode = 100): ServiceError {
  if (style === 'graph') {
    const first = violations[0];
    return graphError(graphCode, first ? `(#${graphCode}) ${message}: ${first.field} ${first.description}` : `(#${graphCode}) ${message}`, { type: 'OAuthException' });
  }
  return statusError('INVALID_ARGUMENT', violations.length ? `${message}: ${violations.map((v) => `${v.field} ${v.description}`).join('; ')}` : message, {
    details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: violations }],
  });
}

export function notFoundRoute(style: ErrorStyle, method: string, path: string): ServiceError {
  if (style === 'graph') {
    return graphError(100, `Unsupported ${method.toLowerCase()} request. Unknown path components: ${path}`, { type: 'GraphMethodException', subcode: 33, http: 400 });
  }
  return statusError('NOT_FOUND', `The requested URL ${path} was not found on this server (${method}).`);
}

/** A known path asked with a method it does not take: 405 with the methods it does take in Allow. */
export function methodNotAllowed(style: ErrorStyle, method: string, path: string, allowed: string[]): ServiceError {
  const headers = { allow: allowed.join(', ') };
  if (style === 'graph') {
    return graphError(100, `Unsupported ${method.toLowerCase()} request. ${path} takes ${allowed.join(', ')}`, { type: 'GraphMethodException', subcode: 33, http: 400, headers });
  }
  return new ServiceError(405, { error: { code: 405, message: `Method ${method} is not allowed on ${path}; it takes ${allowed.join(', ')}.`, status: 'METHOD_NOT_ALLOWED' } }, headers);
}

/**
 * An oversized body gets the documented invalid-request answer of each style (no operation documents 413):
 * the public Status-style services answer 400 INVALID_ARGUMENT "Request payload size exceeds the limit".
 */
export function tooLarge(style: ErrorStyle, limit: number): ServiceError {
  if (style === 'graph') return graphError(100, `(#100) Request body exceeds the limit of ${limit} bytes`, { type: 'OAuthException' });
  return statusError('INVALID_ARGUMENT', `Request payload size exceeds the limit: ${limit} bytes.`);
}

export function internalError(style: ErrorStyle): ServiceError {
  if (style === 'graph') return graphError(1, 'An unknown error occurred', { type: 'OAuthException', http: 500, isTransient: true });
  return statusError('INTERNAL', 'Internal error encountered.');
}
