// An allOf one of whose members says what other properties may be (`additionalProperties: false`, or a schema; no
// patternProperties) while the allOf's other members, or the schema beside them, declare properties it does not
// list (Linode's creates: a closed base the allOf extends with `region`, `type`; Azure AD's user create: a base whose
// other properties must be objects, beside a boolean `accountEnabled`). JSON Schema's allOf checks each member
// alone, so those properties are refused or held to that schema; Prism merges the members first and takes them as
// their own members say (checked with Prism 5.14.2). The model warns (normalise-schemas.ts); the validators read it
// as Prism does (emitters/closed-allof-members.ts).
import { declaredNames, ownSchema, type ResolveRef } from './declared-members.js';

/** A closed member of an allOf and the properties the other members declare that it does not list. */
export interface ClosedMember {
  /** Its place in the allOf. */
  index: number;
  /** Its `additionalProperties`: false, or the schema other properties must meet. */
  additional: unknown;
  unlisted: string[];
}

/**
 * The closed members of `schema`'s allOf that do not list a property another member, or the schema beside the allOf,
 * declares (or requires), if any.
 */
export function closedMembers(schema: Record<string, unknown>, resolve: ResolveRef): ClosedMember[] {
  const allOf: unknown[] = Array.isArray(schema.allOf) ? schema.allOf : [];
  const { allOf: _, ...beside } = schema;
  const members = allOf.map((m) => ownSchema(m, resolve));
  const out: ClosedMember[] = [];
  for (const [index, member] of members.entries()) {
    const additional = member?.additionalProperties;
    if (!member || additional === undefined || additional === true || member.patternProperties !== undefined) continue;
    const properties = member.properties;
    const listed = new Set(properties && typeof properties === 'object' ? Object.keys(properties) : []);
    const unlisted = new Set<string>();
    for (const other of [...members.filter((_, j) => j !== index), beside])
      for (const name of declaredNames(other, resolve, true)) if (!listed.has(name)) unlisted.add(name);
    if (unlisted.size) out.push({ index, additional, unlisted: [...unlisted] });
  }
  return out;
}

/**
 * The schema's own `additionalProperties` (false, or a schema; no patternProperties) beside an allOf whose members
 * declare properties its own `properties` do not list (codat's transaction list: closed, its paging member requiring
 * `pageNumber`): JSON Schema's additionalProperties sees only the properties beside it, so it refuses those; Prism
 * merges the members into the schema and takes them (checked with Prism 5.14.2). Undefined where there is none.
 */
export function closedBeside(
  schema: Record<string, unknown>,
  resolve: ResolveRef,
): { additional: unknown; unlisted: string[] } | undefined {
  const additional = schema.additionalProperties;
  if (!Array.isArray(schema.allOf) || additional === undefined || additional === true) return undefined;
  if (schema.patternProperties !== undefined) return undefined;
  const properties = schema.properties;
  const listed = new Set(properties && typeof properties === 'object' ? Object.keys(properties) : []);
  const unlisted = new Set<string>();
  for (const member of schema.allOf)
    for (const name of declaredNames(member, resolve)) if (!listed.has(name)) unlisted.add(name);
  return unlisted.size ? { additional, unlisted: [...unlisted] } : undefined;
}
