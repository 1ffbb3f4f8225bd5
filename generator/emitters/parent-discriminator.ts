// A discriminator declared on a parent schema that its children inherit through allOf, with no oneOf / anyOf of
// its own (OpenAPI's inheritance idiom: Iceberg's TableRequirement, each AssertX `allOf: [TableRequirement]`).
// Where the parent is used, the discriminator's value names the schema the value must also match; where a child
// inherits it (allOf), the parent is only its own members, or each child would be checked against itself forever.
import type { OpenApiDocument } from '../model/ref.js';
import { escapeToken, unescapeToken } from '../model/json-pointer.js';
import {
  familiesOf,
  holdsTarget,
  isDiscriminatingParent,
  listedValues,
  mappingTarget,
  namedSchemas,
} from '../model/discriminator-families.js';

const COMPONENT_SCHEMAS = '#/components/schemas/';

/**
 * Where the validators' root document holds each discriminating parent as its children inherit it (its own members,
 * without the checks its discriminator adds): `components/<INHERITED>/<name>`, beside the document's components
 * (a document's own `x-` sections are not copied there).
 */
export const INHERITED = 'x-inherited';

/**
 * The reference an allOf member that names a discriminating parent takes instead (the parent as inherited), or
 * undefined for any other member.
 */
export function inheritedRef(member: unknown, document: OpenApiDocument, specId: string): string | undefined {
  const ref = (member as { $ref?: unknown } | null)?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_SCHEMAS)) return undefined;
  const token = ref.slice(COMPONENT_SCHEMAS.length);
  const schemas = document.components?.schemas as Record<string, unknown> | undefined;
  const name = unescapeToken(token);
  if (!schemas || !Object.hasOwn(schemas, name) || !isDiscriminatingParent(schemas[name])) return undefined;
  return `${specId}#/components/${INHERITED}/${token}`;
}

/** The discriminating parents among the components, by name. */
export function discriminatingParents(document: OpenApiDocument): Array<[string, Record<string, any>]> {
  return [...familiesOf(document)].map(([schema, family]) => [family.name, schema as Record<string, any>]);
}

/**
 * The checks a discriminating parent adds where it is used, as allOf members: for each value its mapping names
 * (a bare name is a component's), and each child's name where no mapping entry names that child, the value must
 * match that schema. A value naming nothing is refused, unless a `defaultMapping` (OpenAPI 3.2) names the schema
 * for it or the parent's own property lists its values (an enum or const: the parent then decides alone). Empty
 * for a schema that is not a component.
 */
export function parentChecks(schema: Record<string, any>, document: OpenApiDocument, specId: string): unknown[] {
  const family = familiesOf(document).get(schema);
  if (!family) return [];
  const property: string = schema.discriminator.propertyName;
  const self = `${COMPONENT_SCHEMAS}${escapeToken(family.name)}`;
  const mapping = namedSchemas(schema, family);
  if (!mapping.has(family.name)) mapping.set(family.name, self);
  const known = (value: string) => ({ properties: { [property]: { const: value } }, required: [property] });
  const checks: unknown[] = [];
  for (const [value, target] of mapping) {
    // The parent itself (by name or by mapping) is checked by its own members: a reference back would not end. A
    // target the document does not hold (another file's; warned by the model) selects nothing beyond the parent.
    if (target === self || !holdsTarget(document, target)) continue;
    checks.push(ifThen(known(value), { $ref: `${specId}${target}` }));
  }
  const fallback = schema.discriminator.defaultMapping;
  if (listedValues(schema)) return checks;
  const values = [...mapping.keys()];
  const target = typeof fallback === 'string' ? mappingTarget(fallback) : undefined;
  if (target === undefined) checks.push({ properties: { [property]: { enum: values } } });
  else if (target !== self && holdsTarget(document, target))
    checks.push(ifThen({ properties: { [property]: { not: { enum: values } } } }, { $ref: `${specId}${target}` }));
  return checks;
}

function ifThen(condition: object, schema: object): object {
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a promise
  return { if: condition, then: schema };
}

/**
 * For each discriminating parent with children its discriminator names (by `mapping`, else by component name),
 * the references of the schemas a value of the parent may be, by the parent's reference: the children, and the
 * parent itself where its mapping names it, its own property lists values (an enum or const) or a
 * `defaultMapping` names it. A value naming the parent by its own name alone is left out: typed as the parent, it
 * would widen the discriminator to any string and no child could be told apart.
 */
export function parentAlternatives(document: OpenApiDocument): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [schema, family] of familiesOf(document)) {
    const s = schema as Record<string, any>;
    const self = `${COMPONENT_SCHEMAS}${escapeToken(family.name)}`;
    const mapped = Object.values<unknown>(s.discriminator.mapping ?? {})
      .filter((t): t is string => typeof t === 'string')
      .map(mappingTarget);
    const children = family.children.map((c) => `${COMPONENT_SCHEMAS}${escapeToken(c)}`);
    const named = new Set<string>([...mapped.filter((t) => t.startsWith(COMPONENT_SCHEMAS)), ...children]);
    const fallback =
      typeof s.discriminator.defaultMapping === 'string' ? mappingTarget(s.discriminator.defaultMapping) : '';
    const selfNamed = named.has(self) || listedValues(s) !== undefined || fallback === self;
    named.delete(self);
    if (fallback.startsWith(COMPONENT_SCHEMAS) && fallback !== self) named.add(fallback);
    const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
    const present = [...named].filter((r) => Object.hasOwn(schemas, unescapeToken(r.slice(COMPONENT_SCHEMAS.length))));
    if (present.length === 0) continue;
    out.set(self, selfNamed ? [...present, self] : present);
  }
  return out;
}
