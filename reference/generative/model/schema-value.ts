// A JSON value that validates against a request's Schema (OpenAPI subset, upper-case types), filled
// deterministically: strings take words of `words` in turn, numbers and integers 1, booleans true, arrays
// hold max(1, minItems) items, objects every declared property, enums their first value; a schema of
// alternatives (anyOf, without a type) takes its first.
import type { components } from '../../../generated/generative/types.js';

type Schema = components['schemas']['Schema'];

export function schemaValue(schema: Schema, words: readonly string[]): unknown {
  let next = 0;
  const word = () => (words.length ? words[next++ % words.length]! : 'value');
  const build = (s: Schema): unknown => {
    if (s.type === undefined && s.anyOf?.length) return build(s.anyOf[0]!);
    switch (s.type) {
      case 'OBJECT':
        return Object.fromEntries(Object.entries(s.properties ?? {}).map(([key, sub]) => [key, build(sub)]));
      case 'ARRAY': {
        const count = Math.max(1, Number(s.minItems ?? 1));
        const max = s.maxItems === undefined ? count : Math.min(count, Number(s.maxItems));
        return s.items ? Array.from({ length: max }, () => build(s.items!)) : [];
      }
      case 'STRING':
        return s.enum?.length ? s.enum[0] : word();
      case 'NUMBER':
        return 1.5;
      case 'INTEGER':
        return 1;
      case 'BOOLEAN':
        return true;
      default:
        return null;
    }
  };
  return build(schema);
}

/**
 * How many values (the value itself, each item, each property, nested) the smallest value of `schema` holds, counted
 * up to `limit` (a count past it answers limit + 1): minItems can ask for more than any answer holds.
 */
export function schemaValueSize(schema: Schema, limit: number): number {
  const size = (s: Schema, budget: number): number => {
    if (budget < 1) return 1;
    if (s.type === undefined && s.anyOf?.length) return size(s.anyOf[0]!, budget);
    switch (s.type) {
      case 'OBJECT': {
        let total = 1;
        for (const sub of Object.values(s.properties ?? {})) {
          total += size(sub, budget - total);
          if (total > budget) return total;
        }
        return total;
      }
      case 'ARRAY': {
        if (!s.items) return 1;
        const count = Math.max(1, Number(s.minItems ?? 1));
        const max = s.maxItems === undefined ? count : Math.min(count, Number(s.maxItems));
        const each = size(s.items, budget);
        return 1 + Math.min(max * each, budget + 1);
      }
      default:
        return 1;
    }
  };
  return Math.min(size(schema, limit), limit + 1);
}
