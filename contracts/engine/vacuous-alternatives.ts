// A oneOf whose alternatives nothing tells apart: an answer matches one as its author meant and another vacuously,
// an object alternative that requires nothing and whose members the answer has none of (Docker's TimespanData:
// `oneOf: [MonthData {months}, WeekData {weeks}]`, neither requiring its member, so `{"months": [...]}` is a
// WeekData too). No answer of the kind the document describes meets such a oneOf, so refusing it is the document's
// contradiction, not the target's fault. Alternatives that require their members (an XOR of `a` and `b`) are not
// vacuous: an answer with both breaks the oneOf, and that stays a FAIL.
import { type JsonSchema, type OpenApiDocument, resolveRef, VIEW_ROOTS } from '../../generator/model/index.js';

/** A `$ref` as the judge compiled it (the registered document's id, an answer view) read in the document. */
function alternative(document: OpenApiDocument, raw: unknown): JsonSchema | undefined {
  const ref = (raw as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== 'string') return raw as JsonSchema;
  const local = ref
    .slice(ref.indexOf('#'))
    .replace(new RegExp(`^#/(${VIEW_ROOTS.answer}|${VIEW_ROOTS.request})/schemas/`), '#/components/schemas/');
  try {
    return resolveRef<JsonSchema>(document, { $ref: local });
  } catch {
    return undefined;
  }
}

/**
 * Whether an object meets this alternative only vacuously: it requires nothing and the object has none of its
 * members, or it declares none (otoroshi's ConsoleDataExporterConfig, `{type: object, properties: {}}`, which every
 * object meets).
 */
function vacuous(schema: JsonSchema | undefined, value: unknown): boolean {
  if (!schema || !value || typeof value !== 'object' || Array.isArray(value)) return false;
  if (Array.isArray(schema.required) && schema.required.length > 0) return false;
  if (schema.allOf || schema.anyOf || schema.oneOf || schema.additionalProperties === false) return false;
  const declared = Object.keys(schema.properties ?? {});
  return !declared.some((name) => Object.hasOwn(value, name));
}

/**
 * Whether a schema requires no member anywhere an answer can reach (its properties, items and alternatives, refs
 * followed) and closes no object: then only the members' types tell it from another such schema (nexmo's SMS and
 * Error: the same members, messages whose items require nothing).
 */
function requiresNothing(document: OpenApiDocument, raw: unknown, depth = 0, seen = new Set<unknown>()): boolean {
  const schema = alternative(document, raw);
  if (!schema || typeof schema !== 'object' || seen.has(schema) || depth > 8) return true;
  seen.add(schema);
  if (Array.isArray(schema.required) && schema.required.length > 0) return false;
  if (schema.additionalProperties === false) return false;
  const nested = [
    ...Object.values((schema.properties ?? {}) as Record<string, unknown>),
    ...(schema.items && typeof schema.items === 'object' ? [schema.items] : []),
    ...['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : [])),
  ];
  return nested.every((n) => requiresNothing(document, n, depth + 1, seen));
}

/**
 * For ajv's oneOf error with more than one alternative passing: the pointer-free text saying which alternative the
 * answer met only vacuously, where one did; undefined where the alternatives are told apart.
 */
export function vacuousAlternative(
  document: OpenApiDocument,
  error: { keyword: string; params: Record<string, unknown>; schema?: unknown; data?: unknown },
): string | undefined {
  const passing = error.params.passingSchemas;
  if (error.keyword !== 'oneOf' || !Array.isArray(passing) || !Array.isArray(error.schema)) return undefined;
  const alternatives = error.schema as unknown[];
  const nameOf = (i: number) => (alternatives[i] as { $ref?: string }).$ref?.split('/').pop() ?? `alternative ${i}`;
  const empty = (passing as number[]).find((i) => vacuous(alternative(document, alternatives[i]), error.data));
  if (empty !== undefined)
    return `its oneOf does not tell its alternatives apart: the answer is also a ${nameOf(empty)}, which requires nothing and whose members (if any) it has none of`;
  if ((passing as number[]).every((i) => requiresNothing(document, alternatives[i])))
    return `its oneOf does not tell its alternatives apart: the answer is ${(passing as number[]).map(nameOf).join(' and ')} alike, none of which requires a member anywhere`;
  return undefined;
}
