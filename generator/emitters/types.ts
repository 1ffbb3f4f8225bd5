// Emits types.ts: openapi-typescript's paths / components / operations types for the bundled spec.
// The client and server emitters add the per-operation aliases on top of these.
import openapiTS, { astToString } from 'openapi-typescript';
import type { ServiceModel } from '../model/types.js';

export async function emitTypes(service: ServiceModel): Promise<string> {
  const ast = await openapiTS(structuredClone(service.document) as any, {
    alphabetize: true,
    rootTypes: true,
    rootTypesNoSchemaPrefix: false,
    defaultNonNullable: true,
    arrayLength: true,
    silent: true,
  });
  return astToString(ast);
}
