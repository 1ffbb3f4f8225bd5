// A null has no text where a request writes values as text: OpenAPI's parameter styles follow RFC 6570, which treats
// a null as undefined (no pair, no item), and a form member or a text/plain multipart part carries characters only.
// Written as `null`, it is the four-letter string, which a reader of the document takes as that string (a nullable
// integer refuses it: openai's multipart `n`; an enum refuses it). So the engine sends no null where it writes text:
// an optional one is left out, a required one drawn again as the schema allows without null.
import { type JsonSchema, resolveRef, type ServiceModel } from '../../generator/model/index.js';

const isComposite = (value: unknown): value is object => value !== null && typeof value === 'object';

/** A value that is null or holds a null among its items or members, at any depth. */
export const holdsNull = (value: unknown): boolean =>
  value === null || (isComposite(value) && Object.values(value).some(holdsNull));

/** The value with its null items and members left out, at any depth (the caller checks its schema still allows it). */
export function withoutNulls(value: unknown): unknown {
  if (!isComposite(value)) return value;
  if (Array.isArray(value)) return value.filter((item) => item !== null).map(withoutNulls);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null)
      .map(([key, member]) => [key, withoutNulls(member)]),
  );
}

/**
 * The schema without null among its values (3.0's `nullable`, 3.1's `"null"` type, a null enum value, default or
 * example), for drawing a required value that is written as text: the rest of the schema is the document's own.
 */
export function nonNull(model: ServiceModel, schema: unknown): JsonSchema {
  const s = { ...resolveRef<JsonSchema>(model.document, schema ?? {}) };
  delete s.nullable;
  if (Array.isArray(s.type)) s.type = s.type.filter((t: string) => t !== 'null');
  if (Array.isArray(s.enum)) s.enum = s.enum.filter((v: unknown) => v !== null);
  for (const key of ['default', 'example', 'const'] as const) if (s[key] === null) delete s[key];
  if (Array.isArray(s.examples)) s.examples = s.examples.filter((v: unknown) => v !== null);
  return s;
}
