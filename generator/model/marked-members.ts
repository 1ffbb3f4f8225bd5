// Which members a schema marks readOnly or writeOnly, for the `required` lists a direction of travel releases
// (OpenAPI: "required" takes effect only in the direction the member travels). One reading for the model's
// direction views (read-write-views.ts) and the validators' released `required` (emitters/validators.ts), each
// resolving `$ref`s in its own document.

import { declaredNames, ownSchema, type ResolveRef } from './declared-members.js';

export type MemberFlag = 'readOnly' | 'writeOnly';

/** A member marked on itself, on what its `$ref` reaches, or in an allOf member (Cloudflare: allOf [Id, {readOnly}]). */
export function isMarked(node: unknown, flag: MemberFlag, resolve: ResolveRef, seen = new Set<unknown>()): boolean {
  if (!node || typeof node !== 'object' || seen.has(node)) return false;
  const s = node as Record<string, unknown>;
  if (s[flag] === true) return true;
  const ref = typeof s.$ref === 'string';
  const allOf = Array.isArray(s.allOf);
  if (!ref && !allOf) return false;
  seen.add(node);
  if (ref && isMarked(resolve(s.$ref as string), flag, resolve, seen)) return true;
  return allOf && (s.allOf as unknown[]).some((member) => isMarked(member, flag, resolve, seen));
}

/**
 * The names a schema's properties mark, its allOf members' included, and those every oneOf or anyOf alternative
 * that declares them marks (Cloudflare's DNS record: `required: [created_on, ...]` beside a oneOf of record types,
 * each an allOf holding the base that marks them): a `required` beside them releases these.
 */
export function markedNames(
  node: unknown,
  flag: MemberFlag,
  resolve: ResolveRef,
  seen = new Set<unknown>(),
): Set<string> {
  const names = new Set<string>();
  const s = ownSchema(node, resolve);
  if (!s || seen.has(s)) return names;
  seen.add(s);
  const properties = s.properties;
  if (properties && typeof properties === 'object')
    for (const [name, property] of Object.entries(properties)) if (isMarked(property, flag, resolve)) names.add(name);
  if (Array.isArray(s.allOf))
    for (const member of s.allOf) for (const name of markedNames(member, flag, resolve, seen)) names.add(name);
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (!Array.isArray(s[key])) continue;
    const alternatives = (s[key] as unknown[]).map((a) => ({
      marks: markedNames(a, flag, resolve, new Set(seen)),
      declares: declaredNames(a, resolve),
    }));
    for (const { marks } of alternatives)
      for (const name of marks)
        if (alternatives.every((a) => a.marks.has(name) || !a.declares.has(name))) names.add(name);
  }
  return names;
}
