// Copied from templates/runtime/client/bracket-pairs.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Nested values as bracketed name/value pairs (`filter[created][gte]=1`, `expand[0]=a`), as deepObject, Rails, PHP
// and qs write them: for form bodies (form-body.ts) and for deepObject query parameters (query-style.ts).

/** The text of a scalar as a form writes it. */
export function scalarText(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * An array's items that have a value: RFC 6570, whose expansion OpenAPI's styles follow, takes a null item as
 * undefined (no item, no pair), as objects' null members are left out; written `null`, it would be the four-letter
 * string, which a reader of the document takes as that string.
 */
export const definedItems = (items: readonly unknown[]): unknown[] =>
  items.filter((item) => item !== undefined && item !== null);

export const isComposite = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !(value instanceof Date);

/**
 * The text of an item or member in a style that does not nest (all but deepObject): an object or array there has no
 * form in OpenAPI's style table, and its `String()` (`[object Object]`) is no value, so it is refused before a
 * request is made, as hey-api refuses it ("Deeply-nested arrays/objects aren't supported").
 */
export function flatText(parameter: string, style: string, value: unknown): string {
  if (isComposite(value))
    throw new TypeError(
      `${parameter}: a nested ${Array.isArray(value) ? 'array' : 'object'} cannot be written in the ${style} style (only deepObject nests)`,
    );
  return scalarText(value);
}

/** `name[key]=v` / `name[0]=v` pairs of a value at any depth (its undefined and null members left out). */
export function bracketPairs(name: string, value: unknown, out: Array<[string, string]> = []): Array<[string, string]> {
  if (value === undefined || value === null) return out;
  if (Array.isArray(value)) value.forEach((item, i) => bracketPairs(`${name}[${i}]`, item, out));
  else if (isComposite(value))
    for (const [key, member] of Object.entries(value)) bracketPairs(`${name}[${key}]`, member, out);
  else out.push([name, scalarText(value)]);
  return out;
}
