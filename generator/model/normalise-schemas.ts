// The schemas of a bundled document in the form the validators (JSON Schema 2020-12, regular expressions in
// unicode mode) and the type emitter read: OpenAPI 3.0's own schema forms become their 2020-12 equivalents, and
// a pattern written for JavaScript's non-unicode mode is rewritten to mean the same in unicode mode. What cannot
// be honoured is reported with the JSON pointer of its place and left out, never silently.
import { linearPatternError } from '../../templates/runtime/server/linear-regexp.js';
import { type OpenApiDocument, resolveRef } from './ref.js';
import { escapeToken, followPointer, fragmentTokens } from './json-pointer.js';
import { closedBeside, closedMembers } from './closed-members.js';
import { delimitedPattern } from './delimited-patterns.js';
import { disjointMember, disjointTypes } from './disjoint-types.js';
import { holdsTarget, mappingTarget } from './discriminator-families.js';

/** A place that cannot be honoured as written: its JSON pointer and what happens instead. */
export interface SchemaWarning {
  pointer: string;
  message: string;
}

/** Keys whose values are data, not schemas: never rewritten. */
const DATA_KEYS = new Set(['example', 'examples', 'enum', 'const', 'default']);
/** Keys whose values are maps from names to schemas: the map itself is not a schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const COUNT = { name: 'a non-negative integer', accepts: isCount };
const NUMBER = { name: 'a number', accepts: (v: unknown) => typeof v === 'number' && Number.isFinite(v) };
/**
 * JSON Schema's validation keywords whose values have one type (draft 2020-12, section 6) and which no OpenAPI
 * object outside a schema uses (unlike `required`, a boolean on a parameter): another type is warned about and
 * dropped (api.video's `pattern: 0`).
 */
const KEYWORD_VALUES: ReadonlyArray<readonly [string, { name: string; accepts: (v: unknown) => boolean }]> = [
  ['pattern', { name: 'a string', accepts: (v) => typeof v === 'string' }],
  ['format', { name: 'a string', accepts: (v) => typeof v === 'string' }],
  ['multipleOf', { name: 'a number above 0', accepts: (v) => NUMBER.accepts(v) && (v as number) > 0 }],
  ['maximum', NUMBER],
  ['minimum', NUMBER],
  ['maxLength', COUNT],
  ['minLength', COUNT],
  ['maxItems', COUNT],
  ['minItems', COUNT],
  ['maxProperties', COUNT],
  ['minProperties', COUNT],
  ['uniqueItems', { name: 'a boolean', accepts: (v) => typeof v === 'boolean' }],
];

/** `type`'s value in JSON Schema: a name, or a list of names. */
const isTypeValue = (v: unknown) =>
  typeof v === 'string' || (Array.isArray(v) && v.every((t) => typeof t === 'string'));

/** Whether a JSON value is of a JSON Schema type. */
function ofType(value: unknown, type: string): boolean {
  if (type === 'null') return value === null;
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);
  if (type === 'integer') return Number.isInteger(value);
  // An unknown type name constrains nothing here: ajv names it.
  return type === 'string' || type === 'number' || type === 'boolean' ? typeof value === type : true;
}

/** Keys whose value is one schema. */
const SCHEMA_KEYS = new Set([
  'schema',
  'items',
  'not',
  'additionalProperties',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
/** Keys whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

/**
 * Whether the node at `path` is surely a schema (where `type` is a keyword, not a name in a map or a security
 * scheme's field): a component schema, an entry of a schema map, the value of a schema keyword, a member of a list.
 */
function isSchemaPlace(path: readonly string[]): boolean {
  const n = path.length;
  if (n === 3 && path[0] === 'components' && path[1] === 'schemas') return true;
  if (n >= 1 && SCHEMA_KEYS.has(path[n - 1]!)) return true;
  return n >= 2 && (SCHEMA_MAPS.has(path[n - 2]!) || SCHEMA_LISTS.has(path[n - 2]!));
}

/**
 * Whether the node at `path` maps names the document chose to objects (the components' maps, a response's or an
 * encoding's headers): a name there such as `x-idempotency-key` (Open Banking's parameter) is no extension.
 */
const namesMap = (path: readonly string[]) =>
  (path.length === 2 && path[0] === 'components') || path[path.length - 1] === 'headers';

/** Fields that are text wherever OpenAPI and JSON Schema have them: another type is warned about and dropped. */
const TEXT_KEYS = ['title', 'summary', 'description', 'operationId'];
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Whether the node at `path` is an operation (`paths/<path>/<method>`) or the info object. */
const textFieldsHere = (path: string[]) =>
  (path.length === 1 && path[0] === 'info') ||
  (path.length === 3 && (path[0] === 'paths' || path[0] === 'webhooks') && HTTP_METHODS.has(path[2]!));

/**
 * The document with every schema normalised; the original is left as it was (it is what the generated package's
 * openapi.json holds): the nodes that change, and the nodes above them, are copies; the rest is shared with it.
 */
export function normaliseSchemas(document: OpenApiDocument, warn: (warning: SchemaWarning) => void): OpenApiDocument {
  const openapi30 = /^3\.0\./.test(String(document.openapi ?? ''));
  // The keys on the way to the node walked; its JSON pointer is made only for a warning.
  const path: string[] = [];
  // The distinct internal references met, checked against the normalised document at the end.
  const refs = new Set<string>();
  // Each discriminator's mapping entries (names, not $refs: no loader follows them), by the mapping's pointer.
  const mappings = new Map<string, [value: string, target: string][]>();
  const lookup = (ref: string): unknown => {
    try {
      return resolveRef(document, { $ref: ref });
    } catch {
      return undefined;
    }
  };
  const pointerHere = () => {
    let pointer = '#';
    for (const segment of path) pointer += `/${escapeToken(segment)}`;
    return pointer;
  };
  const walk = (node: unknown, isMap: boolean): unknown => {
    if (!node || typeof node !== 'object') return node;
    if (Array.isArray(node)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        const item = node[i];
        path.push(String(i));
        const normalised = walk(item, false);
        path.pop();
        if (normalised !== item) (copy ??= node.slice())[i] = normalised;
      }
      return copy ?? node;
    }
    const source = node as Record<string, unknown>;
    // Copied only where something below or here changes: most of a large document passes as it is.
    let out: Record<string, unknown> | undefined;
    const writable = () => (out ??= shallowCopy(source));
    for (const key of Object.keys(source)) {
      // A copy, as the object every node was before: `__proto__` is then its prototype, not a name.
      if (key === '__proto__') writable();
      // The root's maps of webhook names to path items (3.0's extension included) are walked as maps: a name is no keyword.
      const webhooks = path.length === 0 && (key === 'webhooks' || key === 'x-webhooks');
      if (isMap || webhooks || !(DATA_KEYS.has(key) || key.startsWith('x-'))) {
        const value = source[key];
        path.push(key);
        const normalised = walk(value, webhooks || (!isMap && (SCHEMA_MAPS.has(key) || namesMap(path))));
        path.pop();
        if (normalised !== value || out) writable()[key] = normalised;
      }
    }
    if (isMap) return out ?? source;
    if (typeof source.$ref === 'string' && source.$ref.startsWith('#/')) refs.add(source.$ref);
    const mapping = (source.discriminator as { mapping?: unknown } | undefined)?.mapping;
    if (mapping && typeof mapping === 'object' && !Array.isArray(mapping))
      mappings.set(
        `${pointerHere()}/discriminator/mapping`,
        Object.entries(mapping).flatMap(([value, target]) =>
          typeof target === 'string' ? [[value, mappingTarget(target)] as [string, string]] : [],
        ),
      );
    for (const key of TEXT_KEYS) {
      const value = (out ?? source)[key];
      if (value === undefined || typeof value === 'string') continue;
      // A map's entry may have any of these names (a schema called `title`): an object is taken for a wrong type
      // only where the node is an operation or the info object, whose fields these are.
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && !textFieldsHere(path)) continue;
      warn({
        pointer: `${pointerHere()}/${escapeToken(key)}`,
        message: `not a string (${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}); ignored`,
      });
      delete writable()[key];
    }
    for (const [key, expected] of KEYWORD_VALUES) {
      const value = (out ?? source)[key];
      if (value === undefined || expected.accepts(value)) continue;
      // An object here is an entry of a map of names (a schema or parameter called `format`), not a keyword's value.
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) continue;
      // ajv refuses the whole schema over one such value; other tools skip the keyword: so does the package.
      warn({
        pointer: `${pointerHere()}/${escapeToken(key)}`,
        message: `${JSON.stringify(value)} is not ${expected.name}; this \`${key}\` is ignored`,
      });
      delete writable()[key];
    }
    const type = (out ?? source).type;
    if (type !== undefined && !isTypeValue(type) && isSchemaPlace(path)) {
      // codat's `itemType: {type: {type: 'string', enum: [...]}}`: a schema wrapped in `type`, which ajv refuses.
      warn({
        pointer: `${pointerHere()}/type`,
        message: `${typeof type === 'object' ? 'an object' : JSON.stringify(type)} is not a type name or a list of them; this \`type\` is ignored`,
      });
      delete writable().type;
    }
    const pattern = (out ?? source).pattern;
    if (typeof pattern === 'string') {
      const unicode = unicodePattern(pattern);
      // What RE2 refuses (lookaround, backreferences) has no linear-time engine: a crafted value could hold the
      // server, so the pattern is not checked rather than run on a backtracking engine.
      const linear = unicode === undefined ? undefined : linearPatternError(unicode);
      if (unicode === undefined) {
        warn({
          pointer: `${pointerHere()}/pattern`,
          message: `pattern ${pattern} is not a valid regular expression; not checked`,
        });
        delete writable().pattern;
      } else if (linear !== undefined) {
        warn({
          pointer: `${pointerHere()}/pattern`,
          message: `pattern ${pattern} needs a backtracking engine (${linear}); not checked, only linear-time patterns are`,
        });
        delete writable().pattern;
      } else {
        const literal = delimitedPattern(pattern);
        // sinao's `/^3[A-Z]{3,}$/i`: checked as written, as ajv and Prism check it, and said.
        if (literal)
          warn({
            pointer: `${pointerHere()}/pattern`,
            message: `pattern ${pattern} is written as a regular expression literal (between slashes${literal.flags ? `, flags ${literal.flags}` : ''}), which JSON Schema's patterns are not; checked as written, it ${literal.matchesNothing ? 'matches no string (its `^` or `$` sits beside a slash): no value is valid here' : 'matches only strings holding both slashes'}. The pattern meant is likely ${literal.inner}`,
          });
        if (unicode !== pattern) writable().pattern = unicode;
      }
    }
    const allOf = (out ?? source).allOf;
    const disjoint = Array.isArray(allOf) ? disjointTypes(document, allOf) : undefined;
    if (disjoint)
      warn({
        pointer: `${pointerHere()}/allOf`,
        message: `its members' types (${disjoint.join(' and ')}) have no value in common: no value is valid here`,
      });
    if (Array.isArray(allOf))
      for (const closed of closedMembers(out ?? source, lookup)) {
        const names = closed.unlisted.map((n) => JSON.stringify(n)).join(', ');
        warn({
          pointer: `${pointerHere()}/allOf/${closed.index}`,
          message:
            closed.additional === false
              ? `a closed member (additionalProperties: false) that lists no ${names}, which the schema declares beside it (another member, or its own properties): JSON Schema checks each member alone and admits no value holding them; validated as Prism reads it, the members merged (they are admitted, other members still refused)`
              : `a member whose additionalProperties holds every property it does not list to its schema, and lists no ${names}, which the schema declares beside it (another member, or its own properties): JSON Schema holds them to that schema too; validated as Prism reads it, the members merged (they are checked as their own members say)`,
        });
      }
    const beside = Array.isArray(allOf) ? closedBeside(out ?? source, lookup) : undefined;
    if (beside)
      warn({
        pointer: `${pointerHere()}/additionalProperties`,
        message: `additionalProperties beside an allOf whose members declare ${beside.unlisted.map((n) => JSON.stringify(n)).join(', ')}, which the properties beside it do not list: JSON Schema's additionalProperties sees only those, and ${beside.additional === false ? 'refuses' : 'holds to its schema'} the members' own; validated as Prism reads it, the members merged (they are checked as their members say)`,
      });
    // Cloudflare's envelopes: `result` an object in the common envelope, an array in the list's own member.
    const clash = Array.isArray(allOf) && !disjoint ? disjointMember(document, out ?? source) : undefined;
    if (clash)
      warn({
        pointer: `${pointerHere()}/allOf`,
        message: `its members type member ${clash.name} ${clash.types.join(' and ')}, which no value is at once: ${clash.required ? 'no value is valid here' : `a value is valid only without ${clash.name}`}`,
      });
    const id = (out ?? source).id;
    if (typeof id === 'string') {
      // Draft 4's identifier, which 2020-12 spells `$id` and ajv refuses: the schema is checked without it.
      warn({
        pointer: `${pointerHere()}/id`,
        message: `draft-04 \`id\` (${id}) is not a 2020-12 keyword; ignored (references are read from the document)`,
      });
      delete writable().id;
    }
    const tuple = (out ?? source).items;
    if (Array.isArray(tuple)) {
      // Draft 4's tuple (what Redoc's demo and older documents write; OpenAPI asks for one schema): 2020-12 spells
      // the positions `prefixItems` and what may follow them `items` (draft 4's `additionalItems`).
      warn({
        pointer: `${pointerHere()}/items`,
        message: 'an array of schemas under `items` (draft-04 tuple) is read as 2020-12 `prefixItems`',
      });
      const schema = writable();
      schema.prefixItems = tuple;
      delete schema.items;
      if ('additionalItems' in schema) {
        schema.items = schema.additionalItems;
        delete schema.additionalItems;
      }
    }
    const listed = (out ?? source).enum;
    const declared = (out ?? source).type;
    // 3.0's nullable, not yet read as a type here, admits null too (Cloudflare's deleted `result`: `enum: [null]`).
    const nullable = (out ?? source).nullable === true;
    if (
      Array.isArray(listed) &&
      listed.length > 0 &&
      isTypeValue(declared) &&
      !listed.some(
        (value) =>
          (nullable && value === null) ||
          ([] as string[]).concat(declared as string | string[]).some((t) => ofType(value, t)),
      )
    ) {
      // Mercedes-Benz's `type: object` with an enum of names: no value is both; honoured (JSON Schema accepts none)
      // and said, and openapi-typescript, which reads such an enum as schemas, is not handed it.
      warn({
        pointer: `${pointerHere()}/enum`,
        message: `none of the enum's values is of the type ${JSON.stringify(declared)}: no value is valid here; checked as \`not: {}\``,
      });
      const schema = writable();
      delete schema.enum;
      schema.not = {};
    }
    const only = (out ?? source).type;
    const nullOnly = only === 'null' || (Array.isArray(only) && only.length === 1 && only[0] === 'null');
    const keyword = ['oneOf', 'anyOf'].find((k) => Array.isArray((out ?? source)[k]));
    if (nullOnly && keyword && (out ?? source).nullable !== true) {
      const branches = (out ?? source)[keyword] as unknown[];
      // Vercel's `EdgeConfigItemValue`: `type: null` beside a oneOf of string, number, ... arrays of itself, none of
      // which is null, so no value is both (a union with null meant). Honoured as JSON Schema reads it and said;
      // openapi-typescript, which writes `null & (...)`, a type that refers to itself unresolvably, is not handed it.
      const typedWithoutNull = (b: unknown) =>
        !!b &&
        typeof b === 'object' &&
        !('$ref' in b) &&
        isTypeValue((b as Record<string, unknown>).type) &&
        !([] as unknown[]).concat((b as Record<string, unknown>).type).includes('null') &&
        (b as Record<string, unknown>).nullable !== true;
      if (branches.length > 0 && branches.every(typedWithoutNull)) {
        warn({
          pointer: `${pointerHere()}/type`,
          message: `\`type: null\` beside a ${keyword} none of whose branches admits null: no value is valid here; checked as \`not: {}\``,
        });
        const schema = writable();
        delete schema[keyword];
        schema.not = {};
      }
    }
    const values = (out ?? source).enum;
    if (Array.isArray(values) && values.length === 0) {
      // JSON Schema asks for at least one value; an empty list accepts none, which `not: {}` says validly.
      warn({ pointer: `${pointerHere()}/enum`, message: 'an empty enum accepts no value; checked as `not: {}`' });
      const schema = writable();
      delete schema.enum;
      schema.not = {};
    }
    const schema = out ?? source;
    return changedIn30(schema, openapi30) ? fromOpenApi30(writable(), openapi30) : schema;
  };
  const normalised = walk(document, false) as OpenApiDocument;
  // A reference into what normalising left out (3.0's ignored siblings of a `$ref`, where dnd5eapi's document points)
  // is replaced by the schema written there. One to nothing at all is left to the loader and ajv, which name it.
  const lost = new Map<string, unknown>();
  for (const ref of refs) {
    const keys = fragmentTokens(ref);
    if (followPointer(normalised, keys) !== undefined) continue;
    const written = followPointer(document, keys);
    if (written === undefined) continue;
    warn({
      pointer: ref,
      message:
        "a $ref into a place OpenAPI 3.0 ignores (a $ref's siblings); the schema written there is used in its stead",
    });
    path.push(...keys);
    lost.set(ref, walk(written, false));
    path.length = 0;
  }
  const result = lost.size === 0 ? normalised : (replaceRefs(normalised, lost) as OpenApiDocument);
  for (const [pointer, entries] of mappings) {
    // Another file's schema is not read (a mapping value is no $ref a bundler brings in): such a value is checked
    // by the discriminating schema alone, one warning a mapping (DigitalOcean's carry dozens).
    const missing = entries.filter(([, target]) => !holdsTarget(result, target));
    if (missing.length === 0) continue;
    const named = missing.slice(0, 3).map(([value, target]) => `${JSON.stringify(value)} -> ${JSON.stringify(target)}`);
    if (missing.length > 3) named.push(`${missing.length - 3} more`);
    warn({
      pointer,
      message: `${missing.length} of its ${entries.length} values name a schema this document does not hold (${named.join(', ')}); those select no schema`,
    });
  }
  return result;
}

/** `node` with every `{$ref}` whose target is in `replacements` replaced by that schema (a copy where it changes). */
function replaceRefs(
  node: unknown,
  replacements: ReadonlyMap<string, unknown>,
  done = new Map<object, unknown>(),
): unknown {
  if (!node || typeof node !== 'object') return node;
  // Normalised documents share nodes: each is replaced once, and every place that holds it gets the same result.
  if (done.has(node)) return done.get(node);
  done.set(node, node);
  let result: unknown = node;
  if (Array.isArray(node)) {
    const items = node.map((item) => replaceRefs(item, replacements, done));
    if (items.some((item, i) => item !== node[i])) result = items;
  } else {
    const source = node as Record<string, unknown>;
    const ref = source.$ref;
    if (typeof ref === 'string' && replacements.has(ref)) {
      const { $ref: _ref, ...rest } = source;
      const target = replacements.get(ref);
      result =
        Object.keys(rest).length === 0 ? target : { ...rest, allOf: [...((rest.allOf as unknown[]) ?? []), target] };
    } else {
      let out: Record<string, unknown> | undefined;
      for (const key of Object.keys(source)) {
        if (DATA_KEYS.has(key) || key.startsWith('x-')) continue;
        const value = replaceRefs(source[key], replacements, done);
        if (value !== source[key]) (out ??= { ...source })[key] = value;
      }
      if (out) result = out;
    }
  }
  done.set(node, result);
  return result;
}

/** The object as a loop of assignments copies it (what the walk made of every node before it copied on write). */
function shallowCopy(source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) out[key] = source[key];
  return out;
}

/**
 * Whether fromOpenApi30 changes the schema: a reference alone is left as it is (fromOpenApi30 would make an equal
 * copy of it).
 */
function changedIn30(schema: Record<string, unknown>, openapi30: boolean): boolean {
  if (typeof schema.exclusiveMinimum === 'boolean' || typeof schema.exclusiveMaximum === 'boolean') return true;
  if (typeof schema.$ref === 'string' && openapi30) {
    for (const key in schema) if (key !== '$ref') return true;
    return false;
  }
  return typeof schema.nullable === 'boolean';
}

const TYPE_NAMES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/**
 * OpenAPI 3.0's schema forms as JSON Schema 2020-12 says them; objects that are not schemas pass unchanged. A 3.1
 * document that still writes `nullable` or a boolean `exclusiveMinimum` (neither means anything else in 2020-12)
 * means them as 3.0 does; only 3.0 ignores a `$ref`'s siblings.
 */
function fromOpenApi30(schema: Record<string, unknown>, openapi30: boolean): Record<string, unknown> {
  exclusiveBound(schema, 'exclusiveMinimum', 'minimum');
  exclusiveBound(schema, 'exclusiveMaximum', 'maximum');
  if (typeof schema.$ref === 'string' && openapi30) {
    // 3.0 ignores a reference's siblings; `nullable` beside it is how documents say "or null".
    const nullable = schema.nullable === true;
    return nullable ? { anyOf: [{ $ref: schema.$ref }, { type: 'null' }] } : { $ref: schema.$ref };
  }
  if (typeof schema.nullable !== 'boolean') return schema;
  const { nullable, ...rest } = schema;
  if (!nullable) return rest;
  if (typeof rest.type === 'string' && TYPE_NAMES.has(rest.type)) {
    rest.type = [rest.type, 'null'];
    if (Array.isArray(rest.enum) && !rest.enum.includes(null)) rest.enum = [...rest.enum, null];
    return rest;
  }
  // No type (allOf / oneOf / anyOf, or nothing at all): null is one more alternative.
  const constraining = Object.keys(rest).some((k) => !ANNOTATIONS.has(k));
  return constraining ? { anyOf: [rest, { type: 'null' }] } : rest;
}

/** 3.0: a flag on minimum / maximum; 2020-12: the bound itself. */
function exclusiveBound(schema: Record<string, unknown>, flagKey: string, boundKey: string): void {
  const flag = schema[flagKey];
  if (typeof flag !== 'boolean') return;
  const bound = schema[boundKey];
  if (flag && typeof bound === 'number') {
    schema[flagKey] = bound;
    delete schema[boundKey];
  } else delete schema[flagKey];
}

const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

/**
 * The pattern as unicode mode reads it: unchanged when valid there; otherwise, when JavaScript's non-unicode mode
 * takes it, with its identity escapes (`\:`, `\-` outside a class, `\_`) written as the characters they stand for,
 * which is what non-unicode mode means by them. Undefined when neither mode takes it.
 */
export function unicodePattern(pattern: string): string | undefined {
  if (valid(pattern, 'u')) return pattern;
  if (!valid(pattern, '')) return undefined;
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      i++;
      const keep = /[A-Za-z0-9^$\\.*+?()[\]{}|/]/.test(next) || (inClass && next === '-');
      out += keep ? `\\${next}` : next;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return valid(out, 'u') ? out : undefined;
}

function valid(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}
