// The components json-schema-faker draws from, where a parent schema declares a discriminator its children inherit
// through allOf (OpenAPI's inheritance idiom): the discriminator's value names the schema the value is (a mapping
// key, else the schema's name), so any drawn string would be refused by a server that reads it (the generated one
// does: generator/emitters/parent-discriminator.ts). Each child draws its own name there; the parent, where it is
// used itself, draws one of its children. The document the answers are judged by is left as it is.
import { escapeToken, familiesOf, type OpenApiDocument } from '../../generator/model/index.js';

const COMPONENT_SCHEMAS = '#/components/schemas/';
/** Where the parent, as its children inherit it (its own members), is kept among the components drawn from. */
const inheritedName = (parent: string) => `spec-first-inherited-${parent}`;

const views = new WeakMap<OpenApiDocument, Record<string, unknown>>();

/** The document's components with each discriminating family rewritten to draw the values it names. */
export function drawComponents(document: OpenApiDocument): Record<string, unknown> {
  const known = views.get(document);
  if (known) return known;
  const components = (document.components ?? {}) as Record<string, unknown>;
  const schemas = { ...((components.schemas ?? {}) as Record<string, { allOf?: unknown[]; [key: string]: unknown }>) };
  for (const [parent, family] of familiesOf(document)) {
    const p = parent as {
      discriminator: { propertyName: string; mapping?: Record<string, unknown> };
      properties?: Record<string, { enum?: unknown; const?: unknown } | undefined>;
    };
    const property = p.discriminator.propertyName;
    const own = p.properties?.[property];
    // The parent's own property lists its values (an enum or const): the parent decides alone, as drawn.
    if (own && typeof own === 'object' && (Array.isArray(own.enum) || 'const' in own)) continue;
    const keyOf = (name: string) =>
      Object.entries<unknown>(p.discriminator.mapping ?? {}).find(
        ([, target]) => target === name || target === `${COMPONENT_SCHEMAS}${escapeToken(name)}`,
      )?.[0] ?? name;
    const named = (name: string) => ({ properties: { [property]: { const: keyOf(name) } }, required: [property] });
    const parentRef = `${COMPONENT_SCHEMAS}${escapeToken(family.name)}`;
    const inheritedRef = `${COMPONENT_SCHEMAS}${escapeToken(inheritedName(family.name))}`;
    schemas[inheritedName(family.name)] = p;
    for (const child of family.children) {
      const c = schemas[child]!;
      schemas[child] = {
        ...c,
        allOf: [
          ...(c.allOf ?? []).map((m) => ((m as { $ref?: unknown })?.$ref === parentRef ? { $ref: inheritedRef } : m)),
          named(child),
        ],
      };
    }
    schemas[family.name] = family.children.length
      ? { oneOf: family.children.map((child) => ({ $ref: `${COMPONENT_SCHEMAS}${escapeToken(child)}` })) }
      : { allOf: [{ $ref: inheritedRef }, named(family.name)] };
  }
  const view = { ...components, schemas };
  views.set(document, view);
  return view;
}
