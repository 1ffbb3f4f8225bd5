// OpenAPI style / explode of path parameters (simple, label, matrix), of object header parameters (simple)
// and of cookie parameters (form), as the OpenAPI 3.1 style examples table writes them. Only a client whose
// spec has such a parameter imports this (a plain path parameter is one encodeURIComponent in client.ts).

import { definedItems, flatText } from './bracket-pairs.js';

/**
 * A value as one piece of a path segment: percent-encoded, '.' too in the label style (its separator), so
 * that a value holding a separator still reads back as itself.
 */
function pathPiece(value: unknown, style: string, name = ''): string {
  const text = encodeURIComponent(flatText(`path parameter ${name}`, style, value));
  return style === 'label' ? text.replace(/\./g, '%2E') : text;
}

/** The name/value pairs of an object value, its undefined and null members left out. */
function members(value: object): Array<[string, unknown]> {
  return Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
}

/** A path parameter's segment text: `blue`, `.blue`, `;color=blue`; arrays and objects by explode. */
export function styledPath(name: string, value: unknown, style: string, explode: boolean): string {
  const key = pathPiece(name, style);
  if (Array.isArray(value) || (value !== null && typeof value === 'object')) {
    const array = Array.isArray(value);
    const items = array ? definedItems(value).map((v) => pathPiece(v, style, name)) : [];
    // An object: k,v,k,v unexploded; k=v pairs exploded.
    const pairs = array ? [] : members(value).map(([k, v]) => [pathPiece(k, style), pathPiece(v, style, name)]);
    const parts = array ? items : explode ? pairs.map(([k, v]) => `${k}=${v}`) : pairs.flat();
    if (style === 'label') return `.${parts.join(explode ? '.' : ',')}`;
    if (style === 'matrix') {
      if (!explode) return parts.length ? `;${key}=${parts.join(',')}` : `;${key}`;
      return array ? items.map((v) => `;${key}=${v}`).join('') : parts.map((p) => `;${p}`).join('');
    }
    return parts.join(',');
  }
  const text = pathPiece(value, style);
  if (style === 'label') return `.${text}`;
  if (style === 'matrix') return text === '' ? `;${key}` : `;${key}=${text}`;
  return text;
}

/**
 * An object header value in the simple style: `R,100,G,200` unexploded, `R=100,G=200` exploded. One of no members
 * (nulls left out) has no text in that style (RFC 6570 leaves it out; an empty value is read as a member named ""):
 * an optional header is left out, a required one sent empty.
 */
export function objectHeader(value: unknown, explode: boolean, required = false): string | undefined {
  if (value === undefined || value === null) return undefined;
  // A schema with object and other branches (oneOf): an array is its items, a scalar its text.
  const pieces = Array.isArray(value)
    ? definedItems(value).map((v) => flatText('an object header parameter', 'simple', v))
    : typeof value !== 'object'
      ? [String(value)]
      : members(value).map(([k, v]) => {
          const text = flatText('an object header parameter', 'simple', v);
          return explode ? `${k}=${text}` : `${k},${text}`;
        });
  return pieces.length || required ? pieces.join(',') : undefined;
}

/**
 * A cookie parameter's value in the form style, unexploded (the only form a Cookie header pair can hold):
 * `5`, `a,b,c`, `R,100,G,200`; each piece percent-encoded, which leaves only cookie octets (RFC 6265 4.1.1:
 * no space, DQUOTE, comma, semicolon or backslash) and keeps an encoded comma inside its item.
 */
function cookieValue(name: string, value: unknown): string {
  if (Array.isArray(value))
    return definedItems(value)
      .map((v) => encodeURIComponent(flatText(`cookie parameter ${name}`, 'form', v)))
      .join(',');
  if (value !== null && typeof value === 'object')
    return members(value)
      .flat()
      .map((v) => encodeURIComponent(flatText(`cookie parameter ${name}`, 'form', v)))
      .join(',');
  return encodeURIComponent(String(value));
}

/**
 * The call options with the operation's cookie parameters in one Cookie header, `name=value` pairs joined by
 * `; `, before the pairs of a cookie header the caller gave in its own headers (a server reading the first
 * pair of a name sees the parameter). Options unchanged when no cookie parameter has a value.
 */
export function withCookies<O extends { headers?: Record<string, string> }>(
  options: O | undefined,
  cookies: Record<string, unknown>,
): O | undefined {
  const pairs = Object.entries(cookies)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([name, v]) => `${name}=${cookieValue(name, v)}`);
  if (pairs.length === 0) return options;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options?.headers ?? {})) {
    if (name.toLowerCase() === 'cookie') pairs.push(...(value ? [value] : []));
    else headers[name] = value;
  }
  headers.cookie = pairs.join('; ');
  return { ...options, headers } as O;
}
