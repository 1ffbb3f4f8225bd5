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
  // Nearly every request holds none: a scan that builds no place names answers those, the walk below names the rest.
  if (!holdsUnstorableText(input)) return undefined;
  const pending: Array<[unknown, string]> = [
    [input.credentials, 'credentials'],
    [input.path, 'path'],
    [input.query, 'query'],
    [input.body, 'body'],
  ];
  while (pending.length > 0) {
    const [value, at] = pending.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return at;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) pending.push([value[i], `${at}[${i}]`]);
      continue;
    }
    const proto = Object.getPrototypeOf(value);
    const plain = proto === Object.prototype || proto === null;
    for (const key of Object.keys(value)) {
      if (UNSTORABLE.test(key)) return `${at} (a name)`;
      const member = (value as Record<string, unknown>)[key];
      if (plain || typeof member === 'string') pending.push([member, `${at}.${key}`]);
    }
  }
  return undefined;
}

/** Whether the request holds unstorable text anywhere unstorableTextAt looks, without naming where. */
function holdsUnstorableText(input: RequestValues): boolean {
  const pending: unknown[] = [input.credentials, input.path, input.query, input.body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return true;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) pending.push(value[i]);
      continue;
    }
    const proto = Object.getPrototypeOf(value);
    const plain = proto === Object.prototype || proto === null;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (UNSTORABLE.test(key)) return true;
      const member = (value as Record<string, unknown>)[key];
      if (plain || typeof member === 'string') pending.push(member);
    }
  }
  return false;
}

/** The field violation a service answers for it, in the words of the router's own invalid-request answers. */
export function unstorableViolation(at: string): { field: string; description: string } {
  return { field: at, description: 'holds U+0000 or an unpaired surrogate, which the service does not store' };
}
