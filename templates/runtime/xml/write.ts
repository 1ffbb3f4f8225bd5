// Writes the JSON value an XML body's schema describes as that body's XML, by the same shapes the generated server
// reads it with (server/xml-body.ts), as the OpenAPI XML Object maps one to the other (3.0.3 and 3.1, "XML Object"):
// a member is the element of its key or its `xml.name`, with its `xml.prefix` and its `xml.namespace` declared on it,
// or with `xml.attribute` an attribute of its object's element; an array is its items, each an element of its items'
// name, beside the object's other members, or inside one element of the array's name where `xml.wrapped`; an array
// body is its items inside the root element. The root element is the one the document names (the body schema's
// `xml.name`, else its component's); an inline schema names none, and the root is written `<root>`, which the
// generated server takes. Members the schema does not name are written under their own key. fast-xml-parser's
// builder (vendored) writes the text and escapes element text and attribute values; every name is checked to be an
// XML name first (names come from the document and from the value's keys): a value that no XML could carry (a name
// that is none, a character XML 1.0 has no place for) is refused with a TypeError before anything is sent.
import type { XmlBodyShape, XmlMember, XmlShape } from './shapes.js';
import { XMLBuilder } from './vendor/xml-parser.js';

/** A node of the builder's order-keeping form: `{ name: children, ':@': attributes }`, or `{ '#text': text }`. */
type OrderedNode = Record<string, OrderedNode[] | Record<string, string> | string>;

/** The root element's name where the document names none (an inline body schema). */
export const INLINE_ROOT = 'root';

/** XML 1.0's NCName (a name without a colon): its start characters, then its other characters. */
const NAME_START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NC_NAME = new RegExp(`^[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*$`, 'u');

/** Characters XML 1.0 has no place for, escaped or not (controls, lone surrogates, U+FFFE, U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/**
 * Element text: `&` and `<` escaped, and `>` (`]]>` may not stand in text); a carriage return as a character
 * reference, which a reader would otherwise read as a line feed.
 */
const escapedText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');

/**
 * An attribute value between double quotes: `&`, `<` and `"` escaped (`>` and `'` too), and tab, line feed and
 * carriage return as character references, which a reader's attribute normalisation would otherwise make spaces.
 */
const escapedAttribute = (text: string) =>
  escapedText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

// Escaping is by context, so the builder's own (one list for both) is off and its value processors do it.
const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  suppressBooleanAttributes: false,
  processEntities: false,
  tagValueProcessor: (_name, value) => escapedText(String(value)),
  attributeValueProcessor: (_name, value) => escapedAttribute(String(value)),
});

/**
 * `prefix:name`, each part checked to be an XML name; `xmlns` is a prefix only of an attribute, where it is the
 * namespace declaration a document names as a member (`xmlns:os`).
 */
function qualified(name: string, prefix: string | undefined, attribute = false): string {
  if (!NC_NAME.test(name))
    throw new TypeError(`XML body: ${JSON.stringify(name)} is not an XML element or attribute name`);
  if (prefix === undefined) return name;
  if (!NC_NAME.test(prefix) || (prefix.toLowerCase() === 'xmlns' && !(attribute && prefix === 'xmlns')))
    throw new TypeError(`XML body: ${JSON.stringify(prefix)} is not a namespace prefix XML allows`);
  return `${prefix}:${name}`;
}

/** A scalar's text: `null` an empty element; a text XML cannot carry refused. */
function text(value: unknown, where: string): string {
  const out = value === null || value === undefined ? '' : String(value);
  if (NOT_XML.test(out)) throw new TypeError(`XML body: ${where} holds a character XML 1.0 does not allow`);
  return out;
}

/** The namespace declaration an element of this prefix and namespace carries. */
function declaration(prefix: string | undefined, namespace: string | undefined): Record<string, string> {
  if (namespace === undefined) return {};
  return { [prefix === undefined ? 'xmlns' : `xmlns:${prefix}`]: text(namespace, 'a namespace') };
}

interface Name {
  name: string;
  prefix?: string;
  namespace?: string;
}

function elementNode(name: Name, attributes: Record<string, string>, children: OrderedNode[]): OrderedNode {
  const all = { ...declaration(name.prefix, name.namespace), ...attributes };
  const node: OrderedNode = { [qualified(name.name, name.prefix)]: children };
  if (Object.keys(all).length) node[':@'] = all;
  return node;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The element of a value under a shape (the items of an array value inside it). */
function element(shapes: XmlShape[], index: number, name: Name, value: unknown, items?: Name): OrderedNode {
  const shape = shapes[index]!;
  if (shape.kind === 'array' && Array.isArray(value))
    return elementNode(
      name,
      {},
      value.map((item) => element(shapes, shape.items, items ?? name, item)),
    );
  if (shape.kind === 'object' && isRecord(value)) return objectNode(shapes, shape, name, value);
  return anyNode(name, value);
}

/** A value no shape describes: an object's members as elements of their keys, an array's items as elements of its name. */
function anyNode(name: Name, value: unknown): OrderedNode {
  if (Array.isArray(value))
    return elementNode(
      name,
      {},
      value.map((item) => anyNode(name, item)),
    );
  if (isRecord(value))
    return elementNode(
      name,
      {},
      Object.entries(value).flatMap(([key, member]) =>
        member === undefined
          ? []
          : Array.isArray(member)
            ? member.map((item) => anyNode({ name: key }, item))
            : [anyNode({ name: key }, member)],
      ),
    );
  const written = value instanceof Date ? value.toISOString() : value;
  return elementNode(name, {}, [{ '#text': text(written, `<${name.name}>`) }]);
}

function objectNode(
  shapes: XmlShape[],
  shape: Extract<XmlShape, { kind: 'object' }>,
  name: Name,
  value: Record<string, unknown>,
): OrderedNode {
  const attributes: Record<string, string> = {};
  const children: OrderedNode[] = [];
  const named = new Set<string>();
  for (const m of shape.members) {
    named.add(m.key);
    if (!Object.hasOwn(value, m.key) || value[m.key] === undefined) continue;
    children.push(...memberNodes(shapes, m, value[m.key], attributes));
  }
  for (const [key, member] of Object.entries(value)) {
    if (named.has(key) || member === undefined) continue;
    if (shape.additional !== undefined) children.push(element(shapes, shape.additional, { name: key }, member));
    else if (Array.isArray(member)) children.push(...member.map((item) => anyNode({ name: key }, item)));
    else children.push(anyNode({ name: key }, member));
  }
  return elementNode(name, attributes, children);
}

function memberNodes(
  shapes: XmlShape[],
  m: XmlMember,
  value: unknown,
  attributes: Record<string, string>,
): OrderedNode[] {
  const name: Name = { name: m.name, prefix: m.prefix, namespace: m.namespace };
  if (m.attribute) {
    if (typeof value === 'object' && value !== null)
      throw new TypeError(`XML body: ${m.key} is an attribute, and takes a string, number or boolean`);
    attributes[qualified(m.name, m.prefix, true)] = text(value, `attribute ${m.name}`);
    return [];
  }
  const memberShape = shapes[m.shape]!;
  const items: Name = { name: m.items ?? m.name, prefix: m.itemsPrefix, namespace: m.itemsNamespace };
  if (memberShape.kind === 'array' && Array.isArray(value)) {
    // Unwrapped: each item an element beside the object's other members.
    const nodes = value.map((item) => element(shapes, memberShape.items, items, item));
    return m.wrapped ? [elementNode(name, {}, nodes)] : nodes;
  }
  return [element(shapes, m.shape, name, value, items)];
}

/** `prefix:local` without its prefix. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The tree with each prefix no namespace declaration in scope binds left off its element or attribute name: a
 * document may give `xml.prefix` (or a name such as `xsi:type`) without its `xml.namespace`, and a prefix nothing
 * declares is no namespace-well-formed XML. Such a name is written as its local name, as the reader compares it.
 */
function withDeclaredPrefixes(nodes: OrderedNode[], scope: ReadonlySet<string>): OrderedNode[] {
  return nodes.map((node) => {
    const name = Object.keys(node).find((key) => key !== ':@');
    if (name === undefined || name === '#text') return node;
    const attributes = node[':@'] as Record<string, string> | undefined;
    const declared = Object.keys(attributes ?? {}).filter((a) => a.startsWith('xmlns:'));
    const inner = declared.length ? new Set([...scope, ...declared.map(local)]) : scope;
    const bound = (qualified: string) =>
      !qualified.includes(':') ||
      qualified.startsWith('xmlns:') ||
      inner.has(qualified.slice(0, qualified.indexOf(':')))
        ? qualified
        : local(qualified);
    const out: OrderedNode = { [bound(name)]: withDeclaredPrefixes(node[name] as OrderedNode[], inner) };
    if (attributes)
      out[':@'] = Object.fromEntries(Object.entries(attributes).map(([key, value]) => [bound(key), value]));
    return out;
  });
}

/**
 * The XML text of `value` as a body of the shape: the document's root element (or `<root>` where it names none).
 * Throws TypeError for a value no XML could carry.
 */
export function xmlText(shape: XmlBodyShape, value: unknown): string {
  const root: Name = { name: shape.root ?? INLINE_ROOT, prefix: shape.prefix, namespace: shape.namespace };
  const items: Name = { name: shape.items ?? root.name, prefix: shape.itemsPrefix };
  const tree = [element(shape.shapes, 0, root, value, items)];
  return builder.build(withDeclaredPrefixes(tree, new Set(['xml'])));
}
