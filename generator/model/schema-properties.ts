// The members of an object schema, through `$ref` and `allOf`.
import { type OpenApiDocument, resolveRef } from './ref.js';
import type { JsonSchema } from './types.js';

/** Required property names of an object schema, including those of allOf members. */
export function requiredProperties(document: OpenApiDocument, schema: JsonSchema): string[] {
  const s = resolveRef(document, schema);
  const names = [
    ...(s.allOf ?? []).flatMap((member: JsonSchema) => requiredProperties(document, member)),
    ...(Array.isArray(s.required) ? s.required : []),
  ];
  return [...new Set<string>(names)].sort();
}

/** Properties of an object schema, including those of allOf members. */
export function allProperties(document: OpenApiDocument, schema: JsonSchema): Record<string, JsonSchema> {
  const s = resolveRef(document, schema);
  const out: Record<string, JsonSchema> = {};
  for (const member of s.allOf ?? []) Object.assign(out, allProperties(document, member));
  Object.assign(out, s.properties ?? {});
  return out;
}
