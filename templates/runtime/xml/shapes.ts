// How the generator describes an XML body's schema (generator/emitters/xml-shapes.ts), for the server that reads such
// a body (server/xml-body.ts) and the client that writes one (xml/write.ts): one table, so both sides agree.

/** An XML body's schema: shapes by index, the root's first. */
export interface XmlBodyShape {
  /** The root element's name (no prefix); absent: the document names none, and any is taken. */
  root?: string;
  /** The root element's prefix (`xml.prefix`), written where the schema gives one; a reader ignores it. */
  prefix?: string;
  /** The namespace the root element must be in, where the schema gives one. */
  namespace?: string;
  /** A root array's items' element name; absent: any child element is an item. */
  items?: string;
  /** A root array's items' prefix, written where the items' schema gives one. */
  itemsPrefix?: string;
  shapes: XmlShape[];
}

export type XmlShape =
  | { kind: 'object'; members: XmlMember[]; additional?: number }
  | { kind: 'array'; items: number }
  | { kind: 'scalar'; types: string[] }
  | { kind: 'any' };

export interface XmlMember {
  /** The member's key in the JSON value. */
  key: string;
  /** Its element's or attribute's name (an array's wrapper where wrapped). */
  name: string;
  /** The prefix its name is written with (`xml.prefix`); a reader compares names without it. */
  prefix?: string;
  namespace?: string;
  attribute?: boolean;
  /** An array member: its items are inside one element of `name`. */
  wrapped?: boolean;
  /** An array member: its items' element name, prefix and namespace. */
  items?: string;
  itemsPrefix?: string;
  itemsNamespace?: string;
  /** A required unwrapped array: no item element is the empty array (it writes nothing). */
  required?: boolean;
  shape: number;
}
