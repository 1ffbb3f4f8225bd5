// The discriminating families of a document: a discriminator declared on a parent schema that its children inherit
// through allOf, with no oneOf / anyOf of its own (OpenAPI's inheritance idiom). Read by the emitters (types and
// validators: generator/emitters/parent-discriminator.ts) and by the conformance engine's draws alike.
import type { OpenApiDocument } from './ref.js';
import { escapeToken, followPointer, fragmentTokens, unescapeToken } from './json-pointer.js';

const COMPONENT_SCHEMAS = '#/components/schemas/';

/** Whether a schema declares a discriminator for its children rather than over alternatives of its own. */
export function isDiscriminatingParent(schema: unknown): boolean {
  const s = schema as Record<string, any> | null;
  return (
    !!s &&
    typeof s === 'object' &&
    typeof s.discriminator?.propertyName === 'string' &&
    !Array.isArray(s.oneOf) &&
    !Array.isArray(s.anyOf)
  );
}

export interface Family {
  name: string;
  /** The components whose allOf names the parent directly. */
  children: string[];
}

const families = new WeakMap<OpenApiDocument, Map<object, Family>>();

/** Each discriminating parent among the components, with its name and its children. */
export function familiesOf(document: OpenApiDocument): Map<object, Family> {
  let found = families.get(document);
  if (found) return found;
  found = new Map();
  const schemas = (document.components?.schemas ?? {}) as Record<string, any>;
  for (const [name, schema] of Object.entries(schemas))
    if (isDiscriminatingParent(schema)) found.set(schema, { name, children: [] });
  for (const [name, schema] of Object.entries(schemas))
    for (const member of Array.isArray(schema?.allOf) ? schema.allOf : []) {
      const ref = (member as { $ref?: unknown } | null)?.$ref;
      if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_SCHEMAS)) continue;
      const parent = schemas[unescapeToken(ref.slice(COMPONENT_SCHEMAS.length))];
      if (parent !== schema && found.has(parent)) found.get(parent)!.children.push(name);
    }
  families.set(document, found);
  return found;
}

/** A discriminator `mapping` target as a reference: a bare name is a component's (OpenAPI: "a schema name"). */
export function mappingTarget(target: string): string {
  return /[/#]/.test(target) ? target : `${COMPONENT_SCHEMAS}${escapeToken(target)}`;
}

/** Whether a mapping target (as `mappingTarget` reads it) names a schema this document holds. */
export function holdsTarget(document: OpenApiDocument, target: string): boolean {
  return target.startsWith('#') && followPointer(document, fragmentTokens(target)) !== undefined;
}

/**
 * The values a family's discriminator names schemas by, each with that schema's reference: the parent's mapping
 * entries first (in its order; a target that is not a string names nothing), then each child by its own name where
 * no entry names that child or uses that name already.
 */
export function namedSchemas(parent: object, family: Family): Map<string, string> {
  const named = new Map<string, string>();
  const mapping = (parent as { discriminator?: { mapping?: Record<string, unknown> } }).discriminator?.mapping ?? {};
  for (const [value, target] of Object.entries<unknown>(mapping))
    if (typeof target === 'string') named.set(value, mappingTarget(target));
  const targets = new Set(named.values());
  for (const child of family.children) {
    const ref = `${COMPONENT_SCHEMAS}${escapeToken(child)}`;
    if (!targets.has(ref) && !named.has(child)) named.set(child, ref);
  }
  return named;
}

/**
 * The values the parent's own discriminator property lists (its enum, or its const), or undefined where it lists
 * none: a parent that lists its values decides alone what a value naming no child is.
 */
export function listedValues(parent: object): unknown[] | undefined {
  const p = parent as { discriminator?: { propertyName?: string }; properties?: Record<string, unknown> };
  const own = p.properties?.[p.discriminator?.propertyName ?? ''] as { enum?: unknown; const?: unknown } | undefined;
  if (!own || typeof own !== 'object') return undefined;
  if (Array.isArray(own.enum)) return own.enum;
  return 'const' in own ? [own.const] : undefined;
}
