// A shortcut for large documents: an operation whose text is the same in both documents, and which refers to no
// component that changed (directly or through other components), cannot have changed; it is not walked. Texts
// are compared as JSON strings (a key order change only costs the walk).
import type { OpenApiDocument } from '../model/ref.js';
import { childPointer } from '../model/json-pointer.js';

const REF = /"\$ref":"#(\/components\/[^"]+?)"/g;

function componentTexts(document: OpenApiDocument): Map<string, string> {
  const out = new Map<string, string>();
  for (const [kind, entries] of Object.entries<Record<string, unknown>>(document.components ?? {}))
    if (entries && typeof entries === 'object')
      for (const [name, value] of Object.entries(entries))
        out.set(childPointer('', 'components', kind, name), JSON.stringify(value));
  return out;
}

/** The component pointers referred to in a JSON text (a component's own members, such as `/properties/x`, cut off). */
function referred(text: string): string[] {
  return [...text.matchAll(REF)].map((m) => m[1]!.split('/').slice(0, 4).join('/'));
}

/** Whether a JSON text refers to a component that changed: the changed ones closed over their referrers. */
export function changedComponents(base: OpenApiDocument, revision: OpenApiDocument): (text: string) => boolean {
  const tb = componentTexts(base);
  const tr = componentTexts(revision);
  const changed = new Set<string>();
  for (const [pointer, text] of tb) if (tr.get(pointer) !== text) changed.add(pointer);
  for (const pointer of tr.keys()) if (!tb.has(pointer)) changed.add(pointer);
  // Referrers of a changed component changed too (in the base's terms: the revision's texts are equal there).
  const referrers = new Map<string, string[]>();
  for (const [pointer, text] of tb)
    for (const target of referred(text)) referrers.set(target, [...(referrers.get(target) ?? []), pointer]);
  const queue = [...changed];
  while (queue.length > 0) {
    for (const referrer of referrers.get(queue.pop()!) ?? [])
      if (!changed.has(referrer)) {
        changed.add(referrer);
        queue.push(referrer);
      }
  }
  return (text) => referred(text).some((pointer) => changed.has(pointer));
}
