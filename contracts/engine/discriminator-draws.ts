// The components json-schema-faker draws from, where a parent schema declares a discriminator its children inherit
// through allOf (OpenAPI's inheritance idiom): the discriminator's value names the schema the value is (a mapping
// key, else the schema's name), so any drawn string would be refused by a server that reads it (the generated one
// does: generator/emitters/parent-discriminator.ts). Each child draws its own name there; the parent, where it is
// used itself, draws one of its children, or, where its own property lists its values (an enum or const), a listed
// value naming no child. Parent and children are written in place, not referred to: json-schema-faker's reference
// depth counts each `$ref`, and a parent one member down (Azure's `properties`) would be drawn empty past it. The
// document the answers are judged by is left as it is.
import {
  escapeToken,
  familiesOf,
  listedValues,
  namedSchemas,
  type OpenApiDocument,
} from '../../generator/model/index.js';

const COMPONENT_SCHEMAS = '#/components/schemas/';

const views = new WeakMap<OpenApiDocument, Record<string, unknown>>();

/** The document's components with each discriminating family rewritten to draw the values it names. */
export function drawComponents(document: OpenApiDocument): Record<string, unknown> {
  const known = views.get(document);
  if (known) return known;
  const components = (document.components ?? {}) as Record<string, unknown>;
  const schemas = { ...((components.schemas ?? {}) as Record<string, { allOf?: unknown[]; [key: string]: unknown }>) };
  for (const [parent, family] of familiesOf(document)) {
    const p = parent as { discriminator: { propertyName: string } };
    const property = p.discriminator.propertyName;
    // The parent's own property lists its values (an enum or const): only those are drawn, a value naming a child
    // as that child (the generated server requires its members: generator/emitters/parent-discriminator.ts).
    const listed = listedValues(parent);
    const naming = [...namedSchemas(parent, family)];
    const parentRef = `${COMPONENT_SCHEMAS}${escapeToken(family.name)}`;
    const keyOf = (name: string) =>
      naming.find(([, target]) => target === `${COMPONENT_SCHEMAS}${escapeToken(name)}`)?.[0] ?? name;
    const named = (name: string) => ({ properties: { [property]: { const: keyOf(name) } }, required: [property] });
    // A child drawn with its own value only where the parent's list has it (else no value would be drawn at all).
    const drawnChildren = family.children.filter((child) => !listed || listed.includes(keyOf(child)));
    for (const child of family.children) {
      const c = schemas[child]!;
      schemas[child] = {
        ...c,
        allOf: [
          ...(c.allOf ?? []).map((m) => ((m as { $ref?: unknown })?.$ref === parentRef ? p : m)),
          ...(drawnChildren.includes(child) ? [named(child)] : []),
        ],
      };
    }
    const alternatives: unknown[] = drawnChildren.map((child) => schemas[child]);
    if (listed) {
      // The listed values that name no other schema (a mapping entry, a child's name) are the parent's alone.
      const values = new Set(naming.filter(([, target]) => target !== parentRef).map(([value]) => value));
      const alone = listed.filter((value) => !values.has(value as string));
      if (alone.length) alternatives.push({ allOf: [p, { properties: { [property]: { enum: alone } } }] });
    }
    schemas[family.name] = alternatives.length
      ? { oneOf: alternatives }
      : listed
        ? p
        : { allOf: [p, named(family.name)] };
  }
  const view = { ...components, schemas };
  views.set(document, view);
  return view;
}
