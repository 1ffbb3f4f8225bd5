// Copied from templates/runtime/server/params.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Parameter decoding: path, query, header and cookie values read back as the route's parameters serialise
// them (OpenAPI style / explode), before validation coerces them to their schema types.
import { type ErrorStyle, invalidRequest } from './errors.js';
import { formFields } from './form-fields.js';
import { InvalidQueryError } from './request-target.js';
import type { ParamDef, RouteDef } from './route-def.js';
import { decodeComponent } from './strict-text.js';

/** How deep a deepObject query parameter's members may nest. */
const DEEP_QUERY_LEVELS = 16;

/** What decoding needs of a route's parameters, built once per route. */
export interface ParamPlan {
  pathDefs: ReadonlyMap<string, ParamDef>;
  queryDefs: ReadonlyMap<string, ParamDef>;
  /** Query names that carry credentials (never gathered into an exploded form object). */
  credentialQueryNames: ReadonlySet<string>;
  /** Lower-cased names of the declared header parameters and credential headers (text only). */
  textHeaders: readonly string[];
  /** An exploded form-style object query parameter gathers the query's undeclared keys. */
  gathersForm: boolean;
  /** Every query parameter is a scalar: each name's last value is its value, with nothing to read apart. */
  scalarQuery: boolean;
  /** The route declares cookie parameters. */
  cookies: boolean;
}

/**
 * An object with no prototype: a parameter or member named `constructor`, `hasOwnProperty` or `__proto__` is then
 * the value sent or absent, never Object.prototype's.
 */
function record<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function recordOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out = record<T>();
  for (const [key, value] of entries) out[key] = value;
  return out;
}

export function planParams(route: RouteDef): ParamPlan {
  return {
    queryDefs: new Map(route.params.filter((p) => p.in === 'query').map((p) => [p.name, p])),
    pathDefs: new Map(route.params.filter((p) => p.in === 'path').map((p) => [p.name, p])),
    gathersForm: route.params.some((p) => p.in === 'query' && p.type === 'object' && p.style === 'form' && p.explode),
    scalarQuery: !route.params.some((p) => p.in === 'query' && (p.type === 'array' || p.type === 'object')),
    cookies: route.params.some((p) => p.in === 'cookie'),
    credentialQueryNames: new Set((route.credentialSources ?? []).filter((c) => c.in === 'query').map((c) => c.name)),
    textHeaders: [
      ...new Set([
        ...route.params.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()),
        ...(route.credentialSources ?? []).filter((c) => c.in === 'header').map((c) => c.name.toLowerCase()),
      ]),
    ],
  };
}

/** The path parameters from their raw segments (in `names` order); an ill-formed one is the service's 400. */
export function readPath(
  names: readonly string[],
  values: readonly string[],
  plan: ParamPlan,
  errorStyle: ErrorStyle,
): Record<string, unknown> {
  const path = record();
  names.forEach((name, i) => {
    const def = plan.pathDefs.get(name);
    let value: unknown;
    try {
      value = pathValue(values[i]!, name, def);
    } catch {
      throw invalidRequest(errorStyle, 'Invalid path', [
        { field: name, description: 'is not a valid URL-encoded value' },
      ]);
    }
    if (value === undefined) {
      throw invalidRequest(errorStyle, 'Invalid path', [
        {
          field: name,
          description: `is not a ${def?.style ?? 'simple'}-style ${def?.type ?? 'string'} (explode: ${def?.explode ?? false})`,
        },
      ]);
    }
    path[name] = value;
  });
  return path;
}

/** The query as the route's parameters serialise it (style / explode); repeated scalars: the last wins. */
export function readQuery(values: ReadonlyMap<string, readonly string[]>, plan: ParamPlan): Record<string, unknown> {
  const defs = plan.queryDefs;
  const query = record();
  let deep: Array<[string, string]> | undefined;
  for (const [name, all] of values) {
    const def = defs.get(name);
    if (name.endsWith(']')) {
      const deepDef = defs.get(name.slice(0, name.indexOf('[')));
      // An object's members, or an array's items (Stripe's `lines[0][amount]`), in brackets.
      if ((deepDef?.type === 'object' || deepDef?.type === 'array') && deepDef.style === 'deepObject') {
        (deep ??= []).push([name, all[all.length - 1]!]);
        continue;
      }
    }
    if (def?.type === 'array') {
      const separator = def.style === 'spaceDelimited' ? ' ' : def.style === 'pipeDelimited' ? '|' : ',';
      // Exploded arrays repeat the key, a value per item (a comma in one is the item's own: `tag=a%2Cb`); the others
      // join with their separator. Unexploded, a lone empty value is the empty array (`color=`, as OpenAPI's style
      // table writes it).
      query[name] = def.explode
        ? [...all]
        : all.length === 1 && all[0] === ''
          ? []
          : all.flatMap((v) => v.split(separator));
    } else if (def?.type === 'object' && def.style !== 'deepObject' && !(def.style === 'form' && def.explode)) {
      const parts = all[all.length - 1]!.split(',');
      query[name] = recordOf(
        Array.from({ length: Math.floor(parts.length / 2) }, (_, i) => [parts[2 * i]!, parts[2 * i + 1]!]),
      );
    } else {
      query[name] = all[all.length - 1];
    }
  }
  // deepObject members at any depth (`filter[created][gte]=1`, `filter[ids][0]=a`), read as form fields are.
  if (deep) {
    try {
      Object.assign(query, formFields(deep, {}, DEEP_QUERY_LEVELS));
    } catch {
      // Nested past the limit: left out, so a required parameter is missing and an optional one absent.
    }
  }
  if (!plan.gathersForm) return query;
  // An exploded form object arrives as its own keys: gather the object parameter's properties back.
  for (const def of defs.values()) {
    if (def.type === 'object' && def.style === 'form' && def.explode && query[def.name] === undefined) {
      const taken = Object.keys(query).filter((k) => !defs.has(k) && !plan.credentialQueryNames.has(k));
      if (taken.length) query[def.name] = recordOf(taken.map((k) => [k, query[k]]));
      for (const k of taken) delete query[k];
    }
  }
  return query;
}

/**
 * The query of a route whose query parameters are all scalars (`plan.scalarQuery`), read straight from the search
 * text (`?a=1&b=2`): what readQuery answers from the decoded pairs (the last of a repeated name), without making
 * them. A name or value holding `%` or `+` is decoded as the pairs are; one whose percent-encoding is not UTF-8
 * throws InvalidQueryError, as the pairs do.
 */
export function readPlainQuery(search: string): Record<string, unknown> {
  const query = record();
  if (search === '') return query;
  const decode = search.includes('%') || search.includes('+');
  let start = 1;
  while (start <= search.length) {
    let end = search.indexOf('&', start);
    if (end < 0) end = search.length;
    if (end > start) {
      let at = search.indexOf('=', start);
      if (at < 0 || at > end) at = end;
      const name = search.slice(start, at);
      const value = at === end ? '' : search.slice(at + 1, end);
      if (decode) query[decodedName(name)] = decodedValue(value, name);
      else query[name] = value;
    }
    start = end + 1;
  }
  return query;
}

const ENCODED = /[%+]/;

function decodedName(name: string): string {
  if (!ENCODED.test(name)) return name;
  try {
    return decodeComponent(name, true);
  } catch {
    throw new InvalidQueryError('query');
  }
}

function decodedValue(value: string, name: string): string {
  if (!ENCODED.test(value)) return value;
  try {
    return decodeComponent(value, true);
  } catch {
    throw new InvalidQueryError(decodedName(name));
  }
}

/**
 * Header values by lower-cased name, as the text sent (repeated headers joined by `, `). node:http's own
 * object already is that (its names lower-cased, its repeats joined) unless a header came as a list (Set-Cookie):
 * then a copy with the lists joined.
 */
export function readHeaders(raw: NodeJS.Dict<string | string[]>): Record<string, string> {
  for (const name in raw) {
    if (typeof raw[name] !== 'string') return joinedHeaders(raw);
  }
  return raw as Record<string, string>;
}

function joinedHeaders(raw: NodeJS.Dict<string | string[]>): Record<string, string> {
  const headers = record<string>();
  for (const name in raw) {
    const value = raw[name];
    if (value !== undefined) headers[name.toLowerCase()] = typeof value === 'string' ? value : value.join(', ');
  }
  return headers;
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
    if (type === 'object' && explode) return recordOf(pairs.map(([k, v]) => [k!, decodeURIComponent(v!)]));
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
  if (pieces.length === 1 && pieces[0] === '') return record<string>();
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
  return recordOf(entries);
}

/**
 * The headers as validation sees them: a copy, with simple-style array headers split into their items and
 * object headers into their members (an ill-formed object stays text, which its schema refuses).
 */
export function headerValues(route: RouteDef, headers: Record<string, string>): Record<string, unknown> {
  const copy: Record<string, unknown> = Object.assign(record(), headers);
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
 * wins. An ill-formed object stays text, which its schema refuses; a malformed percent-encoding is the
 * service's 400 naming the parameter.
 */
export function readCookies(
  params: ParamDef[],
  header: string | undefined,
  errorStyle: ErrorStyle,
): Record<string, unknown> {
  const cookies = record();
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
      throw invalidRequest(errorStyle, 'Invalid cookie', [
        { field: p.name, description: 'is not a valid URL-encoded value' },
      ]);
    }
  }
  return cookies;
}
