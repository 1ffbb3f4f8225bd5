// An allOf one of whose members is closed (`additionalProperties: false`, no patternProperties) while the allOf's
// other members declare properties it does not list (Linode's creates: a closed base the allOf extends with
// `region`, `type`). JSON Schema's allOf checks each member alone, so no value holding those properties is valid;
// Prism merges the members first and takes such a value (checked with Prism 5.14.2). The model warns
// (normalise-schemas.ts); the validators read it as Prism does (emitters/closed-allof-members.ts).

/** The schema a `$ref` reaches, or undefined. */
export type ResolveRef = (ref: string) => unknown;

/** A closed member of an allOf and the properties the other members declare that it does not list. */
export interface ClosedMember {
  /** Its place in the allOf. */
  index: number;
  unlisted: string[];
}

/** The closed members of `allOf` that do not list a property another member declares (or requires), if any. */
export function closedMembers(allOf: unknown[], resolve: ResolveRef): ClosedMember[] {
  const members = allOf.map((m) => own(m, resolve));
  const out: ClosedMember[] = [];
  for (const [index, member] of members.entries()) {
    if (!member || member.additionalProperties !== false || member.patternProperties !== undefined) continue;
    const listed = new Set(Object.keys(isObject(member.properties) ? member.properties : {}));
    const unlisted = new Set<string>();
    for (const [j, other] of members.entries())
      if (j !== index) for (const name of declared(other, resolve)) if (!listed.has(name)) unlisted.add(name);
    if (unlisted.size) out.push({ index, unlisted: [...unlisted] });
  }
  return out;
}

/** The properties a schema declares or requires, its allOf members' too. */
function declared(
  schema: Record<string, unknown> | undefined,
  resolve: ResolveRef,
  seen = new Set<object>(),
): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const names = [
    ...Object.keys(isObject(schema.properties) ? schema.properties : {}),
    ...(Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : []),
  ];
  if (Array.isArray(schema.allOf))
    for (const m of schema.allOf) names.push(...declared(own(m, resolve), resolve, seen));
  return names;
}

function own(node: unknown, resolve: ResolveRef): Record<string, unknown> | undefined {
  const s = isObject(node) && typeof node.$ref === 'string' ? resolve(node.$ref) : node;
  return isObject(s) ? s : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
