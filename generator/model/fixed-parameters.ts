// Required header and query parameters that admit one value (an enum of one, a const): some documents tell
// operations of one method and path apart by these alone (AWS's `X-Amz-Target` header or `Action` query under path
// keys such as `/#X-Amz-Target=Service.CreateThing`, whose fragment no request carries). The generated server
// routes such a request to the operation whose values it carries.
import { type OpenApiDocument, resolveRef } from './ref.js';
import type { OperationModel } from './types.js';

export interface FixedParameter {
  in: 'header' | 'query';
  name: string;
  /** The one value, as the request carries it (text). */
  value: string;
}

export function fixedParameters(op: OperationModel, document: OpenApiDocument): FixedParameter[] {
  const fixed: FixedParameter[] = [];
  for (const p of op.parameters) {
    if (!p.required || (p.in !== 'header' && p.in !== 'query')) continue;
    let schema: any;
    try {
      schema = resolveRef(document, p.schema);
    } catch {
      continue;
    }
    const values: unknown[] | undefined =
      schema && typeof schema === 'object'
        ? 'const' in schema
          ? [schema.const]
          : Array.isArray(schema.enum)
            ? schema.enum
            : undefined
        : undefined;
    const one = values?.length === 1 ? values[0] : undefined;
    if (typeof one === 'string' || typeof one === 'number' || typeof one === 'boolean')
      fixed.push({ in: p.in, name: p.in === 'header' ? p.name.toLowerCase() : p.name, value: String(one) });
  }
  return fixed;
}

/** Whether a request of one operation can never be one of the other: a fixed parameter both have, its values apart. */
export function toldApartByFixed(a: FixedParameter[], b: FixedParameter[]): boolean {
  return a.some((p) => b.some((q) => q.in === p.in && q.name === p.name && q.value !== p.value));
}
