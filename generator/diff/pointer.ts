// RFC 6901 JSON pointers: made from keys, followed into a document, and cut back to the nearest place that exists
// (a keyword the model's normalisation rewrote, such as 3.0's nullable, is reported at its schema).

export const escapeToken = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

export function child(pointer: string, ...keys: Array<string | number>): string {
  let out = pointer;
  for (const key of keys) out += `/${escapeToken(String(key))}`;
  return out;
}

export function tokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken);
}

/** The node at `pointer`, or undefined. */
export function follow(document: unknown, pointer: string): unknown {
  let node = document;
  for (const token of tokens(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** `pointer`, or its nearest ancestor that exists in `document`. */
export function existing(document: unknown, pointer: string): string {
  let parts = tokens(pointer);
  while (parts.length > 0) {
    const candidate = parts.length ? `/${parts.map(escapeToken).join('/')}` : '';
    if (follow(document, candidate) !== undefined) return candidate;
    parts = parts.slice(0, -1);
  }
  return '';
}

/** The pointer of a `$ref` inside the document (`#/components/schemas/Pet` -> `/components/schemas/Pet`). */
export function refPointer(ref: string): string | undefined {
  if (!ref.startsWith('#')) return undefined;
  return decodeURIComponent(ref.slice(1));
}
