// What openapi-typescript's `scanDiscriminators` needs to read of a document: its walks visit every node and copy
// the path to each (three walks over GitHub's 13 MB document, most of them through examples and descriptions),
// where only the schemas that declare a discriminator or an allOf, and those their references lead to, do
// anything. The scan is given the document's frame down to those schemas, in the document's order and at the
// same paths, the schemas themselves as they are (it patches them in place): the same discriminators found, the
// same schemas patched in the same order, so the same types printed.

type Node = Record<string, unknown>;

/**
 * The document cut down to the schemas the scan reads, or the document itself where a reference is one the cut
 * cannot follow as the scan's `resolveRef` does (not a `#/` pointer, or an escaped or encoded token).
 */
export function discriminatorScanInput(document: object): object {
  const kept = new Set<object>();
  let whole = false;
  // A reference the scan resolves: the node it leads to is kept (the frame holds the way there), and so on along a
  // `$ref` chain, as `resolveRef` follows them.
  const follow = (ref: unknown, seen: Set<string>): void => {
    if (typeof ref !== 'string' || whole || seen.has(ref)) return;
    if (!ref.startsWith('#/') || ref.indexOf('#/', 1) !== -1 || /[~%]/.test(ref)) {
      whole = true;
      return;
    }
    seen.add(ref);
    const keys = ref.slice(2).split('/').filter(Boolean);
    if (keys.length === 0) return; // resolved to nothing by the scan too
    let node: unknown = document;
    for (const key of keys) {
      const next = node && typeof node === 'object' ? (node as Node)[key] : undefined;
      if (!next) return; // unresolved in the document too: the scan warns the same
      if (!Object.hasOwn(node as Node, key)) {
        whole = true;
        return;
      }
      node = next;
    }
    if (!node || typeof node !== 'object') return;
    kept.add(node);
    follow((node as Node).$ref, seen);
  };
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const schema = node as Node;
    const discriminator = schema.discriminator as { propertyName?: unknown; mapping?: unknown } | undefined;
    if (discriminator?.propertyName) {
      kept.add(schema);
      if (Array.isArray(schema.oneOf))
        for (const item of schema.oneOf) if (item && typeof item === 'object') follow((item as Node).$ref, new Set());
      if (discriminator.mapping && typeof discriminator.mapping === 'object')
        for (const ref of Object.values(discriminator.mapping)) follow(ref, new Set());
    }
    if (Array.isArray(schema.allOf)) {
      kept.add(schema);
      follow(schema.$ref, new Set());
      for (const item of schema.allOf) if (item && typeof item === 'object') follow((item as Node).$ref, new Set());
    }
    for (const key of Object.keys(schema)) visit(schema[key]);
  };
  visit(document);
  if (whole) return document;
  // The frame: a copy of each node on the way to a kept one, with only those of its members, in their order.
  const frame = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return undefined;
    if (kept.has(node)) return node;
    if (Array.isArray(node)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        const inner = frame(node[i]);
        if (inner !== undefined) (copy ??= new Array(node.length))[i] = inner;
      }
      return copy;
    }
    let copy: Node | undefined;
    for (const key of Object.keys(node)) {
      const inner = frame((node as Node)[key]);
      if (inner === undefined) continue;
      copy ??= {};
      Object.defineProperty(copy, key, { value: inner, enumerable: true, writable: true, configurable: true });
    }
    return copy;
  };
  return (frame(document) as object | undefined) ?? {};
}
