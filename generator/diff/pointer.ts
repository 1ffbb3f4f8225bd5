// A pointer cut back to the nearest place that exists in a document (a keyword the model's normalisation rewrote,
// such as 3.0's nullable, is reported at its schema), and a `$ref`'s pointer; the tokens are the model's module.

import { followPointer, pointerOf, tokensOf } from '../model/json-pointer.js';

/** `pointer`, or its nearest ancestor that exists in `document`. */
export function existing(document: unknown, pointer: string): string {
  let parts = tokensOf(pointer);
  while (parts.length > 0) {
    const candidate = pointerOf(parts);
    if (followPointer(document, candidate) !== undefined) return candidate;
    parts = parts.slice(0, -1);
  }
  return '';
}

/** The pointer of a `$ref` inside the document (`#/components/schemas/Pet` -> `/components/schemas/Pet`). */
export function refPointer(ref: string): string | undefined {
  if (!ref.startsWith('#')) return undefined;
  return decodeURIComponent(ref.slice(1));
}
