// The JSON Schemas the generated server validates requests (and, optionally, responses) with.
// Annotations are stripped: they cost code size and compile time and validate nothing.
import { type OpenApiDocument, resolveRef } from '../model/ref.js';
import type { JsonSchema, OperationModel, ServiceModel } from '../model/types.js';
import { isDiscriminatingParent } from '../model/discriminator-families.js';
import { inheritedRef, parentChecks } from './parent-discriminator.js';

const ANNOTATIONS = new Set([
  'description',
  'example',
  'examples',
  'externalDocs',
  'xml',
  'title',
  'deprecated',
  'discriminator',
  '$comment',
]);

/** Keywords whose value maps names to schemas: a name there is no keyword (a property called `description`). */
const MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * Copies a schema without annotations or x- extensions, with refs pointed at the shared spec schema. With the
 * document, a parent that declares a discriminator for the children that inherit it is checked against the child
 * its discriminator names (parent-discriminator.ts); `inherited` cleans such a parent as its children inherit it.
 */
export function cleanSchema(node: any, specId: string, document?: OpenApiDocument, inherited = false): any {
  if (Array.isArray(node)) return node.map((n) => cleanSchema(n, specId, document));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, any> = {};
  // An open enum (x-open-enum) names the known values; any other value of its type is valid too.
  const open = node['x-open-enum'] === true;
  for (const key of Object.keys(node)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-') || (open && key === 'enum')) continue;
    if (key === 'format') continue;
    const value = node[key];
    // A `%` that is no escape (`#/components/schemas/Rate%Limit`, read as written: fragmentTokens) is one to ajv.
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/'))
      out.$ref = `${specId}${value.replace(/%(?![0-9A-Fa-f]{2})/g, '%25')}`;
    else if (key === 'allOf' && document && Array.isArray(value))
      out.allOf = value.map((member) => {
        const cleaned = cleanSchema(member, specId, document);
        const parent = inheritedRef(member, document, specId);
        return parent ? { ...cleaned, $ref: parent } : cleaned;
      });
    else if (MAPS.has(key)) {
      const map: Record<string, any> = {};
      for (const k of Object.keys(value)) {
        const cleaned = cleanSchema(value[k], specId, document);
        // A property named __proto__ is a property like any other, not the map's prototype.
        if (k === '__proto__')
          Object.defineProperty(map, k, { value: cleaned, enumerable: true, writable: true, configurable: true });
        else map[k] = cleaned;
      }
      out[key] = map;
    } else out[key] = cleanSchema(value, specId, document);
  }
  // A parent's discriminator is checked where the parent is used; a oneOf / anyOf keeps JSON Schema's meaning
  // whatever its discriminator says (OpenAPI 3.1.1: the discriminator is a hint; Prism reads it so too).
  if (document && isDiscriminatingParent(node)) {
    const checks = inherited ? [] : parentChecks(node, document, specId);
    if (checks.length) out.allOf = [...(out.allOf ?? []), ...checks];
  }
  // A typeless enum of booleans or numbers (nexmo's query `delivered`: `enum: [true, false, 0, 1]`) gets the types
  // of its values: it admits the same values, and a parameter's or form field's text is coerced to them as a typed
  // schema's is (ajv coerces only to a declared type), where `true` as text matched no value.
  if (node.type === undefined && Array.isArray(node.enum) && !open) {
    const types = enumTypes(node.enum);
    if (types?.some((t) => t !== 'string')) out.type = types.length === 1 ? types[0] : types;
  }
  // After the schema's own keywords: a format's bounds are the schema's narrowed to what the format holds.
  if (typeof node.format === 'string') Object.assign(out, formatKeywords(node.format, node));
  // An integer without a format is held as a double too: only the integers it holds exactly (1e308 is an integer
  // to JSON Schema, and would be stored and answered changed).
  else if (node.type === 'integer') Object.assign(out, safeIntegerBounds(node, -Number.MAX_SAFE_INTEGER));
  return out;
}

/** The JSON types of an enum's values, scalars first in the order text is coerced to them; none for an object. */
function enumTypes(values: unknown[]): string[] | undefined {
  const found = new Set<string>();
  for (const v of values) {
    if (v === null) found.add('null');
    else if (typeof v === 'boolean') found.add('boolean');
    else if (typeof v === 'number') found.add(Number.isInteger(v) ? 'integer' : 'number');
    else if (typeof v === 'string') found.add('string');
    else return undefined;
  }
  if (found.has('number')) found.delete('integer');
  return ['boolean', 'integer', 'number', 'null', 'string'].filter((t) => found.has(t));
}

export function paramsSchema(op: OperationModel, specId: string, document?: OpenApiDocument): JsonSchema {
  const group = (where: 'path' | 'query' | 'header' | 'cookie') => {
    const params = op.parameters.filter((p) => p.in === where);
    const key = (name: string) => (where === 'header' ? name.toLowerCase() : name);
    return {
      type: 'object',
      properties: Object.fromEntries(
        params.map((p) => [key(p.name), cleanSchema(textAlternatives(p.schema, document), specId)]),
      ),
      required: params.filter((p) => p.required).map((p) => key(p.name)),
    };
  };
  // The cookie group only where the operation declares cookie parameters: the others' validators stay as they were.
  const cookie = op.parameters.some((p) => p.in === 'cookie') ? { cookie: group('cookie') } : {};
  return {
    type: 'object',
    properties: { path: group('path'), query: group('query'), header: group('header'), ...cookie },
  };
}

/**
 * A parameter's schema with its top-level oneOf (reached through a `$ref` too) read as anyOf: a parameter is text,
 * which the validator reads into each alternative as that alternative allows (`0` is the string "0" and the array
 * ["0"]; `5` an integer and a string), so a value valid in one reading matched several alternatives and was refused
 * (Discord's `sku_ids`, a string or an array of ids). Where a discriminator names the alternatives, as written.
 */
function textAlternatives(schema: unknown, document: OpenApiDocument | undefined): unknown {
  let s: unknown = schema;
  try {
    if (document) s = resolveRef(document, schema);
  } catch {
    return schema;
  }
  if (!s || typeof s !== 'object') return schema;
  const { oneOf, anyOf, ...rest } = s as Record<string, unknown>;
  if (!Array.isArray(oneOf) || rest.discriminator !== undefined) return schema;
  return anyOf === undefined ? { ...rest, anyOf: oneOf } : { ...rest, allOf: [{ anyOf }, { anyOf: oneOf }] };
}

/** A form body as the server sees it after decoding its JSON-string fields. */
export function bodySchema(service: ServiceModel, op: OperationModel, contentType: string, specId: string): JsonSchema {
  const body = op.requestBodies.find((b) => b.contentType === contentType)!;
  if (body.jsonFields.length === 0) return cleanSchema(body.schema, specId, service.document);
  const decoded = structuredClone(resolveRef(service.document, body.schema));
  const replace = (schema: any) => {
    for (const field of body.jsonFields) {
      if (schema.properties?.[field.name]) schema.properties[field.name] = field.schema;
    }
    for (const member of schema.allOf ?? []) replace(member);
  };
  replace(decoded);
  return cleanSchema(decoded, specId, service.document);
}

/** Formats ajv-formats validates by name (bundled with ajv into the server runtime). */
const AJV_FORMATS = new Set([
  'date',
  'time',
  'date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'relative-json-pointer',
]);

/**
 * OpenAPI's own formats become plain keywords (the schemas then need no format of ours in the runtime); formats
 * that only describe (float, binary, vendor-specific names) are dropped.
 */
function formatKeywords(format: string, schema: Record<string, any>): Record<string, unknown> {
  if (AJV_FORMATS.has(format)) return { format };
  const numeric = schema.type === 'integer' || schema.type === 'number';
  // int32, int64 and uint64 are integers whatever the JSON type (OpenAPI's format registry; Prism's ajv-formats
  // refuses 1.5 for `type: number, format: int64`, turbinelabs' `start`): a number of these formats is whole.
  const whole = schema.type === 'number' && schema.multipleOf === undefined ? { multipleOf: 1 } : {};
  switch (format) {
    case 'int32':
      return numeric ? { minimum: schema.minimum ?? -(2 ** 31), maximum: schema.maximum ?? 2 ** 31 - 1, ...whole } : {};
    // A 64-bit number held as a JS number: only the integers a double holds exactly, so that what is
    // accepted is what the service stores and answers (9223372036854775807 would come back changed).
    case 'int64':
      if (numeric) return { ...safeIntegerBounds(schema, -Number.MAX_SAFE_INTEGER), ...whole };
      return schema.pattern ? {} : { pattern: '^-?[0-9]+$' };
    case 'uint64':
      if (numeric) return { ...safeIntegerBounds(schema, 0), ...whole };
      return schema.pattern ? {} : { pattern: '^[0-9]+$' };
    case 'byte':
      return schema.pattern ? {} : { pattern: '^[A-Za-z0-9+/_-]*={0,2}$' };
    default:
      return {};
  }
}

function safeIntegerBounds(schema: Record<string, any>, lowest: number): Record<string, unknown> {
  return {
    minimum: Math.max(schema.minimum ?? lowest, lowest),
    maximum: Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  };
}
