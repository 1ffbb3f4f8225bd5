// Follows internal references of a bundled document (the bundle itself is Redocly's work).
import type { OpenApiDocument } from '../loader.js';

export function resolveRef<T = any>(document: OpenApiDocument, node: any): T {
  let current = node;
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`external reference left after bundling: ${ref}`);
    if (seen.has(ref)) throw new Error(`reference cycle at ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((acc: any, key) => acc?.[key], document);
    if (current === undefined) throw new Error(`unresolved reference ${ref}`);
  }
  return current as T;
}
