// Copied from templates/runtime/server/errors.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Errors a handler (or the router itself) answers with, in the service's own shape. Two shape families:
// graph {"error": {message, type, code, error_subcode?, <trace field>}} and status {"error": {code, message,
// status, details?}}; a spec without x-error-style gets RFC 9457 problem details for the router's own answers
// (its handlers answer the spec's own error responses). Every value of a service's answers (codes, types, HTTP statuses, messages, the trace
// field, the details type) is data from the spec's x-error-style, handed in by the generated server.
import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';

/** One answer the router gives by itself; `message` may hold `{method}`, `{methodLower}`, `{path}`, `{allowed}`, `{limit}`, `{reason}`, `{code}`. */
export interface RouterAnswer {
  http: number;
  message: string;
  /** graph family: the numeric code, its subcode and type, and the transient flag. */
  code?: number;
  subcode?: number;
  type?: string;
  isTransient?: boolean;
  /** status family: the status name. */
  status?: string;
  /** status family, invalid request: the `@type` of the detail that lists the field violations (absent: no details). */
  detailsType?: string;
}

/** The answers the router gives without a handler: the spec's x-error-style `answers`. */
export interface RouterAnswers {
  missingCredential: RouterAnswer;
  unknownRoute: RouterAnswer;
  wrongMethod: RouterAnswer;
  invalidRequest: RouterAnswer;
  bodyTooLarge: RouterAnswer;
  internal: RouterAnswer;
}

/** A service's error style (the spec's root x-error-style), as data. */
export interface ErrorStyle {
  family: 'graph' | 'status' | 'problem';
  /** graph family: the body field of the trace id every answer carries. */
  traceField?: string;
  /**
   * HTTP status of an error whose caller gives none: by code (graph: a code or a `low-high` range) or status
   * name (status family); `default` for the others.
   */
  httpOf: Record<string, number>;
  /** graph family: the type of an error whose caller gives none, by `code/subcode` or code; `default` for the others. */
  typeOf?: Record<string, string>;
  answers: RouterAnswers;
}

/** Marks service errors across package copies (each generated package has its own runtime). */
const SERVICE_ERROR = Symbol.for('spec-first-toolkit.ServiceError');

/** A documented error answer; throw it from a handler. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly [SERVICE_ERROR] = true;
  /** Set by an operation's generated error helpers: which documented x-errors entry this answer is. */
  documented?: { readonly operationId: string; readonly code: string | number };
  /**
   * Its media type is the request's to choose among the ones the status documents (Accept, when the answer is
   * written), its `content-type` header only the default: set where the handler named none.
   */
  negotiable?: true;
  constructor(
    readonly httpStatus: number,
    readonly body: { error: Record<string, unknown> },
    readonly headers: Record<string, string> = {},
  ) {
    // A problem-details body (RFC 9457) has no error member: its detail is the message; a spec's own error
    // body may be anything (text, another shape).
    const shaped = typeof body === 'object' && body !== null ? (body as Record<string, any>) : undefined;
    const message = String(
      shaped?.error?.message ??
        shaped?.detail ??
        shaped?.message ??
        (typeof body === 'string' ? body : `HTTP ${httpStatus}`),
    );
    // An answer, not a fault: made without the stack trace an Error captures, which costs more than all the rest
    // of an early answer (a 401, a 404); the answer itself says what was wrong.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** Random bytes drawn in blocks, so that an answer's trace id does not cost a call to the system's generator. */
let randomPool = Buffer.alloc(0);
let randomAt = 0;

/** A random trace id (8 bytes, base64url). */
function traceId(): string {
  if (randomAt + 8 > randomPool.length) {
    randomPool = randomBytes(4096);
    randomAt = 0;
  }
  randomAt += 8;
  return randomPool.toString('base64url', randomAt - 8, randomAt);
}

/** RFC 9457 problem details, the answers of the router of a spec without x-error-style. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The fields that broke the schema, for an invalid request. */
  errors?: FieldViolation[];
}

/**
 * A problem-details answer (`application/problem+json`). Its body is no `{error}` envelope: typed as a
 * ServiceError all the same, since the router writes any ServiceError's body as it is.
 */
export function makeProblem(
  http: number,
  detail: string,
  init: { errors?: FieldViolation[]; headers?: Record<string, string> } = {},
): ServiceError {
  const body: ProblemDetails = { type: 'about:blank', title: STATUS_CODES[http] ?? 'Error', status: http, detail };
  if (init.errors?.length) body.errors = init.errors;
  return new ServiceError(http, body as unknown as { error: Record<string, unknown> }, {
    'content-type': 'application/problem+json',
    ...init.headers,
  });
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

/** The HTTP status of a code or status name the caller gave none for: the style's httpOf (exact, then ranges, then default). */
export function httpOf(style: ErrorStyle, code: number | string): number {
  const exact = style.httpOf[String(code)];
  if (exact !== undefined) return exact;
  if (typeof code === 'number') {
    for (const [key, http] of Object.entries(style.httpOf)) {
      const range = /^(\d+)-(\d+)$/.exec(key);
      if (range && code >= Number(range[1]) && code <= Number(range[2])) return http;
    }
  }
  return style.httpOf.default ?? 500;
}

/** An error in the graph shape family; type and HTTP status from the style where init gives none. */
export function makeGraphError(
  style: ErrorStyle,
  code: number,
  message: string,
  init: GraphErrorInit = {},
): ServiceError {
  const typeOf = style.typeOf ?? {};
  const error: Record<string, unknown> = {
    message,
    type:
      init.type ??
      (init.subcode !== undefined ? typeOf[`${code}/${init.subcode}`] : undefined) ??
      typeOf[String(code)] ??
      typeOf.default,
    code,
  };
  if (init.subcode !== undefined) error.error_subcode = init.subcode;
  if (init.userTitle) error.error_user_title = init.userTitle;
  if (init.userMessage) error.error_user_msg = init.userMessage;
  if (init.isTransient !== undefined) error.is_transient = init.isTransient;
  if (style.traceField) error[style.traceField] = traceId();
  return new ServiceError(init.http ?? httpOf(style, code), { error }, init.headers);
}

export interface StatusErrorInit {
  /** The HTTP status, when the spec documents another than the style's httpOf. */
  http?: number;
  details?: Array<{ '@type': string; [key: string]: unknown }>;
  /** Legacy error items ({message, domain, reason}) that some clients read. */
  errors?: Array<Record<string, unknown>>;
  headers?: Record<string, string>;
}

/** An error in the status shape family; HTTP status from the style's httpOf where init gives none. */
export function makeStatusError(
  style: ErrorStyle,
  status: string,
  message: string,
  init: StatusErrorInit = {},
): ServiceError {
  const http = init.http ?? httpOf(style, status);
  const error: Record<string, unknown> = { code: http, message, status };
  if (init.details) error.details = init.details;
  if (init.errors) error.errors = init.errors;
  return new ServiceError(http, { error }, init.headers);
}

/** One entry of an operation's x-errors, as the generated error helpers pass it. */
export interface DocumentedErrorDef {
  http: number;
  /** Graph numeric code, or the status name. */
  code: number | string;
}

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type NumberOf<S> = S extends `${infer N extends number}` ? N : never;
/** The HTTP statuses of a range as a spec writes it: `StatusRange<4>` is 400 | 401 | ... | 499 (`4XX`). */
export type StatusRange<C extends 1 | 2 | 3 | 4 | 5> = NumberOf<`${C}${Digit}${Digit}`>;

/** A documented error of one operation (its x-errors entry of that code), as the generated helpers make it. */
export type DocumentedError<Op extends string, Code extends string | number> = ServiceError & {
  readonly documented: { readonly operationId: Op; readonly code: Code };
};

/**
 * The answer of a documented error of an operation: the service's error shape with the HTTP status the spec
 * documents, marked with the operation and code (the generated per-operation helpers type them).
 */
export function documentedError(
  style: ErrorStyle,
  operationId: string,
  def: DocumentedErrorDef,
  message: string,
  init: GraphErrorInit & StatusErrorInit = {},
): ServiceError {
  const error =
    style.family === 'graph'
      ? makeGraphError(style, Number(def.code), message, { ...init, http: def.http })
      : style.family === 'status'
        ? makeStatusError(style, String(def.code), message, { ...init, http: def.http })
        : makeProblem(def.http, message, { headers: init.headers });
  error.documented = { operationId, code: def.code };
  return error;
}

/**
 * A documented error response of a spec without x-error-style (its own error responses are the errors): the body
 * as the response's schema types it, in the media type it names (`negotiable`: the default of several), marked with the operation and the status as the
 * spec writes it (`404`, `4XX`, `default`); the generated per-operation helpers type each one.
 */
export function documentedAnswer(
  operationId: string,
  code: string | number,
  http: number,
  body: unknown,
  contentType: string | undefined,
  headers: Record<string, string> = {},
  negotiable = false,
): ServiceError {
  const error = new ServiceError(
    http,
    body as { error: Record<string, unknown> },
    contentType ? { 'content-type': contentType, ...headers } : headers,
  );
  error.documented = { operationId, code };
  if (negotiable) error.negotiable = true;
  return error;
}

/** A field that broke the schema, as the router reports it. */
export interface FieldViolation {
  field: string;
  description: string;
}

/** The `{name}` placeholders of a message filled in; unknown names stay as written. */
function fill(template: string, values: Record<string, string | number>): string {
  if (!template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] !== undefined ? String(values[name]) : whole,
  );
}

/** One of the style's router answers, its message filled in. */
function answer(
  style: ErrorStyle,
  which: keyof RouterAnswers,
  values: Record<string, string | number>,
  extra: {
    headers?: Record<string, string>;
    suffix?: string;
    code?: number;
    details?: StatusErrorInit['details'];
    violations?: FieldViolation[];
  } = {},
): ServiceError {
  const a = style.answers[which];
  if (style.family === 'problem')
    return makeProblem(a.http, fill(a.message, values) + (extra.suffix ?? ''), {
      headers: extra.headers,
      errors: extra.violations,
    });
  if (style.family === 'graph') {
    const code = extra.code ?? a.code!;
    const message = fill(a.message, { ...values, code }) + (extra.suffix ?? '');
    // A parameter's own invalid-value code (x-invalid-code) takes the HTTP status of that code.
    const http = code === a.code ? a.http : httpOf(style, code);
    return makeGraphError(style, code, message, {
      subcode: a.subcode,
      type: a.type,
      http,
      isTransient: a.isTransient,
      headers: extra.headers,
    });
  }
  return makeStatusError(style, a.status!, fill(a.message, values) + (extra.suffix ?? ''), {
    http: a.http,
    details: extra.details,
    headers: extra.headers,
  });
}

/**
 * The invalid-request answer: the style's invalidRequest (a Graph parameter's own code where the spec gives one),
 * its message followed by the field violations (the graph family reports the first, the status family all of
 * them and, where the style names a details type, lists them in a detail).
 */
export function invalidRequest(
  style: ErrorStyle,
  reason: string,
  violations: FieldViolation[] = [],
  graphCode?: number,
): ServiceError {
  if (style.family === 'graph') {
    const first = violations[0];
    return answer(
      style,
      'invalidRequest',
      { reason },
      { code: graphCode, suffix: first ? `: ${first.field} ${first.description}` : '' },
    );
  }
  if (style.family === 'problem') return answer(style, 'invalidRequest', { reason }, { violations });
  const detailsType = style.answers.invalidRequest.detailsType;
  return answer(
    style,
    'invalidRequest',
    { reason },
    {
      suffix: violations.length ? `: ${violations.map((v) => `${v.field} ${v.description}`).join('; ')}` : '',
      details: detailsType ? [{ '@type': detailsType, fieldViolations: violations }] : undefined,
    },
  );
}

const methodValues = (method: string, path: string) => ({ method, methodLower: method.toLowerCase(), path });

export function notFoundRoute(style: ErrorStyle, method: string, path: string): ServiceError {
  return answer(style, 'unknownRoute', methodValues(method, path));
}

/** A known path asked with a method it does not take: the style's wrongMethod answer, the methods it takes in Allow. */
export function methodNotAllowed(style: ErrorStyle, method: string, path: string, allowed: string[]): ServiceError {
  return answer(
    style,
    'wrongMethod',
    { ...methodValues(method, path), allowed: allowed.join(', ') },
    { headers: { allow: allowed.join(', ') } },
  );
}

/** An oversized body: the style's bodyTooLarge answer (no operation documents 413). */
export function tooLarge(style: ErrorStyle, limit: number): ServiceError {
  return answer(style, 'bodyTooLarge', { limit });
}

/**
 * An Accept that takes none of the media types the operation answers in (406): problem details for a spec without
 * x-error-style, else the style's invalidRequest shape (its code or status name) with HTTP 406.
 */
export function notAcceptable(style: ErrorStyle, accept: string, offered: readonly string[]): ServiceError {
  const message = `Not Acceptable: Accept ${JSON.stringify(accept)} takes none of ${offered.join(', ')}`;
  if (style.family === 'problem') return makeProblem(406, message);
  const a = style.answers.invalidRequest;
  if (style.family === 'graph')
    return makeGraphError(style, a.code!, message, { subcode: a.subcode, type: a.type, http: 406 });
  return makeStatusError(style, a.status!, message, { http: 406 });
}

/** A request without the credentials its route requires (the router's default; RouterOptions.missingCredentials overrides it). */
export function missingCredential(style: ErrorStyle): ServiceError {
  return answer(style, 'missingCredential', {});
}

export function internalError(style: ErrorStyle): ServiceError {
  return answer(style, 'internal', {});
}
