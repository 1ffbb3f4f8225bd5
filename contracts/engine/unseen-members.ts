// A schema's `additionalProperties` sees its own `properties` only (JSON Schema: the members its allOf, anyOf or oneOf
// alternatives declare are additional to it). A document that writes both (Adyen's `additionalData`:
// `additionalProperties: {type: string}` beside `anyOf: [ResponseAdditionalData3DSecure, ...]`, whose
// `threeds2.cardEnrolled` is a boolean) refuses the very member it declares: an answer carrying it as declared breaks
// the additionalProperties. That is the document's contradiction, not the target's fault; a value neither the
// alternative nor the additionalProperties allows is still a FAIL.
import type { ErrorObject } from 'ajv';
import { resolveRef, type ServiceModel, unescapeToken } from '../../generator/model/index.js';
import type { DocumentPointers, DocumentSchemas } from './schemas.js';

type Schema = Record<string, unknown>;

/** A schema with its allOf, anyOf and oneOf members, at any depth (refs followed). */
function flatten(model: ServiceModel, raw: unknown, depth = 0): Schema[] {
  const schema = resolveRef<Schema>(model.document, raw ?? {});
  if (!schema || typeof schema !== 'object' || depth > 8) return [];
  const members = ['allOf', 'anyOf', 'oneOf'].flatMap((k) =>
    Array.isArray(schema[k]) ? (schema[k] as unknown[]) : [],
  );
  return [schema, ...members.flatMap((m) => flatten(model, m, depth + 1))];
}

/**
 * Where the refused member is one an alternative declares, with the value it declares, and the additionalProperties
 * of the schema beside that alternative refused it: the text saying so; undefined otherwise.
 */
export function unseenMember(
  model: ServiceModel,
  schemas: DocumentSchemas,
  pointers: DocumentPointers,
  root: unknown,
  error: ErrorObject,
): string | undefined {
  if (!error.schemaPath.includes('/additionalProperties')) return undefined;
  const tokens = error.instancePath.split('/').slice(1).map(unescapeToken);
  const member = tokens.pop();
  if (member === undefined) return undefined;
  let level = flatten(model, root);
  for (const token of tokens)
    level = level.flatMap((schema) => {
      const properties = (schema.properties ?? {}) as Schema;
      if (Object.hasOwn(properties, token)) return flatten(model, properties[token]);
      if (/^\d+$/.test(token) && schema.items !== undefined) return flatten(model, schema.items);
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        return flatten(model, schema.additionalProperties);
      return [];
    });
  for (const schema of level) {
    if (!schema.additionalProperties || Object.hasOwn((schema.properties ?? {}) as Schema, member)) continue;
    const declaring = flatten(model, schema)
      .slice(1)
      .find((alternative) => {
        const declared = ((alternative.properties ?? {}) as Schema)[member];
        return declared !== undefined && (schemas.validator(declared)?.(error.data) ?? false);
      });
    if (declaring)
      return `its additionalProperties (${pointers.of(schema) ?? 'a schema'}) does not see the members its alternatives declare: ${member}, declared by ${pointers.of(declaring) ?? 'an alternative'}, is refused as an additional member`;
  }
  return undefined;
}
