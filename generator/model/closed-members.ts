// An allOf one of whose members is closed (`additionalProperties: false`, no patternProperties) while the allOf's
// other members declare properties it does not list (Linode's creates: a closed base the allOf extends with
// `region`, `type`). JSON Schema's allOf checks each member alone, so no value holding those properties is valid;
// Prism merges the members first and takes such a value (checked with Prism 5.14.2). The model warns
// (normalise-schemas.ts); the validators read it as Prism does (emitters/closed-allof-members.ts).
import { declaredNames, ownSchema, type ResolveRef } from './declared-members.js';

/** A closed member of an allOf and the properties the other members declare that it does not list. */
export interface ClosedMember {
  /** Its place in the allOf. */
  index: number;
  unlisted: string[];
}

/** The closed members of `allOf` that do not list a property another member declares (or requires), if any. */
export function closedMembers(allOf: unknown[], resolve: ResolveRef): ClosedMember[] {
  const members = allOf.map((m) => ownSchema(m, resolve));
  const out: ClosedMember[] = [];
  for (const [index, member] of members.entries()) {
    if (!member || member.additionalProperties !== false || member.patternProperties !== undefined) continue;
    const properties = member.properties;
    const listed = new Set(properties && typeof properties === 'object' ? Object.keys(properties) : []);
    const unlisted = new Set<string>();
    for (const [j, other] of members.entries())
      if (j !== index)
        for (const name of declaredNames(other, resolve, true)) if (!listed.has(name)) unlisted.add(name);
    if (unlisted.size) out.push({ index, unlisted: [...unlisted] });
  }
  return out;
}
