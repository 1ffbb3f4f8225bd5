// Values that break one documented constraint of a schema, each with what it breaks: the one list both the engine's
// invalid variants (negative_data_rejection, which the three services' *-INVALID-1 rules run) draw from.
import { type JsonSchema, type OpenApiDocument, resolveRef } from '../../generator/model/index.js';

/** A value that breaks a pattern: the one that does not match it (patterns are tried as JavaScript writes them). */
const NOT_MATCHING = ['!!not~valid!!', '', ' '];

export function breakingValues(document: OpenApiDocument, raw: unknown): Array<[string, unknown]> {
  const s = resolveRef<JsonSchema>(document, raw ?? {});
  const out: Array<[string, unknown]> = [];
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives) && alternatives.length > 0) out.push(...breakingEvery(document, alternatives));
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  // A keyword constrains only values of its own type (JSON Schema): `maximum` beside `type: string` (hetras'
  // `format: byte` counts) is no constraint, and "256" in a query meets that schema.
  const types: string[] | undefined = s.type === undefined ? undefined : [s.type].flat();
  const constrains = (...kinds: string[]) => types === undefined || kinds.some((k) => types.includes(k));
  const lengths = constrains('string');
  const bounds = constrains('integer', 'number');
  if (Array.isArray(s.enum) && !s.enum.includes('NOT_AN_ENUM_VALUE_XXX'))
    out.push(['a value outside its enum', 'NOT_AN_ENUM_VALUE_XXX']);
  if (lengths && typeof s.maxLength === 'number')
    out.push([`over maxLength ${s.maxLength}`, 'a'.repeat(s.maxLength + 1)]);
  if (lengths && typeof s.minLength === 'number' && s.minLength > 0)
    out.push([`under minLength ${s.minLength}`, 'a'.repeat(s.minLength - 1)]);
  if (bounds && typeof s.maximum === 'number') out.push([`above maximum ${s.maximum}`, s.maximum + 1]);
  if (bounds && typeof s.minimum === 'number') out.push([`below minimum ${s.minimum}`, s.minimum - 1]);
  if (lengths && typeof s.pattern === 'string' && !s.enum) {
    // Only a value the pattern refuses breaks it: a permissive pattern ('.*') has none here, and no case.
    const refused = NOT_MATCHING.find((v) => {
      try {
        return !new RegExp(s.pattern, 'u').test(v);
      } catch {
        return false;
      }
    });
    if (refused !== undefined) out.push([`not matching ${s.pattern}`, refused]);
  }
  if (type === 'integer' || type === 'number' || type === 'boolean') out.push(['of the wrong type', `not-a-${type}`]);
  return out;
}

/** Values that break each of a union's alternatives (a value one of them takes breaks nothing): an id or a username. */
function breakingEvery(document: OpenApiDocument, alternatives: unknown[]): Array<[string, unknown]> {
  const each = alternatives.map((alternative) => breakingValues(document, alternative));
  const out: Array<[string, unknown]> = [];
  for (const [, value] of each[0]!) {
    if (out.some(([, v]) => Object.is(v, value))) continue;
    const broken = each.map((list) => list.find(([, v]) => Object.is(v, value))?.[0]);
    if (broken.every((what) => what !== undefined))
      out.push([`matching none of its alternatives (${broken.join('; ')})`, value]);
  }
  return out;
}
