// Emits types.ts: openapi-typescript's paths / components / operations types for the bundled spec.
// The client and server emitters add the per-operation aliases on top of these.
import openapiTS, { astToString } from 'openapi-typescript';
import type { ServiceModel } from '../model/types.js';

/**
 * openapi-typescript types a schema that only lists `required` (a common allOf member:
 * `allOf: [{$ref: Group}, {required: [id]}]`) as Record<string, never>, which makes the intersection
 * unusable. Giving those names an unconstrained property keeps the requiredness and loses nothing.
 */
function requiredOnlyMembers(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(requiredOnlyMembers);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, any>;
  if (Array.isArray(schema.required) && !schema.properties && (!schema.type || schema.type === 'object') && !schema.additionalProperties && !schema.$ref && !schema.allOf && !schema.oneOf && !schema.anyOf) {
    schema.properties = Object.fromEntries(schema.required.filter((n: unknown) => typeof n === 'string').map((n: string) => [n, {}]));
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key !== 'examples' && key !== 'example') requiredOnlyMembers(value);
  }
}

export async function emitTypes(service: ServiceModel): Promise<string> {
  const document = structuredClone(service.document);
  requiredOnlyMembers(document);
  const ast = await openapiTS(document as any, {
    alphabetize: true,
    rootTypes: true,
    rootTypesNoSchemaPrefix: false,
    defaultNonNullable: true,
    arrayLength: true,
    silent: true,
  });
  return astToString(ast);
}
