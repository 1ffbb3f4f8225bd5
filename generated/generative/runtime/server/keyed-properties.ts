// Copied from templates/runtime/server/keyed-properties.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// `properties` of many members, checked from the value's side. ajv's own code reads every declared member of the
// value (`data.name !== undefined`), dozens of reads for a schema of dozens of members; when the values come in
// many shapes (an answer with the fields a client selected), each read misses V8's inline caches, and checking one
// value costs tens of microseconds. The keyword here takes the value's own keys instead and checks each against
// its member's schema: the same checks (a member absent or undefined is not checked, as ajv's ownProperties
// reads it), the same errors with their instance paths (in the order of the value's keys rather than the schema's,
// and with the keyword's schema path).
import { escapeToken } from './json-pointer.js';
import type { ValidateFunction, ValidationError } from './route-def.js';
import type { Ajv2020 } from './vendor/ajv.js';

/** The keyword a large `properties` is rewritten to (keyedProperties). */
export const KEYED_PROPERTIES = 'x-keyed-properties';

/** A schema's `properties` with more members than this is checked from the value's keys. */
export const KEYED_PROPERTIES_FROM = 24;

/** Keys whose values are data (or names), not schemas: never rewritten. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples', 'example']);

/** What a member's schema may hold that a schema compiled on its own would read differently. */
const CONTEXTUAL =
  /"\$(?:id|anchor|dynamicAnchor|dynamicRef|recursiveRef|recursiveAnchor)"|"\$ref":"(?![a-z][a-z0-9+.-]*:)/i;

/**
 * The schema with every large `properties` of an object schema (`type: 'object'`, and no keyword beside it that
 * reads `properties`: additionalProperties, patternProperties, unevaluatedProperties) rewritten to the keyword;
 * everything else as it was. A copy: the schema given is not changed.
 */
export function keyedProperties<T>(schema: T): T {
  return rewrite(schema) as T;
}

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = DATA_KEYS.has(key) ? value : rewrite(value);
  const properties = out.properties;
  if (
    record.type === 'object' &&
    properties !== null &&
    typeof properties === 'object' &&
    !Array.isArray(properties) &&
    Object.keys(properties).length > KEYED_PROPERTIES_FROM &&
    Object.values(properties).every((s) => typeof s === 'boolean' || (s !== null && typeof s === 'object')) &&
    !('additionalProperties' in record || 'patternProperties' in record || 'unevaluatedProperties' in record) &&
    !CONTEXTUAL.test(JSON.stringify(properties))
  ) {
    out[KEYED_PROPERTIES] = properties;
    delete out.properties;
  }
  return out;
}

/** Where ajv's generated code hands a keyword's function its place in the value. */
interface DataContext {
  instancePath: string;
  rootData: unknown;
}

/** A compiled schema called as ajv's generated code calls a subschema's: with its place in the value. */
type MemberCheck = ValidateFunction &
  ((value: unknown, context: DataContext & { parentData: unknown; parentDataProperty: string }) => boolean);

/** Adds the keyword to an ajv instance whose schemas keyedProperties rewrote. */
export function addKeyedProperties(ajv: Ajv2020): void {
  // A member's schema compiled once per text: the `{ $ref }` members of a schema share their compile.
  const compiled = new Map<string, ValidateFunction>();
  const compile = (schema: unknown): ValidateFunction => {
    const text = JSON.stringify(schema);
    let validate = compiled.get(text);
    if (!validate) {
      validate = ajv.compile(schema as object);
      compiled.set(text, validate);
    }
    return validate;
  };
  ajv.addKeyword({
    keyword: KEYED_PROPERTIES,
    type: 'object',
    schemaType: 'object',
    compile(members: Record<string, unknown>) {
      // Each member's check with its name as a JSON pointer token.
      const checks = new Map<string, { validate: MemberCheck; token: string }>();
      for (const [name, schema] of Object.entries(members))
        checks.set(name, { validate: compile(schema) as MemberCheck, token: escapeToken(name) });
      // ajv's generated code always hands the context (its declarations call it optional).
      const check = (data: Record<string, unknown>, context?: DataContext): boolean => {
        let errors: ValidationError[] | null = null;
        let valid = true;
        for (const key of Object.keys(data)) {
          const member = checks.get(key);
          const value = data[key];
          if (member === undefined || value === undefined) continue;
          const { validate, token } = member;
          const instancePath = `${context?.instancePath ?? ''}/${token}`;
          const rootData = context ? context.rootData : data;
          if (validate(value, { instancePath, parentData: data, parentDataProperty: key, rootData })) continue;
          valid = false;
          // ajv gives them the keyword's schema path as their own.
          errors = errors === null ? [...(validate.errors ?? [])] : errors.concat(validate.errors ?? []);
        }
        (check as unknown as ValidateFunction).errors = errors;
        return valid;
      };
      return check;
    },
  });
}
