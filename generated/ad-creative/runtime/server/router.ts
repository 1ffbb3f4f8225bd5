// Copied from templates/runtime/server/router.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// A node:http request listener over a generated route table: match the route, read and decode the body
// under a size limit, find the caller's credentials, validate parameters and body with the compiled
// validators, call the handler, and write its answer (JSON, empty, or server-sent events). Every failure
// is answered in the service's own error shape; nothing escapes as a stack trace or an unshaped 500.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { once } from 'node:events';
import { BodyParseError, BodyTooLargeError, decodeBody, readBody, selectBody, type BodyDef } from './body.js';
import {
  type ErrorStyle,
  type FieldViolation,
  internalError,
  invalidRequest,
  isServiceError,
  methodNotAllowed,
  missingCredential,
  notFoundRoute,
  ServiceError,
  tooLarge,
} from './errors.js';
import {
  DEFAULT_KEPT_ANSWER_LIMITS,
  KeptAnswers,
  keptAnswerKey,
  type KeptAnswerLimits,
  type ReuseCheck,
} from './kept-answers.js';
import { isSerializedJson, type SerializedJson } from './serialized-json.js';

export interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

export interface ParamDef {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  type: string;
  required: boolean;
  /** Graph code for a value that breaks the parameter's schema (the spec's x-invalid-code); default: the x-error-style's invalidRequest code. */
  invalidCode?: number;
  /** OpenAPI style / explode of an array or object parameter, and of a label or matrix path parameter. */
  style?: string;
  explode?: boolean;
}

/** One place a route takes the credential of a security scheme. */
export interface CredentialSource {
  scheme: string;
  /** The Credentials field the value fills. */
  kind: 'bearerToken' | 'apiKey' | 'accessToken';
  in: 'query' | 'header' | 'form' | 'cookie';
  /** Parameter, header or form field name; `authorization` (a Bearer token) for bearer schemes. */
  name: string;
}

export interface RouteDef {
  operationId: string;
  method: string;
  path: string;
  params: ParamDef[];
  bodies: BodyDef[];
  bodyRequired: boolean;
  /** 'required': a credential must be present; 'optional': the operation also allows anonymous calls. */
  security: 'required' | 'optional';
  /**
   * The operation's security alternatives (scheme name -> scopes): a request must carry the credentials of
   * every scheme of one of them; an empty alternative allows anonymous calls. Absent: any credential will do.
   */
  securityRequirements?: Array<Record<string, string[]>>;
  /** Where the route takes each scheme's credential; a credential sent anywhere else is not one. */
  credentialSources?: CredentialSource[];
  /** Every scope some alternative accepts, for the authenticate hook (the router cannot read a token's scopes). */
  scopes?: string[];
  /** The largest request body this route reads (the spec's x-body-limit); default: the router's limit of its kind. */
  maxBodyBytes?: number;
  validateParams: ValidateFunction;
  validateBody: Record<string, ValidateFunction>;
  validateResponse: Record<string, ValidateFunction>;
}

/** The credentials a request carried, wherever it carried them. */
export interface Credentials {
  /** Access token carried as a parameter (query or form field, where the spec's security scheme names it). */
  accessToken?: string;
  /** Authorization: Bearer token. */
  bearerToken?: string;
  /** API key (the query parameter or header the spec's security scheme names). */
  apiKey?: string;
  /** The credential of each security scheme the request carried, by scheme name. */
  schemes?: Record<string, string>;
}

export interface HandlerInput {
  operationId: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /**
   * The declared cookie parameters the request's Cookie header carried (RFC 6265 pairs, values percent-decoded,
   * arrays and objects split as the form style writes them, coerced to their schema's types); others stay in
   * `headers.cookie`.
   */
  cookies: Record<string, unknown>;
  body: unknown;
  /**
   * The media type of the operation's request body the request matched, as the spec writes it (`*\/*` for a raw
   * media range); undefined when the request has no body. The header as sent is in `headers['content-type']`.
   */
  contentType?: string;
  credentials: Credentials;
  url: URL;
  request: IncomingMessage;
  /** Fires when the client goes away before the answer is complete: stop the work. */
  signal: AbortSignal;
}

/**
 * A handler's answer: a body (JSON, its bytes made ahead by serializeJson, or none), an event stream, or a
 * documented error (returned, not thrown). A GET's 200 JSON answer may carry `reuse`: the router keeps its
 * bytes and sends them again to identical requests while the check holds (kept-answers.ts).
 */
export type HandlerResult =
  | { status?: number; headers?: Record<string, string>; body?: unknown; reuse?: ReuseCheck }
  | { status?: number; headers?: Record<string, string>; sse: AsyncIterable<unknown> }
  | ServiceError;

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
  /** Bounds of the answers handlers allow to be reused (`reuse` on a reply); false keeps none. */
  keptAnswers: KeptAnswerLimits | false;
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
  keptAnswers: DEFAULT_KEPT_ANSWER_LIMITS,
};

interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  names: string[];
  literal: number;
  /** The route's query parameters by name, and the query names that carry credentials (built once, not per request). */
  queryDefs: Map<string, ParamDef>;
  /** The route's path parameters by name (their styles). */
  pathDefs: Map<string, ParamDef>;
  credentialQueryNames: ReadonlySet<string>;
}

function compile(route: RouteDef): CompiledRoute {
  const names: string[] = [];
  let literal = 0;
  const source = route.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = part.match(/^\{([^}]+)\}$/);
      if (m) {
        names.push(m[1]!);
        return '([^/]+?)';
      }
      literal += part.length;
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return {
    route,
    pattern: new RegExp(`^${source}$`),
    names,
    literal,
    queryDefs: new Map(route.params.filter((p) => p.in === 'query').map((p) => [p.name, p])),
    pathDefs: new Map(route.params.filter((p) => p.in === 'path').map((p) => [p.name, p])),
    credentialQueryNames: new Set((route.credentialSources ?? []).filter((c) => c.in === 'query').map((c) => c.name)),
  };
}

export function createRouter(
  routes: RouteDef[],
  dispatch: (input: HandlerInput) => Promise<HandlerResult>,
  options: Partial<RouterOptions> & { errorStyle: ErrorStyle },
): (req: IncomingMessage, res: ServerResponse) => void {
  const opts: RouterOptions = { ...DEFAULTS, ...options };
  // Most literal characters first, so /v1/files/{id} never shadows a fixed path of the same shape.
  const table = routes.map(compile).sort((a, b) => b.literal - a.literal);
  const logger = opts.logger === false ? undefined : (opts.logger ?? stderrLogger);
  /** Pre-serialised answers that passed each response validator (validateResponses). */
  const validatedAnswers = new WeakMap<ValidateFunction, WeakSet<SerializedJson<unknown>>>();
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
  const kept = opts.keptAnswers === false ? undefined : new KeptAnswers(opts.keptAnswers);
  return (req, res) => {
    // A kept answer goes out before any other work: this is the whole cost of a repeated read.
    let key: string | undefined;
    try {
      key = kept === undefined ? undefined : keptAnswerKey(req);
      if (key !== undefined && kept!.size > 0 && kept!.replay(key, res)) return;
    } catch (error) {
      // Never a crash of the listener: a broken reuse is reported and the request cut or computed.
      report(error, undefined, 'kept answer failed');
      if (res.headersSent) return void res.destroy();
      key = undefined;
    }
    handle(req, res, key).catch((error) => {
      report(error);
      if (!res.headersSent) writeError(res, internalError(opts.errorStyle));
      else res.destroy();
    });
  };

  async function handle(req: IncomingMessage, res: ServerResponse, key: string | undefined): Promise<void> {
    // An origin-form target is a path on a fixed origin: resolved against a base, `//x/...` would read x as a host.
    const target = req.url ?? '/';
    const url = new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    let match: { compiled: CompiledRoute; values: RegExpMatchArray } | undefined;
    for (const compiled of table) {
      if (compiled.route.method !== method) continue;
      const values = url.pathname.match(compiled.pattern);
      if (values) {
        match = { compiled, values };
        break;
      }
    }
    if (!match) {
      req.resume();
      const allowed = [...new Set(table.filter((c) => c.pattern.test(url.pathname)).map((c) => c.route.method))].sort();
      if (allowed.length > 0) return writeError(res, methodNotAllowed(opts.errorStyle, method, url.pathname, allowed));
      return writeError(res, notFoundRoute(opts.errorStyle, method, url.pathname));
    }
    const { route } = match.compiled;
    let input: HandlerInput | undefined;
    try {
      input = await parseInput(req, res, url, route, match.compiled, match.values);
      await checkCredentials(input, route);
      validate(input, route);
      const result = await dispatch(input);
      await writeResult(res, route, result, input, route.bodies.length === 0 ? key : undefined);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        res.setHeader('connection', 'close');
        writeError(res, tooLarge(opts.errorStyle, error.limit));
        req.destroy();
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

  async function parseInput(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    route: RouteDef,
    compiled: CompiledRoute,
    values: RegExpMatchArray,
  ): Promise<HandlerInput> {
    const path: Record<string, unknown> = {};
    compiled.names.forEach((name, i) => {
      const def = compiled.pathDefs.get(name);
      let value: unknown;
      try {
        value = pathValue(values[i + 1]!, name, def);
      } catch {
        throw invalidRequest(opts.errorStyle, 'Invalid path', [
          { field: name, description: 'is not a valid URL-encoded value' },
        ]);
      }
      if (value === undefined) {
        throw invalidRequest(opts.errorStyle, 'Invalid path', [
          {
            field: name,
            description: `is not a ${def?.style ?? 'simple'}-style ${def?.type ?? 'string'} (explode: ${def?.explode ?? false})`,
          },
        ]);
      }
      path[name] = value;
    });
    const query = readQuery(url, compiled.queryDefs, compiled.credentialQueryNames);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const contentType = headers['content-type'];
    let body: unknown = undefined;
    let bodyType: string | undefined;
    const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
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
      const raw = await readBody(req, limit);
      // Media is media even when empty; an empty JSON or form body is no body.
      if (raw.length > 0 || def.kind === 'raw') {
        body = decodeBody(def, raw, contentType ?? def.contentType);
        bodyType = def.contentType;
      }
    } else {
      req.resume();
      // A media type with zero bytes is empty media (a raw upload of an empty file), not a missing body.
      const def = route.bodies.length > 0 && contentType ? selectBody(route.bodies, contentType) : undefined;
      if (def?.kind === 'raw') {
        body = decodeBody(def, Buffer.alloc(0), contentType!);
        bodyType = def.contentType;
      }
    }
    const credentials = readCredentials(route, url, headers, body);
    let cookies: Record<string, unknown>;
    try {
      cookies = readCookies(route.params, headers.cookie);
    } catch (error) {
      throw invalidRequest(opts.errorStyle, 'Invalid cookie', [
        { field: (error as Error).message, description: 'is not a valid URL-encoded value' },
      ]);
    }
    let signal: AbortSignal | undefined;
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
    };
  }

  /** Only the places the route declares count: a bearer token on an API-key route is no credential there. */
  function readCredentials(route: RouteDef, url: URL, headers: Record<string, string>, body: unknown): Credentials {
    const credentials: Credentials = {};
    // A route table made by hand without sources reads no credentials: the places are the spec's to name.
    if (!route.credentialSources) return credentials;
    const schemes: Record<string, string> = {};
    for (const source of route.credentialSources) {
      const value = credentialAt(source, url, headers, body);
      if (!value) continue;
      schemes[source.scheme] ??= value;
      credentials[source.kind] ??= value;
    }
    if (Object.keys(schemes).length > 0) credentials.schemes = schemes;
    return credentials;
  }

  function satisfied(input: HandlerInput, route: RouteDef): boolean {
    if (!route.securityRequirements) return Object.keys(input.credentials).length > 0 || route.security === 'optional';
    const have = input.credentials.schemes ?? {};
    return route.securityRequirements.some((alternative) =>
      Object.keys(alternative).every((scheme) => have[scheme] !== undefined),
    );
  }

  async function checkCredentials(input: HandlerInput, route: RouteDef): Promise<void> {
    if (!satisfied(input, route)) {
      throw opts.missingCredentials?.(route) ?? missingCredential(opts.errorStyle);
    }
    await opts.authenticate?.(input, route);
  }

  function validate(input: HandlerInput, route: RouteDef): void {
    // Header parameters are checked on a copy: coercion must not turn the handler's header strings into numbers
    // (an array header is checked as its comma-separated items, and reaches the handler as the text sent).
    const params = {
      path: input.path,
      query: input.query,
      header: route.params.some((p) => p.in === 'header') ? headerValues(route, input.headers) : input.headers,
      cookie: input.cookies,
    };
    if (!route.validateParams(params)) {
      const found = violations(route.validateParams.errors, true);
      const code = route.params.find((p) => p.name === found[0]?.field)?.invalidCode;
      throw invalidRequest(opts.errorStyle, 'Invalid parameter', found, code);
    }
    if (input.body === undefined) {
      if (route.bodyRequired)
        throw invalidRequest(opts.errorStyle, 'Missing request body', [{ field: 'body', description: 'is required' }]);
      return;
    }
    const def = selectBody(route.bodies, input.contentType);
    let validator = def ? route.validateBody[def.contentType] : undefined;
    let subject: unknown = input.body;
    if (def?.kind === 'multipart-related') {
      // The metadata part is the JSON request of the same operation (the handler types it so).
      const json = route.bodies.find((b) => b.kind === 'json');
      validator = json ? route.validateBody[json.contentType] : undefined;
      subject = (input.body as { metadata: unknown }).metadata;
    }
    if (def?.kind === 'multipart-form' && subject && typeof subject === 'object') {
      // Files are checked by the handler; the schema sees their names.
      subject = Object.fromEntries(
        Object.entries(subject).map(([k, v]) => [
          k,
          v && typeof v === 'object' && 'data' in v ? ((v as { filename?: string }).filename ?? '') : v,
        ]),
      );
    }
    if (validator && !validator(subject)) {
      throw invalidRequest(opts.errorStyle, 'Invalid request body', violations(validator.errors, false));
    }
    if (def?.kind === 'multipart-form' && subject !== input.body) {
      // Keep coerced scalar values, restore the files.
      for (const [k, v] of Object.entries(input.body as Record<string, unknown>)) {
        if (!(v && typeof v === 'object' && 'data' in v))
          (input.body as Record<string, unknown>)[k] = (subject as Record<string, unknown>)[k];
      }
    }
  }

  async function writeResult(
    res: ServerResponse,
    route: RouteDef,
    result: HandlerResult,
    input: HandlerInput,
    key: string | undefined,
  ): Promise<void> {
    if (isServiceError(result)) return writeError(res, result);
    const status = result.status ?? 200;
    if ('sse' in result) {
      res.writeHead(status, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...result.headers });
      const iterator = result.sse[Symbol.asyncIterator]();
      let closed = false;
      res.on('close', () => {
        closed = true;
        void iterator.return?.();
      });
      try {
        for (;;) {
          const next = await iterator.next();
          if (next.done || closed) break;
          // Backpressure: a slow reader holds the producer back instead of filling memory.
          if (!res.write(`data: ${JSON.stringify(next.value)}\n\n`) && !closed) await drained(res);
        }
      } catch (error) {
        // The answer has begun: the failure becomes a last event in the service's error shape, so the
        // client can tell a broken stream from a complete one.
        const answer = isServiceError(error) ? error : internalError(opts.errorStyle);
        if (!isServiceError(error)) report(error, input, 'stream handler failed');
        if (!closed) res.write(`data: ${JSON.stringify(answer.body)}\n\n`);
      }
      res.end();
      return;
    }
    const serialized = isSerializedJson(result.body) ? result.body : undefined;
    if (opts.validateResponses && result.body !== undefined) {
      const validator = route.validateResponse[String(status)] ?? route.validateResponse.default;
      if (validator && !validAnswer(validator, result.body, serialized)) {
        report(
          new Error(
            `${route.operationId}: answer ${status} does not match the spec: ${JSON.stringify(validator.errors)}`,
          ),
          input,
          'answer does not match the spec',
        );
        return writeError(res, internalError(opts.errorStyle));
      }
    }
    const headers = { ...result.headers };
    if (result.body === undefined || status === 204) {
      res.writeHead(status, headers);
      res.end();
      return;
    }
    // Bytes made ahead (serializeJson) go out as they are.
    const payload = serialized ? serialized.bytes : JSON.stringify(result.body);
    const sent = {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': String(Buffer.byteLength(payload)),
      ...headers,
    };
    res.writeHead(status, sent);
    res.end(payload);
    // Only a GET without a body (`key`) and a plain 200: what an identical request is sure to be answered.
    if (key !== undefined && status === 200 && result.reuse !== undefined)
      kept?.keep(key, status, sent, payload, result.reuse);
  }

  /** Pre-serialised bytes are checked once per validator (as the client reads them), not on every request. */
  function validAnswer(
    validator: ValidateFunction,
    body: unknown,
    serialized: SerializedJson<unknown> | undefined,
  ): boolean {
    if (!serialized) return validator(body);
    let checked = validatedAnswers.get(validator);
    if (checked?.has(serialized)) return true;
    if (!validator(JSON.parse(serialized.bytes.toString('utf8')))) return false;
    if (!checked) validatedAnswers.set(validator, (checked = new WeakSet()));
    checked.add(serialized);
    return true;
  }
}

/** The query as the route's parameters serialise it (style / explode); repeated scalars: the last wins. */
function readQuery(
  url: URL,
  defs: ReadonlyMap<string, ParamDef>,
  credentials: ReadonlySet<string>,
): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const deep = name.match(/^([^[\]]+)\[([^[\]]+)\]$/);
    const deepDef = deep ? defs.get(deep[1]!) : undefined;
    if (deep && deepDef?.type === 'object' && deepDef.style === 'deepObject') {
      const target = (query[deep[1]!] ??= {}) as Record<string, unknown>;
      target[deep[2]!] = url.searchParams.getAll(name).at(-1);
      continue;
    }
    const all = url.searchParams.getAll(name);
    const def = defs.get(name);
    if (def?.type === 'array') {
      const separator = def.style === 'spaceDelimited' ? ' ' : def.style === 'pipeDelimited' ? '|' : ',';
      // Exploded arrays repeat the key; the others join with their separator (either is read).
      query[name] = all.flatMap((v) => v.split(separator));
    } else if (def?.type === 'object' && def.style !== 'deepObject' && !(def.style === 'form' && def.explode)) {
      const parts = all.at(-1)!.split(',');
      query[name] = Object.fromEntries(
        Array.from({ length: Math.floor(parts.length / 2) }, (_, i) => [parts[2 * i], parts[2 * i + 1]]),
      );
    } else {
      query[name] = all[all.length - 1];
    }
  }
  // An exploded form object arrives as its own keys: gather the object parameter's properties back.
  for (const def of defs.values()) {
    if (def.type === 'object' && def.style === 'form' && def.explode && query[def.name] === undefined) {
      const taken = Object.keys(query).filter((k) => !defs.has(k) && !credentials.has(k));
      if (taken.length) query[def.name] = Object.fromEntries(taken.map((k) => [k, query[k]]));
      for (const k of taken) delete query[k];
    }
  }
  return query;
}

/**
 * A path parameter's value from its raw (still percent-encoded) segment, as OpenAPI's style table writes it:
 * simple `blue` / `blue,black` / `R,100,G,200` (exploded `R=100,G=200`); label `.blue` / `.blue,black`
 * (exploded `.blue.black`, `.R=100.G=200`); matrix `;color=blue` / `;color=blue,black` (exploded
 * `;color=blue;color=black`, `;R=100;G=200`). Split on the separators first, then each piece decoded, so an
 * encoded separator inside a value stays in it. Undefined for a segment that is not of its style's form;
 * a malformed percent-encoding throws.
 */
function pathValue(raw: string, name: string, def: ParamDef | undefined): unknown {
  const type = def?.type;
  const style = def?.style ?? 'simple';
  const explode = def?.explode ?? false;
  const composite = type === 'array' || type === 'object';
  let pieces: string[];
  if (style === 'matrix') {
    // `;key=value` pairs; every key but an exploded object's must be the parameter's name.
    if (!raw.startsWith(';')) return undefined;
    const pairs = raw
      .slice(1)
      .split(';')
      .map((p) => {
        const at = p.indexOf('=');
        return at < 0 ? [decodeURIComponent(p), ''] : [decodeURIComponent(p.slice(0, at)), p.slice(at + 1)];
      });
    if (type === 'object' && explode) return Object.fromEntries(pairs.map(([k, v]) => [k, decodeURIComponent(v!)]));
    if (pairs.some(([k]) => k !== name)) return undefined;
    if (type === 'array' && explode) return pairs.map(([, v]) => decodeURIComponent(v!));
    if (pairs.length !== 1) return undefined;
    pieces = composite ? pairs[0]![1]!.split(',') : [pairs[0]![1]!];
  } else if (style === 'label') {
    if (!raw.startsWith('.')) return undefined;
    pieces = composite ? raw.slice(1).split(explode ? '.' : ',') : [raw.slice(1)];
  } else {
    pieces = composite ? raw.split(',') : [raw];
  }
  if (type === 'array') return pieces.map(decodeURIComponent);
  if (type === 'object') return objectOf(pieces, explode, decodeURIComponent);
  return decodeURIComponent(pieces[0]!);
}

/** An object from its serialised members: `k=v` pieces (exploded) or k, v, k, v; undefined when ill-formed. */
function objectOf(
  pieces: string[],
  explode: boolean,
  decode: (text: string) => string,
): Record<string, string> | undefined {
  if (pieces.length === 1 && pieces[0] === '') return {};
  const entries: Array<[string, string]> = [];
  if (explode) {
    for (const piece of pieces) {
      const at = piece.indexOf('=');
      if (at < 0) return undefined;
      entries.push([decode(piece.slice(0, at)), decode(piece.slice(at + 1))]);
    }
  } else {
    if (pieces.length % 2 !== 0) return undefined;
    for (let i = 0; i < pieces.length; i += 2) entries.push([decode(pieces[i]!), decode(pieces[i + 1]!)]);
  }
  return Object.fromEntries(entries);
}

/**
 * The headers as validation sees them: a copy, with simple-style array headers split into their items and
 * object headers into their members (an ill-formed object stays text, which its schema refuses).
 */
function headerValues(route: RouteDef, headers: Record<string, string>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...headers };
  for (const p of route.params) {
    const name = p.name.toLowerCase();
    const text = headers[name];
    if (p.in !== 'header' || typeof text !== 'string' || (p.style ?? 'simple') !== 'simple') continue;
    if (p.type === 'array') copy[name] = text.split(',').map((v) => v.trim());
    if (p.type === 'object')
      copy[name] =
        objectOf(
          text.split(',').map((v) => v.trim()),
          p.explode ?? false,
          (v) => v,
        ) ?? text;
  }
  return copy;
}

/**
 * The route's cookie parameters from the Cookie header (RFC 6265 5.4: `name=value` pairs joined by `; `), by the
 * form style unexploded (OpenAPI's only cookie form a pair can hold): `5`, `a,b,c`, `R,100,G,200`. Split on
 * commas first, then each piece percent-decoded (an encoded comma stays in its item); the first pair of a name
 * wins. An ill-formed object stays text, which its schema refuses; a malformed percent-encoding throws a
 * URIError whose message is the parameter's name.
 */
function readCookies(params: ParamDef[], header: string | undefined): Record<string, unknown> {
  const cookies: Record<string, unknown> = {};
  if (header === undefined || !params.some((p) => p.in === 'cookie')) return cookies;
  const raw = new Map<string, string>();
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    if (at > 0 && !raw.has(name))
      raw.set(
        name,
        pair
          .slice(at + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  for (const p of params) {
    const text = p.in === 'cookie' ? raw.get(p.name) : undefined;
    if (text === undefined) continue;
    try {
      if (p.type === 'array') cookies[p.name] = text === '' ? [] : text.split(',').map(decodeURIComponent);
      else if (p.type === 'object')
        cookies[p.name] = objectOf(text.split(','), false, decodeURIComponent) ?? decodeURIComponent(text);
      else cookies[p.name] = decodeURIComponent(text);
    } catch {
      throw new URIError(p.name);
    }
  }
  return cookies;
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

/** Resolves when the response can take more data, or has closed. */
async function drained(res: ServerResponse): Promise<void> {
  const closed = once(res, 'close');
  await Promise.race([once(res, 'drain'), closed]);
  closed.catch(() => undefined);
}

function violations(errors: ValidationError[] | null | undefined, params: boolean): FieldViolation[] {
  return (errors ?? []).map((e) => {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (params) field = field.replace(/^(path|query|header|cookie)\.?/, '');
    if (e.keyword === 'required') field = [field, String(e.params.missingProperty)].filter(Boolean).join('.');
    if (e.keyword === 'additionalProperties')
      field = [field, String(e.params.additionalProperty)].filter(Boolean).join('.');
    return { field: field || 'body', description: e.message ?? e.keyword };
  });
}

function credentialAt(
  source: CredentialSource,
  url: URL,
  headers: Record<string, string>,
  body: unknown,
): string | undefined {
  switch (source.in) {
    case 'query':
      return url.searchParams.get(source.name) ?? undefined;
    case 'header': {
      const value = headers[source.name.toLowerCase()];
      if (source.kind !== 'bearerToken') return value || undefined;
      return value?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    }
    case 'form': {
      const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[source.name] : undefined;
      return typeof value === 'string' && value !== '' ? value : undefined;
    }
    case 'cookie': {
      for (const pair of (headers.cookie ?? '').split(';')) {
        const at = pair.indexOf('=');
        if (at > 0 && pair.slice(0, at).trim() === source.name) return pair.slice(at + 1).trim() || undefined;
      }
      return undefined;
    }
  }
}

function writeError(res: ServerResponse, error: ServiceError): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(error.body);
  res.writeHead(error.httpStatus, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': String(Buffer.byteLength(text)),
    ...error.headers,
  });
  res.end(text);
}
