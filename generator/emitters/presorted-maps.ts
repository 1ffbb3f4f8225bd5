// A workaround for openapi-typescript's sort (7.13): with `alphabetize` it sorts every map it types (paths, the
// components' maps, responses, headers, media types, properties) with `a.localeCompare(b, 'en-us', { numeric: true })`
// (getEntries, its src/lib/utils.ts), and V8 builds a new Intl.Collator for every such call: about 70,000 comparisons
// and a twentieth of `generate`'s CPU on GitHub's document. The upstream fix is one collator made once in getEntries
// (no upstream issue found, searched 2026-11-30; none filed from here, without a network). Until then the transform
// is handed a copy of the document with each map it would sort already in that order, by one collator of the same
// locale and options, and runs with `alphabetize` off, which also leaves parameters in the order given: each list is
// handed sorted as the transform sorts it (`name.localeCompare(other)`). Where an order cannot be handed over (an
// object lists integer-like keys first whatever their order; a path's parameters before its operation's own where
// the names interleave) there is no copy and the transform sorts, as before. `test/generator/presorted-maps.test.ts`
// holds the types the same.
import type { OpenApiDocument } from '../model/ref.js';
import { VIEW_ROOTS } from '../model/read-write-views.js';

/** What `localeCompare(b, 'en-us', { numeric: true })` compares with: one collator, made once. */
const collator = new Intl.Collator('en-us', { numeric: true });

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The order cannot be handed over: the transform sorts. */
class Unsortable extends Error {}

type Node = Record<string, any>;
type Resolve = (ref: string) => unknown;

/** A map's keys in the collator's order (stable, as the transform's sort), values rewritten by `each`. */
export function sortedMap(map: unknown, each: (value: any) => unknown = (v) => v): unknown {
  if (!map || typeof map !== 'object' || Array.isArray(map)) return map;
  const keys = Object.keys(map);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = collator.compare(keys[i - 1]!, keys[i]!) <= 0;
  const order = sorted ? keys : [...keys].sort(collator.compare);
  let changed = !sorted;
  const values = order.map((key) => {
    const value = (map as Node)[key];
    const rewritten = each(value);
    if (rewritten !== value) changed = true;
    return rewritten;
  });
  if (!changed) return map;
  const out: Node = {};
  order.forEach((key, i) => {
    out[key] = values[i];
  });
  const written = Object.keys(out);
  if (written.some((key, i) => key !== order[i])) throw new Unsortable();
  return out;
}

/** `node` with `key` replaced when `value` differs (copied on write). */
function withValue(node: Node, copy: Node | undefined, key: string, value: unknown): Node | undefined {
  if (value === node[key]) return copy;
  const out = copy ?? { ...node };
  out[key] = value;
  return out;
}

/**
 * The document with every map the transform sorts already in its order, or undefined where an order cannot be
 * handed over. `resolve` follows a parameter's `$ref` as the transform's own resolver does.
 */
export function presortedForTransform(document: OpenApiDocument, resolve: Resolve): OpenApiDocument | undefined {
  const paramName = (p: unknown): string => {
    const resolved = (p as Node)?.$ref !== undefined ? resolve((p as Node).$ref) : p;
    return ((resolved as Node | undefined)?.name ?? '') as string;
  };
  const byName = (a: unknown, b: unknown) => paramName(a).localeCompare(paramName(b));

  const schema = (node: unknown): unknown => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
    const s = node as Node;
    let copy: Node | undefined;
    for (const key of ['properties', 'patternProperties'])
      if (key in s) copy = withValue(s, copy, key, sortedMap(s[key], schema));
    for (const key of SCHEMA_MAPS) if (key in s) copy = withValue(s, copy, key, valuesOf(s[key], schema));
    for (const key of SCHEMA_LISTS) if (Array.isArray(s[key])) copy = withValue(s, copy, key, listOf(s[key], schema));
    for (const key of SCHEMA_KEYWORDS)
      if (key in s) copy = withValue(s, copy, key, Array.isArray(s[key]) ? listOf(s[key], schema) : schema(s[key]));
    return copy ?? node;
  };
  const mediaTypes = (content: unknown) =>
    sortedMap(content, (media: Node) => (media && typeof media === 'object' ? field(media, 'schema', schema) : media));
  const header = (h: Node): unknown => {
    if (!h || typeof h !== 'object' || '$ref' in h) return h;
    return field(field(h, 'schema', schema) as Node, 'content', mediaTypes);
  };
  const response = (r: Node): unknown => {
    if (!r || typeof r !== 'object' || '$ref' in r) return r;
    return field(field(r, 'headers', (hs) => sortedMap(hs, header)) as Node, 'content', mediaTypes);
  };
  const requestBody = (b: Node): unknown =>
    !b || typeof b !== 'object' || '$ref' in b ? b : field(b, 'content', mediaTypes);
  const parameter = (p: Node): unknown =>
    !p || typeof p !== 'object' || '$ref' in p ? p : field(field(p, 'schema', schema) as Node, 'content', mediaTypes);
  const parameters = (list: unknown): unknown => {
    if (!Array.isArray(list)) return list;
    const walked = listOf(list, parameter) as unknown[];
    const sorted = walked.map((p, i) => ({ p, i })).sort((a, b) => byName(a.p, b.p) || a.i - b.i);
    return sorted.every(({ i }, at) => i === at) ? walked : sorted.map(({ p }) => p);
  };
  const operation = (op: Node): unknown => {
    if (!op || typeof op !== 'object' || '$ref' in op) return op;
    let out = field(op, 'parameters', parameters) as Node;
    out = field(out, 'requestBody', requestBody) as Node;
    out = field(out, 'responses', (rs) => sortedMap(rs, response)) as Node;
    return field(out, 'callbacks', (callbacks) => valuesOf(callbacks, (callback) => valuesOf(callback, pathItem)));
  };
  const pathItem = (item: Node): unknown => {
    if (!item || typeof item !== 'object' || '$ref' in item) return item;
    let out = field(item, 'parameters', parameters) as Node;
    for (const method of METHODS) {
      out = field(out, method, operation) as Node;
      const op = out[method] as Node | undefined;
      if (op && typeof op === 'object' && !('$ref' in op)) mergedInOrder(out.parameters, op.parameters);
    }
    return out;
  };
  /** The transform merges a path's parameters with its operation's, the path's first: they must stay in order. */
  const mergedInOrder = (pathList: unknown, opList: unknown) => {
    if (!Array.isArray(pathList) || pathList.length === 0) return;
    const keyed = new Map<string, unknown>();
    const keyOf = (p: Node) => {
      const resolved = (p?.$ref !== undefined ? resolve(p.$ref) : p) as Node | undefined;
      return `${resolved?.in}-${resolved?.name}`;
    };
    for (const p of [...pathList, ...(Array.isArray(opList) ? opList : [])]) keyed.set(keyOf(p), p);
    const merged = [...keyed.values()];
    for (let i = 1; i < merged.length; i++) if (byName(merged[i - 1], merged[i]) > 0) throw new Unsortable();
  };

  try {
    let out = field(document as Node, 'paths', (paths) => sortedMap(paths, pathItem)) as Node;
    out = field(out, 'webhooks', (hooks) => sortedMap(hooks, pathItem)) as Node;
    out = field(out, 'components', (components: Node) => {
      let c = components;
      for (const [kind, each] of [
        ['schemas', schema],
        ['responses', response],
        ['parameters', parameter],
        ['requestBodies', requestBody],
        ['headers', header],
        ['pathItems', pathItem],
        ['callbacks', (callback: unknown) => valuesOf(callback, pathItem)],
      ] as const)
        c = field(c, kind, (map) =>
          kind === 'callbacks' ? valuesOf(map, each) : sortedMap(map, each as (v: any) => unknown),
        ) as Node;
      return c;
    }) as Node;
    // The request and answer views (view-types.ts): schemas by name, bodies by operation (and status) and media type.
    for (const [direction, root] of Object.entries(VIEW_ROOTS))
      out = field(out, root, (views: Node) =>
        field(field(views, 'schemas', (map) => valuesOf(map, schema)) as Node, 'bodies', (bodies) =>
          nested(bodies, direction === 'request' ? 2 : 3, schema),
        ),
      ) as Node;
    return out as OpenApiDocument;
  } catch (error) {
    if (error instanceof Unsortable) return undefined;
    throw error;
  }
}

/** Maps of schemas the transform reads in their own order (`$defs`) or not at all: walked, not sorted. */
const SCHEMA_MAPS = ['$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords holding one schema (or, for `items`, a list of them). */
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
  'contentSchema',
];

/** `node` with its `key` rewritten by `each` where present (copied on write). */
function field(node: Node, key: string, each: (value: any) => unknown): unknown {
  if (!node || typeof node !== 'object' || !(key in node)) return node;
  return withValue(node, undefined, key, each(node[key])) ?? node;
}

/** A map's values rewritten in place of order (copied on write). */
function valuesOf(map: unknown, each: (value: any) => unknown): unknown {
  if (!map || typeof map !== 'object' || Array.isArray(map)) return map;
  let copy: Node | undefined;
  for (const key of Object.keys(map)) copy = withValue(map as Node, copy, key, each((map as Node)[key]));
  return copy ?? map;
}

/** A list's items rewritten (copied on write). */
function listOf(list: unknown[], each: (value: any) => unknown): unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const rewritten = each(list[i]);
    if (rewritten !== list[i]) (copy ??= list.slice())[i] = rewritten;
  }
  return copy ?? list;
}

/** Maps `depth` keys deep whose leaves are rewritten (copied on write). */
function nested(node: unknown, depth: number, each: (value: any) => unknown): unknown {
  return depth === 0 ? each(node) : valuesOf(node, (value) => nested(value, depth - 1, each));
}
