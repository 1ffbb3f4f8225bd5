// Copied from templates/runtime/server/router.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// A node:http request listener over a generated route table: match the route (route-table.ts), read and
// decode the body under a size limit (body.ts), decode the parameters (params.ts), find the caller's
// credentials (credentials.ts), validate (validation.ts), call the handler, and write its answer
// (write-answer.ts). Every failure is answered in the service's own error shape; nothing escapes as a stack
// trace or an unshaped 500.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyParseError, BodyTooLargeError, decodeBody, readBody, selectBody } from './body.js';
import { conflictingCredentials, credentialsSatisfy, readCredentials } from './credentials.js';
import { ifMatchHolds } from './conditional.js';
import {
  documentedError,
  type ErrorStyle,
  internalError,
  invalidRequest,
  isServiceError,
  methodNotAllowed,
  missingCredential,
  notFoundRoute,
  type ServiceError,
  tooLarge,
} from './errors.js';
import type { HandlerInput, HandlerResult } from './handler.js';
import { type ParamPlan, planParams, readCookies, readHeaders, readPath, readQuery } from './params.js';
import type { RouteDef } from './route-def.js';
import { RouteTable } from './route-table.js';
import { invalidQueryPair, isHeaderText } from './strict-text.js';
import { AnswerValidator, validateRequest } from './validation.js';
import { type AnswerContext, writeAnswer, writeError } from './write-answer.js';

export type { Credentials } from './credentials.js';
export type { HandlerInput, HandlerResult } from './handler.js';
export type { CredentialSource, ParamDef, RouteDef, ValidateFunction, ValidationError } from './route-def.js';

export interface RouterOptions {
  /** The service's error answers (the spec's x-error-style, as the generated server hands it in). */
  errorStyle: ErrorStyle;
  /** Largest JSON / form body read; larger ones are refused. Default 1 MiB. */
  maxBodyBytes: number;
  /** Largest media (raw or multipart) body read. Default 64 MiB. */
  maxMediaBytes: number;
  /** Validate handler answers against the spec too (development); a bad answer becomes a 500. */
  validateResponses: boolean;
  /** Checks the credentials before validation (e.g. invalid token → 190 / UNAUTHENTICATED); throw ServiceError. */
  authenticate?: (input: HandlerInput, route: RouteDef) => void | Promise<void>;
  /** Called with errors that became 500 answers (handler bugs, invalid answers, a stream broken off). */
  onError?: (error: unknown, input?: HandlerInput) => void;
  /**
   * Where those errors are logged (a pino logger fits); default: one JSON line on stderr. `false` logs
   * nothing (onError still hears of them).
   */
  logger?: ServerLogger | false;
  /** Per-operation body limits in bytes, over the route's own (x-body-limit) and the defaults. */
  bodyLimits?: Record<string, number>;
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
): (req: IncomingMessage, res: ServerResponse) => void {
  const opts: RouterOptions = { ...DEFAULTS, ...options };
  const table = new RouteTable(routes);
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
  return (req, res) => {
    handle(req, res).catch((error) => {
      report(error);
      if (!res.headersSent) writeError(res, internalError(opts.errorStyle));
      else res.destroy();
    });
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // An origin-form target is a path on a fixed origin: resolved against a base, `//x/...` would read x as a host.
    const target = req.url ?? '/';
    const url = new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const match = table.match(method, url.pathname);
    if (!match) {
      req.resume();
      const allowed = table.methodsAt(url.pathname);
      if (allowed.length > 0) return writeError(res, methodNotAllowed(opts.errorStyle, method, url.pathname, allowed));
      return writeError(res, notFoundRoute(opts.errorStyle, method, url.pathname));
    }
    const { route } = match;
    let input: HandlerInput | undefined;
    try {
      // Awaited only when there is something to wait for: each needless await is a turn of the microtask queue.
      const parsed = parseInput(req, res, url, route, match.template.names, match.values);
      input = parsed instanceof Promise ? await parsed : parsed;
      if (!credentialsSatisfy(input.credentials, route)) {
        throw opts.missingCredentials?.(route) ?? missingCredential(opts.errorStyle);
      }
      const authenticated = opts.authenticate?.(input, route);
      if (authenticated) await authenticated;
      validateRequest(input, route, opts.errorStyle);
      const result = await dispatch(input);
      const written = writeAnswer(res, route, result, input, answers);
      if (written) await written;
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        res.setHeader('connection', 'close');
        closeAfterAnswer(req);
        writeError(res, tooLarge(opts.errorStyle, error.limit));
        return;
      }
      req.resume();
      if (isServiceError(error)) return writeError(res, error);
      if (error instanceof BodyParseError)
        return writeError(
          res,
          invalidRequest(opts.errorStyle, 'Invalid request body', [{ field: error.field, description: error.message }]),
        );
      report(error, input);
      if (!res.headersSent) writeError(res, internalError(opts.errorStyle));
      else res.end();
    }
  }

  /** The handler's input; a promise only when a body is still to be read. */
  function parseInput(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    route: RouteDef,
    names: readonly string[],
    values: readonly string[],
  ): HandlerInput | Promise<HandlerInput> {
    const plan = plans.get(route)!;
    const path = readPath(names, values, plan, opts.errorStyle);
    const badPair = url.search.includes('%') ? invalidQueryPair(url.search) : undefined;
    if (badPair !== undefined)
      throw invalidRequest(opts.errorStyle, 'Invalid parameter', [
        { field: badPair, description: 'is not a valid percent-encoded UTF-8 value' },
      ]);
    const query = readQuery(url, plan);
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
    const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
    const complete = (body: unknown, bodyType: string | undefined) =>
      completeInput(req, res, url, route, path, query, headers, body, bodyType);
    if (route.bodies.length > 0 && hasBody) {
      const def = selectBody(route.bodies, contentType);
      if (!def) {
        req.resume();
        throw invalidRequest(
          opts.errorStyle,
          `Unsupported Content-Type ${contentType ?? '(none)'}; expected one of ${route.bodies.map((b) => b.contentType).join(', ')}`,
        );
      }
      const limit =
        opts.bodyLimits?.[route.operationId] ??
        route.maxBodyBytes ??
        (def.kind === 'raw' || def.kind.startsWith('multipart') ? opts.maxMediaBytes : opts.maxBodyBytes);
      return readBody(req, limit).then((raw) =>
        // Media is media even when empty; an empty JSON or form body is no body.
        raw.length > 0 || def.kind === 'raw'
          ? complete(decodeBody(def, raw, contentType ?? def.contentType), def.contentType)
          : complete(undefined, undefined),
      );
    }
    req.resume();
    // A media type with zero bytes is empty media (a raw upload of an empty file), not a missing body.
    const def = route.bodies.length > 0 && contentType ? selectBody(route.bodies, contentType) : undefined;
    if (def?.kind === 'raw') return complete(decodeBody(def, Buffer.alloc(0), contentType!), def.contentType);
    return complete(undefined, undefined);
  }

  /** The input with its body read: credentials found (refusing two different ones) and cookies decoded. */
  function completeInput(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    route: RouteDef,
    path: Record<string, unknown>,
    query: Record<string, unknown>,
    headers: Record<string, string>,
    body: unknown,
    bodyType: string | undefined,
  ): HandlerInput {
    const conflict = conflictingCredentials(route, url, headers, body);
    if (conflict)
      throw invalidRequest(opts.errorStyle, 'Conflicting credentials', [
        { field: conflict.join(', '), description: 'carry different credentials; send one' },
      ]);
    const credentials = readCredentials(route, url, headers, body);
    const cookies = readCookies(route.params, headers.cookie, opts.errorStyle);
    let signal: AbortSignal | undefined;
    const ifMatch = headers['if-match'];
    return {
      operationId: route.operationId,
      path,
      query,
      headers,
      cookies,
      body,
      contentType: bodyType,
      credentials,
      url,
      request: req,
      // Made on first use: most handlers never look, and a controller with its listeners costs every request.
      get signal() {
        return (signal ??= clientGone(req, res));
      },
      checkIfMatch(current) {
        if (ifMatchHolds(ifMatch, current)) return;
        if (!route.preconditionFailed)
          throw new Error(`${route.operationId} documents no 412: If-Match cannot be refused in its shape`);
        throw documentedError(
          opts.errorStyle,
          route.operationId,
          route.preconditionFailed,
          'Precondition Failed: the resource has changed (its entity tag does not match If-Match)',
        );
      },
    };
  }
}

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
