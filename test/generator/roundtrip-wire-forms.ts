// Which drawn values a request can carry as sent (corpus-roundtrip-suite.ts): a parameter's values in its style, a
// form field's in its body, so that the round trip sends only values every target reads back as drawn.
import { type OperationModel, resolveRef, type ServiceModel } from '../../generator/model/index.js';
import { mergedSchema, type Validate } from './roundtrip-draw.js';

/** Whether an array's items or an object's members hold an object or an array. */
export function nests(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  return Object.values(value).some((v) => v !== null && typeof v === 'object');
}

/** Whether a schema (through $refs and its oneOf / anyOf / allOf branches) admits objects or arrays. */
function composite(model: ServiceModel, schema: unknown, seen = new Set<unknown>()): boolean {
  const s = resolveRef<any>(model.document, schema ?? {});
  if (!s || typeof s !== 'object' || seen.has(s)) return false;
  seen.add(s);
  const types = [s.type].flat();
  if (types.includes('object') || types.includes('array') || s.properties || s.items) return true;
  return [...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])].some((b: unknown) => composite(model, b, seen));
}

/**
 * Why a parameter's values have no wire form, if they have none: OpenAPI's styles write an array of scalars or an
 * object of scalar members, and only deepObject nests; an array of objects or an object holding one (readme's
 * circular header of SalesLines) is written by no style's table, so no target reads it back as sent.
 */
export function noWireForm(model: ServiceModel, p: OperationModel['parameters'][number]): string | undefined {
  if (p.style === 'deepObject') return undefined;
  const top = resolveRef<any>(model.document, p.schema ?? {});
  const branches = [
    top,
    ...[...(top.oneOf ?? []), ...(top.anyOf ?? []), ...(top.allOf ?? [])].map((b) =>
      resolveRef<any>(model.document, b),
    ),
  ];
  const inner = branches
    .flatMap((s) => [
      s.items,
      ...Object.values<unknown>(s.properties ?? {}),
      typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined,
    ])
    .filter(Boolean);
  return inner.some((x) => composite(model, x))
    ? `parameter ${p.name}: nested values in the ${p.style} style`
    : undefined;
}

/**
 * Whether a form field's value reaches the reader as that field (form-body.ts): null, an empty array and an empty
 * object write nothing, which reads as no field; an object in a URL-encoded field not styled as one (a member typed
 * `{}`, Twilio's `SinkConfiguration`) is written form + exploded, its members as fields of their own, and the field's
 * name is lost. A multipart object not styled is its JSON part.
 */
function formWritten(body: OperationModel['requestBodies'][number], name: string, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value !== 'object' || value instanceof Uint8Array) return true;
  const styled = body.styledFields.some((f) => f.name === name);
  if (body.kind === 'multipart-form' && !styled) return true;
  return styled && Object.keys(value).length > 0;
}

/**
 * A form body's schema with its required styled object fields asking for one member at least, and a required
 * URL-encoded body one field at least (an empty one is no body: seldon's `Route`, whose one field is optional).
 */
export function filledObjects(
  model: ServiceModel,
  body: OperationModel['requestBodies'][number],
  required = false,
): unknown {
  const found = (mergedSchema(model, body.schema) ?? resolveRef<any>(model.document, body.schema)) as any;
  if (!found?.properties) return body.schema;
  const merged =
    required && body.kind === 'form' ? { ...found, minProperties: Math.max(1, found.minProperties ?? 0) } : found;
  const properties = { ...merged.properties };
  for (const field of body.styledFields)
    if (field.type === 'object' && body.requiredFields.includes(field.name)) {
      const s = resolveRef<any>(model.document, properties[field.name] ?? {});
      properties[field.name] = { ...s, minProperties: Math.max(1, s?.minProperties ?? 0) };
    }
  return { ...merged, properties };
}

/**
 * The form body's validator, after the optional fields without a written form are left out of the value: a required
 * one without keeps the value from being sent (another is drawn), and so does no field at all where a URL-encoded
 * body is required (an empty one is no body; a multipart one still writes its closing boundary).
 */
export function writableForm(
  body: OperationModel['requestBodies'][number],
  validate: Validate,
  required = false,
): Validate {
  return (value: unknown) => {
    if (!value || typeof value !== 'object') return validate(value);
    const fields = value as Record<string, unknown>;
    // An empty array or object inside a field writes no pair (`phases[0][items]` of no item), so the server reads
    // it as absent: left out before the check, which then refuses a value that needs it (Stripe's subscription
    // schedule phases, whose `items` is required).
    for (const [name, field] of Object.entries(fields))
      if (field && typeof field === 'object' && !(field instanceof Uint8Array)) fields[name] = withoutEmpties(field);
    for (const [name, field] of Object.entries(fields))
      if (!formWritten(body, name, field)) {
        if (body.requiredFields.includes(name)) return false;
        delete fields[name];
      }
    if (required && body.kind === 'form' && Object.keys(fields).length === 0) return false;
    return validate(fields);
  };
}

/** A value's arrays and objects without their empty arrays and objects, at any depth below it. */
function withoutEmpties(value: unknown): unknown {
  if (!value || typeof value !== 'object' || value instanceof Uint8Array) return value;
  const empty = (v: unknown) =>
    !!v && typeof v === 'object' && !(v instanceof Uint8Array) && Object.keys(v as object).length === 0;
  if (Array.isArray(value)) return value.map(withoutEmpties).filter((v) => !empty(v));
  return Object.fromEntries(
    Object.entries(value)
      .map(([k, v]) => [k, withoutEmpties(v)] as const)
      .filter(([, v]) => !empty(v)),
  );
}
