// Form and multipart bodies with no fields: OpenAPI's form encodings write an object's properties (the Encoding
// Object maps property names; "the contents ... MUST be stringified per RFC1866"), so a schema that admits no
// object (a string, a binary string, an array, a oneOf of scalars) leaves no rule from a value to the wire. Such a
// body travels as the caller encoded it and reaches the handler as received (docs/generator.md).
import { type OpenApiDocument, resolveRef } from './ref.js';

/** The media types whose bodies are an object's fields. */
export const isFieldsType = (type: string): boolean => {
  const t = type.split(';')[0]!.trim().toLowerCase();
  return t === 'application/x-www-form-urlencoded' || t === 'multipart/form-data';
};

/**
 * Whether a value of the schema may be an object: `{}`, `type: object` (or a list naming it), a schema without a
 * type, where every allOf member may be one and each anyOf / oneOf has a branch that may. A cycle may.
 */
export function admitsObject(document: OpenApiDocument, schema: unknown, path = new Set<unknown>()): boolean {
  if (schema === false) return false;
  const s = resolveRef(document, schema);
  if (!s || typeof s !== 'object' || path.has(s)) return true;
  path.add(s);
  try {
    const types = Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : [];
    if (types.length > 0 && !types.includes('object')) return false;
    const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (Array.isArray(s.enum) && !s.enum.some(isObject)) return false;
    if ('const' in s && !isObject(s.const)) return false;
    if (Array.isArray(s.allOf) && !s.allOf.every((m: unknown) => admitsObject(document, m, path))) return false;
    for (const branches of [s.anyOf, s.oneOf])
      if (Array.isArray(branches) && !branches.some((b: unknown) => admitsObject(document, b, path))) return false;
    return true;
  } finally {
    path.delete(s);
  }
}

/** A form or multipart body whose schema admits no object: no fields to write, sent and received as its bytes. */
export const isFieldlessForm = (document: OpenApiDocument, contentType: string, schema: unknown): boolean =>
  isFieldsType(contentType) && schema !== undefined && !admitsObject(document, schema);

/** application/x-www-form-urlencoded: a fieldless one is its form text (a string to the handler). */
export const isFormText = (type: string): boolean =>
  type.split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
