// A deep scan of a bundled OpenAPI document for the spec tests (operations and references come from the model).
/** Every `enum` array anywhere in the document. */
export function enumsOf(node: unknown, found: unknown[][] = []): unknown[][] {
  if (Array.isArray(node)) node.forEach((n) => enumsOf(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(value)) found.push(value);
      else enumsOf(value, found);
    }
  }
  return found;
}
