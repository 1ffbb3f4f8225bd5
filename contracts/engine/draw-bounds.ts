// The sizes json-schema-faker draws within: a string's length and an array's items are drawn uniformly up to the
// schema's maximum, so a document's `maxLength: 6291456` (AWS's request blobs) made every draw a string of
// megabytes, seconds each, and the run that kept them ran out of memory. Drawn within a bounded copy of the
// schema, a value still meets every constraint of the original (its minimum kept, the maximum only lowered); the
// broken values (breaking-values.ts) still go past the document's own maximum. In the same copy a number of format
// int32 or int64 is drawn as an integer: ajv-formats reads those formats as whole numbers of any numeric type, and
// json-schema-faker, drawing fractions for `number`, drew no value of them (opto22's `{type: number, format: int64}`
// path ids: 3 operations n/a on seed 59).
const MAX_DRAWN_LENGTH = 100;
const MAX_DRAWN_ITEMS = 10;

const bounded = new WeakMap<object, unknown>();

const INTEGER_FORMATS = new Set(['int32', 'int64']);

/** The schema (with whatever rides along: components) with each large maxLength and maxItems lowered. */
export function boundDraws<T>(schema: T): T {
  if (!schema || typeof schema !== 'object') return schema;
  const known = bounded.get(schema);
  if (known !== undefined) return known as T;
  let copy: unknown;
  if (Array.isArray(schema)) copy = schema.map((item) => boundDraws(item));
  else {
    const s = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, boundDraws(v)])) as Record<string, unknown>;
    // A pattern's draw is short already (its quantifiers drawn small) and may need the length the pattern asks.
    if (typeof s.maxLength === 'number' && s.pattern === undefined)
      s.maxLength = Math.min(
        s.maxLength,
        Math.max(MAX_DRAWN_LENGTH, typeof s.minLength === 'number' ? s.minLength : 0),
      );
    if (typeof s.maxItems === 'number')
      s.maxItems = Math.min(s.maxItems, Math.max(MAX_DRAWN_ITEMS, typeof s.minItems === 'number' ? s.minItems : 0));
    if (typeof s.format === 'string' && INTEGER_FORMATS.has(s.format)) {
      if (s.type === 'number') s.type = 'integer';
      else if (Array.isArray(s.type) && !s.type.includes('integer'))
        s.type = s.type.map((t) => (t === 'number' ? 'integer' : t));
    }
    copy = s;
  }
  bounded.set(schema, copy);
  return copy as T;
}
