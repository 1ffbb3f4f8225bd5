// Copied from templates/runtime/server/request-target.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// A request's target (`/v2/groups?mine=true`): its path as sent, and its query as decoded pairs (percent-encoding
// that is not UTF-8 refused, not read as U+FFFD). The path is routed as a proxy in front of the service sees it:
// dot segments (`/a/../b`, `%2e%2e`) and backslashes are not resolved, as the WHATWG URL parser would, so a proxy
// that filters by path prefix and the service agree on which operation a request reaches. Characters the parser
// would percent-encode are encoded alike. The query is read as the URL parser reads it; the URL a handler sees
// (`input.url`) is made on first use.
import { decodeComponent } from './strict-text.js';

/** Characters the URL parser keeps unchanged in a path and a query (RFC 3986 pchar, `/` and `?`). */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/%?]*$/;
/** Characters the URL parser percent-encodes in a path (its path percent-encode set), and a backslash. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: C0 controls are in the set the URL parser encodes
const ENCODED_IN_PATH = /[\u0000-\u0020"#<>?`{}\u{7f}-\u{10ffff}\\]/gu;
/** An absolute-form target's scheme and authority (`http://host:80`), before its path. */
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/** A query pair whose percent-encoding is not UTF-8; `name` is its name (decoded when it can be). */
export class InvalidQueryError extends Error {
  constructor(readonly field: string) {
    super(`query parameter ${field} is not a valid percent-encoded UTF-8 value`);
  }
}

/** A character percent-encoded as UTF-8; a lone surrogate as U+FFFD, as the URL parser writes it. */
function encodeCharacter(c: string): string {
  try {
    return encodeURIComponent(c);
  } catch {
    return '%EF%BF%BD';
  }
}

/** The path of a target as sent (up to its query or fragment), with what the URL parser would encode encoded. */
function pathOf(raw: string): string {
  // What the URL parser drops before reading anything: C0 controls and spaces around, tabs and newlines inside.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: C0 controls are what the URL parser trims
  const target = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const absolute = target.match(ABSOLUTE_FORM);
  const rest = absolute ? target.slice(absolute[0].length) : target;
  const end = rest.search(/[?#]/);
  const path = end < 0 ? rest : rest.slice(0, end);
  const encoded = path.replace(ENCODED_IN_PATH, encodeCharacter);
  return encoded.startsWith('/') ? encoded : `/${encoded}`;
}

export class RequestTarget {
  /** The path as sent, still percent-encoded; dot segments not resolved. */
  readonly pathname: string;
  /** The query with its `?` (empty when there is none), as `url.search` reads it. */
  readonly search: string;
  #url: URL | undefined;
  #query: Map<string, string[]> | undefined;

  constructor(readonly raw: string) {
    if (PLAIN_TARGET.test(raw)) {
      const at = raw.indexOf('?');
      this.pathname = at < 0 ? raw : raw.slice(0, at);
      // `?` alone is no query (url.search is empty).
      this.search = at < 0 || at === raw.length - 1 ? '' : raw.slice(at);
      return;
    }
    this.pathname = pathOf(raw);
    this.search = this.url.search;
  }

  /** The target as a URL on a fixed origin. */
  get url(): URL {
    // An origin-form target is a path on a fixed origin: resolved against a base, `//x/...` would read x as a host.
    return (this.#url ??= new URL(
      this.raw.startsWith('/') ? `http://localhost${this.raw}` : this.raw,
      'http://localhost',
    ));
  }

  /**
   * The query's values by name (names in order of first appearance, values in order), decoded as
   * application/x-www-form-urlencoded (`+` a space); throws InvalidQueryError for a pair whose
   * percent-encoding is not UTF-8.
   */
  get query(): ReadonlyMap<string, readonly string[]> {
    if (this.#query) return this.#query;
    const query = new Map<string, string[]>();
    const search = this.search;
    const decode = /[%+]/.test(search);
    for (const piece of search.slice(1).split('&')) {
      if (piece === '') continue;
      const at = piece.indexOf('=');
      let name = at < 0 ? piece : piece.slice(0, at);
      let value = at < 0 ? '' : piece.slice(at + 1);
      if (decode) {
        try {
          name = decodeComponent(name, true);
          value = decodeComponent(value, true);
        } catch {
          let shown = 'query';
          try {
            shown = decodeComponent(name, true);
          } catch {}
          throw new InvalidQueryError(shown);
        }
      }
      const values = query.get(name);
      if (values) values.push(value);
      else query.set(name, [value]);
    }
    return (this.#query = query);
  }
}
