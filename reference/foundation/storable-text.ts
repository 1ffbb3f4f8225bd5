// Text both stores keep as it was sent. PostgreSQL's text refuses U+0000 (SQLite keeps it), and UTF-8 holds no
// lone surrogate (a JSON "\ud800" would be stored as U+FFFD by either store). A request holding such text in a
// credential, a parameter or its body is refused by the service as an invalid request before any store call, so
// both store modes answer it alike (docs/shared-sandbox.md).

/** U+0000 or a surrogate code unit without its pair (the `u` flag reads a pair as one code point). */
const UNSTORABLE = /[\0\p{Cs}]/u;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** What a handler's input carries that came from the client. */
interface RequestValues {
  credentials: object;
  path: object;
  query: object;
  body?: unknown;
}

/**
 * The first place of a request (`credentials.accessToken`, `query.filters`, `body.snippet.title`, ...) whose
 * text, or a key, no store keeps as sent; undefined when there is none. Walked without recursion, so a deeply
 * nested body cannot exhaust the stack; objects other than plain ones and arrays (an uploaded part) are read for
 * their own text fields only.
 */
export function unstorableTextAt(input: RequestValues): string | undefined {
  // Nearly every request holds none: a walk that names no place answers those, a second names it for the rest.
  return firstUnstorable(input, false) === undefined ? undefined : firstUnstorable(input, true);
}

/** The first unstorable place, named when `named` (else an empty string), or undefined when there is none. */
function firstUnstorable(input: RequestValues, named: boolean): string | undefined {
  const values: unknown[] = [input.credentials, input.path, input.query, input.body];
  const places = named ? ['credentials', 'path', 'query', 'body'] : [];
  while (values.length > 0) {
    const value = values.pop();
    const at = named ? places.pop()! : '';
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return at;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        values.push(value[i]);
        if (named) places.push(`${at}[${i}]`);
      }
      continue;
    }
    const proto = Object.getPrototypeOf(value);
    const plain = proto === Object.prototype || proto === null;
    // for-in with an own-property check: the keys Object.keys gives, without making their list on every request.
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (UNSTORABLE.test(key)) return named ? `${at} (a name)` : at;
      const member = (value as Record<string, unknown>)[key];
      if (plain || typeof member === 'string') {
        values.push(member);
        if (named) places.push(`${at}.${key}`);
      }
    }
  }
  return undefined;
}

/** The field violation a service answers for it, in the words of the router's own invalid-request answers. */
export function unstorableViolation(at: string): { field: string; description: string } {
  return { field: at, description: 'holds U+0000 or an unpaired surrogate, which the service does not store' };
}
