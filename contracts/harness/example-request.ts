// Builds one valid request per operation from the spec's own examples (parameter, schema and request
// body examples), so that every operation can be called once without hand-written inputs.
import { generateSync } from 'json-schema-faker';
import {
  type JsonSchema,
  type MediaTypeObject,
  type OpenApiDocument,
  operationObject,
  parameterObjects,
  resolveRef,
} from '../../generator/model/index.js';

type ExampleObject = { value?: unknown };
type SecurityRequirementObject = Record<string, string[]>;

export interface ExampleRequest {
  operationId: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  contentType?: string;
  body?: string | Uint8Array;
  /** The status codes the spec documents for the operation. */
  documentedStatuses: string[];
}

export interface Credentials {
  accessToken?: string;
  apiKey?: string;
}

/** What may carry examples: a parameter, a media type, a schema. */
interface ExampleHolder {
  example?: unknown;
  examples?: Record<string, unknown> | unknown[];
}

/** A parameter's or media type's example: `example`, else its first named example (refs followed). */
export function exampleOf(doc: OpenApiDocument, holder: ExampleHolder | undefined): unknown {
  if (holder === undefined) return undefined;
  if (holder.example !== undefined) return holder.example;
  const named = Object.values(holder.examples ?? {})[0];
  if (named !== undefined) return resolveRef<ExampleObject>(doc, named).value ?? named;
  return undefined;
}

/** The schema's own example, default, const or first enum value; otherwise a value json-schema-faker derives. */
export function sampleForSchema(doc: OpenApiDocument, raw: unknown): unknown {
  const schema = resolveRef<JsonSchema>(doc, raw ?? {});
  const direct =
    schema.example ??
    (Array.isArray(schema.examples) ? schema.examples[0] : undefined) ??
    schema.default ??
    schema.const ??
    schema.enum?.[0];
  if (direct !== undefined) return direct;
  // Seeded, so every run sends the same request; the components ride along for its $refs.
  return generateSync({ ...schema, components: doc.components } as never, {
    seed: 1,
    useExamplesValue: true,
    useDefaultValue: true,
    refDepth: 2,
  });
}

function asString(value: unknown): string {
  return typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.join(',')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
}

export function exampleRequest(
  doc: OpenApiDocument,
  path: string,
  method: string,
  credentials: Credentials,
): ExampleRequest {
  const op = operationObject(doc, { path, method });
  const params = parameterObjects(doc, { path, method });
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  let url = path;
  for (const p of params) {
    const explicit = exampleOf(doc, p);
    const value =
      explicit ?? exampleOf(doc, resolveRef<JsonSchema>(doc, p.schema ?? {})) ?? sampleForSchema(doc, p.schema);
    // Required parameters, and optional ones the spec gives an example for (e.g. mine=true).
    const send = p.required || explicit !== undefined;
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(asString(value)));
    else if (send && p.in === 'query') query[p.name] = asString(value);
    else if (send && p.in === 'header') headers[p.name] = asString(value);
  }
  const security: SecurityRequirementObject[] = op.security ?? doc.security ?? [];
  const schemes = doc.components?.securitySchemes ?? {};
  const first = Object.keys(security.find((req) => Object.keys(req).length > 0) ?? {})[0];
  const scheme = first ? schemes[first] : undefined;
  const queryCredential: string | undefined =
    scheme?.type === 'apiKey' && scheme.in === 'query' ? scheme.name : undefined;
  if (queryCredential)
    query[queryCredential] = (scheme.name === 'key' ? credentials.apiKey : credentials.accessToken) ?? '';
  if (scheme?.type === 'apiKey' && scheme.in === 'header') headers[scheme.name] = credentials.apiKey ?? '';
  if (scheme?.type === 'oauth2' || (scheme?.type === 'http' && scheme.scheme === 'bearer'))
    headers.authorization = `Bearer ${credentials.accessToken ?? ''}`;

  const request: ExampleRequest = {
    operationId: op.operationId,
    method: method.toUpperCase(),
    path: url,
    query,
    headers,
    documentedStatuses: Object.keys(op.responses ?? {}),
  };
  const body = op.requestBody ? resolveRef(doc, op.requestBody) : undefined;
  if (body) {
    const entries = Object.entries(body.content ?? {}).map(
      ([ct, media]) => [ct, resolveRef<MediaTypeObject>(doc, media)] as const,
    );
    const preferred =
      entries.find(([ct]) => ct === 'application/x-www-form-urlencoded') ??
      entries.find(([ct]) => ct === 'application/json') ??
      entries[0];
    if (preferred) {
      const [contentType, media] = preferred;
      const value = exampleOf(doc, media) ?? sampleForSchema(doc, media.schema) ?? {};
      request.contentType = contentType;
      if (contentType === 'application/x-www-form-urlencoded') {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(value as Record<string, unknown>)) form.set(k, asString(v));
        // A credential the example's form also carries is the one sent in the query: two different ones are refused.
        if (queryCredential && form.has(queryCredential)) form.set(queryCredential, query[queryCredential]!);
        request.body = form.toString();
      } else if (contentType.includes('json')) request.body = JSON.stringify(value);
      else request.body = typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  return request;
}

export function requestUrl(baseUrl: string, request: ExampleRequest): string {
  const url = new URL(baseUrl.replace(/\/$/, '') + request.path);
  for (const [k, v] of Object.entries(request.query)) url.searchParams.set(k, v);
  return url.toString();
}
