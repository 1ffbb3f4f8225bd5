// Copied from templates/runtime/server/router.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// A node:http request listener over a generated route table: match the route (route-table.ts), read and
// decode the body under a size limit (body.ts; media streams to temporary files, removed once the request is
// over: media.ts), decode the parameters (params.ts), find the caller's
// credentials (credentials.ts), validate (validation.ts), call the handler, and write its answer
// (write-answer.ts). Every failure is answered in the service's own error shape; nothing escapes as a stack
// trace or an unshaped 500.
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import {
  type BodyDef,
  BodyParseError,
  BodyTooLargeError,
  DEFAULT_MAX_DEPTH,
  decodeBody,
  readBody,
  readMediaBody,
  Spool,
  selectBody,
} from './body.js';
import { type ClientErrorListener, clientErrorListener } from './client-error.js';
import {
  addTransportCredential,
  type Credentials,
  conflictingCredentials,
  credentialsSatisfy,
  readCredentials,
} from './credentials.js';
import { ifMatchHolds } from './conditional.js';
import { compileValidators } from './compile-validators.js';
import {
  documentedError,
  type ErrorStyle,
  internalError,
  invalidRequest,
  isServiceError,
  methodNotAllowed,
  missingCredential,
  notAcceptable,
  notFoundRoute,
  type ServiceError,
  tooLarge,
} from './errors.js';
import type { HandlerInput, HandlerResult } from './handler.js';
import { type ParamPlan, planParams, readCookies, readHeaders, readPath, readPlainQuery, readQuery } from './params.js';
import type { RouteDef } from './route-def.js';
import { documentedRefusal } from './refusals.js';
import { RouteTable } from './route-table.js';
import { acceptsSuccess, preferredType, successTypes } from './negotiation.js';
import { InvalidQueryError, RequestTarget } from './request-target.js';
import { isHeaderText } from './strict-text.js';
import { AnswerValidator, validateRequest } from './validation.js';
import { type AnswerContext, negotiatedError, writeAnswer, writeError } from './write-answer.js';

export type { ClientErrorListener } from './client-error.js';
export type { Credentials } from './credentials.js';

/**
 * The request listener, and `clientError`: what a `node:http` server hands its 'clientError' event (bytes it
 * cannot parse as a request), answered in the service's error shape: `server.on('clientError', l.clientError)`.
 */
export type ServiceListener = ((req: IncomingMessage, res: ServerResponse) => void) & {
  clientError: ClientErrorListener;
};
export type { HandlerInput, HandlerResult } from './handler.js';
export type { CredentialSource, ParamDef, RouteDef, ValidateFunction, ValidationError } from './route-def.js';

export interface RouterOptions {
  /** The service's error answers (the spec's x-error-style, as the generated server hands it in). */
  errorStyle: ErrorStyle;
  /** Largest JSON / form body read; larger ones are refused. Default 1 MiB. */
  maxBodyBytes: number;
  /** Largest media (raw or multipart) body read. Default 64 MiB. */
  maxMediaBytes: number;
  /**
   * Where media bodies are spooled while a request lasts (raw media, multipart media and file parts reach the
   * handler as files there, removed once the request is over). Default: the system's temporary directory.
   */
  uploadDir?: string;
  /** Validate handler answers against the spec too (development); a bad answer becomes a 500. */
  validateResponses: boolean;
  /**
   * Checks the credentials before validation (e.g. invalid token → 190 / UNAUTHENTICATED); throw ServiceError.
   * What it returns (or resolves to) is the request's `input.caller`: the caller it found, handed to the handler
   * on the input itself rather than kept aside by request.
   */
  authenticate?: (input: HandlerInput, route: RouteDef) => unknown;
  /** Called with errors that became 500 answers (handler bugs, invalid answers, a stream broken off). */
  onError?: (error: unknown, input?: HandlerInput) => void;
  /**
   * Where those errors are logged (a pino logger fits); default: one JSON line on stderr. `false` logs
   * nothing (onError still hears of them).
   */
  logger?: ServerLogger | false;
  /** Per-operation body limits in bytes, over the route's own (x-body-limit) and the defaults. */
  bodyLimits?: Record<string, number>;
  /**
   * Compile every validator of the routes when the listener is made (a generated package compiles each on its
   * first call): a schema ajv refuses then fails the start, every one named with its operation and place in one
   * ValidatorCompileError, instead of answering 500 at its operation's first request. Default false.
   */
  compileValidators?: boolean;
  /**
   * What an Accept that takes none of an operation's documented success types gets (RFC 9110 12.5.1 allows
   * either): 'refuse', a 406 before the handler runs (default); 'disregard', the answer as if the request had no
   * Accept (its first documented type; JSON for a JSON operation), as services that do not negotiate answer.
   */
  notAcceptable?: 'refuse' | 'disregard';
  /**
   * The identity of the client certificate a TLS-terminating proxy verified (read from what the proxy adds), for
   * the routes whose security names a mutualTLS scheme; undefined: none. Consulted when the request's own TLS
   * socket holds no verified client certificate (the router's server is plain HTTP, or the peer sent none).
   * Without it, a mutualTLS scheme is met only by a verified certificate on the request's own socket.
   */
  clientCertificate?: (req: IncomingMessage) => string | undefined;
  /** Answer for a request without any credential (default: the x-error-style's missingCredential). */
  missingCredentials?: (route: RouteDef) => ServiceError;
}

/** The part of a logger (pino, console-like) the router uses. */
export interface ServerLogger {
  error(details: Record<string, unknown>, message: string): void;
}

const stderrLogger: ServerLogger = {
  error(details, message) {
    process.stderr.write(
      `${JSON.stringify({ level: 'error', time: new Date().toISOString(), msg: message, ...details })}\n`,
    );
  },
};

function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack };
  return { value: String(error) };
}

const DEFAULTS = {
  maxBodyBytes: 1024 * 1024,
  maxMediaBytes: 64 * 1024 * 1024,
  validateResponses: false,
};

/** How long a refused body may keep arriving after its answer before the connection is cut. */
const LINGER_MS = 2_000;

/**
 * Ends a connection whose request body is refused before it was all sent, without losing the answer. Closing a
 * socket while the client still sends makes the kernel reset it, and a reset discards the answer the client had
 * not read yet: the refusal would arrive as ECONNRESET with no answer. So once the answer is written (node:http
 * then calls destroySoon, for `Connection: close`) only the sending side closes; what still arrives is read and
 * dropped until the client closes too or LINGER_MS pass (a lingering close).
 */
function closeAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket;
  req.resume();
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
    socket.resume();
  };
}

export function createRouter(
  routes: RouteDef[],
  dispatch: (input: HandlerInput) => Promise<HandlerResult>,
  options: Partial<RouterOptions> & { errorStyle: ErrorStyle },
): ServiceListener {
  const opts: RouterOptions = { ...DEFAULTS, ...options };
  if (opts.compileValidators) compileValidators(routes);
  const refuseUnacceptable = opts.notAcceptable !== 'disregard';
  const table = new RouteTable(routes);
  const siblings = routeSiblings(routes);
  const plans = new Map<RouteDef, ParamPlan>(routes.map((route) => [route, planParams(route)]));
  const logger = opts.logger === false ? undefined : (opts.logger ?? stderrLogger);
  /** A failure the caller cannot fix: logged, reported to onError, answered as the service's internal error. */
  const report = (error: unknown, input?: HandlerInput, message = 'handler failed') => {
    logger?.error(
      {
        err: describeError(error),
        operationId: input?.operationId,
        method: input?.request.method,
        path: input?.url.pathname,
      },
      message,
    );
    opts.onError?.(error, input);
  };
  const answers: AnswerContext = {
    errorStyle: opts.errorStyle,
    answers: opts.validateResponses ? new AnswerValidator() : null,
    report,
  };
  // Each step hands the next its input, going through a promise only where there is something to wait for (a body
  // still arriving, an asynchronous authenticate hook, the handler's answer): no async frame per request, and every
  // failure of a step is answered by `fail`, so nothing is left to reject.
  const listener = (req: IncomingMessage, res: ServerResponse) => handle(req, res);
  return Object.assign(listener, { clientError: clientErrorListener(opts.errorStyle) });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    let routed: RouteDef | undefined;
    try {
      const target = new RequestTarget(req.url ?? '/');
      const method = req.method ?? 'GET';
      const match = table.find(method, target.pathname);
      if (!match) return refuseRoute(req, res, method, target.pathname);
      const route = siblings.has(match.route)
        ? (carried(siblings.get(match.route)!, req, target) ?? match.route)
        : match.route;
      routed = route;
      const plan = plans.get(route)!;
      // A sibling of another template of the same shape reads the matched values by its own names.
      const names = route === match.route ? match.template.names : templateNames(route);
      const input = parseInput(req, res, target, route, plan, names, match.values);
      if (input) authorize(req, res, input);
    } catch (error) {
      fail(req, res, error, undefined, routed);
    }
  }

  /** No route for the method and path: 405 with the methods the path has, or 404. */
  function refuseRoute(req: IncomingMessage, res: ServerResponse, method: string, pathname: string): void {
    req.resume();
    const allowed = table.methodsAt(pathname);
    const upper = method.toUpperCase();
    if (allowed.length > 0) writeError(res, methodNotAllowed(opts.errorStyle, upper, pathname, allowed));
    else writeError(res, notFoundRoute(opts.errorStyle, upper, pathname));
  }

  /** The credentials a route asks for, then the authenticate hook. */
  function authorize(req: IncomingMessage, res: ServerResponse, input: RequestInput): void {
    try {
      const route = input.route;
      if (route.transportSchemes) addTransportCredential(input.credentials, route.transportSchemes, req, opts);
      if (!credentialsSatisfy(input.credentials, route)) {
        throw opts.missingCredentials?.(route) ?? missingCredential(opts.errorStyle);
      }
      const authenticated = opts.authenticate?.(input, route);
      if (isThenable(authenticated))
        Promise.resolve(authenticated).then(
          (caller) => {
            input.caller = caller;
            call(req, res, input);
          },
          (error) => fail(req, res, error, input),
        );
      else {
        input.caller = authenticated;
        call(req, res, input);
      }
    } catch (error) {
      fail(req, res, error, input);
    }
  }

  /** Validation, the handler, and its answer written. */
  function call(req: IncomingMessage, res: ServerResponse, input: RequestInput): void {
    try {
      validateRequest(input, input.route, opts.errorStyle);
      // An Accept that takes none of the documented success types is refused before the handler works.
      const accept = input.headers.accept;
      if (accept !== undefined && refuseUnacceptable && !acceptsSuccess(input.route, accept))
        throw notAcceptable(opts.errorStyle, accept, successTypes(input.route));
      const result = dispatch(input) as HandlerResult | PromiseLike<HandlerResult>;
      if (isThenable<HandlerResult>(result))
        result.then(
          (answer) => answerWith(req, res, input, answer),
          (error) => fail(req, res, error, input),
        );
      else answerWith(req, res, input, result);
    } catch (error) {
      fail(req, res, error, input);
    }
  }

  function answerWith(req: IncomingMessage, res: ServerResponse, input: RequestInput, result: HandlerResult): void {
    try {
      const written = writeAnswer(res, input.route, result, input, answers);
      if (written) written.then(undefined, (error) => fail(req, res, error, input));
    } catch (error) {
      fail(req, res, error, input);
    }
  }

  /** A step that failed: answered by `refuse`; a failure to answer is reported and the connection dropped. */
  function fail(
    req: IncomingMessage,
    res: ServerResponse,
    error: unknown,
    input: HandlerInput | undefined,
    route?: RouteDef,
  ): void {
    try {
      refuse(req, res, error, input, route);
    } catch (failure) {
      report(failure, input);
      res.destroy();
    }
  }

  /** Answers a request that failed: the service's error for what the caller can fix, else its internal error. */
  function refuse(
    req: IncomingMessage,
    res: ServerResponse,
    error: unknown,
    input: HandlerInput | undefined,
    route = input instanceof RequestInput ? input.route : undefined,
  ): void {
    // The router's own refusal in the shape the operation documents for its status, where it documents one.
    const shaped = (e: ServiceError) => (route ? documentedRefusal(route, e) : e);
    if (error instanceof BodyTooLargeError) {
      res.setHeader('connection', 'close');
      closeAfterAnswer(req);
      writeError(res, shaped(tooLarge(opts.errorStyle, error.limit)));
      return;
    }
    // Refused while the body still streams (a malformed multipart message): the rest is not read either.
    if (error instanceof BodyParseError && !req.complete) {
      res.setHeader('connection', 'close');
      closeAfterAnswer(req);
    } else req.resume();
    if (isServiceError(error))
      return writeError(
        res,
        input instanceof RequestInput
          ? negotiatedError(input.route, shaped(error), input.headers.accept)
          : shaped(error),
      );
    if (error instanceof BodyParseError)
      return writeError(
        res,
        shaped(
          invalidRequest(opts.errorStyle, 'Invalid request body', [{ field: error.field, description: error.message }]),
        ),
      );
    report(error, input);
    if (!res.headersSent) writeError(res, internalError(opts.errorStyle));
    else res.end();
  }

  /**
   * The handler's input, or undefined while a body is still to be read: then `authorize` (or `fail`) is called
   * once it is.
   */
  function parseInput(
    req: IncomingMessage,
    res: ServerResponse,
    target: RequestTarget,
    route: RouteDef,
    plan: ParamPlan,
    names: readonly string[],
    values: readonly string[],
  ): RequestInput | undefined {
    let query: Record<string, unknown>;
    let pathNames = names;
    let pathValues = values;
    try {
      // Path parameters a path key's query carries (`/alerts?lat={lat}`), read as a path's (percent-encoded).
      if (route.pathFromQuery) {
        const queryNames = [...names];
        const queryValues = [...values];
        for (const { parameter, query } of route.pathFromQuery) {
          const sent = target.query.get(query);
          if (sent === undefined || sent.length === 0) continue;
          queryNames.push(parameter);
          queryValues.push(encodeURIComponent(sent[sent.length - 1]!));
        }
        pathNames = queryNames;
        pathValues = queryValues;
      }
      query = plan.scalarQuery ? readPlainQuery(target.search) : readQuery(target.query, plan);
    } catch (error) {
      if (!(error instanceof InvalidQueryError)) throw error;
      throw invalidRequest(opts.errorStyle, 'Invalid parameter', [
        { field: error.field, description: 'is not a valid percent-encoded UTF-8 value' },
      ]);
    }
    const path = pathNames.length === 0 ? NO_PATH : readPath(pathNames, pathValues, plan, opts.errorStyle);
    const headers = readHeaders(req.headers);
    // Declared header parameters and credential headers hold text: other bytes are refused, not read as Latin-1.
    for (const name of plan.textHeaders) {
      const value = headers[name];
      if (value !== undefined && !isHeaderText(value))
        throw invalidRequest(opts.errorStyle, 'Invalid parameter', [
          { field: name, description: 'holds bytes other than visible ASCII' },
        ]);
    }
    const contentType = headers['content-type'];
    const input = new RequestInput(req, res, target, route, path, query, headers, opts.errorStyle);
    if (route.bodies.length > 0) {
      const length = headers['content-length'];
      const hasBody = (length !== undefined && Number(length) > 0) || headers['transfer-encoding'] !== undefined;
      if (hasBody) {
        const def = selectBody(route.bodies, contentType);
        if (!def) {
          req.resume();
          throw invalidRequest(
            opts.errorStyle,
            `Unsupported Content-Type ${contentType ?? '(none)'}; expected one of ${route.bodies.map((b) => b.contentType).join(', ')}`,
          );
        }
        const media = def.kind === 'raw' || def.kind.startsWith('multipart');
        const limit =
          opts.bodyLimits?.[route.operationId] ??
          route.maxBodyBytes ??
          (media ? opts.maxMediaBytes : opts.maxBodyBytes);
        if (media) return void readMedia(req, res, def, contentType ?? def.contentType, limit, input, plan);
        readBody(req, limit, (error, raw) => {
          if (error) return fail(req, res, error, undefined, input.route);
          let ready: RequestInput;
          try {
            // An empty JSON body is no body; zero bytes of another kind are empty text, no lines, a form of no fields.
            ready =
              raw.length > 0 || def.kind !== 'json'
                ? completeInput(input, plan, decodeBody(def, raw, undefined, contentType), def.contentType, def)
                : completeInput(input, plan, undefined, undefined);
          } catch (failure) {
            return fail(req, res, failure, undefined, input.route);
          }
          authorize(req, res, ready);
        });
        return undefined;
      }
    }
    // A media type with zero bytes is empty media (a raw upload of an empty file), not a missing body; so are
    // empty text, no lines and a form of no fields (`{}` writes no byte; its Content-Type still names it).
    const def = route.bodies.length > 0 && contentType ? selectBody(route.bodies, contentType) : undefined;
    if (def?.kind === 'raw') return void readMedia(req, res, def, contentType!, 0, input, plan);
    if (def?.kind === 'text' || def?.kind === 'lines' || def?.kind === 'form') {
      req.resume();
      return completeInput(input, plan, decodeBody(def, NO_BYTES, undefined, contentType), def.contentType, def);
    }
    req.resume();
    return completeInput(input, plan, undefined, undefined);
  }

  /**
   * A media body, spooled into temporary files that are removed once the request is over, whatever happens; the
   * input completed with it goes on to `authorize`.
   */
  function readMedia(
    req: IncomingMessage,
    res: ServerResponse,
    def: BodyDef,
    contentType: string,
    limit: number,
    input: RequestInput,
    plan: ParamPlan,
  ): void {
    const spool = new Spool(opts.uploadDir ?? os.tmpdir());
    // 'close' comes once the answer is written or the connection is gone; a removal that fails is a server fault.
    res.once('close', () => void spool.remove().catch((error) => report(error, undefined, 'upload cleanup failed')));
    const limits = { bodyBytes: limit, textBytes: Math.min(limit, opts.maxBodyBytes) };
    readMediaBody(req, def, contentType, limits, spool).then(
      (body) => {
        let ready: RequestInput;
        try {
          ready = completeInput(input, plan, body, def.contentType);
        } catch (error) {
          return fail(req, res, error, undefined, input.route);
        }
        authorize(req, res, ready);
      },
      (error) => fail(req, res, error, undefined, input.route),
    );
  }

  /** The input with its body read: credentials found (refusing two different ones) and cookies decoded. */
  function completeInput(
    input: RequestInput,
    plan: ParamPlan,
    body: unknown,
    bodyType: string | undefined,
    def?: BodyDef,
  ): RequestInput {
    const { route, headers, target } = input;
    // The target, not its query: the query's values are read apart only for a route that takes a credential there.
    const conflict = conflictingCredentials(route, target, headers, body, input.request.rawHeaders);
    if (conflict)
      throw invalidRequest(opts.errorStyle, 'Conflicting credentials', [
        { field: conflict.join(', '), description: 'carry different credentials; send one' },
      ]);
    input.body = body;
    input.contentType = bodyType;
    // An XML body read into its schema's value here, so a document that is no XML is refused before credentials.
    if (def?.xml !== undefined) input.bodyValue = def.xml(body as string, def.maxDepth ?? DEFAULT_MAX_DEPTH);
    input.credentials = readCredentials(route, target, headers, body);
    if (plan.cookies) input.cookies = readCookies(route.params, headers.cookie, opts.errorStyle);
    return input;
  }
}

/** Whether a handler's result (or the authenticate hook's) is a promise or another thenable, not the value itself. */
function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** What a handler receives: one object per request, its URL and abort signal made on first use. */
class RequestInput implements HandlerInput {
  readonly operationId: string;
  body: unknown = undefined;
  bodyValue: unknown = undefined;
  contentType: string | undefined = undefined;
  credentials: Credentials = NO_CREDENTIALS;
  cookies: Record<string, unknown> = NO_COOKIES;
  caller: unknown = undefined;
  #signal: AbortSignal | undefined = undefined;

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    readonly target: RequestTarget,
    readonly route: RouteDef,
    readonly path: Record<string, unknown>,
    readonly query: Record<string, unknown>,
    readonly headers: Record<string, string>,
    readonly errorStyle: ErrorStyle,
  ) {
    this.operationId = route.operationId;
  }

  get url(): URL {
    return this.target.url;
  }

  // Made on first use: most handlers never look, and a controller with its listeners costs every request.
  get signal(): AbortSignal {
    return (this.#signal ??= clientGone(this.request, this.response));
  }

  get answerType(): string | undefined {
    return preferredType(this.headers.accept, successTypes(this.route));
  }

  accepts(types: readonly string[]): string | undefined {
    return preferredType(this.headers.accept, types);
  }

  checkIfMatch(current: string | undefined): void {
    if (ifMatchHolds(this.headers['if-match'], current)) return;
    const route = this.route;
    if (!route.preconditionFailed)
      throw new Error(`${route.operationId} documents no 412: If-Match cannot be refused in its shape`);
    throw documentedError(
      this.errorStyle,
      route.operationId,
      route.preconditionFailed,
      'Precondition Failed: the resource has changed (its entity tag does not match If-Match)',
    );
  }
}

const NO_CREDENTIALS: Credentials = Object.freeze({});
// Without a prototype, as every parameter object: `constructor` is a parameter's name or absent.
const NO_COOKIES: Record<string, unknown> = Object.freeze(Object.create(null));
const NO_PATH: Record<string, unknown> = Object.freeze(Object.create(null));
const NO_BYTES = Buffer.alloc(0);

/** An AbortSignal that fires when the client goes away before the answer is complete. */
function clientGone(req: IncomingMessage, res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const gone = () => {
    if (!res.writableFinished) controller.abort(new Error('the client went away'));
  };
  // Asked for after the client already left: aborted from the start.
  if (res.closed) gone();
  else {
    res.once('close', gone);
    req.once('aborted', gone);
  }
  return controller.signal;
}

/**
 * For each route that shares its method and its path's shape (template names set aside: `/v1/{jobName}` beside
 * `/v1/{name}`) with others told apart by fixed values (route-def.ts's `fixed`), those routes, the ones with more
 * fixed values first and, among as many, the ones with more of them a value rather than a name (AWS Chime's
 * `#operation=search` before the create under `#x-amz-chime-bearer`, whose header the search may send too): the
 * order the model's takenParts reads (generator/model/fixed-parameters.ts's routedBefore).
 */
function routeSiblings(routes: RouteDef[]): Map<RouteDef, RouteDef[]> {
  const groups = new Map<string, RouteDef[]>();
  for (const route of routes) {
    const key = `${route.method.toUpperCase()} ${route.path.replace(TEMPLATE_NAME, '{}')}`;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  const out = new Map<RouteDef, RouteDef[]>();
  for (const group of groups.values()) {
    if (group.length < 2 || !group.some((r) => r.fixed?.length)) continue;
    const valued = (r: RouteDef) => (r.fixed ?? []).filter((p) => p.value !== undefined).length;
    const ordered = [...group].sort((a, b) => (b.fixed?.length ?? 0) - (a.fixed?.length ?? 0) || valued(b) - valued(a));
    for (const route of group) out.set(route, ordered);
  }
  return out;
}

const TEMPLATE_NAME = /\{[^}]*\}/g;

/** A route's path parameter names in the order its template gives them (a sibling's, where its names differ). */
function templateNames(route: RouteDef): string[] {
  return [...route.path.matchAll(TEMPLATE_NAME)].map((m) => m[0].slice(1, -1));
}

/** The first of the routes whose fixed values the request carries, if any. */
function carried(routes: RouteDef[], req: IncomingMessage, target: RequestTarget): RouteDef | undefined {
  // A required body's media types: one of the route's bodies the Content-Type selects, as its reading will.
  const has = (route: RouteDef, p: { in: 'header' | 'query'; name: string; value?: string; media?: string[] }) => {
    if (p.media) {
      const type = req.headers['content-type'];
      return type !== undefined && selectBody(route.bodies, type) !== undefined;
    }
    if (p.in === 'header') {
      const value = req.headers[p.name];
      if (p.value === undefined) return value !== undefined;
      return Array.isArray(value) ? value.includes(p.value) : value === p.value;
    }
    try {
      const values = target.query.get(p.name);
      if (p.value === undefined) return values !== undefined && values.length > 0;
      return values?.includes(p.value) ?? false;
    } catch {
      return false; // a query that does not decode: the route's own reading refuses it
    }
  };
  return routes.find((r) => (r.fixed ?? []).every((p) => has(r, p)));
}
