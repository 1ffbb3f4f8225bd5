// The operations of a service's model as the fuzzer needs them: path template, method, parameters and body
// schemas with their references followed, the first example of each, and the statuses the operation documents.
import {
  type GeneratedSpec,
  type JsonSchema,
  type OpenApiDocument,
  operationsOf,
  parameterObjects,
  resolveRef,
} from '../../generator/model/index.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON schema of the spec, its references followed. */
export type Schema = JsonSchema;

export interface FuzzParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
  example?: Json;
}

export interface FuzzBody {
  contentType: string;
  schema: Schema;
  example?: Json;
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  /** Path template as the spec writes it, e.g. /v1beta/{collection}/{model}:generateContent */
  path: string;
  parameters: FuzzParameter[];
  bodies: FuzzBody[];
  /** requestBody.required: only then is a request without a body a defect. */
  bodyRequired: boolean;
  /** Statuses listed under responses (numbers; `default` and ranges left out). */
  statuses: number[];
}

/** The order the fuzzer draws operations in: the document's path order, then these methods' order. */
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE'];

function firstExample(holder: { example?: unknown; examples?: unknown } | undefined): Json | undefined {
  if (!holder) return undefined;
  if (holder.example !== undefined) return holder.example as Json;
  const examples = holder.examples as Record<string, { value?: Json }> | undefined;
  if (examples && typeof examples === 'object') {
    for (const e of Object.values(examples)) if (e && e.value !== undefined) return e.value;
  }
  return undefined;
}

/** Every operation of a generated spec's model, with the examples its document gives. */
export function fuzzOperations({ document, model }: GeneratedSpec): FuzzOperation[] {
  const paths = Object.keys(document.paths ?? {});
  const place = (o: { path: string; method: string }) =>
    paths.indexOf(o.path) * METHODS.length + METHODS.indexOf(o.method);
  return operationsOf(model)
    .sort((a, b) => place(a) - place(b))
    .map(({ model: op, operation }): FuzzOperation => {
      const parameters = parameterObjects(document, op).map((p): FuzzParameter => {
        const schema = resolveRef<Schema>(document, p.schema ?? {});
        return {
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          schema,
          example:
            firstExample(p) ??
            (schema.example as Json | undefined) ??
            (schema.default as Json | undefined) ??
            (Array.isArray(schema.enum) ? schema.enum[0] : undefined),
        };
      });
      const content = operation.requestBody ? resolveRef(document, operation.requestBody).content : {};
      const bodies = op.requestBodies.map((body) => ({
        contentType: body.contentType,
        schema: resolveRef<Schema>(document, body.schema),
        example: firstExample(resolveRef(document, content[body.contentType])),
      }));
      return {
        operationId: op.id,
        method: op.method,
        path: op.path,
        parameters,
        bodies,
        bodyRequired: op.bodyRequired,
        statuses: op.responses
          .map((r) => r.status)
          .filter((s) => /^\d{3}$/.test(s))
          .map(Number),
      };
    });
}

/** A schema with allOf members merged (properties and required united), after resolving $refs. */
export function flatten(spec: OpenApiDocument, node: unknown): Schema {
  const s = node === undefined ? undefined : resolveRef<Schema>(spec, node);
  if (!s || typeof s !== 'object') return {};
  if (!Array.isArray(s.allOf)) return s;
  const merged: Schema = { ...s, properties: { ...(s.properties ?? {}) }, required: [...(s.required ?? [])] };
  delete merged.allOf;
  for (const part of s.allOf) {
    const f = flatten(spec, part);
    Object.assign(merged.properties, f.properties ?? {});
    merged.required.push(...(f.required ?? []));
    for (const k of ['type', 'pattern', 'enum', 'additionalProperties'])
      if (f[k] !== undefined && merged[k] === undefined) merged[k] = f[k];
  }
  return merged;
}
