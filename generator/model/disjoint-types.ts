// Types no value has at once, where an allOf asks for them together: its members' own types (`string` and
// `integer`), or one member's types as the members give them (Cloudflare's list envelopes: `result` an object in the
// common envelope, an array in the list's own member). Honoured as JSON Schema reads them, and said.
import { type OpenApiDocument, resolveRef } from './ref.js';

/**
 * The types of an allOf's members when no value has all of them, else undefined. Members without a `type`
 * constrain none; a member's own allOf members, at any depth, are members too (Cloudflare's setting answers: the
 * envelope, an object through two allOfs, beside the setting's string enum).
 */
export function disjointTypes(document: OpenApiDocument, members: unknown[]): string[] | undefined {
  let common: Set<string> | undefined;
  const named: string[] = [];
  const seen = new Set<object>();
  const parts: Array<Record<string, any> | undefined> = members.flatMap((member) => {
    const schema = resolved(document, member);
    return schema ? flattened(document, schema, seen) : [undefined];
  });
  for (const schema of parts) {
    if (schema === undefined) return undefined;
    const types: string[] = typesOf(schema);
    // Without a type of its own, a oneOf or anyOf every branch of which is typed admits those types (Cloudflare's
    // envelopes: `result` an object, an array or a string in one member, an object or a string in another).
    const branches = schema.oneOf ?? schema.anyOf;
    if (types.length === 0 && Array.isArray(branches) && branches.length > 0) {
      const typed = branches.map((b: unknown) => {
        const branch = resolved(document, b);
        return branch ? typesOf(branch) : [];
      });
      if (typed.every((t: string[]) => t.length > 0)) types.push(...new Set(typed.flat()));
    }
    // An enum or const admits the types of its values alone (Cloudflare's deleted D1 database: `result` an object
    // in the common envelope, `enum: [null]` in the answer's own member).
    const values: unknown[] | undefined =
      'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
    const valueTypes = values && [...new Set(values.map(typeOf))];
    if (types.length === 0 && valueTypes === undefined) continue;
    // An integer is a number: `number` admits what `integer` does.
    const declared = new Set<string>(types.flatMap((t: string) => (t === 'number' ? ['number', 'integer'] : [t])));
    const admitted =
      valueTypes === undefined
        ? declared
        : new Set(
            valueTypes
              .filter((t) => types.length === 0 || declared.has(t))
              .flatMap((t) => (t === 'integer' ? ['integer', 'number'] : [t])),
          );
    common = common ? new Set([...common].filter((t) => admitted.has(t))) : admitted;
    named.push(
      valueTypes === undefined
        ? types.join('|')
        : `${(types.length ? types : valueTypes).join('|')} of ${JSON.stringify(values)}`,
    );
  }
  return common && common.size === 0 ? named : undefined;
}

/** A member an allOf's members (and the schema beside them) type so that no value is all of them. */
export interface DisjointMember {
  name: string;
  types: string[];
  /** Whether the schema or a member requires it: then no value at all is valid. */
  required: boolean;
}

/** The first member of `schema` whose allOf members (at any depth) give it types no value has at once, else undefined. */
export function disjointMember(document: OpenApiDocument, schema: unknown): DisjointMember | undefined {
  const node = resolved(document, schema);
  if (!node || !Array.isArray(node.allOf)) return undefined;
  const parts = flattened(document, node);
  const typed = new Map<string, unknown[]>();
  for (const part of parts)
    if (part.properties && typeof part.properties === 'object' && !Array.isArray(part.properties))
      for (const [name, member] of Object.entries(part.properties))
        typed.set(name, [...(typed.get(name) ?? []), member]);
  for (const [name, members] of typed) {
    if (members.length < 2) continue;
    const types = disjointTypes(document, members);
    if (types)
      return {
        name,
        types,
        required: parts.some((p) => Array.isArray(p.required) && p.required.includes(name)),
      };
  }
  return undefined;
}

/** The schema and its allOf members, theirs in turn (Cloudflare's list envelope: an allOf of an allOf of the common). */
function flattened(
  document: OpenApiDocument,
  node: Record<string, any>,
  seen = new Set<object>(),
): Record<string, any>[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const members: unknown[] = Array.isArray(node.allOf) ? node.allOf : [];
  return [
    node,
    ...members.flatMap((m) => {
      const member = resolved(document, m);
      return member ? flattened(document, member, seen) : [];
    }),
  ];
}

/** The types a schema declares, null among them where 3.0's nullable says so (a member read as written). */
function typesOf(schema: Record<string, any>): string[] {
  const types: string[] =
    typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? [...schema.type] : [];
  if (types.length > 0 && schema.nullable === true) types.push('null');
  return types;
}

/** A JSON value's type name as JSON Schema names it (a whole number is an integer). */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function resolved(document: OpenApiDocument, schema: unknown): Record<string, any> | undefined {
  try {
    const s = resolveRef<unknown>(document, schema);
    return s && typeof s === 'object' && !Array.isArray(s) ? (s as Record<string, any>) : undefined;
  } catch {
    return undefined;
  }
}
