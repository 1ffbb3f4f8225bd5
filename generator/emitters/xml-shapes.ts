// What the generated server needs of an XML body's schema to read the body into the JSON value the schema describes
// (templates/runtime/server/xml-body.ts), and the generated client to write that value as the body
// (templates/runtime/xml/write.ts): each schema's kind (object, array, scalar types), and each member's element or
// attribute name, prefix, namespace and wrapping from its OpenAPI XML Object. Shapes are a table by index, so a schema
// that refers to itself is one entry. The root is named by the body schema's `xml.name`, else by the component its
// `$ref` names; an inline schema without `xml.name` names no root (3.0.3 and 3.1.1 define `name` as replacing the
// name a property or a component gives; nothing names an inline root), and the server takes any.
import type { JsonSchema, RequestBodyModel } from '../model/types.js';
import { type OpenApiDocument, resolveRef } from '../model/ref.js';
import type { XmlBodyShape, XmlMember, XmlShape } from '../../templates/runtime/xml/shapes.js';

/** An XML media type: `application/xml`, `text/xml`, or any `+xml` type. */
export const isXmlType = (type: string): boolean => {
  const t = type.split(';')[0]!.trim().toLowerCase();
  return t === 'application/xml' || t === 'text/xml' || t.endsWith('+xml');
};

interface XmlObject {
  name?: string;
  namespace?: string;
  prefix?: string;
  attribute?: boolean;
  wrapped?: boolean;
}

type Schema = Record<string, any>;

const SCALARS = ['integer', 'number', 'boolean', 'null', 'string'];

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

/** The schema and its allOf / oneOf / anyOf members, at any depth, each once. */
function parts(document: OpenApiDocument, schema: Schema, seen = new Set<Schema>()): Schema[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const out = [schema];
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])])
    out.push(...parts(document, resolved(document, part).schema, seen));
  return out;
}

const typesOf = (schema: Schema): string[] => {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return schema.nullable === true ? [...types, 'null'] : types;
};

/** The XML shapes of a body schema (a `$ref` or a schema) in `document`. */
export function xmlBodyShape(document: OpenApiDocument, schema: unknown): XmlBodyShape {
  const shapes: XmlShape[] = [];
  const indexOf = new Map<Schema, number>();

  const shapeOf = (node: unknown): number => {
    const s = resolved(document, node).schema;
    const known = indexOf.get(s);
    if (known !== undefined) return known;
    const index = shapes.length;
    indexOf.set(s, index);
    shapes.push({ kind: 'any' });
    const all = parts(document, s);
    const types = all.flatMap(typesOf);
    // A declared type decides (a string with a stray `items`, as some documents write); else the keywords do.
    const declared = types.some((t) => t !== 'null');
    const isObject = declared
      ? types.includes('object')
      : all.some((p) => p.properties || typeof p.additionalProperties === 'object');
    const items =
      declared && !types.includes('array') ? undefined : all.find((p) => p.items && typeof p.items === 'object')?.items;
    if (isObject) {
      const members: XmlMember[] = [];
      const keys = new Set<string>();
      let additional: number | undefined;
      for (const p of all) {
        for (const [key, member] of Object.entries((p.properties ?? {}) as Record<string, unknown>)) {
          if (keys.has(key)) continue;
          keys.add(key);
          members.push(
            memberOf(
              key,
              member,
              all.some((q) => Array.isArray(q.required) && q.required.includes(key)),
            ),
          );
        }
        if (additional === undefined && p.additionalProperties && typeof p.additionalProperties === 'object')
          additional = shapeOf(p.additionalProperties);
      }
      shapes[index] = additional === undefined ? { kind: 'object', members } : { kind: 'object', members, additional };
    } else if (items !== undefined || types.includes('array')) {
      shapes[index] = { kind: 'array', items: shapeOf(items ?? {}) };
    } else if (types.length && types.every((t) => SCALARS.includes(t))) {
      shapes[index] = { kind: 'scalar', types: [...new Set(types)] };
    }
    return index;
  };

  const memberOf = (key: string, member: unknown, required: boolean): XmlMember => {
    const { schema: s, xml } = resolved(document, member);
    const shape = shapeOf(member);
    const out: XmlMember = { key, ...qualifiedName(xml, key), shape };
    if (xml.namespace) out.namespace = xml.namespace;
    // An attribute holds text: `attribute` on an object or an array (AWS's S3 sets it on Grantee) says nothing.
    if (xml.attribute && shapes[shape]!.kind !== 'object' && shapes[shape]!.kind !== 'array') out.attribute = true;
    if (shapes[shape]!.kind === 'array') {
      const itemsSchema = parts(document, s).find((p) => p.items !== undefined)?.items;
      const itemsXml = resolved(document, itemsSchema).xml;
      // Unwrapped, the array's own name is not used (the XML Object: "If wrapped is false, it will be ignored").
      if (xml.wrapped) out.wrapped = true;
      else {
        delete out.namespace;
        delete out.prefix;
      }
      // Unnamed items take the wrapper's name where wrapped (the XML Object's "aliens" example), else the key.
      const items = qualifiedName(itemsXml, xml.wrapped ? (xml.name ?? key) : key);
      out.items = items.name;
      if (items.prefix) out.itemsPrefix = items.prefix;
      if (itemsXml.namespace) out.itemsNamespace = itemsXml.namespace;
      // An unwrapped array without items writes nothing: where the schema requires it, no element is no item.
      if (!xml.wrapped && required) out.required = true;
    }
    return out;
  };

  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  const component = typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1] : undefined;
  const { schema: rootSchema, xml } = resolved(document, schema);
  const root =
    xml.name === undefined && component === undefined ? undefined : qualifiedName(xml, componentName(component ?? ''));
  shapeOf(schema);
  const out: XmlBodyShape = { shapes };
  if (root !== undefined) out.root = root.name;
  if (root?.prefix) out.prefix = root.prefix;
  if (xml.namespace) out.namespace = xml.namespace;
  if (shapes[0]!.kind === 'array') {
    const itemsSchema = parts(document, rootSchema).find((p) => p.items !== undefined)?.items;
    const itemsXml = resolved(document, itemsSchema).xml;
    const items = itemsXml.name === undefined ? undefined : qualifiedName(itemsXml, '');
    if (items !== undefined || root !== undefined) out.items = (items ?? root)!.name;
    if (items?.prefix) out.itemsPrefix = items.prefix;
  }
  return out;
}

/**
 * An element's or attribute's name and prefix: `xml.name` (else the key) and `xml.prefix`; a name written with its
 * prefix (`xsi:type`, as AWS's documents write it) is its local name and that prefix.
 */
function qualifiedName(xml: XmlObject, key: string): { name: string; prefix?: string } {
  const written = xml.name ?? key;
  const colon = written.indexOf(':');
  const name = colon > 0 ? written.slice(colon + 1) : written;
  const prefix = xml.prefix ?? (colon > 0 ? written.slice(0, colon) : undefined);
  return prefix ? { name, prefix } : { name };
}

/** A `$ref` token as the component's name: JSON-pointer escapes undone, percent-escapes decoded where they are. */
function componentName(token: string): string {
  let name = token;
  try {
    name = decodeURIComponent(token);
  } catch {
    // `Rate%Limit`: a name with a bare percent sign.
  }
  return name.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Whether the server reads an XML body into its schema's value: an XML media type whose schema describes more than
 * a string (a schema of `type: string`, or one without type or structure, takes the document as its text, as
 * before, and as `spec-first test` writes such a body).
 */
export function readsXml(document: OpenApiDocument, body: RequestBodyModel): boolean {
  return readsXmlSchema(document, body.contentType, body.schema);
}

/** Whether an XML media type's schema describes more than a string (readsXml), for a body or an answer. */
export function readsXmlSchema(document: OpenApiDocument, contentType: string, given: unknown): boolean {
  if (!isXmlType(contentType)) return false;
  const schema = given as JsonSchema | undefined;
  if (!schema || typeof schema !== 'object' || Object.keys(schema).length === 0) return false;
  const s = resolved(document, schema).schema;
  const types = typesOf(s);
  if (types.length > 0) return !types.every((t) => t === 'string' || t === 'null');
  // Without a type, only a schema with structure says what the elements are (a description alone says nothing).
  return Boolean(s.properties || s.items || s.allOf || s.oneOf || s.anyOf || s.additionalProperties);
}
