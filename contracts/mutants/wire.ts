// Wire-level planting for mutants (Mutant.wrap): rewrite a request before the conforming service sees it
// ("validated, then ignored" when the original would have been refused), answer in its place (a refusal of
// a valid request), or rewrite its answer (a wrong code, a missing member). Bodies are buffered; the
// rewritten request is a stream with the same method, URL and headers, so the service cannot tell it from a
// client's.
import type http from 'node:http';
import { Readable } from 'node:stream';
import { adCreativeRoutes } from '../../generated/ad-creative/server.js';
import { RouteTable } from '../../generator/model/index.js';

export interface WireRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type Wrap = (inner: http.RequestListener) => http.RequestListener;

/** Buffers each request's body, then hands it to `handle` with the listener of the service. */
function buffered(
  handle: (
    request: WireRequest,
    inner: http.RequestListener,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) => void,
): Wrap {
  return (inner) => (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: WireRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://wire'),
        headers: { ...req.headers },
        body: Buffer.concat(chunks),
      };
      handle(request, inner, req, res);
    });
  };
}

/** The request as a stream with the given body, the same method, URL and headers. */
function replay(req: http.IncomingMessage, request: WireRequest, body: Buffer): http.IncomingMessage {
  const stream = Readable.from(body.length > 0 ? [body] : []) as unknown as http.IncomingMessage;
  const headers = { ...request.headers };
  if (body.length > 0 || headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
  delete headers['transfer-encoding'];
  const rawHeaders = Object.entries(headers).flatMap(([name, value]) =>
    Array.isArray(value) ? value.flatMap((v) => [name, v]) : value === undefined ? [] : [name, String(value)],
  );
  return Object.assign(stream, {
    method: request.method,
    url: `${request.url.pathname}${request.url.search}`,
    headers,
    rawHeaders,
    httpVersion: req.httpVersion,
    socket: req.socket,
    connection: req.socket,
  });
}

/** Rewrites matching requests (edit returns the new body, or changes `url` in place). */
export function rewriteRequest(edit: (request: WireRequest) => Buffer | string | void): Wrap {
  return buffered((request, inner, req, res) => {
    const edited = edit(request);
    inner(replay(req, request, edited === undefined ? request.body : Buffer.from(edited)), res);
  });
}

/**
 * Answers matching requests in the service's place (the service never sees them), e.g. a refusal of what the
 * service accepts; `answer` returns the status and JSON body (undefined: no body, a 204), or nothing to pass the
 * request on.
 */
export function answerInstead(answer: (request: WireRequest) => { status: number; json: unknown } | void): Wrap {
  return buffered((request, inner, req, res) => {
    const given = answer(request);
    if (!given) return inner(replay(req, request, request.body), res);
    if (given.json === undefined) {
      res.writeHead(given.status, { 'content-length': '0' });
      return res.end();
    }
    const body = JSON.stringify(given.json);
    res.writeHead(given.status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
  });
}

/** The form fields of a form-encoded request (undefined for any other body). */
export function formOf(request: WireRequest): URLSearchParams | undefined {
  if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return undefined;
  return new URLSearchParams(request.body.toString('utf8'));
}

/** Rewrites the form fields of form-encoded writes for which `when` holds. */
export function editForm(
  when: (request: WireRequest) => boolean,
  edit: (form: URLSearchParams, request: WireRequest) => void,
): Wrap {
  return rewriteRequest((request) => {
    const form = formOf(request);
    if (!form || !when(request)) return;
    edit(form, request);
    return form.toString();
  });
}

/** Edits a JSON-string form field (object_story_spec and the like) in place. */
export function editJsonField(form: URLSearchParams, name: string, edit: (value: any) => void): void {
  const text = form.get(name);
  if (text === null) return;
  const value = JSON.parse(text);
  edit(value);
  form.set(name, JSON.stringify(value));
}

export interface WireAnswer {
  method: string;
  url: URL;
  status: number;
  /** The parsed JSON answer (undefined when it is not JSON). */
  json: any;
}

/**
 * Rewrites JSON answers: edit returns the new status and body, or nothing to keep the answer. With `bodiless`,
 * answers without a JSON body (a 204) are handed to edit too, with `json` undefined.
 */
export function rewriteAnswer(
  edit: (answer: WireAnswer) => { status?: number; json: unknown } | void,
  options: { bodiless?: boolean } = {},
): Wrap {
  return (inner) => (req, res) => {
    const url = new URL(req.url ?? '/', 'http://wire');
    const method = req.method ?? 'GET';
    let status = 200;
    let headers: Record<string, any> = {};
    const writeHead = res.writeHead.bind(res);
    const end = res.end.bind(res);
    (res as any).writeHead = (code: number, ...rest: any[]) => {
      status = code;
      const h = rest.find((r) => r && typeof r === 'object');
      if (h) headers = { ...h };
      return res;
    };
    (res as any).end = (chunk?: any, ...rest: any[]) => {
      const text = chunk === undefined || typeof chunk === 'function' ? '' : Buffer.from(chunk).toString('utf8');
      let json: any;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const changed = json === undefined && !options.bodiless ? undefined : edit({ method, url, status, json });
      const body = changed ? JSON.stringify(changed.json) : text;
      const finalStatus = changed?.status ?? status;
      const finalHeaders = { ...headers };
      for (const key of Object.keys(finalHeaders)) if (key.toLowerCase() === 'content-length') delete finalHeaders[key];
      finalHeaders['content-length'] = String(Buffer.byteLength(body));
      if (changed && !Object.keys(finalHeaders).some((key) => key.toLowerCase() === 'content-type'))
        finalHeaders['content-type'] = 'application/json; charset=UTF-8';
      writeHead(finalStatus, finalHeaders);
      return end(body, ...rest.filter((r) => typeof r === 'function'));
    };
    inner(req, res);
  };
}

/** The requests a wire rewrite applies to, by what a request line shows. */
export type Match = (request: { method: string; url: URL }) => boolean;

/** Requests of this method whose path matches. */
export const on =
  (method: string, path: RegExp): Match =>
  (request) =>
    request.method === method && path.test(request.url.pathname);

/** Rewrites the JSON bodies of the requests `match` selects (in place); other bodies pass unchanged. */
export function rewriteJsonRequest(match: Match, change: (body: any, request: WireRequest) => void): Wrap {
  return rewriteRequest((request) => {
    if (!match(request) || !String(request.headers['content-type'] ?? '').includes('json')) return undefined;
    let body: any;
    try {
      body = JSON.parse(request.body.toString('utf8'));
    } catch {
      return undefined;
    }
    change(body, request);
    return JSON.stringify(body);
  });
}

/** Rewrites the query of the requests `match` selects, in place. */
export function rewriteQuery(match: Match, change: (query: URLSearchParams) => void): Wrap {
  return rewriteRequest((request) => {
    if (match(request)) change(request.url.searchParams);
  });
}

/**
 * Rewrites the JSON answers of the requests `match` selects: change edits the body in place and returns
 * nothing to keep the status, a status to send instead, or false to keep the answer as it was.
 */
export function rewriteJsonAnswer(
  match: Match,
  change: (body: any, status: number, answer: WireAnswer) => number | false | void,
): Wrap {
  return rewriteAnswer((answer) => {
    if (!match(answer)) return undefined;
    const status = change(answer.json, answer.status, answer);
    if (status === false) return undefined;
    return { json: answer.json, ...(typeof status === 'number' ? { status } : {}) };
  });
}

/**
 * A list that answers each item's `field` as the item's create answered it, whatever changed it since (a list
 * cache not told of updates): `path` is the collection (POST creates, GET lists), `items` the list's member,
 * `key` the member naming an item.
 */
export function listStaleSinceCreate(path: RegExp, items: string, key: 'id' | 'name', field: string[]): Wrap {
  const first = new Map<string, unknown>();
  const read = (item: any) => field.reduce((o, k) => o?.[k], item);
  const write = (item: any, value: unknown) => {
    let o = item;
    for (const k of field.slice(0, -1)) o = o[k] = { ...o[k] };
    o[field[field.length - 1]!] = value;
  };
  return rewriteJsonAnswer(
    (r) => path.test(r.url.pathname),
    (body, status, answer) => {
      if (status !== 200) return false;
      if (answer.method === 'POST' && body[key]) first.set(body[key], read(body));
      if (answer.method !== 'GET') return false;
      for (const item of body[items] ?? []) if (first.has(item[key])) write(item, first.get(item[key]));
    },
  );
}

/** A wrap made afresh for every request (a request rewrite and an answer rewrite sharing what they saw). */
export function perRequest(make: () => Wrap): Wrap {
  return (inner) => (req, res) => make()(inner)(req, res);
}

/** Applies wraps in order: the first sees the request first. */
export function chain(...wraps: Wrap[]): Wrap {
  return (inner) => wraps.reduceRight((listener, wrap) => wrap(listener), inner);
}

const adCreativeTable = new RouteTable(adCreativeRoutes);

/** The ad creative operation a request addresses, by method and path (the generated server's route table). */
export function operationOf(method: string, url: URL): string | undefined {
  return adCreativeTable.match(method, url.pathname)?.route.operationId;
}

/**
 * As rewriteRequest, for an edit that looks something up first (the service's store, kept by a decorator):
 * the request waits for it; a failed lookup passes the request on unchanged.
 */
export function rewriteRequestAsync(edit: (request: WireRequest) => Promise<Buffer | string | void>): Wrap {
  return buffered((request, inner, req, res) => {
    edit(request).then(
      (edited) => inner(replay(req, request, edited === undefined ? request.body : Buffer.from(edited)), res),
      () => inner(replay(req, request, request.body), res),
    );
  });
}

/**
 * Rewrites the head of the answers to the requests `match` selects (status unchanged): `edit` changes the
 * headers in place, names lower-cased, those set before writeHead included.
 */
export function rewriteHeaders(match: Match, edit: (headers: Record<string, unknown>, status: number) => void): Wrap {
  return (inner) => (req, res) => {
    const request = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://wire') };
    if (!match(request)) return inner(req, res);
    const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, unknown>) => unknown;
    (res as any).writeHead = (status: number, ...rest: unknown[]) => {
      const given = rest.find((r) => r && typeof r === 'object' && !Array.isArray(r)) as Record<string, unknown>;
      const headers: Record<string, unknown> = { ...res.getHeaders() };
      for (const [name, value] of Object.entries(given ?? {})) headers[name.toLowerCase()] = value;
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      edit(headers, status);
      return writeHead(status, headers);
    };
    inner(req, res);
  };
}
