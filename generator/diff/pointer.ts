// RFC 6901 JSON pointers as the diff uses them: the model's module (generator/model/json-pointer.ts) under the
// diff's names, and a pointer cut back to the nearest place that exists (a keyword the model's normalisation
// rewrote, such as 3.0's nullable, is reported at its schema).

import { childPointer, escapeToken, followPointer, tokensOf } from '../model/json-pointer.js';

export { escapeToken };
export const child = childPointer;
export const tokens = tokensOf;
export const follow = followPointer;

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
