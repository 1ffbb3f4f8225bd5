// The proto3 JSON parser of the public service reads more than the spec declares (recorded answers: 200, in the
// cookbook's notebooks and client cassettes): enum names in any case ("object", "auto"), enum numbers
// ({"category": 7}), one value where a repeated field is expected ({"contents": {...}}), and base64 bytes wrapped
// in lines (the cookbook's audio cell sends a 76-column MIME encoding). An OpenAPI
// document cannot say that, so the spec keeps the documented form (docs/spec-conventions.md, "Leniency") and the
// reference rewrites a request body into it before validation, walking the body beside its schema.
import { generatedSpec, type OperationModel, RouteTable, resolveRef } from '../../generator/model/index.js';

type Node = Record<string, any>;

/** The pattern of the spec's base64 bytes (Blob.data): either alphabet, which the public parser reads past line breaks. */
const BASE64_PATTERN = '^[A-Za-z0-9+/_-]*={0,2}$';

let routes: RouteTable<OperationModel> | undefined;
const document = () => generatedSpec('generative').document;

/** The JSON body schema of the operation at method and path, if it has one. */
function bodySchema(method: string, pathname: string): Node | undefined {
  routes ??= new RouteTable(generatedSpec('generative').model.operations);
  const operation = routes.find(method, pathname)?.route;
  return operation?.requestBodies.find((b) => b.kind === 'json')?.schema as Node | undefined;
}

/** The schema and everything it brings in by $ref and allOf, each resolved. */
function parts(schema: unknown, out: Node[] = []): Node[] {
  const node = schema && typeof schema === 'object' ? (resolveRef(document(), schema) as Node) : undefined;
  if (!node || out.includes(node)) return out;
  out.push(node);
  // The schema itself may carry a $ref beside other keywords (3.1): its own keywords were kept above.
  if (typeof (schema as Node).$ref === 'string' && schema !== node) out.push(schema as Node);
  for (const member of node.allOf ?? []) parts(member, out);
  return out;
}

/** The names of a proto enum in declaration order (the list starting with its *_UNSPECIFIED zero value). */
function protoEnum(nodes: Node[]): string[] | undefined {
  const lists = nodes.map((n) => n.enum).filter((e): e is string[] => Array.isArray(e));
  return lists.find((e) => typeof e[0] === 'string' && e[0].endsWith('_UNSPECIFIED')) ?? lists[0];
}

function normalise(value: unknown, schema: unknown): unknown {
  const nodes = parts(schema);
  if (!nodes.length || value === null || value === undefined) return value;
  const items = nodes.find((n) => n.type === 'array' || n.items)?.items;
  if (items !== undefined) {
    const list = Array.isArray(value) ? value : [value];
    return list.map((v) => normalise(v, items));
  }
  const names = protoEnum(nodes);
  if (names) {
    if (typeof value === 'string') return names.find((name) => name.toLowerCase() === value.toLowerCase()) ?? value;
    if (Number.isInteger(value) && nodes.every((n) => n.type !== 'integer' && n.type !== 'number'))
      return names[value as number] ?? value;
    return value;
  }
  if (typeof value === 'string' && nodes.some((n) => n.pattern === BASE64_PATTERN)) return value.replace(/\s+/g, '');
  if (typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Node = {};
  for (const [key, inner] of Object.entries(value as Node)) {
    const declared = nodes.find((n) => n.properties && Object.hasOwn(n.properties, key))?.properties[key];
    const extra = nodes.find((n) => n.additionalProperties && typeof n.additionalProperties === 'object');
    const sub = declared ?? extra?.additionalProperties;
    out[key] = sub === undefined ? inner : normalise(inner, sub);
  }
  return out;
}

/** A JSON request body in the documented form of its operation's schema (unchanged where no schema applies). */
export function protoJsonRequest(method: string, pathname: string, body: unknown): unknown {
  const schema = bodySchema(method, pathname);
  return schema ? normalise(body, schema) : body;
}
