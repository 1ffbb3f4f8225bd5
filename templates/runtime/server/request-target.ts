// A request's target (`/v2/groups?mine=true`) read as the WHATWG URL parser reads it: its path, and its query
// as decoded pairs (percent-encoding that is not UTF-8 refused, not read as U+FFFD). A plain target, whose
// characters the parser would keep as they are, is split by hand; any other (dot segments, characters it would
// escape, a fragment, an absolute form) goes through a URL, so both read every target alike. The URL a handler
// sees (`input.url`) is made on first use.
import { decodeComponent } from './strict-text.js';

/** Characters the URL parser keeps unchanged in a path and a query (RFC 3986 pchar, `/` and `?`). */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/%?]*$/;
/** What the parser would rewrite in a plain target: dot segments, also percent-encoded. */
const DOT_SEGMENT = /\/(?:\.|%2e)/i;

/** A query pair whose percent-encoding is not UTF-8; `name` is its name (decoded when it can be). */
export class InvalidQueryError extends Error {
  constructor(readonly field: string) {
    super(`query parameter ${field} is not a valid percent-encoded UTF-8 value`);
  }
}

export class RequestTarget {
  /** The path, still percent-encoded, as `new URL(target).pathname` reads it. */
  readonly pathname: string;
  /** The query with its `?` (empty when there is none), as `url.search` reads it. */
  readonly search: string;
  #url: URL | undefined;
  #query: Map<string, string[]> | undefined;

  constructor(readonly raw: string) {
    if (PLAIN_TARGET.test(raw)) {
      const at = raw.indexOf('?');
      const pathname = at < 0 ? raw : raw.slice(0, at);
      if (!DOT_SEGMENT.test(pathname)) {
        this.pathname = pathname;
        // `?` alone is no query (url.search is empty).
        this.search = at < 0 || at === raw.length - 1 ? '' : raw.slice(at);
        return;
      }
    }
    const url = this.url;
    this.pathname = url.pathname;
    this.search = url.search;
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
