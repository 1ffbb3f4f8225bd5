// The `type` a document writes beside a `$ref` where OpenAPI 3.0 says such siblings "SHALL be ignored" (the model
// reads the `$ref` alone, and so does the engine's judge). A reader that follows the sibling instead (Prism's
// sampler: microcks' `additionalProperties: {$ref: StringArray, type: object}` answered with `{}` for each label)
// writes a value of the sibling's type: told apart by the place in the schema where the refused value sits.
import { type OpenApiDocument, resolveRef, unescapeToken } from '../../generator/model/index.js';

type Node = Record<string, unknown>;

/** The schema one step below `schema` for a member or item named `token`: a property, the items, the rest. */
function below(document: OpenApiDocument, schema: unknown, token: string, depth = 0): unknown {
  const s = resolveRef<Node>(document, schema ?? {});
  const properties = s.properties as Record<string, unknown> | undefined;
  if (properties && Object.hasOwn(properties, token)) return properties[token];
  if (/^\d+$/.test(token) && s.items && typeof s.items === 'object') return s.items;
  if (s.additionalProperties && typeof s.additionalProperties === 'object') return s.additionalProperties;
  for (const member of depth < 8 && Array.isArray(s.allOf) ? s.allOf : []) {
    const found = below(document, member, token, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The `type` written beside a `$ref` at `instancePath` (ajv's, `/a/0/b`) in `schema`, as the 3.0 document writes it;
 * undefined where there is none, or the document is not 3.0 (3.1 reads such siblings as constraints too).
 */
export function refSiblingType(document: OpenApiDocument, schema: unknown, instancePath: string): string | undefined {
  if (!/^3\.0\./.test(String((document as { openapi?: unknown }).openapi ?? ''))) return undefined;
  let node: unknown = schema;
  for (const token of instancePath.split('/').slice(1).map(unescapeToken)) {
    node = below(document, node, token);
    if (node === undefined) return undefined;
  }
  const at = node as Node | undefined;
  return at && typeof at.$ref === 'string' && typeof at.type === 'string' ? at.type : undefined;
}
