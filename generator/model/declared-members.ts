// The members a schema declares, through its `$ref` and its allOf members, for the readings that ask which members
// a composition names (marked-members.ts, closed-members.ts), each resolving `$ref`s in its own document.

/** The schema a `$ref` reaches, or undefined. */
export type ResolveRef = (ref: string) => unknown;

/** The schema itself, or what its `$ref` reaches; undefined where that is no object. */
export function ownSchema(node: unknown, resolve: ResolveRef): Record<string, unknown> | undefined {
  const s =
    node && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string'
      ? resolve((node as { $ref: string }).$ref)
      : node;
  return s && typeof s === 'object' && !Array.isArray(s) ? (s as Record<string, unknown>) : undefined;
}

/** The names a schema's properties declare (and, with `required`, those it requires), its allOf members' too. */
export function declaredNames(
  node: unknown,
  resolve: ResolveRef,
  required = false,
  seen = new Set<unknown>(),
): Set<string> {
  const names = new Set<string>();
  const s = ownSchema(node, resolve);
  if (!s || seen.has(s)) return names;
  seen.add(s);
  if (s.properties && typeof s.properties === 'object') for (const name of Object.keys(s.properties)) names.add(name);
  if (required && Array.isArray(s.required))
    for (const name of s.required) if (typeof name === 'string') names.add(name);
  if (Array.isArray(s.allOf))
    for (const member of s.allOf) for (const name of declaredNames(member, resolve, required, seen)) names.add(name);
  return names;
}
