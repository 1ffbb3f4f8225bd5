// A JSON value that validates against a JSON Schema a client gives in place of a Schema (responseJsonSchema,
// parametersJsonSchema: public-service-notes 3.4; pydantic-ai and the public Node client send them), filled as
// schema-value.ts fills a Schema: strings take words of `words` in turn (or a value of their format), numbers and
// integers 1 moved into their bounds, booleans true, arrays max(1, minItems) items (tuples their prefixItems),
// objects every declared property (past MAX_DEPTH only the required ones, so a recursive schema ends), enums and
// const their value, alternatives (anyOf, oneOf) their first, allOf its first member; local $refs are followed.
// A schema past what this reads (a pattern, a not) still gets a value of its type, which may not validate.
import { unescapeToken } from '../../../generator/model/index.js';

type JsonSchema = boolean | { [keyword: string]: unknown };

/** Nesting past which an object holds only its required properties and an array only its minItems. */
const MAX_DEPTH = 6;

const FORMATTED: Record<string, string> = {
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  time: '00:00:00Z',
  email: 'someone@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
};

/** The most values an answer or a call's arguments made from a JSON Schema hold (as from a Schema). */
export const MAX_JSON_SCHEMA_VALUES = 100_000;

/** Too many values asked for (minItems): the caller refuses the request. */
export class JsonSchemaTooLarge extends Error {}

/** A value of `root`, of at most `limit` values (the value itself, each item, each property, nested). */
export function jsonSchemaValue(root: JsonSchema, words: readonly string[], limit: number): unknown {
  let next = 0;
  let values = 0;
  const word = () => (words.length ? words[next++ % words.length]! : 'value');
  const resolve = (ref: string): JsonSchema => {
    if (!ref.startsWith('#')) return {};
    let at: unknown = root;
    for (const raw of ref.slice(1).split('/').slice(1)) {
      const key = unescapeToken(decodeURIComponent(raw));
      at = at && typeof at === 'object' && Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined;
    }
    return (at as JsonSchema | undefined) ?? {};
  };
  const build = (schema: JsonSchema, depth: number, seen: ReadonlySet<string>): unknown => {
    values += 1;
    if (values > limit) throw new JsonSchemaTooLarge();
    if (typeof schema !== 'object' || schema === null) return null;
    // biome-ignore lint/suspicious/noExplicitAny: a client's JSON Schema, any keyword of any type; each is checked where read
    const s = schema as Record<string, any>;
    if (typeof s.$ref === 'string') {
      // A reference met again on its own path is a recursive schema: only its required part from here on.
      const again = seen.has(s.$ref);
      return build(resolve(s.$ref), again ? Math.max(depth, MAX_DEPTH + 1) : depth, new Set([...seen, s.$ref]));
    }
    if ('const' in s) return s.const;
    if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
    for (const alternatives of [s.anyOf, s.oneOf, s.allOf])
      if (Array.isArray(alternatives) && alternatives.length) return build(alternatives[0], depth, seen);
    const types: unknown[] = Array.isArray(s.type) ? s.type : [s.type];
    const type =
      types.find((t) => typeof t === 'string' && t !== 'null') ??
      (types.includes('null') ? 'null' : s.properties ? 'object' : s.items || s.prefixItems ? 'array' : undefined);
    switch (type) {
      case 'object': {
        const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
        const properties = Object.entries((s.properties ?? {}) as Record<string, JsonSchema>);
        const out: Record<string, unknown> = {};
        for (const [key, sub] of properties)
          if (depth < MAX_DEPTH || required.has(key)) out[key] = build(sub, depth + 1, seen);
        return out;
      }
      case 'array': {
        const prefix = Array.isArray(s.prefixItems) ? (s.prefixItems as JsonSchema[]) : [];
        const least = Number(s.minItems ?? 0);
        const most = s.maxItems === undefined ? Number.POSITIVE_INFINITY : Number(s.maxItems);
        const count = Math.min(Math.max(least, depth < MAX_DEPTH ? 1 : 0, prefix.length), most);
        const items = s.items === false ? undefined : (s.items as JsonSchema | undefined);
        const out: unknown[] = [];
        for (let i = 0; i < count; i++) {
          if (i < prefix.length) out.push(build(prefix[i]!, depth + 1, seen));
          else if (items !== undefined || i < least) out.push(build(items ?? {}, depth + 1, seen));
        }
        return out;
      }
      case 'string': {
        let text = FORMATTED[s.format as string] ?? word();
        const least = Number(s.minLength ?? 0);
        while (text.length < least) text += ` ${word()}`;
        return s.maxLength === undefined ? text : text.slice(0, Number(s.maxLength));
      }
      case 'number':
      case 'integer': {
        let value = type === 'integer' ? 1 : 1.5;
        const low = s.exclusiveMinimum ?? s.minimum;
        const high = s.exclusiveMaximum ?? s.maximum;
        if (typeof low === 'number' && value <= low) value = type === 'integer' ? Math.floor(low) + 1 : low + 0.5;
        if (typeof high === 'number' && value >= high) value = type === 'integer' ? Math.ceil(high) - 1 : high - 0.5;
        // Bounds closer than that: the bound itself when it is allowed.
        if (typeof low === 'number' && value < low) value = low;
        return value;
      }
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        // No type: any value validates; a word reads as the model's answer.
        return word();
    }
  };
  return build(root, 0, new Set());
}

/** generationConfig's JSON Schema of the answer, by either of its names (the public parser takes both). */
export function responseJsonSchemaOf(config: object | undefined): JsonSchema | undefined {
  const c = config as { responseJsonSchema?: JsonSchema; response_json_schema?: JsonSchema } | undefined;
  return c?.responseJsonSchema ?? c?.response_json_schema;
}

/** A function declaration's JSON Schema of its arguments, by either of its names. */
export function parametersJsonSchemaOf(declaration: object): JsonSchema | undefined {
  const d = declaration as { parametersJsonSchema?: JsonSchema; parameters_json_schema?: JsonSchema };
  return d.parametersJsonSchema ?? d.parameters_json_schema;
}
