// The TypeScript type of a tuple schema (`prefixItems`, what may follow it under `items`, bounded by
// minItems / maxItems), for openapi-typescript's `transform` hook. Its own tuple ignores the bounds and what may
// follow (`[A, B]` where the schema accepts `[a]` or `[a, b, c]`), and its `arrayLength` option wraps the tuple in
// a second one (`[[A, B], [A, B]]`). A type must accept every value the schema accepts: positions past minItems are
// optional, and what `items` allows may follow up to maxItems.
import { createRef, type GlobalContext, NULL, transformSchemaObject, tsUnion, UNKNOWN } from 'openapi-typescript';
import ts from 'typescript';

type TransformOptions = Parameters<NonNullable<GlobalContext['transform']>>[1];

export function tupleType(schema: unknown, options: TransformOptions): ts.TypeNode | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const s = schema as Record<string, any>;
  const nullable = s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'));
  const array =
    s.type === 'array' || (Array.isArray(s.type) && s.type.length === 2 && nullable && s.type.includes('array'));
  // A tuple composed with other schemas is left to the transform's own composition.
  if (!array || !Array.isArray(s.prefixItems) || s.prefixItems.length === 0 || s.allOf || s.anyOf || s.oneOf)
    return undefined;
  const prefix = s.prefixItems as unknown[];
  const min = typeof s.minItems === 'number' && s.minItems > 0 ? s.minItems : 0;
  const max = typeof s.maxItems === 'number' && s.maxItems >= 0 ? s.maxItems : Number.POSITIVE_INFINITY;
  const at = (...keys: Array<string | number>) => createRef([options.path ?? '', ...keys.map(String)]);
  const elements: ts.TypeNode[] = [];
  for (let i = 0; i < prefix.length && i < max; i++) {
    const type = transformSchemaObject(prefix[i] as never, { ...options, path: at('prefixItems', i) });
    elements.push(i < min ? type : ts.factory.createOptionalTypeNode(type));
  }
  if (max > prefix.length && s.items !== false) {
    const rest =
      s.items && typeof s.items === 'object'
        ? transformSchemaObject(s.items as never, { ...options, path: at('items') })
        : UNKNOWN;
    elements.push(ts.factory.createRestTypeNode(ts.factory.createArrayTypeNode(rest)));
  }
  const tuple = ts.factory.createTupleTypeNode(elements);
  return nullable ? tsUnion([tuple, NULL]) : tuple;
}
