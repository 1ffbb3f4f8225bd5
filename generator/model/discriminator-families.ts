// The discriminating families of a document: a discriminator declared on a parent schema that its children inherit
// through allOf, with no oneOf / anyOf of its own (OpenAPI's inheritance idiom). Read by the emitters (types and
// validators: generator/emitters/parent-discriminator.ts) and by the conformance engine's draws alike.
import type { OpenApiDocument } from './ref.js';
import { unescapeToken } from './json-pointer.js';

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
