// The document as the engine's judge reads it, where a parent schema declares a discriminator its children inherit
// through allOf (OpenAPI's inheritance idiom): a value whose discriminator names a child (a mapping key, else the
// child's name) is judged as that child too, its members required, as the generated server reads it
// (generator/emitters/parent-discriminator.ts). A value naming no other schema is judged by the parent's own
// members: a mock's `"string"` names nothing, and the document says nothing more of it. ajv runs with
// `discriminator: false` (its own keyword takes only oneOf), so the reading is written as if/then.
import {
  escapeToken,
  familiesOf,
  namedSchemas,
  type OpenApiDocument,
  unescapeToken,
} from '../../generator/model/index.js';

const COMPONENT_SCHEMAS = '#/components/schemas/';
const componentName = (ref: string) => unescapeToken(ref.slice(COMPONENT_SCHEMAS.length));
/** Where the parent, as its children inherit it (its own members), is kept among the components judged by. */
const inheritedName = (parent: string) => `spec-first-inherited-${parent}`;
/** Marks each if/then the judge adds, with the value and the schema it names: a refusal there says which child. */
export const NAMED_BY = 'x-spec-first-named-by';

const judged = new WeakMap<OpenApiDocument, OpenApiDocument>();

/** The document with each discriminating parent, where it is used, requiring the child its value names. */
export function judgedDocument(document: OpenApiDocument): OpenApiDocument {
  const known = judged.get(document);
  if (known) return known;
  const components = (document.components ?? {}) as Record<string, unknown>;
  const schemas = { ...((components.schemas ?? {}) as Record<string, { allOf?: unknown[]; [key: string]: unknown }>) };
  const families = [...familiesOf(document)];
  const refOf = (name: string) => `${COMPONENT_SCHEMAS}${escapeToken(name)}`;
  const inheritedOf = new Map(families.map(([, f]) => [refOf(f.name), refOf(inheritedName(f.name))]));
  // Every allOf member naming a parent takes the parent as inherited (its own members): a child judged as itself
  // is not judged again through its parent's checks, which would name it again and never end.
  for (const [name, schema] of Object.entries(schemas)) {
    if (!Array.isArray(schema?.allOf)) continue;
    const members = schema.allOf.map((m) => {
      const ref = (m as { $ref?: unknown } | null)?.$ref;
      return typeof ref === 'string' && inheritedOf.has(ref) ? { $ref: inheritedOf.get(ref) } : m;
    });
    if (members.some((m, i) => m !== schema.allOf![i])) schemas[name] = { ...schema, allOf: members };
  }
  for (const [parent, family] of families) {
    const property = (parent as { discriminator: { propertyName: string } }).discriminator.propertyName;
    const parentRef = refOf(family.name);
    schemas[inheritedName(family.name)] = schemas[family.name]!;
    const checks = [...namedSchemas(parent, family)]
      .filter(
        ([, target]) =>
          target.startsWith(COMPONENT_SCHEMAS) && target !== parentRef && Object.hasOwn(schemas, componentName(target)),
      )
      .map(([value, target]) => ({
        [NAMED_BY]: { value, schema: componentName(target) },
        if: { properties: { [property]: { const: value } }, required: [property] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a promise
        then: { $ref: target },
      }));
    if (checks.length) schemas[family.name] = { allOf: [{ $ref: inheritedOf.get(parentRef) }, ...checks] };
  }
  const view = { ...document, components: { ...components, schemas } } as OpenApiDocument;
  judged.set(document, view);
  return view;
}
