// A value drawn from a schema written as the XML its media type carries, as the OpenAPI XML Object says (3.0.3 and
// 3.1, "XML Object"): each member an element named by its key, or by its `xml.name`, with its `xml.prefix`
// (`prefix:name`) and `xml.namespace` (declared on that element: `xmlns:prefix` or `xmlns`); `xml.attribute` makes
// a scalar member an attribute of its object's element; an array is its items each an element of its items'
// `xml.name`, else of the member's name, inside one element of the member's name (or the array's `xml.name`, which
// unnamed items then take too) where `xml.wrapped`. The root element is named by the body schema's `xml.name`, else by the component its `$ref` names;
// an inline body schema has no name in the XML Object (Swagger UI writes no example for one), and is written
// `<root>`, which the generated server takes as any root the document does not name; an unwrapped array at the root is its
// items inside the root's element (several root elements are no XML document). The text is made by fast-xml-parser's
// builder (its escaping of text and attribute values).
import { XMLBuilder } from 'fast-xml-parser';
import { type OpenApiDocument, resolveRef } from '../../generator/model/index.js';

interface XmlObject {
  name?: string;
  namespace?: string;
  prefix?: string;
  attribute?: boolean;
  wrapped?: boolean;
}

type Schema = Record<string, any>;

/** The name an inline root schema is written under (the XML Object names none). */
export const INLINE_ROOT = 'root';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // `flag="true"`, not a bare `flag`: XML has no attribute without a value.
  suppressBooleanAttributes: false,
});

/** The XML text of `value` as a body of `schema` (a `$ref` or a schema) in `document`. */
export function xmlBody(document: OpenApiDocument, schema: unknown, value: unknown): string {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  const component = typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1] : undefined;
  const rootName = component === undefined ? INLINE_ROOT : decoded(component).replace(/~1/g, '/').replace(/~0/g, '~');
  const [key, node] = element(document, schema, rootName, value);
  // An unwrapped array at the root would be several root elements, no XML document: they go inside the root's.
  return builder.build(Array.isArray(node) ? { [rootName]: { [key]: node } } : { [key]: node }) as string;
}

/** A `$ref` token percent-decoded where it is an escape, else as written (`Rate%Limit`). */
function decoded(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

/**
 * A schema through its `$ref`s, its own `xml` over the target's (3.1 lets a `$ref` have siblings), and over its allOf
 * members' (3.0's way to give a `$ref` an `xml`: `allOf: [{ $ref }, { xml: { name: member } }]`, as AWS's are).
 */
function resolved(document: OpenApiDocument, schema: unknown, depth = 0): { schema: Schema; xml: XmlObject } {
  let node = (schema ?? {}) as Schema;
  let xml: XmlObject = { ...(node.xml ?? {}) };
  for (let hops = 0; typeof node.$ref === 'string' && hops < 50; hops++) {
    node = (resolveRef<Schema>(document, { $ref: node.$ref }) ?? {}) as Schema;
    xml = { ...(node.xml ?? {}), ...xml };
  }
  if (Array.isArray(node.allOf) && depth < 8)
    for (const member of node.allOf) xml = { ...resolved(document, member, depth + 1).xml, ...xml };
  return { schema: node, xml };
}

/** A member's schema: the object's own, its allOf members', then its oneOf / anyOf branches', else its additional. */
function memberSchema(document: OpenApiDocument, schema: Schema, key: string, seen = new Set<Schema>()): unknown {
  if (seen.has(schema)) return undefined;
  seen.add(schema);
  if (schema.properties && Object.hasOwn(schema.properties, key)) return schema.properties[key];
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    const found = memberSchema(document, resolved(document, part).schema, key, seen);
    if (found !== undefined) return found;
  }
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

/** An array's items schema: its own, else its allOf / oneOf / anyOf members' (a `$ref` beside a description). */
function itemsOf(document: OpenApiDocument, schema: Schema, seen = new Set<Schema>()): unknown {
  if (seen.has(schema)) return undefined;
  seen.add(schema);
  if (schema.items !== undefined) return schema.items;
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    const found = itemsOf(document, resolved(document, part).schema, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** An element's or attribute's name: `prefix:name`. */
const qualified = (xml: XmlObject, name: string) => (xml.prefix ? `${xml.prefix}:${name}` : name);

/** The namespace declaration of an element, as builder attributes. */
const namespaced = (xml: XmlObject): Record<string, string> =>
  xml.namespace ? { [xml.prefix ? `@_xmlns:${xml.prefix}` : '@_xmlns']: xml.namespace } : {};

/** A scalar's text (`null` an empty element). */
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The element of a value under the name its context gives it (a member's key): its builder key and node. An array
 * is the wrapper's element where `wrapped`; unwrapped, its items are several elements of one key (an array node).
 */
function element(document: OpenApiDocument, schema: unknown, name: string, value: unknown): [string, unknown] {
  const { schema: s, xml } = resolved(document, schema);
  if (Array.isArray(value)) {
    const itemsSchema = itemsOf(document, s);
    const items = resolved(document, itemsSchema);
    // Unnamed items take the wrapper's name where wrapped (the XML Object's "aliens" example), else the member's.
    const itemName = items.xml.name ?? (xml.wrapped ? (xml.name ?? name) : name);
    const nodes = value.map((item) => element(document, itemsSchema, itemName, item)[1]);
    const itemKey = qualified(items.xml, itemName);
    if (!xml.wrapped) return [itemKey, nodes];
    return [qualified(xml, xml.name ?? name), { ...namespaced(xml), [itemKey]: nodes }];
  }
  const key = qualified(xml, xml.name ?? name);
  if (!value || typeof value !== 'object') {
    const declared = namespaced(xml);
    return [key, Object.keys(declared).length ? { ...declared, '#text': text(value) } : text(value)];
  }
  const node: Record<string, unknown> = { ...namespaced(xml) };
  for (const [member, memberValue] of Object.entries(value)) {
    const ms = memberSchema(document, s, member);
    const mx = resolved(document, ms).xml;
    if (mx.attribute && (memberValue === null || typeof memberValue !== 'object')) {
      node[`@_${qualified(mx, mx.name ?? member)}`] = text(memberValue);
      continue;
    }
    const [childKey, child] = element(document, ms, member, memberValue);
    const had = node[childKey];
    // Two members of one element name (an unwrapped array beside a member named as its items): one list.
    node[childKey] = had === undefined ? child : [...[had].flat(), ...[child].flat()];
  }
  return [key, node];
}
