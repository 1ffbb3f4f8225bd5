// Emits client.ts: one typed method per operation on a <Service>Client class, on top of the copied
// client runtime (send, retry, auth, SSE, pagination, uploads).
import {
  type ClassDeclarationStructure, type InterfaceDeclarationStructure, type MethodDeclarationStructure,
  type OptionalKind, type PropertySignatureStructure, StructureKind, type TypeAliasDeclarationStructure,
} from 'ts-morph';
import { pascalCase, propertyKey } from '../model/names.js';
import type { OperationModel, ParameterModel, ServiceModel } from '../model/types.js';
import { paramType, streamChunkType, structuredBodyType, successType } from './operation-types.js';
import { docText, printStructure } from './print-structure.js';

export function emitClient(service: ServiceModel): string {
  const className = `${service.name}Client`;
  const types: Array<InterfaceDeclarationStructure | TypeAliasDeclarationStructure> = [];
  const methods: OptionalKind<MethodDeclarationStructure>[] = [];
  const fieldUnions = new Map<string, string[]>();

  for (const op of service.operations) {
    const fieldsType = op.selectableFields ? fieldSelectionName(service, op, fieldUnions) : undefined;
    types.push(paramsInterface(op, fieldsType));
    types.push({ kind: StructureKind.TypeAlias, isExported: true, name: `${op.typeName}Result`, type: op.streaming ? streamChunkType(service, op) : successType(op) });
    methods.push(operationMethod(service, op));
    if (op.pagination) methods.push(paginationMethod(op));
  }
  if (hasResumableUpload(service)) methods.push(...uploadMethods(service));

  const fieldTypes: TypeAliasDeclarationStructure[] = [...fieldUnions.entries()].map(([name, fields]) => ({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name,
    docs: ['A field the `fields` selection may name; `name{a,b}` expands a nested object.'],
    type: fields.map((f) => JSON.stringify(f)).join(' | '),
  }));

  const clientClass: ClassDeclarationStructure = {
    kind: StructureKind.Class,
    isExported: true,
    name: className,
    docs: [docText(`Typed client of the ${service.title}.`, 'Credentials are set once, in the options; every method takes per-call options (signal, timeout, retries).')],
    properties: [{ name: 'core', isReadonly: true, type: 'ApiCore', docs: ['The transport: retries, timeouts, credentials.'] }],
    ctors: [{ parameters: [{ name: 'options', type: 'ClientOptions' }], statements: [`this.core = new ApiCore(options, ${serviceProfile(service)});`] }],
    methods,
  };

  return printStructure({
    statements: [
      ...clientImports(service),
      `export type { CallOptions, ClientOptions } from './runtime/client/core.js';`,
      `export {\n  ApiError, GraphApiError, StatusApiError, ApiTimeoutError, ApiAbortError, ApiConnectionError, BadRequestError, AuthenticationError,\n  PermissionDeniedError, NotFoundError, ConflictError, UnprocessableEntityError, RateLimitError, InternalServerError,\n} from './runtime/client/errors.js';`,
      ...(fieldTypes.length
        ? [
            '/** A Graph field selection: a comma-separated string, or a list of field names (`name{a,b}` to expand). */',
            'export type FieldSelection<F extends string> = string | ReadonlyArray<F | `${F}{${string}}` | `${F}.${string}`>;',
          ]
        : []),
      ...(service.operations.some((o) => o.parameters.some((p) => p.in === 'path'))
        ? [`const enc = (value: unknown): string => encodeURIComponent(String(value));`]
        : []),
      ...(service.operations.some((o) => o.parameters.some((p) => p.in === 'header'))
        ? [`const definedHeaders = (headers: Record<string, unknown>): Record<string, string> =>\n  Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));`]
        : []),
      ...fieldTypes,
      ...types,
      clientClass,
      ...(hasResumableUpload(service) ? [`export type { UploadProgress, UploadSource };`] : []),
    ],
  });
}

function fieldSelectionName(service: ServiceModel, op: OperationModel, unions: Map<string, string[]>): string {
  const fields = op.selectableFields!;
  const existing = [...unions.entries()].find(([, f]) => f.join() === fields.join());
  if (existing) return existing[0];
  const base = op.success?.schema?.$ref?.split('/').pop() ?? op.typeName;
  let name = `${pascalCase(base.replace(/(List|Response)$/, ''))}Field`;
  if (unions.has(name)) name = `${op.typeName}Field`;
  unions.set(name, fields);
  return name;
}

function callParams(op: OperationModel): ParameterModel[] {
  return op.parameters.filter((p) => !p.isCredential);
}

function paramsInterface(op: OperationModel, fieldsType?: string): InterfaceDeclarationStructure {
  const properties: OptionalKind<PropertySignatureStructure>[] = callParams(op).map((p) => ({
    name: propertyKey(p.identifier),
    hasQuestionToken: !p.required || (p.in === 'path' && p.defaultValue !== undefined),
    type: p.name === 'fields' && fieldsType ? `FieldSelection<${fieldsType}>` : paramType(op, p.name, p.in),
    docs: p.description || p.defaultValue !== undefined ? [docText(p.description, p.defaultValue !== undefined ? `Default: ${JSON.stringify(p.defaultValue)}.` : undefined)] : undefined,
  }));
  const body = structuredBodyType(op);
  if (body) properties.push({ name: 'body', hasQuestionToken: !op.bodyRequired, type: body, docs: ['The request body.'] });
  else if (op.requestBodies.length > 0) {
    properties.push({ name: 'body', hasQuestionToken: !op.bodyRequired, type: 'Blob | Uint8Array', docs: ['Raw bytes of the request body.'] });
    properties.push({ name: 'contentType', hasQuestionToken: true, type: 'string', docs: ['Media type of the raw body.'] });
  }
  return { kind: StructureKind.Interface, isExported: true, name: `${op.typeName}Params`, properties, docs: [`Inputs of ${op.id}.`] };
}

function allOptional(op: OperationModel): boolean {
  return callParams(op).every((p) => !p.required || (p.in === 'path' && p.defaultValue !== undefined)) && !op.bodyRequired;
}

function pathExpression(op: OperationModel): string {
  const byName = new Map(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  const parts = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = byName.get(name);
    if (!p) throw new Error(`${op.id}: path parameter ${name} is not declared`);
    const value = p.defaultValue !== undefined ? `params.${p.identifier} ?? ${JSON.stringify(p.defaultValue)}` : `params.${p.identifier}`;
    return `\${enc(${value})}`;
  });
  return '`' + parts + '`';
}

function requestSpec(op: OperationModel, overrides: { query?: string[]; body?: string } = {}): string {
  const query = callParams(op)
    .filter((p) => p.in === 'query')
    .map((p) => `${propertyKey(p.name)}: params.${p.identifier}`);
  query.push(...(overrides.query ?? []));
  const headers = callParams(op)
    .filter((p) => p.in === 'header')
    .map((p) => `${JSON.stringify(p.name)}: params.${p.identifier}`);
  const lines = [
    `operationId: ${JSON.stringify(op.id)}`,
    `method: ${JSON.stringify(op.method)}`,
    `path: ${pathExpression(op)}`,
  ];
  if (query.length) lines.push(`query: { ${query.join(', ')} }`);
  if (headers.length) lines.push(`headers: definedHeaders({ ${headers.join(', ')} })`);
  const body = overrides.body ?? bodyExpression(op);
  if (body) lines.push(`body: ${body}`);
  lines.push(`credentials: ${JSON.stringify(op.credentials)}`);
  if (op.server === 'upload') lines.push(`server: 'upload'`);
  if (op.idempotent !== undefined) lines.push(`idempotent: ${op.idempotent}`);
  if (op.idempotencyKeyHeader) lines.push(`idempotencyKeyHeader: ${JSON.stringify(op.idempotencyKeyHeader)}`);
  return `{ ${lines.join(', ')} }`;
}

function bodyExpression(op: OperationModel): string | undefined {
  if (op.requestBodies.length === 0) return undefined;
  const form = op.requestBodies.find((b) => b.kind === 'form');
  const json = op.requestBodies.find((b) => b.kind === 'json');
  // Graph writes go form-encoded, as the public service's own clients send them.
  if (form && (op.credentials === 'access-token-form' || !json)) return `params.body === undefined ? undefined : { kind: 'form', value: params.body as Record<string, unknown> }`;
  if (json) return `params.body === undefined ? undefined : { kind: 'json', value: params.body }`;
  return `params.body === undefined ? undefined : { kind: 'raw', value: params.body, contentType: params.contentType ?? 'application/octet-stream' }`;
}

function operationMethod(service: ServiceModel, op: OperationModel): OptionalKind<MethodDeclarationStructure> {
  const docs = [docText(op.summary, op.description, op.ruleIds.length ? `Rules: ${op.ruleIds.join(', ')}.` : undefined, op.deprecated ? '@deprecated' : undefined)];
  const paramsDecl = { name: 'params', type: `${op.typeName}Params`, initializer: allOptional(op) ? '{}' : undefined };
  const optionsDecl = { name: 'options', type: 'CallOptions', hasQuestionToken: true };
  if (op.streaming) {
    const alt = op.parameters.some((p) => p.name === 'alt') ? [] : [`alt: 'sse'`];
    return {
      name: op.id,
      isAsync: true,
      isGenerator: true,
      docs: [docText(docs[0], 'Yields each server-sent event as a typed chunk.')],
      parameters: [paramsDecl, optionsDecl],
      returnType: `AsyncGenerator<${op.typeName}Result>`,
      statements: [
        `const spec: RequestSpec = ${requestSpec(op, { query: alt })};`,
        `if (spec.query && spec.query.alt === undefined) spec.query.alt = 'sse';`,
        `spec.headers = { accept: 'text/event-stream', ...spec.headers };`,
        `const response = await this.core.fetchRaw(spec, options);`,
        `yield* readSseJson<${op.typeName}Result>(response, options?.signal);`,
      ],
    };
  }
  return {
    name: op.id,
    isAsync: true,
    docs,
    parameters: [paramsDecl, optionsDecl],
    returnType: `Promise<${op.typeName}Result>`,
    statements: [
      `const response = await this.core.request<${op.typeName}Result>(${requestSpec(op)}, options);`,
      `return response.data;`,
    ],
  };
}

function paginationMethod(op: OperationModel): OptionalKind<MethodDeclarationStructure> {
  const p = op.pagination!;
  const item = `NonNullable<${op.typeName}Result[${JSON.stringify(p.items)}]>[number]`;
  const statements =
    p.style === 'cursor'
      ? [`yield* paginateCursor<${item}>((after) => this.${op.id}({ ...params, after: after ?? params.after }, options) as never);`]
      : [
          `yield* paginateToken(`,
          `  (pageToken) => this.${op.id}({ ...params, ${p.tokenParam ?? 'pageToken'}: pageToken ?? params.${p.tokenParam ?? 'pageToken'} }, options),`,
          `  (page) => page[${JSON.stringify(p.items)}] as ${item}[] | undefined,`,
          `  (page) => page[${JSON.stringify(p.nextField ?? 'nextPageToken')}] as string | undefined,`,
          `);`,
        ];
  return {
    name: `${op.id}All`,
    isAsync: true,
    isGenerator: true,
    docs: [`Every item of ${op.id}, page after page (${p.style === 'cursor' ? 'Graph cursors' : 'page tokens'}).`],
    parameters: [
      { name: 'params', type: `${op.typeName}Params`, initializer: allOptional(op) ? '{}' : undefined },
      { name: 'options', type: 'CallOptions', hasQuestionToken: true },
    ],
    returnType: `AsyncGenerator<${item}>`,
    statements,
  };
}

/** The media upload operation: a multipart/related body and a resumable-protocol header. */
function uploadOperation(service: ServiceModel): OperationModel | undefined {
  return service.operations.find(
    (o) => o.requestBodies.some((b) => b.kind === 'multipart-related') &&
      o.parameters.some((p) => p.in === 'header' && JSON.stringify(p.schema).includes('resumable')),
  );
}

function hasResumableUpload(service: ServiceModel): boolean {
  return uploadOperation(service) !== undefined;
}

function uploadMethods(service: ServiceModel): OptionalKind<MethodDeclarationStructure>[] {
  const op = uploadOperation(service)!;
  const result = `${op.typeName}Result`;
  const meta = `{ file?: components['schemas']['File'] }`;
  return [
    {
      name: `${op.id}Multipart`,
      isAsync: true,
      docs: ['Uploads a file in one multipart/related request: metadata part, then the media part.'],
      parameters: [
        { name: 'args', type: `{ metadata?: ${meta}; data: Blob | Uint8Array; mimeType: string; onProgress?: (p: UploadProgress) => void }` },
        { name: 'options', type: 'CallOptions', hasQuestionToken: true },
      ],
      returnType: `Promise<${result}>`,
      statements: [
        `const { body, contentType } = multipartRelated(args.metadata ?? {}, args.data, args.mimeType);`,
        `const response = await this.core.request<${result}>({ operationId: ${JSON.stringify(op.id)}, method: ${JSON.stringify(op.method)}, path: ${JSON.stringify(op.path)}, headers: { 'X-Goog-Upload-Protocol': 'multipart' }, body: { kind: 'raw', value: body, contentType }, credentials: ${JSON.stringify(op.credentials)}, server: ${JSON.stringify(op.server)} }, options);`,
        `args.onProgress?.({ loaded: body.size, total: body.size });`,
        `return response.data;`,
      ],
    },
    {
      name: `${op.id}Resumable`,
      isAsync: true,
      docs: ['Uploads a file with the resumable protocol, in chunks, from a Buffer, Blob or stream; resumes a failed chunk.'],
      parameters: [
        { name: 'args', type: `{ metadata?: ${meta}; source: UploadSource; mimeType: string; size?: number; chunkSize?: number; onProgress?: (p: UploadProgress) => void }` },
        { name: 'options', type: 'CallOptions', hasQuestionToken: true },
      ],
      returnType: `Promise<${result}>`,
      statements: [
        `const response = await resumableUpload(this.core, { operationId: ${JSON.stringify(op.id)}, path: ${JSON.stringify(op.path)}, metadata: args.metadata ?? {}, source: args.source, mimeType: args.mimeType, size: args.size, chunkSize: args.chunkSize, onProgress: args.onProgress }, options);`,
        `return response.data as ${result};`,
      ],
    },
  ];
}

/** How the service names its credentials on the wire, for the runtime core. */
function serviceProfile(service: ServiceModel): string {
  const sources = service.operations.flatMap((o) => o.credentialSources).filter((c) => c.kind === 'apiKey');
  const header = sources.find((c) => c.in === 'header')?.name;
  const query = sources.find((c) => c.in === 'query')?.name;
  const parts = [`errorStyle: ${JSON.stringify(service.errorStyle)}`];
  if (header) parts.push(`apiKeyHeader: ${JSON.stringify(header)}`);
  if (query) parts.push(`apiKeyQuery: ${JSON.stringify(query)}`);
  // The service's "throttled" codes: what its operations document answering with 429.
  const throttle = [...new Set(service.operations.flatMap((o) => o.errors.filter((e) => e.http === 429 && typeof e.code === 'number').map((e) => e.code as number)))].sort((a, b) => a - b);
  if (throttle.length) parts.push(`throttleCodes: ${JSON.stringify(throttle)}`);
  return `{ ${parts.join(', ')} }`;
}

/** Only the runtime pieces this service's client uses. */
function clientImports(service: ServiceModel): string[] {
  const ops = service.operations;
  const streaming = ops.some((o) => o.streaming);
  const upload = hasResumableUpload(service);
  const core = ['ApiCore', 'type CallOptions', 'type ClientOptions', ...(streaming ? ['type RequestSpec'] : [])];
  const paging = [...new Set(ops.flatMap((o) => (o.pagination ? [o.pagination.style === 'cursor' ? 'paginateCursor' : 'paginateToken'] : [])))].sort();
  const lines = [`import { ${core.join(', ')} } from './runtime/client/core.js';`];
  if (paging.length) lines.push(`import { ${paging.join(', ')} } from './runtime/client/pagination.js';`);
  if (streaming) lines.push(`import { readSseJson } from './runtime/client/sse.js';`);
  if (upload) lines.push(`import { multipartRelated, resumableUpload, type UploadProgress, type UploadSource } from './runtime/client/upload.js';`);
  lines.push(`import type { ${upload ? 'components, ' : ''}operations } from './types.js';`);
  return lines;
}
