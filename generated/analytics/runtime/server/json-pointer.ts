// Copied from templates/runtime/server/json-pointer.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// JSON pointers (RFC 6901), and the URI fragments `$ref` writes them in (percent-encoding on top): the one place
// that escapes and unescapes their tokens, for the generator and the generated runtime alike. Nodes are followed
// through own properties only, so a pointer naming `constructor` or `__proto__` never reaches a prototype (the
// npm json-pointer package tests keys with `in`).

/** A key as one pointer token: `~` -> `~0`, `/` -> `~1`. */
export const escapeToken = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** A pointer token as the key it names (`~1` before `~0`, in the order RFC 6901 section 4 gives). */
export const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The pointer of `keys` from the document's root (`''` for none). */
export const pointerOf = (keys: ReadonlyArray<string | number>): string =>
  keys.map((key) => `/${escapeToken(String(key))}`).join('');

/** `pointer` extended by `keys`. */
export const childPointer = (pointer: string, ...keys: Array<string | number>): string => pointer + pointerOf(keys);

/** The keys a pointer names (`''` is the root: no keys). */
export const tokensOf = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken);

/**
 * The keys a `$ref` fragment names (`#/components/schemas/a~1b%20c` -> components, schemas, `a/b c`): split,
 * percent-decoded, then unescaped (RFC 6901 section 6).
 */
export function fragmentTokens(fragment: string): string[] {
  const pointer = fragment.replace(/^#/, '');
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((token) => unescapeToken(decodedToken(token)));
}

/** A token percent-decoded where its `%`s are escapes; one with a `%` that is none (`Rate%Limit`) as written. */
function decodedToken(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

/** The node a pointer (or its keys) reaches in `document`, through own properties only; undefined where none. */
export function followPointer(document: unknown, at: string | readonly string[]): unknown {
  let node = document;
  for (const key of typeof at === 'string' ? tokensOf(at) : at) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
