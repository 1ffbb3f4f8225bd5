// Reads an XML document into the JSON value its schema describes, as the OpenAPI XML Object maps one to the other
// (3.0.3 and 3.1, "XML Object"): a request body on the server (server/xml-body.ts), an answer on the client
// (client/xml-answer.ts). A member is the element named by its key or its `xml.name`, or with `xml.attribute` an
// attribute of its object's element; an array is its items, each an element named by the items' `xml.name` or else
// the member's key, inside one element named by the array's `xml.name` (or key, and unnamed items then take that
// name) where `xml.wrapped`; names are compared without their prefix, and where the schema gives `xml.namespace` the
// element's namespace (its prefix or default declaration in scope) must be that one. Scalars take their schema's
// type: integer and number from decimal text, boolean from `true` / `false`. The root element is checked by the name
// the document gives it (the body schema's `xml.name`, else its component's name) where the reader is strict (the
// server's, reading a request); an inline schema names no root, and any name is taken. The text is parsed by
// fast-xml-parser (vendored): well-formedness first, no DOCTYPE (refused), no entity but XML's own five and
// character references, nesting bounded.
import type { XmlBodyShape, XmlShape } from './shapes.js';
import { XMLParser, XMLValidator } from './vendor/xml-parser.js';

/** A text that is no XML document of the shape; its message completes "The body ..." or "The answer ...". */
export class XmlReadError extends Error {}

/** A parsed element in document order (fast-xml-parser's `preserveOrder` form). */
interface Element {
  name: string;
  attributes: Record<string, string>;
  children: Element[];
  text: string;
  namespaces: ReadonlyMap<string, string>;
  /** The namespace declarations on the element itself, by prefix ('' the default): a document may name them members. */
  declared: Record<string, string>;
}

/** XML's five entities and character references: the only references a document without a DTD may hold. */
const REFERENCE = /&(?:(lt|gt|amp|apos|quot)|#([0-9]+)|#x([0-9a-fA-F]+));|&/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

function dereferenced(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, named?: string, decimal?: string, hex?: string) => {
    if (named) return PREDEFINED[named]!;
    const code = decimal !== undefined ? Number(decimal) : hex !== undefined ? Number.parseInt(hex, 16) : Number.NaN;
    if (Number.isNaN(code)) throw new XmlReadError('refers to an entity no DTD declares here');
    if (code > 0x10ffff) throw new XmlReadError(`refers to character ${whole}, which is none`);
    return String.fromCodePoint(code);
  });
}

/** A DOCTYPE where XML allows one: after the declaration, comments and processing instructions of the prolog. */
const PROLOG_DOCTYPE = /^\uFEFF?(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<!DOCTYPE/;

/**
 * Parsers by nesting limit: entities are left to `dereferenced` (fast-xml-parser would expand a DOCTYPE's own), text
 * kept as sent (whitespace trimmed only where a scalar's type reads a number or a boolean).
 */
const parsers = new Map<number, XMLParser>();
function parserFor(maxDepth: number): XMLParser {
  let parser = parsers.get(maxDepth);
  if (!parser) {
    parser = new XMLParser({
      preserveOrder: true,
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: false,
      processEntities: false,
      htmlEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      maxNestedTags: maxDepth,
    });
    parsers.set(maxDepth, parser);
  }
  return parser;
}

/** The document's root element, checked well-formed; throws XmlReadError naming what is wrong. */
function parse(text: string, maxDepth: number): Element {
  if (PROLOG_DOCTYPE.test(text))
    throw new XmlReadError('declares a DOCTYPE, which is not read (entities, external subsets)');
  const checked = XMLValidator.validate(text);
  if (checked !== true) {
    const { msg, line, col } = checked.err;
    throw new XmlReadError(`is not well-formed XML (line ${line}, column ${col}: ${msg})`);
  }
  let nodes: unknown;
  try {
    nodes = parserFor(maxDepth).parse(text);
  } catch (error) {
    throw new XmlReadError(`is not XML that can be read (${(error as Error).message})`);
  }
  const roots = (nodes as unknown[]).map((n) => element(n, new Map())).filter((e) => e !== undefined);
  if (roots.length !== 1) throw new XmlReadError('is not an XML document (it must hold one root element)');
  return roots[0]!;
}

/** One node of fast-xml-parser's ordered output as an element (undefined for text, comments, DOCTYPE). */
function element(node: unknown, scope: ReadonlyMap<string, string>): Element | undefined {
  const entry = node as Record<string, unknown>;
  const name = Object.keys(entry).find((k) => k !== ':@' && k !== '#text');
  if (name === undefined || name === '!DOCTYPE' || name.startsWith('?')) return undefined;
  const attributes: Record<string, string> = Object.create(null);
  let namespaces = scope;
  const declared: Record<string, string> = Object.create(null);
  for (const [attribute, value] of Object.entries((entry[':@'] ?? {}) as Record<string, string>)) {
    const decoded = dereferenced(String(value));
    if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) {
      if (namespaces === scope) namespaces = new Map(scope);
      (namespaces as Map<string, string>).set(attribute === 'xmlns' ? '' : attribute.slice(6), decoded);
      declared[attribute === 'xmlns' ? '' : attribute.slice(6)] = decoded;
    } else attributes[attribute] = decoded;
  }
  const children: Element[] = [];
  let text = '';
  for (const child of entry[name] as unknown[]) {
    const c = child as Record<string, unknown>;
    if ('#text' in c) text += dereferenced(String(c['#text']));
    else {
      const e = element(child, namespaces);
      if (e) children.push(e);
    }
  }
  return { name, attributes, children, text, namespaces, declared };
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The namespace an element's name is in: its prefix's declaration in scope, or the default one. */
function namespaceOf(e: Element): string | undefined {
  const colon = e.name.indexOf(':');
  return e.namespaces.get(colon < 0 ? '' : e.name.slice(0, colon));
}

const named = (e: Element, name: string | undefined, namespace: string | undefined) =>
  (name === undefined || localName(e.name) === name) && (namespace === undefined || namespaceOf(e) === namespace);

/** A number as JSON writes it (XML Schema's decimal and double lexical forms, surrounding whitespace aside). */
const NUMBER_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** A scalar's text as its schema's type reads it; text no type reads stays text, for the schema to refuse. */
function scalar(text: string, types: string[]): unknown {
  const trimmed = text.trim();
  if ((types.includes('integer') || types.includes('number')) && NUMBER_TEXT.test(trimmed)) return Number(trimmed);
  if (types.includes('boolean') && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  if (types.includes('null') && !types.includes('string') && trimmed === '') return null;
  return text;
}

/** The value of an element under a shape. */
function elementValue(e: Element, shapes: XmlShape[], index: number, items?: string, itemsNamespace?: string): unknown {
  const shape = shapes[index]!;
  switch (shape.kind) {
    case 'scalar':
      return scalar(e.text, shape.types);
    case 'array':
      return e.children.filter((c) => named(c, items, itemsNamespace)).map((c) => elementValue(c, shapes, shape.items));
    case 'object':
      return objectOf(e, shapes, shape);
    default:
      return anyOf(e);
  }
}

/** An element no schema describes: its child elements by name (repeated ones an array), else its text. */
function anyOf(e: Element): unknown {
  if (e.children.length === 0) return e.text;
  const value: Record<string, unknown> = Object.create(null);
  for (const child of e.children) {
    const key = localName(child.name);
    const had = value[key];
    value[key] = had === undefined ? anyOf(child) : [...(Array.isArray(had) ? had : [had]), anyOf(child)];
  }
  return value;
}

function objectOf(e: Element, shapes: XmlShape[], shape: Extract<XmlShape, { kind: 'object' }>): unknown {
  const value: Record<string, unknown> = Object.create(null);
  const claimed = new Set<Element>();
  for (const m of shape.members) {
    const memberShape = shapes[m.shape]!;
    if (m.attribute) {
      // A namespace declaration the document names as a member (`xmlns`, `xmlns:os`): its value as declared.
      const declaration = m.prefix === 'xmlns' ? m.name : m.name === 'xmlns' && !m.prefix ? '' : undefined;
      if (declaration !== undefined) {
        if (Object.hasOwn(e.declared, declaration)) value[m.key] = e.declared[declaration];
        continue;
      }
      const found = Object.keys(e.attributes).find((a) => localName(a) === m.name);
      if (found !== undefined)
        value[m.key] =
          memberShape.kind === 'scalar' ? scalar(e.attributes[found]!, memberShape.types) : e.attributes[found];
      continue;
    }
    if (memberShape.kind === 'array' && !m.wrapped) {
      // Unwrapped: each item an element of the items' name beside the object's other members.
      const found = e.children.filter((c) => !claimed.has(c) && named(c, m.items, m.itemsNamespace));
      for (const c of found) claimed.add(c);
      if (found.length || m.required) value[m.key] = found.map((c) => elementValue(c, shapes, memberShape.items));
      continue;
    }
    const found = e.children.filter((c) => !claimed.has(c) && named(c, m.name, m.namespace));
    for (const c of found) claimed.add(c);
    const values = found.map((c) => elementValue(c, shapes, m.shape, m.items, m.itemsNamespace));
    // One element is its value; several where the schema has one are kept as they came, for the schema to refuse.
    if (values.length) value[m.key] = values.length === 1 ? values[0] : values;
  }
  // Elements no member names: by their name, under the schema's additionalProperties where it has one, so a schema
  // that allows no others refuses them.
  for (const c of e.children) {
    if (claimed.has(c)) continue;
    const key = localName(c.name);
    if (Object.hasOwn(value, key)) continue;
    value[key] = shape.additional !== undefined ? elementValue(c, shapes, shape.additional) : anyOf(c);
  }
  return value;
}

/**
 * A reader of XML documents of one schema: the text to the JSON value the schema describes. Throws XmlReadError for
 * text that is no XML document, declares a DOCTYPE, or (unless `anyRoot`) whose root element is not the one the
 * document names.
 */
export function xmlReader(
  shape: XmlBodyShape,
  { anyRoot = false }: { anyRoot?: boolean } = {},
): (text: string, maxDepth: number) => unknown {
  return (text, maxDepth) => {
    const root = parse(text, maxDepth);
    if (!anyRoot && !named(root, shape.root, shape.namespace))
      throw new XmlReadError(
        `has root element <${root.name}>${namespaceOf(root) ? ` in ${namespaceOf(root)}` : ''}; the document names <${shape.root ?? root.name}>${shape.namespace ? ` in ${shape.namespace}` : ''}`,
      );
    return elementValue(root, shape.shapes, 0, shape.items);
  };
}
