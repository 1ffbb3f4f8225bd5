// A schema as the diff compares it: `$ref`s followed (each node keeps the pointer where it is written, the
// component for a referenced schema), allOf merged into one view (so that flattening an allOf is no change),
// nullability read from every spelling (type list, a null alternative, null among the enum values), and the type
// implied by object or array keywords where none is written.
import type { JsonSchema } from '../model/types.js';
import { childPointer } from '../model/json-pointer.js';
import { refPointer } from './pointer.js';
import { followPointer } from '../model/json-pointer.js';

export interface SchemaNode {
  schema: JsonSchema;
  /** Where this schema object is written (RFC 6901, into the document). */
  pointer: string;
}

/** A keyword's value and the pointer of the schema that holds it. */
export interface Held<T = unknown> {
  value: T;
  at: string;
}

export interface SchemaView {
  node: SchemaNode;
  /** Types other than null; undefined: any. */
  types?: Set<string>;
  nullable: boolean;
  properties: Map<string, SchemaNode>;
  required: Map<string, string>;
  /** Other keywords, first writer wins (the schema itself, then its allOf members in order). */
  keywords: Map<string, Held>;
  /** oneOf or anyOf alternatives (a null alternative taken out: it is nullability). */
  union?: { kind: 'oneOf' | 'anyOf'; members: SchemaNode[]; at: string };
}

const MERGED = new Set(['properties', 'required', 'allOf', 'type', 'oneOf', 'anyOf', '$ref', 'nullable']);

export class Schemas {
  private readonly views = new WeakMap<object, SchemaView>();

  constructor(readonly document: Record<string, unknown>) {}

  /** The node a `$ref` leads to (chains followed), or the node itself. */
  deref(node: SchemaNode): SchemaNode {
    let current = node;
    for (let hops = 0; hops < 32; hops++) {
      const ref = current.schema?.$ref;
      if (typeof ref !== 'string' || Object.keys(current.schema).some((k) => k !== '$ref' && !k.startsWith('x-')))
        return current;
      const target = this.target(ref);
      if (!target) return current;
      current = target;
    }
    return current;
  }

  target(ref: string): SchemaNode | undefined {
    const pointer = refPointer(ref);
    if (pointer === undefined) return undefined;
    const node = followPointer(this.document, pointer);
    return node && typeof node === 'object' ? { schema: node as JsonSchema, pointer } : undefined;
  }

  view(start: SchemaNode): SchemaView {
    const node = this.deref(start);
    const cached = node.schema && typeof node.schema === 'object' ? this.views.get(node.schema) : undefined;
    if (cached) return cached;
    const view: SchemaView = { node, nullable: false, properties: new Map(), required: new Map(), keywords: new Map() };
    const seen = new Set<object>();
    const collect = (n: SchemaNode) => {
      const s = n.schema;
      if (!s || typeof s !== 'object' || seen.has(s)) return;
      seen.add(s);
      if (typeof s.$ref === 'string') {
        const target = this.target(s.$ref);
        if (target) collect(target);
      }
      if (s.type !== undefined) {
        const listed = (Array.isArray(s.type) ? s.type : [s.type]).map(String);
        if (listed.includes('null')) view.nullable = true;
        const types = new Set(listed.filter((t) => t !== 'null'));
        view.types = view.types ? new Set([...view.types].filter((t) => types.has(t) || covers(types, t))) : types;
      }
      if (s.nullable === true) view.nullable = true;
      if (s.properties && typeof s.properties === 'object')
        for (const [name, schema] of Object.entries<JsonSchema>(s.properties))
          if (!view.properties.has(name))
            view.properties.set(name, { schema, pointer: childPointer(n.pointer, 'properties', name) });
      if (Array.isArray(s.required))
        s.required.forEach((name: string, i: number) => {
          if (!view.required.has(name)) view.required.set(name, childPointer(n.pointer, 'required', i));
        });
      for (const kind of ['oneOf', 'anyOf'] as const) {
        if (!Array.isArray(s[kind]) || view.union) continue;
        const members: SchemaNode[] = [];
        s[kind].forEach((member: JsonSchema, i: number) => {
          const m = { schema: member, pointer: childPointer(n.pointer, kind, i) };
          if (isNull(this.deref(m).schema)) view.nullable = true;
          else members.push(m);
        });
        // A single alternative beside null is that alternative made nullable (3.0's nullable $ref, rewritten).
        if (members.length === 1 && members.length < s[kind].length) collect(members[0]!);
        else view.union = { kind, members, at: childPointer(n.pointer, kind) };
      }
      for (const [key, value] of Object.entries(s)) {
        if (MERGED.has(key) || view.keywords.has(key)) continue;
        view.keywords.set(key, { value, at: childPointer(n.pointer, key) });
      }
      if (Array.isArray(s.allOf))
        s.allOf.forEach((member: JsonSchema, i: number) =>
          collect({ schema: member, pointer: childPointer(n.pointer, 'allOf', i) }),
        );
    };
    collect(node);
    const values = view.keywords.get('enum')?.value;
    if (Array.isArray(values) && values.includes(null)) view.nullable = true;
    if (!view.types && !view.union) {
      const k = view.keywords;
      if (view.properties.size > 0 || view.required.size > 0 || k.has('additionalProperties'))
        view.types = new Set(['object']);
      else if (k.has('items') || k.has('prefixItems')) view.types = new Set(['array']);
    }
    if (node.schema && typeof node.schema === 'object') this.views.set(node.schema, view);
    return view;
  }
}

/** Whether a type set accepts every value of `type` (number accepts integers). */
export function covers(types: Set<string>, type: string): boolean {
  return types.has(type) || (type === 'integer' && types.has('number'));
}

function isNull(schema: JsonSchema | undefined): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const type = Array.isArray(schema.type) && schema.type.length === 1 ? schema.type[0] : schema.type;
  return type === 'null' && Object.keys(schema).every((k) => ['type', 'description', 'title'].includes(k));
}
