// The transport every generated client method goes through: URL building, credentials as each service
// takes them, body encoding, timeouts (headers, then idle time while the body is read), the caller's
// abort signal, and retries (retry.ts) with backoff.
import {
  ApiAbortError,
  ApiConnectionError,
  ApiError,
  ApiTimeoutError,
  requestIdOf,
  type ErrorFactory,
} from './errors.js';
import { ApiPromise } from './api-promise.js';
import { idempotentMethod, retryDelay, type RetryOptions } from './retry.js';

export type { RetryOptions } from './retry.js';

export interface ClientOptions {
  /**
   * Base address of the service, e.g. http://127.0.0.1:4010. Default: the spec's server that `server` picks, its
   * variables filled in (`serverVariables`, else their defaults).
   */
  baseUrl?: string;
  /**
   * The spec's server to use where baseUrl is not given: its index in the document's `servers` or its URL as the spec
   * writes it (`https://{region}.api.example.com`). Default: the first.
   */
  server?: number | string;
  /**
   * Base address of the operations that declare servers of their own (the spec's per-path or per-operation
   * `servers`, such as an upload host), where `servers` names none; default: each one's own address (below).
   */
  uploadUrl?: string;
  /**
   * Base address of the operations that declare a server of their own, by that server's URL as the spec writes it
   * (`https://uploads.github.com`, `{upload_url}`). Default: the URL with its variables filled in
   * (`serverVariables`, else their defaults); one below the spec's first server's address follows `baseUrl`.
   */
  servers?: Record<string, string>;
  /**
   * The server of an operation that declares several of its own (per-path or per-operation `servers`), by its
   * operation's name: the server's index in that list or its URL as the spec writes it. Default: the first. Its
   * base address then follows `servers`, `uploadUrl` and `serverVariables` as any operation's own server does.
   */
  operationServers?: Record<string, number | string>;
  /**
   * Values of the variables (`{region}`) of the servers' URLs, the chosen one's and the operations' own; default:
   * each variable's default. A value outside a variable's `enum` is refused.
   */
  serverVariables?: Record<string, string>;
  /** Access token sent as a parameter (Graph style: in the query for reads and deletes, a form field for writes). */
  accessToken?: string;
  /** OAuth 2.0 bearer token, sent in the Authorization header. */
  bearerToken?: string | (() => string | Promise<string>);
  /**
   * API key, sent where the operation's apiKey scheme says (a header, a query parameter or a cookie); where the
   * spec offers several places, apiKeyIn picks one (default: the header).
   */
  apiKey?: string;
  apiKeyIn?: 'header' | 'query' | 'cookie';
  /**
   * API keys by the name of their security scheme, each sent where its scheme says: for a spec whose operations ask
   * for several keys together (a client id and a secret, each in its own header).
   */
  apiKeys?: Record<string, string>;
  /** HTTP basic credentials, sent as Authorization: Basic (where the operation takes a basic scheme and no bearer token is given). */
  basic?: { username: string; password: string };
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
  /**
   * A fetch implementation; defaults to the global fetch of Node 20+. The client follows redirects of the global
   * fetch itself (credentials only within their origin); a fetch given here follows them as it does (the
   * contract suite's recorder keeps credentials on the target's origins and reports the rest).
   */
  fetch?: typeof fetch;
}

/** The options of a sender of webhooks and callbacks: a client's, less the addresses (each request names its URL). */
export type SenderOptions = Omit<ClientOptions, 'baseUrl' | 'server' | 'uploadUrl' | 'servers' | 'serverVariables'>;

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

/** What fetch takes as a body (DOM's BodyInit, named without DOM's library: Node's declarations alone suffice). */
type FetchBody = NonNullable<RequestInit['body']>;
/** One read of a byte stream (DOM's ReadableStreamReadResult, likewise). */
type ReadableStreamReadResult = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;

/** A security scheme of a requirement and where its credential travels. */
export interface SchemeOnWire {
  scheme: string;
  /** bearer (also OAuth 2.0 and OpenID Connect), basic, an API key, or the connection's certificate (transport). */
  kind: 'bearer' | 'basic' | 'api-key' | 'transport' | 'unknown';
  in?: 'header' | 'query' | 'cookie';
  /** The API key's header, query parameter or cookie name. */
  name?: string;
}

/** How a form body's fields travel: styles of its array and object fields, and the fields that are JSON text. */
export interface FormEncoding {
  /** Array and object fields and their style; absent ones are form + explode. */
  styles?: Record<string, { style: string; explode: boolean }>;
  /** Fields that travel as JSON text (contentMediaType or an encoding's application/json). */
  json?: string[];
  /** multipart/form-data parts whose encoding names a Content-Type. */
  partTypes?: Record<string, string>;
  /** multipart/form-data parts' own headers (the encoding's `headers`), by field: each of the field's parts. */
  partHeaders?: Record<string, Record<string, string | undefined> | undefined>;
}

/** The writers of form and multipart bodies (form-body.ts), in the profile of a client whose spec has such bodies. */
export interface FormWriters {
  formPairs(value: Record<string, unknown>, encoding?: FormEncoding): Array<[string, string]>;
  multipartBody(
    value: Record<string, unknown>,
    encoding?: FormEncoding,
  ): FormData | { body: Blob; contentType: string };
}

/** Where a request's credentials go (credentials.ts), in the profile of a client whose spec has security schemes. */
export interface CredentialWriter {
  /** The query parameters of the request's credentials (its URL without them is `url`). */
  query(core: ApiCore, spec: RequestSpec, url: string): Array<[string, string]>;
  /** Puts the request's credential headers and cookies into headers; gives where its credential went. */
  headers(core: ApiCore, spec: RequestSpec, headers: Record<string, string>): Promise<CredentialPlacement | undefined>;
}

export type CredentialPlacement = 'access-token-query' | 'access-token-form' | 'bearer' | 'basic' | 'api-key' | 'none';

export type RequestBody =
  /** JSON, sent as the operation's media type (a +json one such as application/json-patch+json) or application/json. */
  | { kind: 'json'; value: unknown; contentType?: string }
  /** application/x-www-form-urlencoded: each field as its encoding says (form-body.ts). */
  | { kind: 'form'; value: Record<string, unknown>; encoding?: FormEncoding }
  /** multipart/form-data: bytes (Blob, Uint8Array) as file parts, objects as JSON text, the rest as text. */
  | { kind: 'multipart'; value: Record<string, unknown>; encoding?: FormEncoding }
  | {
      kind: 'raw';
      /**
       * Bytes, or the text of a text media type (XML, CSV, YAML), sent as UTF-8; a form whose schema gives no fields
       * as its caller encoded it (form text, URLSearchParams, FormData).
       */
      value: Blob | Uint8Array | string | URLSearchParams | FormData;
      contentType: string;
      /** A fresh stream of the same bytes for each attempt, sent instead of value (upload progress). */
      stream?: () => ReadableStream<Uint8Array>;
    }
  /** A body written as it is sent (XML from its schema's value, xml-body.ts): a value it refuses rejects the call. */
  | { kind: 'written'; write(): { value: string; contentType: string } };

/** A JSON (of the given media type) or form body, or none when the caller gave none. */
export function bodyOf(kind: 'json', value: unknown, contentType?: string): RequestBody | undefined;
export function bodyOf(
  kind: 'form' | 'multipart',
  value: Record<string, unknown> | undefined,
  encoding?: FormEncoding,
): RequestBody | undefined;
export function bodyOf(
  kind: 'json' | 'form' | 'multipart',
  value: unknown,
  detail?: string | FormEncoding,
): RequestBody | undefined {
  if (value === undefined) return undefined;
  if (detail === undefined) return { kind, value } as RequestBody;
  return (
    typeof detail === 'string' ? { kind, value, contentType: detail } : { kind, value, encoding: detail }
  ) as RequestBody;
}

export interface RequestSpec {
  operationId: string;
  method: string;
  /** Path below the base address, already with its parameters encoded. */
  path: string;
  query?: Record<string, unknown>;
  /** OpenAPI style / explode of array and object query parameters (others: comma-joined, JSON). */
  queryStyle?: Record<string, { style: string; explode: boolean; required?: boolean }>;
  headers?: Record<string, string>;
  body?: RequestBody;
  /** Where the credential goes; default: the service's (ServiceProfile.credentials). */
  credentials?: CredentialPlacement;
  /** The kinds of credential the operation's alternatives take, preferred first: the first the client holds is sent. */
  credentialChoices?: CredentialPlacement[];
  /**
   * Where a security requirement ANDs schemes: every alternative in order, each scheme with where it travels. The
   * client sends every credential of the first alternative it holds them all for (else as `credentials` says).
   */
  securitySets?: SchemeOnWire[][];
  /**
   * The apiKey schemes the operation offers instead of each other, in the spec's order: of the keys given in
   * ClientOptions.apiKeys, one is sent (the one apiKeyIn names the place of, else the first), not every one.
   */
  keySchemes?: string[];
  /** The server the operation declares of its own, its URL as the spec writes it; absent: the base address. */
  server?: string;
  /** Every server the operation declares of its own, where it declares several (ClientOptions.operationServers). */
  serverChoices?: string[];
  /** A full URL handed out by the server (an upload session); replaces base address and path. */
  absoluteUrl?: string;
  /** Whether sending it twice is harmless (retries after a timeout or a 5xx); default by method. */
  idempotent?: boolean;
  /** The header that carries an idempotency key, where the operation takes one: retries are then safe. */
  idempotencyKeyHeader?: string;
  /** A success documented without JSON: read as text (text, XML, CSV, YAML) or as bytes; default JSON. */
  answer?: 'text' | 'bytes';
  /**
   * The media types the operation's successes document, where they are not JSON alone: an answer in one of them is
   * read by its Content-Type (JSON parsed, text as text, the rest as bytes).
   */
  answerTypes?: string[];
  /**
   * Reads an XML answer into the value its schema describes (xml-answer.ts), where the operation documents one: the
   * value, or undefined where the answer's status and media type have no schema to read (text stays text). Throws
   * for a text that is no XML document of the schema.
   */
  readXml?: (status: number, contentType: string, text: string) => { value: unknown } | undefined;
  /** The Accept header of the request, where the operation's answers are not JSON alone. */
  accept?: string;
  /**
   * The operation documents redirects as its answer and no success (lgtm's 303 to a download): a redirect is not
   * followed but answered, its headers (`Location`) in `.withResponse()`, no data.
   */
  redirectIsAnswer?: boolean;
}

/** How a service names its credentials on the wire, and how its errors look (all from its spec). */
export interface ServiceProfile {
  /** Builds the typed error of an error answer, in the service's error style (x-error-style). */
  error: ErrorFactory;
  apiKeyHeader?: string;
  apiKeyQuery?: string;
  /** The cookie an apiKey scheme `in: cookie` names. */
  apiKeyCookie?: string;
  /** Every apiKey scheme of the spec by name: where its key travels (ClientOptions.apiKeys). */
  apiKeySchemes?: Record<string, { in: 'header' | 'query' | 'cookie'; name: string }>;
  /** The spec's first server's address, its variables at their defaults (servers below it follow baseUrl). */
  rootServer?: string;
  /** The servers operations declare of their own: each URL as written, with its variables' defaults. */
  servers?: Record<string, Record<string, string>>;
  /** The values each variable of those servers may take, where the spec lists them (`enum`), by server URL. */
  serverEnums?: Record<string, Record<string, string[]>>;
  /** The document's servers in order, each with its variables' defaults and allowed values. */
  documentServers?: ServerEntry[];
  /** The parameter (query or form field) an access token travels in, from the spec's security scheme. */
  accessTokenParam?: string;
  /** Error codes of the service that mean "throttled" (the spec's x-errors answered with 429). */
  throttleCodes?: number[];
  /** Answer headers that carry the service's request id (x-request-id-headers). */
  requestIdHeaders?: string[];
  /** Where the credential of most operations goes (an operation's RequestSpec may say otherwise). */
  credentials?: CredentialPlacement;
  /** A core of webhook and callback senders: every request names its URL (RequestSpec.absoluteUrl), no baseUrl. */
  sender?: boolean;
  /** Sends each request's credentials where its scheme says (credentials.ts; only specs with security schemes). */
  credentialWriter?: CredentialWriter;
  /** Picks and fills in the servers operations declare of their own (operation-servers.ts; only specs with them). */
  ownServers?: OwnServers;
  /** Writes form and multipart bodies (form-body.ts; only specs that have them). */
  forms?: FormWriters;
  /** Serialises array and object query parameters by their style (query-style.ts; only specs that have them). */
  styleQuery?: (name: string, value: unknown, style: string, explode: boolean) => Array<[string, string]>;
}

/** The servers operations declare of their own: which one a request goes to, and its base address. */
export interface OwnServers {
  /** The operation's own server the options pick among those it declares (ClientOptions.operationServers). */
  choose(options: ClientOptions, spec: RequestSpec): string;
  /** The server's base address; `base` is the client's (baseUrl or the document's server). */
  base(options: ClientOptions, profile: ServiceProfile, server: string, base: string): string;
}

/** A server of the spec: its URL as written, its variables' defaults and, where listed, their allowed values. */
export interface ServerEntry {
  url: string;
  variables?: Record<string, string>;
  enums?: Record<string, string[]>;
}

/** The base address a client without baseUrl uses: the spec's server the options pick, its variables filled in. */
export function documentServer(options: ClientOptions, servers: readonly ServerEntry[] = []): string {
  const wanted = options.server ?? 0;
  const server = typeof wanted === 'number' ? servers[wanted] : servers.find((s) => s.url === wanted);
  if (!server) {
    if (options.server === undefined)
      throw new TypeError('ClientOptions.baseUrl is required: the spec names no server');
    const known = servers.map((s, i) => `${i}: ${s.url}`).join(', ') || 'none';
    throw new TypeError(`ClientOptions.server: the spec has no server ${JSON.stringify(wanted)} (it has ${known})`);
  }
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = options.serverVariables?.[name] ?? server.variables?.[name] ?? '';
    const allowed = server.enums?.[name];
    if (allowed && !allowed.includes(value))
      throw new TypeError(
        `ClientOptions.serverVariables.${name}: ${JSON.stringify(value)} is not one of ${allowed.join(', ')}`,
      );
    return value;
  });
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url))
    throw new TypeError(`ClientOptions.baseUrl is required: the spec's server ${server.url} is a relative URL`);
  return url;
}

/** An answer: its data, status, headers and request id (S: the status, where an operation's type names it). */
export interface ApiResponse<T, S extends number = number> {
  data: T;
  status: S;
  headers: Headers;
  /** The request id the server gave the answer, when it gave one. */
  requestId?: string;
}

export class ApiCore {
  private readonly fetchImpl: typeof fetch;
  /** Whether the client follows redirects itself (the global fetch) or leaves them to the caller's fetch. */
  private readonly followsRedirects: boolean;
  private readonly base: string;
  /** The base address of each server an operation declares of its own, worked out on first use. */
  private readonly serverBases = new Map<string, string>();
  /** The client's headers with lower-case names, merged once. */
  private readonly headers: Record<string, string>;

  constructor(
    readonly options: ClientOptions,
    readonly profile: ServiceProfile,
  ) {
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.followsRedirects = options.fetch === undefined;
    const base = options.baseUrl ?? (profile.sender ? '' : documentServer(options, profile.documentServers));
    this.base = base.replace(/\/+$/, '');
    this.headers = mergeHeaders({ accept: DEFAULT_ACCEPT }, options.headers);
  }

  /** What a generated method returns: the answer's data, with withResponse() for the whole answer. */
  /** R: the answer `.withResponse()` gives, typed per status where the operation documents several successes. */
  call<T, R extends ApiResponse<T> = ApiResponse<T>>(spec: RequestSpec, options?: CallOptions): ApiPromise<T, R> {
    return new ApiPromise<T, R>(this.request<T>(spec, options) as Promise<R>);
  }

  /** Sends the request (with retries) and parses the JSON answer; error answers throw typed errors. */
  async request<T>(spec: RequestSpec, options?: CallOptions): Promise<ApiResponse<T>> {
    const guarded = await this.exchange(spec, options);
    const response = guarded.response;
    // A 204, 205 or 304, and any answer to HEAD, has no content (RFC 9110), whatever the operation's other answers
    // are read as: no data, not empty bytes or text (S3's HeadObject documents an XML body for its 200).
    // A redirect answered as the result (redirectIsAnswer) has none either: a server's note for a browser, if any.
    const redirect = REDIRECTS.has(response.status);
    const empty = NO_CONTENT.has(response.status) || spec.method === 'HEAD' || redirect;
    const answer = empty ? undefined : answerKind(spec, response.headers.get('content-type'));
    const text = answer === 'bytes' ? '' : await guarded.text();
    let data: unknown;
    if (answer) data = answer === 'bytes' ? await guarded.bytes() : text;
    if (answer === 'text' && spec.readXml) {
      let read: { value: unknown } | undefined;
      try {
        read = spec.readXml(response.status, response.headers.get('content-type') ?? '', text);
      } catch (error) {
        throw new ApiError(
          `${spec.operationId}: the answer (HTTP ${response.status}) ${(error as Error).message}`,
          response.status,
          spec.operationId,
          text,
          response.headers,
        );
      }
      if (read) data = read.value;
    } else if (!answer && !redirect && text.length > 0) {
      try {
        data = JSON.parse(text);
      } catch {
        // A proxy's HTML page is not the operation's answer.
        throw new ApiError(
          `${spec.operationId}: the answer (HTTP ${response.status}) is not JSON: ${text.slice(0, 120)}`,
          response.status,
          spec.operationId,
          text,
          response.headers,
        );
      }
    }
    const headers = response.headers;
    const idHeaders = this.profile.requestIdHeaders;
    // The request id is looked up only when asked for.
    return {
      data: data as T,
      status: response.status,
      headers,
      get requestId() {
        return requestIdOf(headers, idHeaders);
      },
    };
  }

  /**
   * Sends the request (with retries) and gives the successful answer with its body not yet read, guarded
   * by the idle timeout (raw-response.ts turns it into a Response for streams and uploads).
   */
  async exchange(spec: RequestSpec, options: CallOptions = {}): Promise<GuardedBody> {
    let call = spec;
    if (spec.idempotencyKeyHeader) {
      const key = options.idempotencyKey ?? globalThis.crypto.randomUUID();
      call = { ...spec, headers: { [spec.idempotencyKeyHeader]: key, ...spec.headers } };
    }
    for (let attempt = 0; ; attempt++) {
      try {
        const guarded = await this.send(call, options);
        if (guarded.response.ok || (spec.redirectIsAnswer && REDIRECTS.has(guarded.response.status))) return guarded;
        throw await this.toError(call, guarded);
      } catch (error) {
        // The policy is worked out only once something failed (the common call never needs it).
        const idempotent =
          spec.idempotencyKeyHeader !== undefined || (spec.idempotent ?? idempotentMethod(spec.method));
        const wait = retryDelay(error, this.retryOptions(options), {
          attempt,
          idempotent,
          throttleCodes: this.profile.throttleCodes,
        });
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

  /** The URL of a request, with its query and (where the operation takes it so, unless told not to) the credential. */
  url(spec: RequestSpec, withCredentials = true): string {
    const url = spec.absoluteUrl ?? (spec.server === undefined ? this.base : this.ownServerBase(spec)) + spec.path;
    let query = '';
    const values = spec.query;
    for (const name in values) {
      const value = values[name];
      if (value === undefined || value === null) continue;
      const style = spec.queryStyle?.[name];
      // An exploded form array writes one pair per item: an empty one writes nothing, which a server must read
      // as the required parameter missing. Refused here rather than sent to be refused.
      if (style?.required && style.explode && style.style === 'form' && Array.isArray(value) && value.length === 0)
        throw new TypeError(
          `${spec.operationId}: the required query parameter ${name} is an empty array; an exploded form query has no pair for it (give at least one item)`,
        );
      if (style && this.profile.styleQuery)
        for (const [key, v] of this.profile.styleQuery(name, value, style.style, style.explode))
          query = pair(query, key, v);
      else
        query = pair(
          query,
          name,
          typeof value === 'object' ? (Array.isArray(value) ? value.join(',') : JSON.stringify(value)) : String(value),
        );
    }
    const writer = withCredentials ? this.profile.credentialWriter : undefined;
    if (writer) for (const [name, value] of writer.query(this, spec, url)) query = pair(query, name, value);
    return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
  }

  /** The base address of the server an operation declares of its own (ServiceProfile.ownServers), kept once made. */
  private ownServerBase(spec: RequestSpec): string {
    const own = this.profile.ownServers;
    if (!own) throw new TypeError(`${spec.operationId}: its own server needs the profile's ownServers`);
    const server = own.choose(this.options, spec);
    let base = this.serverBases.get(server);
    if (base === undefined) {
      base = own.base(this.options, this.profile, server, this.base).replace(/\/+$/, '');
      this.serverBases.set(server, base);
    }
    return base;
  }

  /** One attempt: the headers within timeoutMs; then the body guarded by the idle timeout. */
  private async send(spec: RequestSpec, options: CallOptions): Promise<GuardedBody> {
    const user = options.signal;
    if (user?.aborted) throw new ApiAbortError(spec.operationId, user.reason);
    const headers = mergeHeaders(mergeHeaders({ ...this.headers }, spec.headers), options.headers);
    // The operation's own media types, unless the caller asked for others.
    if (spec.accept && this.headers.accept === DEFAULT_ACCEPT && !options.headers?.accept && !options.headers?.Accept)
      headers.accept = spec.accept;
    // Out of the fetch's try: a URL the options cannot make (an unknown server, a variable outside its enum) is the
    // caller's error, not a connection failure to retry.
    const trusted = this.trusts(spec);
    const url = this.url(spec, trusted);
    // A URL the server named on another origin (an upload session) gets no credential, nor the caller's own.
    if (!trusted) this.withoutCredentials(headers);
    const writer = trusted ? this.profile.credentialWriter : undefined;
    const credentials = writer ? await writer.headers(this, spec, headers) : 'none';
    const init: RequestInit & { duplex?: 'half' } = { method: spec.method, headers };
    if (spec.body) init.body = this.encodeBody(spec.body, headers, init, credentials);
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 60_000;
    const controller = new AbortController();
    init.signal = controller.signal;
    const onAbort = user ? () => controller.abort(user.reason) : undefined;
    if (onAbort) user!.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    let response: Response;
    try {
      response = spec.redirectIsAnswer
        ? await this.fetchImpl(url, { ...init, redirect: 'manual' })
        : this.followsRedirects
          ? await this.fetchFollowing(url, init, credentials === 'access-token-form' && spec.body?.kind === 'form')
          : await this.fetchImpl(url, init);
    } catch (error) {
      if (onAbort) user!.removeEventListener('abort', onAbort);
      if (user?.aborted) throw new ApiAbortError(spec.operationId, user.reason);
      if (timedOut) throw new ApiTimeoutError(spec.operationId, timeoutMs);
      throw new ApiConnectionError(spec.operationId, error);
    } finally {
      clearTimeout(timer);
    }
    return new GuardedBody(
      response,
      spec.operationId,
      options.idleTimeoutMs ?? this.options.idleTimeoutMs ?? timeoutMs,
      controller,
      user,
      onAbort,
    );
  }

  /**
   * Whether a request may carry the client's credentials: one to the base address or a server the spec or the
   * options name may; one to a URL the server handed out (an upload session) only on one of their origins.
   */
  private trusts(spec: RequestSpec): boolean {
    if (spec.absoluteUrl === undefined || this.profile.sender) return true;
    const origin = originOf(this.url(spec, false));
    if (origin === undefined) return false;
    const configured = [this.base, this.options.uploadUrl, ...Object.values(this.options.servers ?? {})];
    return [...configured, ...this.serverBases.values()].some((base) => base && originOf(base) === origin);
  }

  /** The headers without any credential: Authorization, cookies and the spec's API key headers. */
  private withoutCredentials(headers: Record<string, string>): Record<string, string> {
    const names = ['authorization', 'proxy-authorization', 'cookie', this.profile.apiKeyHeader];
    for (const scheme of Object.values(this.profile.apiKeySchemes ?? {}))
      if (scheme.in === 'header') names.push(scheme.name);
    for (const name of names) if (name) delete headers[name.toLowerCase()];
    return headers;
  }

  /** A URL without the query parameters that carry credentials (the access token, the spec's API key names). */
  private withoutCredentialQuery(url: URL): URL {
    const names = [this.profile.accessTokenParam, this.profile.apiKeyQuery];
    for (const scheme of Object.values(this.profile.apiKeySchemes ?? {}))
      if (scheme.in === 'query') names.push(scheme.name);
    for (const name of names) if (name) url.searchParams.delete(name);
    return url;
  }

  /**
   * fetch, following redirects itself: within the request's origin as fetch would; to another origin (or from
   * https to http) without the credentials, which were given for the origin they were configured for. A body
   * that cannot be sent twice (a stream), or that holds the credential (a form's access token) on the way to
   * another origin, is not sent again: the redirect is the answer.
   */
  private async fetchFollowing(
    url: string,
    init: RequestInit & { duplex?: 'half' },
    credentialInBody: boolean,
  ): Promise<Response> {
    const origin = originOf(url);
    let target = url;
    let request: RequestInit & { duplex?: 'half' } = { ...init, redirect: 'manual' };
    for (let hop = 0; ; hop++) {
      const response = await this.fetchImpl(target, request);
      // A browser hides a redirect's answer and follows it only itself: sent again without the credentials.
      if (response.type === 'opaqueredirect') {
        const headers = this.withoutCredentials({ ...(request.headers as Record<string, string>) });
        const bare = this.withoutCredentialQuery(new URL(target)).href;
        return this.fetchImpl(bare, { ...request, headers, redirect: 'follow' });
      }
      const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
      if (location === null || hop === MAX_REDIRECTS) return response;
      const method = (request.method ?? 'GET').toUpperCase();
      const asGet =
        (response.status === 303 && method !== 'HEAD') ||
        ((response.status === 301 || response.status === 302) && method === 'POST');
      if (!asGet && request.duplex === 'half') return response;
      let next: URL;
      try {
        next = new URL(location, target);
      } catch {
        return response;
      }
      if (!asGet && credentialInBody && next.origin !== origin) return response;
      await response.body?.cancel();
      const headers = { ...(request.headers as Record<string, string>) };
      if (asGet) for (const name of Object.keys(headers)) if (name.startsWith('content-')) delete headers[name];
      if (next.origin !== origin) {
        this.withoutCredentials(headers);
        this.withoutCredentialQuery(next);
      }
      request = { ...request, headers, ...(asGet ? { method: 'GET', body: null } : {}) };
      target = next.href;
    }
  }

  private encodeBody(
    body: RequestBody,
    headers: Record<string, string>,
    init: { duplex?: 'half' },
    credentials: CredentialPlacement | undefined,
  ): FetchBody {
    if (body.kind === 'json') {
      headers['content-type'] = body.contentType ?? 'application/json';
      return JSON.stringify(body.value);
    }
    const forms = body.kind === 'form' || body.kind === 'multipart' ? this.profile.forms : undefined;
    if ((body.kind === 'form' || body.kind === 'multipart') && !forms)
      throw new TypeError(`a ${body.kind} body needs the profile's form writers (form-body.ts)`);
    if (body.kind === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      // A schema that also admits text (oneOf an object or a string): a string or URLSearchParams is the form as its
      // caller encoded it, not an object whose entries are its characters.
      const given: unknown = body.value;
      const form =
        typeof given === 'string' || given instanceof URLSearchParams
          ? new URLSearchParams(given)
          : new URLSearchParams(forms!.formPairs(body.value, body.encoding));
      const tokenParam = this.profile.accessTokenParam;
      if (tokenParam && credentials === 'access-token-form' && this.options.accessToken && !form.has(tokenParam)) {
        form.set(tokenParam, this.options.accessToken);
      }
      return formText(form);
    }
    if (body.kind === 'multipart') {
      // Likewise a FormData the caller built, sent with the boundary fetch writes.
      const given: unknown = body.value;
      if (typeof FormData !== 'undefined' && given instanceof FormData) return given;
      const written = forms!.multipartBody(body.value, body.encoding);
      if (written instanceof FormData) return written;
      headers['content-type'] = written.contentType;
      return written.body;
    }
    if (body.kind === 'written') {
      const written = body.write();
      headers['content-type'] = written.contentType;
      return written.value;
    }
    // FormData goes out with the Content-Type fetch writes: the one that names its boundary.
    if (typeof FormData !== 'undefined' && body.value instanceof FormData) return body.value;
    headers['content-type'] = body.contentType;
    if (!body.stream) return body.value as FetchBody;
    // A streamed body needs half-duplex, which Node's fetch asks for explicitly.
    init.duplex = 'half';
    return body.stream();
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
    return this.profile.error(response.status, spec.operationId, body, response.headers, this.profile.requestIdHeaders);
  }
}

const DEFAULT_ACCEPT = 'application/json';
/** The statuses fetch follows, and how many hops it takes before it gives up (the Fetch standard's 20). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

/** The origin of a URL (`https://host:port`), or undefined for one that is not absolute. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The statuses whose answers carry no content. */
const NO_CONTENT = new Set([204, 205, 304]);

/**
 * How a successful answer is read: by its Content-Type where the operation documents that media type (JSON parsed,
 * text, XML, CSV and YAML as text, anything else as bytes), else as the operation's one kind (undefined: JSON).
 */
function answerKind(spec: RequestSpec, contentType: string | null): 'text' | 'bytes' | undefined {
  if (!spec.answerTypes || !contentType) return spec.answer;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const documented = spec.answerTypes.some(
    (t) => t === type || t === '*/*' || (t.endsWith('/*') && type.startsWith(t.slice(0, -1))),
  );
  if (!documented) return spec.answer;
  if (type === 'application/json' || type === 'text/json' || type.endsWith('+json')) return undefined;
  return /^text\/|[/+](xml|csv|yaml|x-yaml)$/.test(type) ? 'text' : 'bytes';
}

/** Header names lower-cased, so that a caller's `Accept` replaces the default `accept`. */
/**
 * Later headers replace earlier ones, except `cookie`: one Cookie header holds every pair (RFC 6265), so the
 * more specific pairs (a call's, its cookie parameters') go first and the client's own follow.
 */
export function mergeHeaders(
  target: Record<string, string>,
  source: Record<string, string> | undefined,
): Record<string, string> {
  if (source) {
    for (const name in source) {
      const key = name.toLowerCase();
      target[key] = key === 'cookie' && target.cookie ? `${source[name]}; ${target.cookie}` : source[name]!;
    }
  }
  return target;
}

/** A query string with one more name=value pair. */
function pair(query: string, name: string, value: string): string {
  return `${query ? `${query}&` : ''}${formEncode(name)}=${formEncode(value)}`;
}

/**
 * A form body's text as URLSearchParams writes it, but for the brackets of its names (`address[city]=Berlin`):
 * left as they are, as Stripe's own SDK writes them and Prism's form check wants them; every server decodes both.
 */
function formText(form: URLSearchParams): string {
  const pairs: string[] = [];
  for (const [name, value] of form)
    pairs.push(`${formEncode(name).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${formEncode(value)}`);
  return pairs.join('&');
}

/** application/x-www-form-urlencoded, byte for byte as URLSearchParams writes it. */
function formEncode(text: string): string {
  // A lone surrogate becomes U+FFFD, as URLSearchParams does (encodeURIComponent would throw).
  const wellFormed = (text as { toWellFormed?: () => string }).toWellFormed?.() ?? text;
  return encodeURIComponent(wellFormed).replace(/%20|[!'()~]/g, (c) =>
    c === '%20' ? '+' : `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A response whose body is read through a guard: each read must bring bytes within idleMs (else
 * ApiTimeoutError, and the connection is dropped); the caller's abort and a broken connection surface as
 * ApiAbortError and ApiConnectionError. `text()` reads it whole (JSON answers, no extra stream);
 * raw-response.ts wraps it in a Response whose stream is guarded (SSE, uploads).
 */
export class GuardedBody {
  private idle = false;
  /** Whether a read is waiting for bytes, and since when: one timer per body checks it (not one per read). */
  private reading = false;
  private readStart = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly response: Response,
    private readonly operationId: string,
    private readonly idleMs: number,
    private readonly controller: AbortController,
    private readonly user: AbortSignal | undefined,
    private readonly onAbort: (() => void) | undefined,
  ) {}

  /** The body is done with: no idle timer, and the caller's signal no longer concerns this request. */
  release(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.onAbort) this.user!.removeEventListener('abort', this.onAbort);
  }

  /**
   * The idle timer: when it fires during a read that has waited idleMs, the body is stalled; a read that
   * started later gets the rest of its time; with no read waiting (the caller is busy) it stops until the next.
   */
  private watch(wait: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.reading) return;
      const waited = Date.now() - this.readStart;
      if (waited < this.idleMs) return this.watch(this.idleMs - waited);
      this.idle = true;
      this.controller.abort();
    }, wait);
  }

  async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult> {
    this.reading = true;
    if (this.idleMs > 0) {
      this.readStart = Date.now();
      if (this.timer === undefined) this.watch(this.idleMs);
    }
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
      this.reading = false;
    }
  }

  /** The whole body as bytes (a success documented as binary). */
  async bytes(): Promise<Uint8Array> {
    const body = this.response.body;
    if (!body) {
      this.release();
      return new Uint8Array();
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await this.read(reader);
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return bytes;
  }

  async text(): Promise<string> {
    const body = this.response.body;
    if (!body) {
      this.release();
      return '';
    }
    const reader = body.getReader();
    // Most answers come in one piece: decode once, with no streaming decoder.
    let first: Uint8Array | undefined;
    let decoder: InstanceType<typeof TextDecoder> | undefined;
    let text = '';
    for (;;) {
      const { done, value } = await this.read(reader);
      if (done) return decoder ? text + decoder.decode() : first ? UTF8.decode(first) : '';
      if (!first && !decoder) {
        first = value;
        continue;
      }
      if (!decoder) {
        decoder = new TextDecoder();
        text = decoder.decode(first, { stream: true });
        first = undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  }
}

const UTF8 = new TextDecoder();

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
