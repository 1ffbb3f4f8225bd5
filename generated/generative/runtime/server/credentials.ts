// Copied from templates/runtime/server/credentials.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Credentials: read only from the places the route's security schemes name, and checked against its
// security alternatives before validation.
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { CredentialSource, RouteDef } from './route-def.js';

/**
 * The request's query values by name (decoded), behind a getter (a RequestTarget's `query`): read apart only
 * where a route takes a credential from the query.
 */
interface QuerySource {
  readonly query: ReadonlyMap<string, readonly string[]>;
}

/** The credentials a request carried, wherever it carried them. */
export interface Credentials {
  /** Access token carried as a parameter (query or form field, where the spec's security scheme names it). */
  accessToken?: string;
  /** Authorization: Bearer token. */
  bearerToken?: string;
  /** API key (the query parameter or header the spec's security scheme names). */
  apiKey?: string;
  /** Authorization: Basic, decoded: `user:password` (an http basic scheme). */
  basic?: string;
  /** The verified client certificate (a mutualTLS scheme): its SHA-256 fingerprint, or what the hook named. */
  clientCertificate?: string;
  /** The credential of each security scheme the request carried, by scheme name. */
  schemes?: Record<string, string>;
}

/** Only the places the route declares count: a bearer token on an API-key route is no credential there. */
export function readCredentials(
  route: RouteDef,
  query: QuerySource,
  headers: Record<string, string>,
  body: unknown,
): Credentials {
  const credentials: Credentials = {};
  // A route table made by hand without sources reads no credentials: the places are the spec's to name.
  if (!route.credentialSources) return credentials;
  let schemes: Record<string, string> | undefined;
  for (const source of route.credentialSources) {
    const value = credentialAt(source, query, headers, body);
    if (!value || httpSchemeValue(route, source, value)) continue;
    schemes ??= {};
    schemes[source.scheme] ??= value;
    credentials[source.kind] ??= value;
  }
  if (schemes) credentials.schemes = schemes;
  return credentials;
}

/**
 * A mutualTLS scheme is the transport's: met when the request's TLS socket verified the client's certificate
 * against the server's trusted CAs (`requestCert` with `rejectUnauthorized: false` lets the router answer 401
 * itself), else when the clientCertificate hook vouches for one a proxy verified. Plain HTTP without the hook:
 * never met.
 */
export function addTransportCredential(
  credentials: Credentials,
  schemes: readonly string[],
  req: IncomingMessage,
  opts: { clientCertificate?: (req: IncomingMessage) => string | undefined },
): void {
  const socket = req.socket as Partial<TLSSocket>;
  let identity: string | undefined;
  if (socket.encrypted && socket.authorized) identity = socket.getPeerCertificate?.().fingerprint256 || 'verified';
  else identity = opts.clientCertificate?.(req);
  if (!identity) return;
  credentials.clientCertificate = identity;
  credentials.schemes = { ...credentials.schemes };
  for (const scheme of schemes) credentials.schemes[scheme] = identity;
}

/**
 * The places of a request that carry different credentials (two tokens, a query token beside another header
 * token, a key given twice with two values): answered as an invalid request rather than one picked in silence.
 * The same value sent in two places is no conflict. Undefined when there is none.
 */
export function conflictingCredentials(
  route: RouteDef,
  query: QuerySource,
  headers: Record<string, string>,
  body: unknown,
  rawHeaders: readonly string[] = [],
): string[] | undefined {
  const sources = route.credentialSources;
  if (!sources) return undefined;
  // One place that holds one value cannot disagree with itself (a query name can be repeated, a header sent twice).
  if (sources.length === 1 && sources[0]!.in !== 'query' && !repeatedHeader(sources[0]!, rawHeaders)) return undefined;
  if (oneValueSent(route, sources, query, headers, body, rawHeaders)) return undefined;
  const given: Array<{ source: CredentialSource; value: string }> = [];
  for (const source of sources) {
    const values =
      source.in === 'query'
        ? (query.query.get(source.name) ?? []).filter(Boolean)
        : placeValues(source, headers, rawHeaders).flatMap((placeHeaders) =>
            [credentialAt(source, query, placeHeaders, body)].filter(
              (v): v is string => !!v && !httpSchemeValue(route, source, v),
            ),
          );
    for (const value of values) given.push({ source, value });
  }
  // Nearly every request: one credential, or the same value wherever it was sent.
  if (given.every((g) => g.value === given[0]!.value)) return undefined;
  // Keys of schemes one security alternative asks for together (a client id and its secret) are different
  // credentials by design; the same scheme, or schemes offered instead of each other, must agree.
  // One value in one place may stand for several schemes (an Authorization header read by two oauth2 schemes):
  // two values disagree unless some scheme of one and some scheme of the other are asked for together.
  const groups = new Map<string, { place: string; value: string; schemes: string[] }>();
  for (const g of given) {
    const place = `${g.source.in} ${g.source.name}`;
    const key = `${place}\u0000${g.value}`;
    const group = groups.get(key) ?? { place, value: g.value, schemes: [] };
    group.schemes.push(g.source.scheme);
    groups.set(key, group);
  }
  const sent = [...groups.values()];
  const places = new Set<string>();
  for (let i = 0; i < sent.length; i++)
    for (let j = i + 1; j < sent.length; j++) {
      const [a, b] = [sent[i]!, sent[j]!];
      if (a.value === b.value) continue;
      const sameScheme = a.schemes.some((x) => b.schemes.includes(x));
      const asked = a.schemes.some((x) => b.schemes.some((y) => x !== y && together(route, x, y)));
      if (!sameScheme && asked) continue;
      places.add(a.place).add(b.place);
    }
  return places.size ? [...places] : undefined;
}

/**
 * Whether every credential the request carries is the same value (or there is none), read without making the
 * list conflictingCredentials makes: nearly every request. False when a header is sent twice (read in full).
 */
function oneValueSent(
  route: RouteDef,
  sources: readonly CredentialSource[],
  query: QuerySource,
  headers: Record<string, string>,
  body: unknown,
  rawHeaders: readonly string[],
): boolean {
  let first: string | undefined;
  for (const source of sources) {
    if (source.in === 'query') {
      const values = query.query.get(source.name);
      if (values === undefined) continue;
      for (const value of values) {
        if (!value) continue;
        if (first === undefined) first = value;
        else if (value !== first) return false;
      }
      continue;
    }
    if (repeatedHeader(source, rawHeaders)) return false;
    const value = credentialAt(source, query, headers, body);
    if (!value || httpSchemeValue(route, source, value)) continue;
    if (first === undefined) first = value;
    else if (value !== first) return false;
  }
  return true;
}

/**
 * The headers to read a source from, once per value it was sent with: node:http keeps only the first of some
 * repeated headers (Authorization among them) and joins others, so each value sent is read from rawHeaders.
 */
function placeValues(
  source: CredentialSource,
  headers: Record<string, string>,
  rawHeaders: readonly string[],
): Array<Record<string, string>> {
  if (!repeatedHeader(source, rawHeaders)) return [headers];
  const name = source.name.toLowerCase();
  const sent: Array<Record<string, string>> = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2)
    if (rawHeaders[i]!.toLowerCase() === name) sent.push({ ...headers, [name]: rawHeaders[i + 1]! });
  return sent;
}

/** Whether a header source's header was sent more than once. */
function repeatedHeader(source: CredentialSource, rawHeaders: readonly string[]): boolean {
  if (source.in !== 'header') return false;
  const name = source.name.toLowerCase();
  let seen = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const raw = rawHeaders[i]!;
    if (raw.length === name.length && raw.toLowerCase() === name && ++seen > 1) return true;
  }
  return false;
}

/**
 * Whether an API key read from the Authorization header is in fact the credential of an http scheme the route
 * offers instead (`Bearer <token>` beside a key sent as `Token token=<key>`): one header read by two schemes holds
 * one credential, the http scheme's where its form says so. Where an alternative asks for both together (Azure's
 * container registry: basic and a key named Authorization), the one header is both credentials, as Prism reads it.
 */
function httpSchemeValue(route: RouteDef, source: CredentialSource, value: string): boolean {
  if (source.kind !== 'apiKey' || source.in !== 'header' || source.name.toLowerCase() !== 'authorization') return false;
  for (const other of route.credentialSources!) {
    if (other.in !== 'header' || other.name.toLowerCase() !== 'authorization') continue;
    if (together(route, source.scheme, other.scheme)) continue;
    if (other.kind === 'bearerToken' && BEARER.test(value)) return true;
    if (other.kind === 'basic' && /^Basic\s/i.test(value)) return true;
  }
  return false;
}

/** Whether one of the route's security alternatives asks for both schemes. */
function together(route: RouteDef, a: string, b: string): boolean {
  return requiredSchemes(route).some((alternative) => alternative.includes(a) && alternative.includes(b));
}

/** Whether the credentials meet one of the route's security alternatives (any credential, without them). */
export function credentialsSatisfy(credentials: Credentials, route: RouteDef): boolean {
  if (!route.securityRequirements) return Object.keys(credentials).length > 0 || route.security === 'optional';
  const have = credentials.schemes ?? NO_SCHEMES;
  for (const alternative of requiredSchemes(route)) {
    let met = true;
    for (const scheme of alternative) if (have[scheme] === undefined) met = false;
    if (met) return true;
  }
  return false;
}

const NO_SCHEMES: Record<string, string> = Object.freeze({});
const schemeLists = new WeakMap<RouteDef, string[][]>();

/** The scheme names of each of the route's security alternatives, listed on its first request. */
function requiredSchemes(route: RouteDef): string[][] {
  let lists = schemeLists.get(route);
  if (!lists) schemeLists.set(route, (lists = (route.securityRequirements ?? []).map((a) => Object.keys(a))));
  return lists;
}

function credentialAt(
  source: CredentialSource,
  query: QuerySource,
  headers: Record<string, string>,
  body: unknown,
): string | undefined {
  switch (source.in) {
    case 'query':
      return query.query.get(source.name)?.[0];
    case 'header': {
      const value = headers[source.name.toLowerCase()];
      if (source.kind === 'basic') {
        const encoded = value?.match(/^Basic\s+(\S+)\s*$/i)?.[1];
        return encoded === undefined ? undefined : Buffer.from(encoded, 'base64').toString('utf8');
      }
      if (source.kind !== 'bearerToken') return value || undefined;
      // A Bearer header with bytes after its token is a token that is wrong, not one that is missing: it is handed
      // on whole (the service refuses it as invalid) rather than dropped (which reads as "no token").
      return bearerToken(value);
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

const BEARER = /^Bearer\s+/i;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * The token of `Bearer <token>`, as /^Bearer\s+(\S.*?)\s*$/i reads it (trailing white space dropped, a line break
 * inside refused), without that pattern's lazy match, which tries the rest of the pattern at every character of
 * the token (this takes about half its time).
 */
function bearerToken(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  // What nearly every client sends, `Bearer <visible ASCII>`, known without a pattern: no white space to skip.
  if (value.startsWith('Bearer ') && isVisible(value.charCodeAt(7)) && isVisible(value.charCodeAt(value.length - 1))) {
    const token = value.slice(7);
    return LINE_BREAK.test(token) ? undefined : token;
  }
  const prefix = BEARER.exec(value);
  if (!prefix) return undefined;
  const token = value.slice(prefix[0].length).trimEnd();
  return token === '' || LINE_BREAK.test(token) ? undefined : token;
}

/** A visible ASCII character: neither white space nor a line break. */
function isVisible(code: number): boolean {
  return code > 0x20 && code < 0x7f;
}
