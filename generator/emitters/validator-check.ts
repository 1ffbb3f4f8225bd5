// Generate-time guarantee for the validators: every schema the server runtime's ajv would refuse to compile (on
// its operation's first request, the validators being compiled lazily) is found at generation, with its JSON
// pointer. Compiling every schema would cost more than the rest of a large document's generation, so a linear walk
// over the schemas, as ajv walks them, finds the candidates. With the runtime's options (strict mode off, no
// meta-schema check) ajv's compile refuses: a keyword value of a JSON type the keyword's definition does not take
// (the table is read from ajv itself), a `type` that names no JSON type, a pattern that is not a regular
// expression in unicode mode (a key of patternProperties too), a `$ref` that resolves to nothing, `nullable`
// without `type`, an empty `enum`, a
// `dependentRequired` entry that is not a list, `id` and `$async`; identifiers that move the base URI (`$id`, anchors, `$schema`) make a candidate too.
// Each candidate is then compiled by the runtime's own code (templates/runtime/server/validators.ts) and only a
// refusal is reported, so nothing ajv accepts is refused here. test/generator/validator-check.test.ts holds the
// cases, and checks on the corpus that the walk finds nothing where every schema compiles.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { lazyValidators, type ValidatorSchemas } from '../../templates/runtime/server/validators.js';
import type { SchemaOrigin, ValidatorSet } from './validators.js';
import { linearPatternError } from '../../templates/runtime/server/linear-regexp.js';
import { escapeToken, followPointer, fragmentTokens, unescapeToken } from '../model/json-pointer.js';

export interface RefusedSchema {
  /** The JSON pointer of the refused schema (or its part) in the spec. */
  pointer: string;
  /** ajv's reason. */
  message: string;
}

interface Candidate {
  /** Compiled to confirm: the schema itself, or a reference to a component. */
  schema: object;
  pointer: string;
}

/** Identifiers that move the base URI or name a schema: ajv may clash on them, so a schema with one is compiled. */
const IDENTIFIERS = new Set([
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveRef',
  '$recursiveAnchor',
  '$schema',
  // An asynchronous schema inside the runtime's synchronous validators.
  '$async',
  // ajv refuses `id` outright ("use $id").
  'id',
]);

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);

/** Keywords whose value is one schema, a list of schemas, or a map of schemas (where ajv compiles subschemas). */
const ONE_SCHEMA = new Set([
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'additionalProperties',
  'items',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);

let keywordTypes: Map<string, string[]> | undefined;

/** The JSON types ajv takes for each keyword's value (its keyword definitions' `schemaType`), from ajv itself. */
function valueTypes(): Map<string, string[]> {
  if (!keywordTypes) {
    const rules = (new Ajv2020({ strict: false }) as unknown as { RULES: { all: Record<string, unknown> } }).RULES.all;
    keywordTypes = new Map();
    for (const [keyword, rule] of Object.entries(rules)) {
      const types = (rule as { definition?: { schemaType?: string[] } })?.definition?.schemaType;
      if (Array.isArray(types) && types.length) keywordTypes.set(keyword, types);
    }
  }
  return keywordTypes;
}

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** A pattern the runtime compiles: valid in unicode mode and taken by its linear-time engine (RE2). */
function isRegExp(source: string): boolean {
  try {
    new RegExp(source, 'u');
  } catch {
    return false;
  }
  return linearPatternError(source) === undefined;
}

/**
 * Where in a schema something is that ajv's compile may refuse (see the top of the file), as a JSON pointer below
 * it, or undefined. It walks the schema as ajv does: a keyword's subschemas, not the values of unknown keywords
 * (which ajv ignores with strict mode off). A false alarm costs one compile, never a refusal.
 */
/** The validators' root document as the runtime's ajv holds it, and the references found into it outside components. */
interface Context {
  specId: string;
  /** `{ ...elsewhere, components }` under the `$id` specId. */
  document: unknown;
  /** Schemas outside the components that references reach (under `#/paths`), by pointer: checked too. */
  reached: Map<string, unknown>;
}

function suspicious(node: unknown, root: unknown, ctx: Context, path: string[] = []): string | undefined {
  if (typeof node === 'boolean') return undefined;
  if (!node || typeof node !== 'object' || Array.isArray(node)) return pointerBelow(path);
  const schema = node as Record<string, unknown>;
  const types = valueTypes();
  // The pointer is made only for what is found: the walk goes over every schema of a large document.
  const here = (key: string, ...more: string[]) => pointerBelow(path, key, ...more);
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    if (IDENTIFIERS.has(key)) return here(key);
    const allowed = types.get(key);
    if (allowed && !allowed.includes(jsonType(value))) return here(key);
    if (key === 'type') {
      const names = Array.isArray(value) ? value : [value];
      if (!names.every((t) => typeof t === 'string' && JSON_TYPES.has(t))) return here(key);
    }
    if (key === 'pattern' && !isRegExp(value as string)) return here(key);
    if (key === 'enum' && (value as unknown[]).length === 0) return here(key);
    if (key === 'dependentRequired' && !Object.values(value as object).every(Array.isArray)) return here(key);
    if (key === 'patternProperties') {
      const bad = Object.keys(value as object).find((k) => !isRegExp(k));
      if (bad !== undefined) return here(key, bad);
    }
    if (key === '$ref') {
      const ref = value as string;
      const inDocument = ref.startsWith(`${ctx.specId}#`);
      const target = inDocument
        ? followPointer(ctx.document, fragmentTokens(ref.slice(ctx.specId.length + 1)))
        : ref.startsWith('#')
          ? followPointer(root, fragmentTokens(ref.slice(1)))
          : undefined;
      if (typeof target !== 'boolean' && (!target || typeof target !== 'object' || Array.isArray(target)))
        return here(key);
      const pointer = ref.slice(ctx.specId.length);
      if (inDocument && !pointer.startsWith('#/components/')) ctx.reached.set(pointer, target);
    }
    if (key === 'nullable') {
      const typeNames = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (schema.type === undefined || (value === false && typeNames.includes('null'))) return here(key);
    }
    let found: string | undefined;
    if (SCHEMA_LISTS.has(key) && !Array.isArray(value)) return here(key);
    if (SCHEMA_MAPS.has(key) && jsonType(value) !== 'object') return here(key);
    path.push(key);
    if (ONE_SCHEMA.has(key)) found = suspicious(value, root, ctx, path);
    else if (SCHEMA_LISTS.has(key)) {
      const list = value as unknown[];
      for (let i = 0; i < list.length && found === undefined; i++) {
        path.push(String(i));
        found = suspicious(list[i], root, ctx, path);
        path.pop();
      }
    } else if (SCHEMA_MAPS.has(key)) {
      const map = value as Record<string, unknown>;
      for (const k of Object.keys(map)) {
        const v = map[k];
        // draft-07's dependencies: a list of names is not a schema
        if (key === 'dependencies' && Array.isArray(v)) continue;
        path.push(k);
        found = suspicious(v, root, ctx, path);
        path.pop();
        if (found !== undefined) break;
      }
    }
    path.pop();
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The JSON pointer of a place below a schema, from the keys on the way to it. */
function pointerBelow(path: string[], ...more: string[]): string {
  let out = '';
  for (const segment of path) out += `/${escapeToken(segment)}`;
  for (const segment of more) out += `/${escapeToken(segment)}`;
  return out;
}

/** The schemas below a non-schema component (a parameter's, a response's content, a header's): `schema` keys. */
function nestedSchemas(node: unknown, at: string, out: Array<{ schema: unknown; pointer: string }>): void {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  for (const [key, value] of Object.entries(node)) {
    const here = `${at}/${escapeToken(key)}`;
    if (key === 'schema') out.push({ schema: value, pointer: here });
    else nestedSchemas(value, here, out);
  }
}

/** The candidates among the validators' schemas and the components they reference. */
export function candidates(set: ValidatorSet): Candidate[] {
  const { specId, components, elsewhere } = set.file;
  const ctx: Context = { specId, document: { ...elsewhere, components }, reached: new Map() };
  const found: Candidate[] = [];
  /** Where in the schema a candidate is (the part below the schema), or undefined. */
  const check = (schema: unknown, root: unknown) => suspicious(schema, root, ctx);
  // A component is compiled where a schema references it: its candidates are compiled through a reference.
  const componentRoot = ctx.document;
  for (const [section, entries] of Object.entries((components ?? {}) as Record<string, unknown>)) {
    if (!entries || typeof entries !== 'object') continue;
    for (const [name, entry] of Object.entries(entries as Record<string, unknown>)) {
      const pointer = `#/components/${escapeToken(section)}/${escapeToken(name)}`;
      const schemas: Array<{ schema: unknown; pointer: string }> = [];
      if (section === 'schemas') schemas.push({ schema: entry, pointer });
      else nestedSchemas(entry, pointer, schemas);
      for (const s of schemas) {
        const at = check(s.schema, componentRoot);
        if (at !== undefined) found.push({ schema: { $ref: `${specId}${s.pointer}` }, pointer: `${s.pointer}${at}` });
      }
    }
  }
  set.file.schemas.forEach((schema, index) => {
    const at = check(schema, schema);
    if (at !== undefined) found.push({ schema, pointer: pointerOf(set.origins[index]!, at) });
  });
  // Schemas outside the components that references reach (each once; checking one may reach more).
  const checked = new Set<string>();
  for (let more = true; more; ) {
    more = false;
    for (const [pointer, schema] of [...ctx.reached]) {
      if (checked.has(pointer)) continue;
      checked.add(pointer);
      more = true;
      const at = check(schema, componentRoot);
      if (at !== undefined) found.push({ schema: { $ref: `${specId}${pointer}` }, pointer: `${pointer}${at}` });
    }
  }
  return found;
}

/**
 * Where a part of a validator's schema is in the spec: below the schema's pointer; a parameter's part under the
 * operation's parameters, named (the validator groups them by place: `properties/<in>/properties/<name>/...`).
 */
function pointerOf(origin: SchemaOrigin, at: string): string {
  if (!origin.parameters) return `${origin.pointer}${at}`;
  const match = /^\/properties\/([^/]+)\/properties\/([^/]+)(.*)$/.exec(at);
  if (!match) return `${origin.pointer}${at}`;
  const name = unescapeToken(match[2]!);
  return `${origin.pointer} (${match[1]} parameter ${JSON.stringify(name)}, at ${match[3] || '/'} of its schema)`;
}

/** The schemas of a package's validators that the runtime's ajv refuses, each with its pointer and ajv's reason. */
export function refusedSchemas(set: ValidatorSet): RefusedSchema[] {
  const found = candidates(set);
  if (found.length === 0) return [];
  // The runtime's factory, as the server calls it (the first call compiles), one per kind over all candidates.
  const source: ValidatorSchemas = { ...set.file, schemas: found.map((c) => c.schema) };
  const validators = (['strict', 'coercing'] as const).map((kind) => ({ kind, of: lazyValidators(() => source) }));
  const refused: RefusedSchema[] = [];
  found.forEach((candidate, index) => {
    for (const { kind, of } of validators) {
      try {
        of(kind, index)(undefined);
      } catch (error) {
        refused.push({ pointer: candidate.pointer, message: (error as Error).message.split('\n')[0]! });
        return;
      }
    }
  });
  return refused;
}
