// What json-schema-faker draws wrong, rewritten for the round trip's draws only (the package's validator still
// judges each value against the schema as written):
// - `format: byte` without a pattern: json-schema-faker draws letters of any length, where base64 (RFC 4648, which
//   Prism checks) comes in groups of four; drawn from a pattern of such groups instead.
// - a string of `format: int64` (or uint64) without a pattern: the digits of an integer, as the generated server
//   reads it (validator-schemas.ts), where json-schema-faker draws any text.
// - a string of `format: url` without a pattern: an https URL, where json-schema-faker knows no such format and
//   draws text the validator (ajv-formats' url) refuses.
// - a number of `format: int32`, `int64` or `uint64`: an integer (the generated server and Prism take no other),
//   where json-schema-faker draws fractions.
// - a number with a lower bound and no upper one: json-schema-faker 0.6 draws below the bound (1858 for
//   `minimum: 1869`); drawn with an upper bound a thousand above it.
// - a discriminating parent (children inherit its discriminator through allOf): its property is any string to
//   json-schema-faker, where the validator takes only the values the discriminator names (mapping keys, children's
//   names, the parent's own); drawn from those values.
// - a discriminating parent used itself: drawn as one of its children, each child with its own value, as the
//   engine draws it (contracts/engine/discriminator-draws.ts), also where the parent's own property lists the
//   values (azure deploymentScripts' `kind`): drawn as the parent, the value lacked the members of the child its
//   value names, which the validator requires.
// - an integer bound past what a JSON number holds exactly (spectrocoin's int64 ids, `maximum:
//   9223372036854776000`): the generated server's validators hold integers to 2^53 - 1 either way
//   (validator-schemas.ts), where json-schema-faker drew up to the bound; drawn within it.
// - a string whose maxLength is past any body the round trip sends (PagerDuty's scripts, 16,777,215 bytes):
//   json-schema-faker draws it at up to that length, seconds a draw and as many in garbage collection, for a value
//   too large to send; drawn at most LONGEST_STRING long (or its minLength).
// - for a request (`drawable(document, 'request')`), a readOnly member is left out (OpenAPI: SHOULD NOT be sent;
//   Prism refuses it where the object is closed): json-schema-faker's ignoreProperties hook misses the mark beside
//   an allOf or a `$ref` (e-conomic's `employeeType: {allOf: [{$ref: EmployeeType}], readOnly: true}`), which it
//   resolves to the composition alone first.
import { drawComponents } from '../../contracts/engine/discriminator-draws.js';
import { familiesOf, type OpenApiDocument, resolveRef } from '../../generator/model/index.js';
import { isMarked, markedNames } from '../../generator/model/marked-members.js';

const BASE64 = '^(?:[A-Za-z0-9+/]{4}){0,8}$';
/** The digits the generated server takes for a string of a 64-bit format (Google's ids and counts). */
const INTEGER_TEXT: Record<string, string> = { int64: '^-?[1-9][0-9]{0,14}$', uint64: '^[1-9][0-9]{0,14}$' };
/** A URL ajv-formats' `url` takes, where json-schema-faker knows no `format: url` (appwrite's favicon `url`). */
const URL_TEXT = '^https://example\\.com/[a-z0-9]{0,12}$';
/** The formats of whole numbers (OpenAPI's format registry), whatever the JSON type says. */
const WHOLE_FORMATS = new Set(['int32', 'int64', 'uint64']);
const COMPONENT = '#/components/schemas/';
/** The longest string drawn where a schema allows longer (a sixty-fourth of a draw's largest size, roundtrip-draw.ts). */
const LONGEST_STRING = 4096;
/** Keywords that say what a schema is without constraining its values. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'externalDocs']);
/** Keywords whose value is data, not schemas. */
const DATA = new Set(['enum', 'const', 'default', 'example', 'examples', 'discriminator', 'xml', 'externalDocs']);

export interface Drawable {
  /** The components as drawn. */
  components: unknown;
  /** The paths as drawn, for `$ref`s into them (a response's schema named by another operation's). */
  paths: Record<string, unknown>;
  /** A schema as drawn: a component's drawable copy, or an inline schema rewritten. */
  of(schema: unknown): unknown;
}

const caches = { request: new WeakMap<OpenApiDocument, Drawable>(), answer: new WeakMap<OpenApiDocument, Drawable>() };

export function drawable(document: OpenApiDocument, direction: 'request' | 'answer' = 'answer'): Drawable {
  const cache = caches[direction];
  const known = cache.get(document);
  if (known) return known;
  const enums = discriminatorValues(document);
  const resolve = (ref: string) => {
    try {
      return resolveRef(document, { $ref: ref });
    } catch {
      return undefined;
    }
  };
  const copies = new Map<object, unknown>();
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const s = node as Record<string, any>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) out[k] = DATA.has(k) || k.startsWith('x-') ? v : rewrite(v);
    // Marked as the model reads the marks (marked-members.ts): on the member, through its `$ref` or an allOf member
    // (Cloudflare's `scope`, `allowed_modes`), and a `required` beside them released.
    if (direction === 'request' && s.properties && typeof s.properties === 'object' && !Array.isArray(s.properties)) {
      const readOnly = Object.keys(s.properties).filter((k) => isMarked(s.properties[k], 'readOnly', resolve));
      if (readOnly.length)
        out.properties = Object.fromEntries(
          Object.entries(out.properties as Record<string, unknown>).filter(([k]) => !readOnly.includes(k)),
        );
    }
    if (direction === 'request' && Array.isArray(s.required)) {
      const released = markedNames(s, 'readOnly', resolve);
      if (released.size) out.required = s.required.filter((k: unknown) => !released.has(k as string));
    }
    // A pointer written percent-encoded (`#/paths/~1chargers~1%7BchargerId%7D/...`, as a URI fragment may be), which
    // json-schema-faker looks up as written.
    if (typeof s.$ref === 'string' && s.$ref.includes('%')) out.$ref = percentDecoded(s.$ref);
    if (s.format === 'byte' && s.pattern === undefined && s.enum === undefined && s.const === undefined)
      out.pattern = BASE64;
    if (INTEGER_TEXT[s.format] && s.type === 'string' && s.pattern === undefined && s.enum === undefined)
      out.pattern = INTEGER_TEXT[s.format];
    if (s.format === 'url' && s.pattern === undefined && s.enum === undefined && s.const === undefined) {
      out.pattern = URL_TEXT;
      delete out.format;
    }
    if (s.type === 'number' && WHOLE_FORMATS.has(s.format)) out.type = 'integer';
    const wrapped = Array.isArray(s.allOf) && s.allOf.length === 1 ? s.allOf[0] : undefined;
    if (
      wrapped &&
      typeof wrapped.$ref === 'string' &&
      Object.keys(wrapped).length === 1 &&
      Object.keys(s).every((k) => k === 'allOf' || ANNOTATIONS.has(k) || k.startsWith('x-'))
    ) {
      delete out.allOf;
      out.$ref = (rewrite(wrapped) as { $ref: string }).$ref;
    }
    if (typeof s.maxLength === 'number' && s.maxLength > LONGEST_STRING)
      out.maxLength = Math.max(LONGEST_STRING, typeof s.minLength === 'number' ? s.minLength : 0);
    const low = typeof s.minimum === 'number' ? s.minimum : s.exclusiveMinimum;
    if (typeof low === 'number' && s.maximum === undefined && s.exclusiveMaximum === undefined)
      out.maximum = low + 1000;
    if (s.type === 'integer' || (s.type === 'number' && WHOLE_FORMATS.has(s.format))) {
      if (typeof out.maximum === 'number' && out.maximum > Number.MAX_SAFE_INTEGER)
        out.maximum = Number.MAX_SAFE_INTEGER;
      if (typeof out.minimum === 'number' && out.minimum < -Number.MAX_SAFE_INTEGER)
        out.minimum = -Number.MAX_SAFE_INTEGER;
    }
    const values = enums.get(node);
    if (values) {
      const property = s.discriminator.propertyName as string;
      const own = s.properties?.[property];
      out.properties = { ...(out.properties as object), [property]: { ...own, type: 'string', enum: values } };
    }
    return out;
  };
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  // Each discriminating family as the engine draws it: a parent used itself is one of its children (or a value its
  // own list holds that names none), so that the children's required members are drawn too.
  const families = drawComponents(document).schemas as Record<string, unknown>;
  const drawnSchemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const copy = rewrite(families[name]);
    drawnSchemas[name] = copy;
    if (schema && typeof schema === 'object') copies.set(schema, copy);
  }
  const made: Drawable = {
    components: { ...document.components, schemas: drawnSchemas },
    paths: rewrite(document.paths ?? {}) as Record<string, unknown>,
    of: (schema) => (schema && typeof schema === 'object' && copies.get(schema)) ?? rewrite(schema),
  };
  cache.set(document, made);
  return made;
}

/**
 * The values each discriminating parent's property takes (a parent whose property lists none of its own): its
 * mapping's keys, the names of the children no mapping entry names, and its own name.
 */
function discriminatorValues(document: OpenApiDocument): Map<object, string[]> {
  const out = new Map<object, string[]>();
  for (const [schema, family] of familiesOf(document)) {
    const s = schema as Record<string, any>;
    const own = s.properties?.[s.discriminator.propertyName];
    if (own && typeof own === 'object' && (Array.isArray(own.enum) || 'const' in own)) continue;
    const mapping = (s.discriminator.mapping ?? {}) as Record<string, unknown>;
    const targets = new Set(
      Object.values(mapping)
        .filter((t): t is string => typeof t === 'string')
        .map((t) => (t.startsWith(COMPONENT) ? t.slice(COMPONENT.length) : t)),
    );
    const values = new Set(Object.keys(mapping));
    for (const child of family.children) if (!targets.has(child)) values.add(child);
    values.add(family.name);
    out.set(schema, [...values]);
  }
  return out;
}

function percentDecoded(ref: string): string {
  try {
    return decodeURIComponent(ref);
  } catch {
    return ref;
  }
}
