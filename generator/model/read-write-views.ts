// Schemas as one direction of travel sees them. OpenAPI: a readOnly member "SHOULD NOT be sent as part of the
// request" and a writeOnly one "SHOULD NOT be sent as part of the response", and "required" takes effect only in
// the direction the member travels. A request's view of a schema leaves its readOnly members out, an answer's its
// writeOnly members, at any depth: in nested objects, array items, oneOf / anyOf / allOf branches, and through
// `$ref` into components, each component whose view differs having a view of its own.
import { familiesOf } from './discriminator-families.js';
import { isMarked, markedNames as markedMemberNames } from './marked-members.js';
import { escapeToken, followPointer, fragmentTokens, unescapeToken } from './json-pointer.js';
import { type OpenApiDocument, resolveRef } from './ref.js';
import type { JsonSchema } from './types.js';

export type Direction = 'request' | 'answer';

/** The member mark a direction leaves out. */
const LEFT_OUT = { request: 'readOnly', answer: 'writeOnly' } as const;

/** Where a view's components are referred to: `#/<root>/schemas/<name>`, a root of types.ts of its own. */
export const VIEW_ROOTS = { request: 'requestTypes', answer: 'answerTypes' } as const;

/** How a schema looks in one direction, where it differs: a differing component's own view, or an inline copy. */
export type SchemaView = { component: string } | { own: JsonSchema };

export interface DirectionViews {
  /** The components whose view differs, each as the direction sees it: those the views `of` made refer to. */
  readonly schemas: Record<string, JsonSchema>;
  /** The view of a schema of the document (a body's, an answer's); undefined where the direction sees it as written. */
  of(schema: JsonSchema | undefined): SchemaView | undefined;
}

const COMPONENT = '#/components/schemas/';
/** Keywords whose value is data, not schemas. */
const DATA = new Set(['enum', 'const', 'default', 'example', 'examples', 'discriminator', 'xml', 'externalDocs']);
/** Keywords whose value maps names to schemas. */
const MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** No `$ref` outside the components followed yet. */
const NO_TRAIL: ReadonlySet<string> = new Set();

const cache = new WeakMap<OpenApiDocument, Partial<Record<string, DirectionViews>>>();

/**
 * `declared`: the members the direction leaves out stay declared (optional, never required) rather than dropped, so
 * a closed object (`additionalProperties: false`) still admits them: a judge's view, for which a writeOnly member in
 * an answer is one the document advises against ("SHOULD NOT"), not one its schema forbids.
 */
export function directionViews(document: OpenApiDocument, direction: Direction, declared = false): DirectionViews {
  let entry = cache.get(document);
  if (!entry) cache.set(document, (entry = {}));
  return (entry[`${direction}${declared ? ':declared' : ''}`] ??= build(document, direction, declared));
}

function build(document: OpenApiDocument, direction: Direction, declared: boolean): DirectionViews {
  const flag = LEFT_OUT[direction];
  const root = VIEW_ROOTS[direction];
  const components = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const follow = (node: unknown): unknown => {
    try {
      return resolveRef(document, node);
    } catch {
      return undefined;
    }
  };

  const resolve = (ref: string) => follow({ $ref: ref });
  const marked = (node: unknown) => isMarked(node, flag, resolve);
  /** The names a schema marks (marked-members.ts): its `required` lists leave them out. */
  const markedNames = (node: unknown) => markedMemberNames(node, flag, resolve);

  /** The schema a local `$ref` outside the components reaches (another operation's body, `#/paths/...`). */
  const outside = (ref: unknown): Record<string, any> | undefined => {
    if (typeof ref !== 'string' || !ref.startsWith('#/') || ref.startsWith(COMPONENT)) return undefined;
    let target: unknown;
    try {
      target = followPointer(document, fragmentTokens(ref));
    } catch {
      return undefined;
    }
    return target && typeof target === 'object' && !Array.isArray(target) ? (target as Record<string, any>) : undefined;
  };

  /**
   * Whether a schema marks a member itself (not through a component's `$ref`; through one outside the components,
   * which has no view of its own, it does), and the components it refers to. `trail`: the outside refs followed.
   */
  const scan = (node: unknown, refs: Set<string>, trail: ReadonlySet<string> = NO_TRAIL): boolean => {
    if (Array.isArray(node)) return node.reduce<boolean>((found, item) => scan(item, refs, trail) || found, false);
    if (!node || typeof node !== 'object') return false;
    const s = node as Record<string, any>;
    let found = false;
    if (typeof s.$ref === 'string' && s.$ref.startsWith(COMPONENT))
      refs.add(unescapeToken(s.$ref.slice(COMPONENT.length)));
    const target = trail.has(s.$ref) ? undefined : outside(s.$ref);
    if (target && scan(target, refs, new Set([...trail, s.$ref]))) found = true;
    for (const key of Object.keys(s)) {
      if (DATA.has(key) || key.startsWith('x-')) continue;
      const value = s[key];
      if (MAPS.has(key) && value && typeof value === 'object') {
        for (const member of Object.values(value)) {
          if (key === 'properties' && marked(member)) found = true;
          if (scan(member, refs, trail)) found = true;
        }
      } else if (scan(value, refs, trail)) found = true;
    }
    return found;
  };

  // A component differs where it marks a member itself or refers to one that differs; a discriminating parent
  // also where a schema its discriminator names differs, as each use of the parent is typed as those schemas.
  const refsOf = new Map<string, Set<string>>();
  const differing = new Set<string>();
  for (const [name, schema] of Object.entries(components)) {
    const refs = new Set<string>();
    if (scan(schema, refs)) differing.add(name);
    refsOf.set(name, refs);
  }
  const named = namedByParents(document, components);
  for (const [parent, alternatives] of named) for (const a of alternatives) refsOf.get(parent)?.add(a);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, refs] of refsOf)
      if (!differing.has(name) && [...refs].some((r) => differing.has(r))) {
        differing.add(name);
        changed = true;
      }
  }

  /** A discriminator's mapping with its differing components named by their views (a bare name is a component's). */
  const viewMapping = (mapping: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [value, target] of Object.entries(mapping)) {
      const name =
        typeof target !== 'string'
          ? undefined
          : target.startsWith(COMPONENT)
            ? unescapeToken(target.slice(COMPONENT.length))
            : /[/#]/.test(target)
              ? undefined
              : target;
      Object.defineProperty(out, value, {
        value: name !== undefined && differing.has(name) ? `#/${root}/schemas/${escapeToken(name)}` : target,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };

  /** Whether the direction sees a schema otherwise than as written. */
  const differs = (node: unknown, trail: ReadonlySet<string>): boolean => {
    const refs = new Set<string>();
    return scan(node, refs, trail) || [...refs].some((r) => differing.has(r));
  };

  const view = (node: unknown, dropRequired: ReadonlySet<string>, trail: ReadonlySet<string> = NO_TRAIL): unknown => {
    if (Array.isArray(node)) return node.map((item) => view(item, new Set(), trail));
    if (!node || typeof node !== 'object') return node;
    const s = node as Record<string, any>;
    // A `$ref` outside the components whose target this direction sees otherwise: that target's view, in place.
    const target = trail.has(s.$ref) ? undefined : outside(s.$ref);
    const deeper = target ? new Set([...trail, s.$ref]) : trail;
    if (target && differs(target, deeper)) {
      const { $ref: _, ...siblings } = s;
      if (Object.keys(siblings).every((k) => DATA.has(k)))
        return { ...siblings, ...(view(target, dropRequired, deeper) as object) };
      return view(
        { ...siblings, allOf: [...(Array.isArray(siblings.allOf) ? siblings.allOf : []), target] },
        dropRequired,
        deeper,
      );
    }
    const names = new Set([...dropRequired, ...markedNames(s)]);
    const out: Record<string, unknown> = {};
    const put = (key: string, value: unknown) => {
      // A member named __proto__ is a member like any other.
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    };
    for (const key of Object.keys(s)) {
      const value = s[key];
      if (key === 'discriminator' && value && typeof value === 'object' && value.mapping)
        put(key, { ...value, mapping: viewMapping(value.mapping) });
      else if (DATA.has(key) || key.startsWith('x-')) put(key, value);
      else if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT)) {
        const name = unescapeToken(value.slice(COMPONENT.length));
        put(key, differing.has(name) ? `#/${root}/schemas/${escapeToken(name)}` : value);
      } else if (MAPS.has(key) && value && typeof value === 'object') {
        const map: Record<string, unknown> = {};
        let left = false;
        for (const [name, member] of Object.entries(value)) {
          if (key === 'properties' && marked(member) && !declared) {
            left = true;
            continue;
          }
          Object.defineProperty(map, name, {
            value: view(member, new Set(), trail),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        // An object whose every member was left out says nothing of its members (no `properties: {}`).
        if (!left || Object.keys(map).length) put(key, map);
      } else if (key === 'required' && Array.isArray(value)) {
        const required = value.filter((name) => !names.has(name));
        if (required.length || !value.length) put(key, required);
      } else if (key === 'allOf' && Array.isArray(value))
        put(
          key,
          value.map((member) => view(member, names, trail)),
        );
      else put(key, view(value, new Set(), trail));
    }
    return out;
  };

  // Only the views a body or an answer reaches are kept: a component only answers carry needs no request view.
  const made = new Map<string, JsonSchema>();
  const used = new Set<string>();
  const pending: unknown[] = [];
  const use = (name: string) => {
    if (used.has(name)) return;
    used.add(name);
    const schema = view(components[name], new Set()) as JsonSchema;
    made.set(name, schema);
    pending.push(schema);
    // A use of a discriminating parent is typed as the views of the schemas it names.
    for (const a of named.get(name) ?? []) if (differing.has(a)) use(a);
  };
  const prefix = `#/${root}/schemas/`;
  /** Every view the nodes refer to, and those views' own references in turn. */
  const useReferred = (...nodes: unknown[]) => {
    pending.push(...nodes);
    while (pending.length) {
      const node = pending.pop();
      if (!node || typeof node !== 'object') continue;
      if (Array.isArray(node)) pending.push(...node);
      else
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string' && value.startsWith(prefix))
            use(unescapeToken(value.slice(prefix.length)));
          else if (!DATA.has(key) && value && typeof value === 'object') pending.push(value);
        }
    }
  };
  return {
    get schemas() {
      return Object.fromEntries([...made].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    },
    of(written) {
      const schema = outsideComponents(document, written);
      if (!schema || typeof schema !== 'object') return undefined;
      const ref = (schema as { $ref?: unknown }).$ref;
      const plainRef = typeof ref === 'string' && Object.keys(schema).every((k) => k === '$ref' || DATA.has(k));
      if (plainRef && ref.startsWith(COMPONENT)) {
        const name = unescapeToken(ref.slice(COMPONENT.length));
        if (!differing.has(name)) return undefined;
        use(name);
        useReferred();
        return { component: name };
      }
      const refs = new Set<string>();
      const own = scan(schema, refs);
      if (!own && ![...refs].some((r) => differing.has(r))) return undefined;
      const seen = view(schema, new Set()) as JsonSchema;
      useReferred(seen);
      return { own: seen };
    },
  };
}

/**
 * The schema a plain `$ref` outside the components leads to (a body written as another operation's,
 * `#/paths/~1things/post/requestBody/content/application~1json/schema`), followed until a schema of its own or a
 * component's reference: its view is that schema's. Any other schema as it is.
 */
function outsideComponents(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  const seen = new Set<string>();
  let current: unknown = schema;
  for (;;) {
    const ref = (current as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/') || ref.startsWith(COMPONENT) || seen.has(ref)) break;
    if (!Object.keys(current as object).every((k) => k === '$ref' || DATA.has(k))) break;
    seen.add(ref);
    let next: unknown;
    try {
      next = followPointer(document, fragmentTokens(ref));
    } catch {
      break;
    }
    if (!next || typeof next !== 'object') break;
    current = next;
  }
  return current as JsonSchema | undefined;
}

/**
 * For each discriminating parent among the components, the components its discriminator names: its children
 * (their allOf names it) and its mapping's targets that are components.
 */
function namedByParents(document: OpenApiDocument, components: Record<string, JsonSchema>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [schema, family] of familiesOf(document)) {
    const names = new Set(family.children);
    for (const target of Object.values<unknown>((schema as Record<string, any>).discriminator?.mapping ?? {})) {
      if (typeof target !== 'string') continue;
      const name = target.startsWith(COMPONENT)
        ? unescapeToken(target.slice(COMPONENT.length))
        : /[/#]/.test(target)
          ? undefined
          : target;
      if (name !== undefined && name !== family.name && Object.hasOwn(components, name)) names.add(name);
    }
    out.set(family.name, [...names]);
  }
  return out;
}
