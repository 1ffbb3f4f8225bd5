// Emits client.ts: one typed method per operation on a <Service>Client class, on top of the copied
// client runtime (send, retry, auth, SSE, pagination, uploads).
import type {
  ClassDeclarationStructure,
  FunctionDeclarationStructure,
  InterfaceDeclarationStructure,
  MethodDeclarationStructure,
  OptionalKind,
  PropertySignatureStructure,
  TypeAliasDeclarationStructure,
} from 'ts-morph';
import { StructureKind } from 'ts-morph';
import { isJsonType, isLinesType, isMediaRange, isTextType } from '../model/media-types.js';
import { isFieldsType, isFormText } from '../model/fieldless-forms.js';
import { sentAsKey, unsendableKey } from '../model/security.js';
import { literalPercents } from '../model/path-literal.js';
import { typeIdentifier } from '../model/names.js';
import type { OperationModel, ParameterModel, RequestBodyModel, ServiceModel } from '../model/types.js';
import type { OpenApiDocument } from '../model/ref.js';
import {
  bodyContentType,
  paramType,
  rawAnswer,
  requestPath,
  schemaType,
  streamChunkType,
  structuredBodyType,
  responseUnion,
  resultType,
  rangeDefault,
  successResponses,
  successType,
  TYPE_MODULE_NAMES,
  xmlAnswers,
} from './operation-types.js';
import { docText, printStructure } from './print-structure.js';
import { propertyKey, stringLiteral, templateText, valueLiteral } from './escape.js';
import { errorBodyType, errorResponses, statusesOf } from './server-types.js';
import { readsXml, xmlBodyShape } from './xml-shapes.js';

export function emitClient(service: ServiceModel): string {
  const className = `${service.name}Client`;
  const coreFactory = `create${service.name}Core`;
  const types: Array<InterfaceDeclarationStructure | TypeAliasDeclarationStructure> = [];
  const methods: OptionalKind<MethodDeclarationStructure>[] = [];
  const fieldUnions = new Map<string, string[]>();
  // Every name the file imports from the runtime (whether or not the types module's `components` is named) or
  // declares beside the operation functions: an operation function of such a name takes a `_` (the method keeps it).
  const moduleNames = new Set([
    ...importedNames(clientImports(service, TYPE_MODULE_NAMES)),
    className,
    coreFactory,
    `${service.name}Senders`,
    `create${service.name}SenderCore`,
  ]);
  // The methods' names (an operation's, its page, upload and sender methods'): a renamed function takes none of them.
  const methodNames = new Set(
    allRequests(service).flatMap((o) => [
      o.id,
      ...(o.pagination ? [helperName(service, o, 'Page'), helperName(service, o, 'All')] : []),
      ...(o.requestBodies.some((b) => b.kind === 'multipart-related') ? [helperName(service, o, 'Multipart')] : []),
      ...(o.mediaUpload?.resumable ? [helperName(service, o, 'Resumable')] : []),
    ]),
  );
  const renamed = new Map<string, string>();
  const functionName = (name: string) => {
    if (!moduleNames.has(name)) return name;
    let free = renamed.get(name);
    if (free) return free;
    const given = new Set(renamed.values());
    free = `${name}_`;
    while (moduleNames.has(free) || methodNames.has(free) || given.has(free)) free += '_';
    renamed.set(name, free);
    return free;
  };

  for (const op of service.operations) {
    const fieldsType = op.selectableFields ? fieldSelectionName(service, op, fieldUnions) : undefined;
    types.push(paramsInterface(op, service.document, fieldsType));
    types.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${op.typeName}Result`,
      type: op.streaming || op.linesType ? streamChunkType(service, op) : resultType(op, service.document),
    });
    const answers = responseUnion(op, service.document);
    if (answers && !op.selectableFields)
      types.push({
        kind: StructureKind.TypeAlias,
        isExported: true,
        name: `${op.typeName}Response`,
        type: answers,
        docs: ['The answer `.withResponse()` gives: one branch per documented success status, each with its own body.'],
      });
    methods.push(operationMethod(service, op, fieldsType));
    const errors = errorType(service, op);
    if (errors) types.push(errors);
    const helper = (kind: string) => helperName(service, op, kind);
    if (op.pagination) methods.push(...paginationMethods(op, functionName, helper));
    if (op.requestBodies.some((b) => b.kind === 'multipart-related')) methods.push(multipartMethod(op, helper));
    if (op.mediaUpload?.resumable) methods.push(resumableMethod(op, helper));
  }

  const senderMethods: OptionalKind<MethodDeclarationStructure>[] = [];
  for (const op of service.receivers) {
    types.push(paramsInterface(op, service.document), {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${op.typeName}Result`,
      type: successType(op, service.document),
    });
    const errors = errorType(service, op);
    if (errors) types.push(errors);
    senderMethods.push(senderMethod(service, op));
  }

  const fieldTypes: TypeAliasDeclarationStructure[] = [...fieldUnions.entries()].map(([name, fields]) => ({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name,
    docs: ['A field the `fields` selection may name; `name{a,b}` expands a nested object.'],
    type: fields.map((f) => stringLiteral(f)).join(' | '),
  }));

  // Each operation is a function of the core (a bundler keeps only those a program imports); the class
  // gives the same functions as methods.
  const functions = operationFunctions([...methods, ...senderMethods], functionName);
  // Only the types module's names the code uses are imported (an unused import does not compile).
  const code = JSON.stringify([fieldTypes, types, functions]);
  const typeNames = TYPE_MODULE_NAMES.filter((name) => code.includes(`${name}[`));
  const createCore: FunctionDeclarationStructure = {
    kind: StructureKind.Function,
    isExported: true,
    name: coreFactory,
    docs: [
      docText(
        `The transport of the ${service.title} (credentials, retries, timeouts), for the operation functions: \`listX(core, params)\`.`,
      ),
    ],
    parameters: [{ name: 'options', type: 'ClientOptions' }],
    returnType: 'ApiCore',
    statements: [`return new ApiCore(options, ${serviceProfile(service)});`],
  };
  const coreProperty = transportProperty(methods);
  const clientClass: ClassDeclarationStructure = {
    kind: StructureKind.Class,
    isExported: true,
    name: className,
    docs: [
      docText(
        `Typed client of the ${service.title}.`,
        'Credentials are set once, in the options; every method takes per-call options (signal, timeout, retries). Each method is also an exported function of a core (`' +
          coreFactory +
          '(options)`), for a bundle that keeps only the operations it uses.',
      ),
    ],
    properties: [
      {
        name: coreProperty,
        isReadonly: true,
        type: 'ApiCore',
        docs: ['The transport: retries, timeouts, credentials.'],
      },
    ],
    ctors: [
      {
        parameters: [{ name: 'options', type: 'ClientOptions' }],
        statements: [`this.${coreProperty} = ${coreFactory}(options);`],
      },
    ],
    methods: methods.map((m) => delegatingMethod(m, coreProperty, functionName)),
  };

  return printStructure({
    statements: [
      ...clientImports(service, typeNames).map(importLine),
      `export type { ApiResponse, CallOptions, ClientOptions, RetryOptions${service.receivers.length ? ', SenderOptions' : ''} } from './runtime/client/core.js';`,
      `export { ApiPromise } from './runtime/client/api-promise.js';`,
      ...(service.operations.some((o) => o.pagination)
        ? [`export { Page } from './runtime/client/pagination.js';`]
        : []),
      ...(service.operations.some((o) => o.streaming || o.linesType)
        ? [`export { ApiStream } from './runtime/client/stream.js';`]
        : []),
      `export {\n  ApiError, ApiTimeoutError, ApiAbortError, ApiConnectionError, BadRequestError, AuthenticationError, NotModifiedError,\n  PermissionDeniedError, NotFoundError, ConflictError, UnprocessableEntityError, RateLimitError, InternalServerError,\n} from './runtime/client/errors.js';`,
      errorStyleModule(service).exports,
      ...(fieldTypes.length
        ? [
            '/** One entry of a field selection: a field name, `name{a,b}` (nested fields) or `name.limit(n)`. */',
            'export type FieldSpec<F extends string> = F | `${F}{${string}}` | `${F}.${string}`;',
            "/** A Graph field selection: a comma-separated string, or a list of entries (a list narrows the answer's type). */",
            'export type FieldSelection<F extends string> = string | ReadonlyArray<FieldSpec<F>>;',
            '/** The field names a list of entries selects. */',
            'export type SelectedFields<S extends string> = S extends `${infer N}{${string}` ? N : S extends `${infer N}.${string}` ? N : S;',
            '/** An answer narrowed to the selected fields, and its id. */',
            "export type Selected<T, F extends string> = Pick<T, Extract<F | 'id', keyof T>>;",
          ]
        : []),
      ...(service.operations.some((o) => o.parameters.some((p) => p.in === 'path' && !styledPathParam(p)))
        ? [`const enc = (value: unknown): string => encodeURIComponent(String(value));`]
        : []),
      // Header parameters the caller gives (a credential's header is the core's to write). A null value or array item
      // is undefined to OpenAPI's simple style (RFC 6570): no header, no item, never the text `null`.
      ...(allRequests(service).some((o) => callParams(o).some((p) => p.in === 'header'))
        ? [
            `const definedHeaders = (headers: Record<string, unknown>): Record<string, string> =>\n  Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, Array.isArray(v) ? v.filter((item) => item !== undefined && item !== null).join(',') : String(v)]));`,
          ]
        : []),
      ...fieldTypes,
      ...types,
      createCore,
      ...functions,
      clientClass,
      ...sendersStatements(service, senderMethods, functionName),
      ...(multipartOperations(service).length || resumableOperations(service).length
        ? [`export type { UploadProgress, UploadSource };`]
        : []),
    ],
  });
}

/**
 * The operation functions: each builder writes its body on the `core` parameter (and calls its sibling
 * functions with it), so the function is the method's structure with `core` in front of its parameters.
 */
function operationFunctions(
  methods: OptionalKind<MethodDeclarationStructure>[],
  functionName: (method: string) => string,
): FunctionDeclarationStructure[] {
  return methods.map((m) => ({
    kind: StructureKind.Function,
    isExported: true,
    name: functionName(m.name),
    isAsync: m.isAsync,
    docs: m.docs,
    typeParameters: m.typeParameters,
    parameters: declaresCore(m) ? m.parameters : [{ name: 'core', type: 'ApiCore' }, ...(m.parameters ?? [])],
    returnType: m.returnType,
    statements: m.statements,
  }));
}

/**
 * A webhook or callback request as its sender makes it: to the URL given at run time (a subscriber's), with the
 * payload, parameters and answer the spec documents.
 */
function senderMethod(service: ServiceModel, op: OperationModel): OptionalKind<MethodDeclarationStructure> {
  const what =
    op.receiver!.kind === 'webhook'
      ? `Sends the webhook ${op.receiver!.name}`
      : `Sends the callback ${op.receiver!.name} of ${op.receiver!.owner} (${op.receiver!.expression})`;
  return {
    name: op.id,
    docs: [docText(`${what} to \`url\`: ${op.method} with the documented payload.`, op.summary, op.description)],
    parameters: [
      { name: 'url', type: 'string' },
      { name: 'params', type: `${op.typeName}Params`, initializer: allOptional(op) ? '{}' : undefined },
      { name: 'options', type: 'CallOptions', hasQuestionToken: true },
    ],
    returnType: `ApiPromise<${op.typeName}Result>`,
    statements: [
      ...cookieStatements(op),
      `return core.call<${op.typeName}Result>(${requestSpec(service, op, { url: 'url' })}, options);`,
    ],
  };
}

/** The senders' core factory and class: requests to URLs given at run time, with the client's retries and timeouts. */
function sendersStatements(
  service: ServiceModel,
  methods: OptionalKind<MethodDeclarationStructure>[],
  functionName: (method: string) => string,
): Array<string | ClassDeclarationStructure | FunctionDeclarationStructure> {
  if (methods.length === 0) return [];
  const factory = `create${service.name}SenderCore`;
  const coreProperty = transportProperty(methods);
  return [
    {
      kind: StructureKind.Function,
      isExported: true,
      name: factory,
      docs: [
        docText(
          `The transport of the senders of the ${service.title}'s webhooks and callbacks (retries, timeouts): each request goes to the URL it is given.`,
        ),
      ],
      parameters: [{ name: 'options', type: 'SenderOptions', initializer: '{}' }],
      returnType: 'ApiCore',
      statements: [
        `return new ApiCore({ ...options, baseUrl: '' }, ${serviceProfile(service).replace(/ \}$/, ', sender: true }')});`,
      ],
    },
    {
      kind: StructureKind.Class,
      isExported: true,
      name: `${service.name}Senders`,
      docs: [
        docText(
          `Typed senders of the ${service.title}'s webhooks and callbacks: each method sends its documented payload to the URL given (a subscriber's).`,
        ),
      ],
      properties: [{ name: coreProperty, isReadonly: true, type: 'ApiCore' }],
      ctors: [
        {
          parameters: [{ name: 'options', type: 'SenderOptions', initializer: '{}' }],
          statements: [`this.${coreProperty} = ${factory}(options);`],
        },
      ],
      methods: methods.map((m) => delegatingMethod(m, coreProperty, functionName)),
    },
  ];
}

/**
 * The name of an operation's helper method (`listPage`, `listAll`, `uploadMultipart`, `uploadResumable`): the
 * operation's name and the helper's, with a `_` more while another operation has that name (a paginated `list`
 * beside an operation `listPage`). Helpers of different operations or kinds never share a name (the kinds' names
 * end differently).
 */
export function helperName(service: ServiceModel, op: OperationModel, helper: string): string {
  const ids = new Set([...service.operations, ...service.receivers].map((o) => o.id));
  let name = `${op.id}${helper}`;
  while (ids.has(name)) name += '_';
  return name;
}

/** The name of a class's transport: `core`, with a `_` more for each method of the class that has the name. */
function transportProperty(methods: OptionalKind<MethodDeclarationStructure>[]): string {
  const names = new Set(methods.map((m) => m.name));
  let name = 'core';
  while (names.has(name)) name += '_';
  return name;
}

/** Whether a method declares its core itself (its first parameter), named so that it shadows nothing it calls. */
const declaresCore = (m: OptionalKind<MethodDeclarationStructure>) => m.parameters?.[0]?.type === 'ApiCore';

/** The method of the client class that calls the operation function of its name with the class's core. */
function delegatingMethod(
  m: OptionalKind<MethodDeclarationStructure>,
  coreProperty: string,
  functionName: (method: string) => string,
): OptionalKind<MethodDeclarationStructure> {
  const typeArgs = m.typeParameters?.length
    ? `<${m.typeParameters.map((t) => (typeof t === 'string' ? t : t.name)).join(', ')}>`
    : '';
  const called = functionName(m.name);
  // A method named as one of its parameters (an operation `options`) would call the parameter: that one is renamed.
  const parameters = (declaresCore(m) ? m.parameters!.slice(1) : (m.parameters ?? [])).map((p) =>
    p.name === called ? { ...p, name: `${p.name}_` } : p,
  );
  const args = [`this.${coreProperty}`, ...parameters.map((p) => p.name)].join(', ');
  return { ...m, parameters, isAsync: false, statements: [`return ${called}${typeArgs}(${args});`] };
}

function fieldSelectionName(service: ServiceModel, op: OperationModel, unions: Map<string, string[]>): string {
  const fields = op.selectableFields!;
  const existing = [...unions.entries()].find(([, f]) => f.join() === fields.join());
  if (existing) return existing[0];
  const base = op.success?.schema?.$ref?.split('/').pop() ?? op.typeName;
  let name = `${typeIdentifier(base.replace(/(List|Response)$/, ''))}Field`;
  if (unions.has(name)) name = `${op.typeName}Field`;
  unions.set(name, fields);
  return name;
}

/** The operations and the webhook and callback requests (senders) the client makes. */
function allRequests(service: ServiceModel): OperationModel[] {
  return [...service.operations, ...service.receivers];
}

function callParams(op: OperationModel): ParameterModel[] {
  return op.parameters.filter((p) => !p.isCredential);
}

function paramsInterface(
  op: OperationModel,
  document: OpenApiDocument,
  fieldsType?: string,
): InterfaceDeclarationStructure {
  const properties: OptionalKind<PropertySignatureStructure>[] = callParams(op).map((p) => ({
    name: propertyKey(p.identifier),
    hasQuestionToken: !p.required || (p.in === 'path' && p.defaultValue !== undefined),
    type: p.name === 'fields' && fieldsType ? `FieldSelection<${fieldsType}>` : paramType(op, p.name, p.in),
    docs:
      p.description || p.defaultValue !== undefined
        ? [
            docText(
              p.description,
              p.defaultValue !== undefined ? `Default: ${valueLiteral(p.defaultValue)}.` : undefined,
            ),
          ]
        : undefined,
  }));
  const body = structuredBodyType(op);
  if (body)
    properties.push({ name: 'body', hasQuestionToken: !op.bodyRequired, type: body, docs: ['The request body.'] });
  else if (op.requestBodies.length > 0) {
    const text = op.requestBodies.some((b) => isTextType(b.contentType));
    const lines = op.requestBodies.find((b) => isLinesType(b.contentType));
    // A form whose schema admits no object (fieldless-forms.ts): the body as the caller encoded it.
    const formText = op.requestBodies.some((b) => isFormText(b.contentType));
    const multipart = op.requestBodies.some((b) => isFieldsType(b.contentType) && !isFormText(b.contentType));
    // An XML body whose schema describes more than a string also takes its schema's value, written as XML.
    const xml = xmlValueBodies(op, document);
    const encoded = [
      ...xml.map((b) => bodyContentType(op, b)),
      ...(formText ? ['URLSearchParams'] : []),
      ...(multipart ? ['FormData'] : []),
      'Blob',
      'Uint8Array',
      ...(text || formText ? ['string'] : []),
    ].join(' | ');
    properties.push({
      name: 'body',
      hasQuestionToken: !op.bodyRequired,
      type: lines ? `Array<${schemaType(lines.schema)}> | Blob | Uint8Array | string` : encoded,
      docs: [
        lines
          ? 'The request body: its values, sent one JSON line each, or its text or bytes.'
          : formText || multipart
            ? `The request body as encoded for its media type, its schema giving no fields to write: ${[
                ...(formText ? ['form text (a string or URLSearchParams)'] : []),
                ...(multipart ? ['FormData (sent with the boundary fetch writes)'] : []),
              ].join(', ')}, or bytes (with a contentType naming a multipart boundary).`
            : xml.length
              ? "The request body: its schema's value, written as XML, or its text or bytes."
              : text
                ? 'The request body: its text (XML, text, CSV, YAML) or its bytes.'
                : 'Raw bytes of the request body.',
      ],
    });
    const concrete = op.requestBodies.map((b) => b.contentType).filter((t) => !t.includes('*'));
    properties.push({
      name: 'contentType',
      hasQuestionToken: true,
      // The documented media types, or another one the caller names (a wildcard's member, a charset).
      type: concrete.length ? [...concrete.map((t) => stringLiteral(t)), '(string & {})'].join(' | ') : 'string',
      docs: [`Media type of the body; default: ${concrete[0] ?? 'application/octet-stream'}.`],
    });
  }
  const parts = Object.entries(sentMultipart(op)?.partHeaders ?? {});
  if (parts.length)
    properties.push({
      name: 'partHeaders',
      hasQuestionToken: true,
      type: `{ ${parts.map(([field, headers]) => `${propertyKey(field)}?: { ${headers.map((h) => `${propertyKey(h)}?: string`).join('; ')} }`).join('; ')} }`,
      docs: ["Headers of the body's parts, by field: those its encoding declares, sent on each of the field's parts."],
    });
  return {
    kind: StructureKind.Interface,
    isExported: true,
    name: `${op.typeName}Params`,
    properties,
    docs: [`Inputs of ${op.id}.`],
  };
}

export function allOptional(op: OperationModel): boolean {
  return (
    callParams(op).every((p) => !p.required || (p.in === 'path' && p.defaultValue !== undefined)) && !op.bodyRequired
  );
}

/** Names an object has from Object.prototype: a parameter of that name is read only as the caller's own. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * A header parameter's entry in a call's headers: an object by its style (a required one's empty object as an empty
 * value, an optional one's left out, as RFC 6570 leaves out an object of no members).
 */
function headerEntry(p: ParameterModel): string {
  const key = literalKey(stringLiteral(p.name), p.name);
  if (p.type !== 'object') return `${key}: ${paramRead(p)}`;
  return `${key}: objectHeader(${paramRead(p)}, ${valueLiteral(p.explode)}${p.required ? ', true' : ''})`;
}

/**
 * The caller's value of a parameter. One named `constructor`, `hasOwnProperty` or `__proto__` is read as an own
 * property, so that a caller who leaves it out sends nothing, not Object.prototype's member.
 */
function paramRead(p: ParameterModel): string {
  if (!INHERITED.has(p.identifier)) return `params.${p.identifier}`;
  const key = stringLiteral(p.identifier);
  return `(Object.hasOwn(params, ${key}) ? params[${key}] : undefined)`;
}

/** A key of an object literal; `__proto__` computed, which makes it a key of the object, not its prototype. */
function literalKey(printed: string, name: string): string {
  return name === '__proto__' ? `[${stringLiteral(name)}]` : printed;
}

function pathExpression(op: OperationModel): string {
  const byName = new Map(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  // The path's literal parts are the document's text, a stray `%` written as RFC 6570 writes it, escaped for the
  // template literal they are printed in.
  const parts = requestPath(op).replace(/\{([^}]+)\}|[^{]+|\{/g, (part, name: string | undefined) => {
    if (name === undefined) return templateText(literalPercents(part));
    const p = byName.get(name);
    if (!p) throw new Error(`${op.id}: path parameter ${name} is not declared`);
    const value =
      p.defaultValue !== undefined ? `${paramRead(p)} ?? ${valueLiteral(p.defaultValue)}` : `${paramRead(p)}`;
    if (styledPathParam(p))
      return `\${styledPath(${stringLiteral(p.name)}, ${value}, ${stringLiteral(p.style)}, ${valueLiteral(p.explode)})}`;
    return `\${enc(${value})}`;
  });
  return '`' + parts + '`';
}

/** A required exploded form array: an empty one has no query form, and the client refuses it before sending. */
function emptyRefused(p: ParameterModel): boolean {
  return p.required && p.type === 'array' && p.style === 'form' && p.explode;
}

function requestSpec(
  service: ServiceModel,
  op: OperationModel,
  overrides: { query?: string[]; body?: string; url?: string } = {},
): string {
  const query = callParams(op)
    .filter((p) => p.in === 'query')
    .map((p) => `${literalKey(propertyKey(p.name), p.name)}: ${paramRead(p)}`);
  query.push(...(overrides.query ?? []));
  const headers = callParams(op)
    .filter((p) => p.in === 'header')
    .map(headerEntry);
  const lines = [
    `operationId: ${stringLiteral(op.id)}`,
    `method: ${stringLiteral(op.method)}`,
    ...(overrides.url ? [`path: ''`, `absoluteUrl: ${overrides.url}`] : [`path: ${pathExpression(op)}`]),
  ];
  if (query.length) lines.push(`query: { ${query.join(', ')} }`);
  // How array and object values go on the wire (style / explode); scalars need no rule.
  const styled = callParams(op).filter((p) => p.in === 'query' && (p.type === 'array' || p.type === 'object'));
  if (styled.length)
    lines.push(
      `queryStyle: { ${styled.map((p) => `${literalKey(propertyKey(p.name), p.name)}: { style: ${stringLiteral(p.style)}, explode: ${valueLiteral(p.explode)}${emptyRefused(p) ? ', required: true' : ''} }`).join(', ')} }`,
    );
  if (headers.length) lines.push(`headers: definedHeaders({ ${headers.join(', ')} })`);
  const body = overrides.body ?? bodyExpression(op, service.document);
  if (body) lines.push(`body: ${body}`);
  // The service's usual placement is the core's default (ServiceProfile.credentials).
  if (op.credentials !== defaultCredentials(service)) lines.push(`credentials: ${stringLiteral(op.credentials)}`);
  if (op.credentialChoices) lines.push(`credentialChoices: ${valueLiteral(op.credentialChoices)}`);
  const sets = securitySets(service, op);
  if (sets) lines.push(`securitySets: ${sets}`);
  const keyChoices = offeredKeySchemes(service, op);
  if (keyChoices) lines.push(`keySchemes: ${valueLiteral(keyChoices)}`);
  if (op.server) lines.push(`server: ${stringLiteral(op.server.url)}`);
  if (op.servers) lines.push(`serverChoices: ${valueLiteral(op.servers.map((s) => s.url))}`);
  if (op.idempotent !== undefined) lines.push(`idempotent: ${op.idempotent}`);
  if (op.idempotencyKeyHeader) lines.push(`idempotencyKeyHeader: ${stringLiteral(op.idempotencyKeyHeader)}`);
  const raw = rawAnswer(op);
  if (raw) lines.push(`answer: ${stringLiteral(raw)}`);
  // Redirects documented as the answer, and no success (lgtm's 303 to a download): the redirect is the result.
  const documented = (range: RegExp) => op.responses.some((r) => range.test(r.status));
  if (documented(/^3(\d\d|XX)$/i) && !documented(/^2(\d\d|XX)$/i)) lines.push('redirectIsAnswer: true');
  // XML answers read into their schema's value by the shapes the server's reader and the client's writer use.
  const xml = xmlAnswerShapes(op, service.document);
  if (xml) lines.push(`readXml: xmlAnswerReader(${xml})`);
  const types = answerTypes(op);
  if (types) {
    lines.push(`answerTypes: ${valueLiteral(answerEssences(types))}`);
    // JSON where the operation offers it (its types promise JSON), else every type it documents.
    const json = types.filter(isJsonType);
    lines.push(`accept: ${stringLiteral((json.length ? json : types).join(', '))}`);
  } else if (!op.streaming && !op.linesType) {
    // A success documented only as a `default` of a media range (any type: clever-cloud's, openchannel's): JSON asked for,
    // an answer read by its Content-Type (JSON, text or bytes), as a range says nothing of which it is.
    if (successResponses(op).length === 0 && rangeDefault(op)) lines.push(`answerTypes: ["*/*"]`);
    // JSON of its own media type only (`application/vnd.amadeus+json`): asked for by name, as a server that
    // negotiates (Prism) refuses a plain `application/json` for it.
    const own = successTypes(op).filter(isJsonType);
    if (own.length && !own.some((t) => t.split(';')[0]!.trim() === 'application/json'))
      lines.push(`accept: ${stringLiteral(own.join(', '))}`);
    // An operation that documents no success answers with one of its errors: where none of those is JSON (AEM's
    // `script.html`, 404 and 405 in text/html), it asks for their types, which a negotiating server (Prism) answers
    // where it refuses JSON (406).
    const errorTypes = [...new Set(op.responses.flatMap((r) => r.contentTypes))].map((t) => t.toLowerCase());
    if (
      successResponses(op).length === 0 &&
      errorTypes.length &&
      !errorTypes.some((t) => isJsonType(t) || t.includes('*'))
    )
      lines.push(`accept: ${stringLiteral(errorTypes.join(', '))}`);
  }
  return `{ ${lines.join(', ')} }`;
}

/**
 * The media types of an operation's successes (an event stream aside), where they are not JSON alone: the client
 * asks for them and reads an answer by its Content-Type.
 */
function answerTypes(op: OperationModel): string[] | undefined {
  if (op.streaming || op.linesType) return undefined;
  const types = successTypes(op);
  return types.length && !types.every(isJsonType) ? types : undefined;
}

/** The media types an answer's Content-Type is matched against: without their parameters (`; charset=utf-8`). */
function answerEssences(types: string[]): string[] {
  return [...new Set(types.map((t) => t.split(';')[0]!.trim()))];
}

/** The media types of the operation's successful answers (`default`'s where it documents no 2xx), each once, in lower case. */
function successTypes(op: OperationModel): string[] {
  return [...new Set(successResponses(op).flatMap((r) => r.contentTypes))].map((t) => t.toLowerCase());
}

/**
 * The FormEncoding argument of a form or multipart body (form-body.ts): the styles of its array and object fields
 * where they are not form + explode, its JSON fields, its parts' content types; nothing where all are defaults.
 */
function formEncoding(op: OperationModel, body: RequestBodyModel): string {
  const partHeaders = Object.keys(body.partHeaders).length ? ['partHeaders: params.partHeaders'] : [];
  // A multipart field is styled only where its encoding says so: each is named.
  const styles = body.styledFields
    .filter((f) => body.kind === 'multipart-form' || f.style !== 'form' || !f.explode)
    .map((f) => `${stringLiteral(f.name)}: { style: ${stringLiteral(f.style)}, explode: ${valueLiteral(f.explode)} }`);
  const parts = [
    ...(styles.length ? [`styles: { ${styles.join(', ')} }`] : []),
    ...(body.jsonFields.length ? [`json: ${valueLiteral(body.jsonFields.map((f) => f.name))}`] : []),
    ...(Object.keys(body.partTypes).length ? [`partTypes: ${valueLiteral(body.partTypes)}`] : []),
    ...(body.kind === 'multipart-form' && sentMultipart(op) === body ? partHeaders : []),
  ];
  return parts.length ? `, { ${parts.join(', ')} }` : '';
}

/** The multipart body the client sends, where that is the body it sends (no JSON or form body beside it). */
function sentMultipart(op: OperationModel): RequestBodyModel | undefined {
  if (op.requestBodies.some((b) => b.kind === 'json' || b.kind === 'form')) return undefined;
  return op.requestBodies.find((b) => b.kind === 'multipart-form');
}

/** A media type without its parameters, in lower case: how the runtime looks an answer's or a body's type up. */
const mediaEssence = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/** The shapes of the XML answers the client reads into values, by status and media type (a literal), if any. */
function xmlAnswerShapes(op: OperationModel, document: OpenApiDocument): string | undefined {
  const answers = xmlAnswers(op, document);
  if (!answers.length) return undefined;
  const byStatus = answers.map(
    (r) =>
      `${stringLiteral(r.status.toUpperCase())}: { ${stringLiteral(mediaEssence(r.contentType!))}: ${valueLiteral(xmlBodyShape(document, r.schema))} }`,
  );
  return `{ ${byStatus.join(', ')} }`;
}

/** The XML bodies of an operation whose schema describes more than a string: the client writes their values. */
function xmlValueBodies(op: OperationModel, document: OpenApiDocument): RequestBodyModel[] {
  if (op.requestBodies.some((b) => b.kind !== 'raw')) return [];
  return op.requestBodies.filter((b) => readsXml(document, b));
}

/**
 * An XML body's expression: a value written as XML by the shape of its media type's schema (the one the server reads
 * it with, xml-shapes.ts), or text and bytes as given.
 */
function xmlBodyExpression(op: OperationModel, xml: RequestBodyModel[], document: OpenApiDocument): string {
  const documented = op.requestBodies.map((b) => b.contentType).find((t) => !t.includes('*'));
  const shapes = xml.map(
    (b) => `${stringLiteral(mediaEssence(b.contentType))}: ${valueLiteral(xmlBodyShape(document, b.schema))}`,
  );
  const written = xml.map((b) => b.contentType).find((t) => !t.includes('*')) ?? 'application/xml';
  return `params.body === undefined ? undefined : xmlRequestBody(params.body, params.contentType, ${stringLiteral(documented ?? written)}, ${stringLiteral(written)}, { ${shapes.join(', ')} })`;
}

function bodyExpression(op: OperationModel, document: OpenApiDocument): string | undefined {
  if (op.requestBodies.length === 0) return undefined;
  const xml = xmlValueBodies(op, document);
  if (xml.length) return xmlBodyExpression(op, xml, document);
  const form = op.requestBodies.find((b) => b.kind === 'form');
  const jsonBodies = op.requestBodies.filter((b) => b.kind === 'json');
  const json = jsonBodies.find((b) => !isMediaRange(b.contentType)) ?? jsonBodies[0];
  // A write whose credential travels as a form field goes form-encoded, as that service's own clients send it.
  if (form && (op.credentials === 'access-token-form' || !json))
    return `bodyOf('form', params.body as Record<string, unknown> | undefined${formEncoding(op, form)})`;
  // A JSON media type of its own (application/json-patch+json, merge-patch+json) is sent as the spec names it.
  if (json)
    return json.contentType.toLowerCase() === 'application/json'
      ? `bodyOf('json', params.body)`
      : `bodyOf('json', params.body, ${stringLiteral(json.contentType)})`;
  const multipart = op.requestBodies.find((b) => b.kind === 'multipart-form');
  if (multipart)
    return `bodyOf('multipart', params.body as Record<string, unknown> | undefined${formEncoding(op, multipart)})`;
  const documented = op.requestBodies.map((b) => b.contentType).find((t) => !t.includes('*'));
  // JSON lines given as values: one line of JSON each.
  const value = op.requestBodies.some((b) => isLinesType(b.contentType))
    ? "Array.isArray(params.body) ? params.body.map((line) => `${JSON.stringify(line)}\\n`).join('') : params.body"
    : 'params.body';
  return `params.body === undefined ? undefined : { kind: 'raw', value: ${value}, contentType: params.contentType ?? ${stringLiteral(documented ?? 'application/octet-stream')} }`;
}

/** The answer type narrowed to the selection S: the answer itself, or the items of a paginated list. */
function selectedResult(op: OperationModel): string {
  const result = `${op.typeName}Result`;
  if (op.selectionIn === 'items') {
    const items = stringLiteral(op.pagination!.items);
    return `Omit<${result}, ${items}> & { ${propertyKey(op.pagination!.items)}: Array<Selected<${result}[${items}][number], SelectedFields<S>>> }`;
  }
  return `Selected<${result}, SelectedFields<S>>`;
}

/**
 * The statement that puts the operation's cookie parameters into the call's Cookie header (none for an
 * operation without them).
 */
function cookieStatements(op: OperationModel): string[] {
  const cookies = callParams(op).filter((p) => p.in === 'cookie');
  if (cookies.length === 0) return [];
  return [
    `options = withCookies(options, { ${cookies.map((p) => `${literalKey(stringLiteral(p.name), p.name)}: ${paramRead(p)}`).join(', ')} });`,
  ];
}

function operationMethod(
  service: ServiceModel,
  op: OperationModel,
  fieldsType?: string,
): OptionalKind<MethodDeclarationStructure> {
  const throws = op.errors.length
    ? `@throws {${op.typeName}Error} the documented errors (x-errors); ApiTimeoutError, ApiAbortError, ApiConnectionError.`
    : service.errorStyle.family === 'problem' && errorResponses(op).length
      ? `@throws {${op.typeName}Error} the error responses the operation documents; ApiTimeoutError, ApiAbortError, ApiConnectionError.`
      : undefined;
  const docs = [
    docText(
      op.summary,
      op.description,
      op.ruleIds.length ? `Rules: ${op.ruleIds.join(', ')}.` : undefined,
      throws,
      op.deprecated ? '@deprecated' : undefined,
    ),
  ];
  const paramsDecl = { name: 'params', type: `${op.typeName}Params`, initializer: allOptional(op) ? '{}' : undefined };
  const optionsDecl = { name: 'options', type: 'CallOptions', hasQuestionToken: true };
  if (op.streaming) {
    return {
      name: op.id,
      docs: [
        docText(
          docs[0],
          'Sends the request at once; the answer is a stream of typed events (`for await`), with abort() and toReadableStream().',
        ),
      ],
      parameters: [paramsDecl, optionsDecl],
      returnType: `ApiStream<${op.typeName}Result>`,
      statements: [
        ...cookieStatements(op),
        // Only what the document declares goes on the wire: `alt=sse` is the generative spec's declared parameter.
        `const spec: RequestSpec = ${requestSpec(service, op)};`,
        `spec.headers = { accept: 'text/event-stream', ...spec.headers };`,
        `return new ApiStream<${op.typeName}Result>(${stringLiteral(op.id)}, core.profile, (signal) => fetchRaw(core, spec, { ...options, signal }), options?.signal);`,
      ],
    };
  }
  if (op.linesType) {
    return {
      name: op.id,
      docs: [
        docText(
          docs[0],
          'Sends the request at once; the answer is a stream of JSON lines, each a typed value (`for await`), with abort() and toReadableStream().',
        ),
      ],
      parameters: [paramsDecl, optionsDecl],
      returnType: `ApiStream<${op.typeName}Result>`,
      statements: [
        ...cookieStatements(op),
        `const spec: RequestSpec = ${requestSpec(service, op)};`,
        `spec.headers = { accept: ${stringLiteral(op.linesType)}, ...spec.headers };`,
        `return new ApiStream<${op.typeName}Result>(${stringLiteral(op.id)}, core.profile, (signal) => fetchRaw(core, spec, { ...options, signal }), options?.signal, 'lines');`,
      ],
    };
  }
  const narrowed = op.selectableFields && fieldsType ? selectedResult(op) : undefined;
  if (narrowed && fieldsType) {
    return {
      name: op.id,
      typeParameters: [{ name: 'S', isConst: true, constraint: `FieldSpec<${fieldsType}>`, default: fieldsType }],
      docs: [
        docText(
          docs[0],
          "Awaiting gives the answer's data (narrowed to the fields a list selects); `.withResponse()` gives it with the status, headers and request id.",
        ),
      ],
      parameters: [
        { ...paramsDecl, type: `Omit<${op.typeName}Params, 'fields'> & { fields?: string | readonly S[] }` },
        optionsDecl,
      ],
      returnType: `ApiPromise<${narrowed}>`,
      statements: [...cookieStatements(op), `return core.call<${narrowed}>(${requestSpec(service, op)}, options);`],
    };
  }
  return {
    name: op.id,
    docs: [
      docText(
        docs[0],
        "Awaiting gives the answer's data; `.withResponse()` gives it with the status, headers and request id.",
      ),
    ],
    parameters: [paramsDecl, optionsDecl],
    returnType: `ApiPromise<${callTypeArguments(op)}>`,
    statements: [
      ...cookieStatements(op),
      `return core.call<${callTypeArguments(op)}>(${requestSpec(service, op)}, options);`,
    ],
  };
}

/**
 * The documented errors of an operation as a type: with x-errors, the shape's class with its codes narrowed;
 * without x-error-style, one branch per error response the operation documents (a status, a range, default),
 * each with its HTTP statuses and its body as the response's media types type it.
 */
function errorType(service: ServiceModel, op: OperationModel): TypeAliasDeclarationStructure | undefined {
  if (service.errorStyle.family === 'problem') {
    const responses = errorResponses(op);
    if (responses.length === 0) return undefined;
    return {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${op.typeName}Error`,
      type: responses
        .map((r) => `DocumentedApiError<${statusesOf(op, r.status)}, ${errorBodyType(op, r)}>`)
        .join('\n  | '),
      docs: [
        `The error responses ${op.id} documents, each with its HTTP statuses and body (narrow on \`httpStatus\`).`,
      ],
    };
  }
  if (op.errors.length === 0) return undefined;
  const body = op.responses.find((r) => r.isError && r.schema)?.schema;
  const bodyType = body ? schemaType(body) : 'unknown';
  const codes = [...new Set(op.errors.map((e) => valueLiteral(e.code)))].sort();
  const statuses = [...new Set(op.errors.map((e) => e.http))].sort((a, b) => a - b).map((s) => valueLiteral(s));
  const type =
    service.errorStyle.family === 'graph'
      ? `GraphApiError<${bodyType}> & { readonly code: ${codes.join(' | ')}; readonly httpStatus: ${statuses.join(' | ')} }`
      : `StatusApiError<${bodyType}> & { readonly status: ${codes.join(' | ')}; readonly httpStatus: ${statuses.join(' | ')} }`;
  return {
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: `${op.typeName}Error`,
    type,
    docs: [`The errors ${op.id} documents (x-errors), each in the service's own error body.`],
  };
}

/** The type arguments of a call: its result, and its answer by status where it documents several successes. */
function callTypeArguments(op: OperationModel): string {
  return responseUnion(op) ? `${op.typeName}Result, ${op.typeName}Response` : `${op.typeName}Result`;
}

/** The page token parameter, the item type and the paging style (x-pagination) of a paginated operation. */
function pagingOf(op: OperationModel): { param: string; item: string; style: string } {
  const p = op.pagination!;
  // The items of the paginated success (the first documented one), whatever other successes the result unites.
  const page = responseUnion(op) ? `(${successType(op)})` : `${op.typeName}Result`;
  const item = `NonNullable<${page}[${stringLiteral(p.items)}]>[number]`;
  const style = `{ items: ${stringLiteral(p.items)}, next: ${stringLiteral(p.nextField)}${p.moreField ? `, more: ${stringLiteral(p.moreField)}` : ''} }`;
  const token = op.parameters.find((x) => x.in === 'query' && x.name === p.tokenParam);
  if (!token)
    throw new Error(`${op.id}: x-pagination.tokenParam ${p.tokenParam} is not a query parameter of the operation`);
  return { param: token.identifier, item, style };
}

/**
 * The page functions of a paginated operation. They call the operation's function by its name (functionName: an
 * operation named as a runtime import, `paginate` or `firstPage`, has its function take a `_`), so a local of theirs
 * of that name (an operation `options`, `params`, `core` or `token`) would shadow it: that local takes a `_`. Their
 * core is declared here (operationFunctions adds none where the first parameter is one).
 */
function paginationMethods(
  op: OperationModel,
  functionName: (method: string) => string,
  helper: (kind: string) => string,
): OptionalKind<MethodDeclarationStructure>[] {
  const { param, item, style } = pagingOf(op);
  const called = functionName(op.id);
  const local = (name: string) => (name === called ? `${name}_` : name);
  const [core, params, options, token] = ['core', 'params', 'options', 'token'].map(local);
  const coreDecl = { name: core!, type: 'ApiCore' };
  const paramsDecl = { name: params!, type: `${op.typeName}Params`, initializer: allOptional(op) ? '{}' : undefined };
  const optionsDecl = { name: options!, type: 'CallOptions', hasQuestionToken: true };
  const fetchPage = `(${token}: string | undefined) => ${called}(${core}, { ...${params}, ${propertyKey(param)}: ${token} ?? ${params}.${param} }, ${options})`;
  const how = op.pagination!.style === 'cursor' ? 'cursors' : 'page tokens';
  return [
    {
      name: helper('Page'),
      docs: [
        `The first page of ${op.id} as a page object: items, hasNextPage(), getNextPage(), iterPages(); \`for await\` walks every item (${how}).`,
      ],
      parameters: [coreDecl, paramsDecl, optionsDecl],
      returnType: `Promise<Page<${item}, ${op.typeName}Result>>`,
      statements: [`return firstPage<${item}, ${op.typeName}Result>(${style}, ${fetchPage});`],
    },
    {
      name: helper('All'),
      docs: [`Every item of ${op.id}, page after page (${how}).`],
      parameters: [coreDecl, paramsDecl, optionsDecl],
      returnType: `AsyncGenerator<${item}>`,
      statements: [`return paginate<${item}, ${op.typeName}Result>(${style}, ${fetchPage});`],
    },
  ];
}

/** Operations that take a multipart/related upload (metadata part, media part). */
function multipartOperations(service: ServiceModel): OperationModel[] {
  return service.operations.filter((o) => o.requestBodies.some((b) => b.kind === 'multipart-related'));
}

/** Operations that declare a resumable protocol (x-media-upload.resumable). */
function resumableOperations(service: ServiceModel): OperationModel[] {
  return service.operations.filter((o) => o.mediaUpload?.resumable);
}

/** The metadata part: the operation's JSON body, as the spec types it. */
function metadataType(op: OperationModel): string {
  const json = op.requestBodies.find((b) => b.kind === 'json');
  return json ? bodyContentType(op, json) : 'Record<string, unknown>';
}

/** Header names (lower case) an upload protocol writes itself: the caller does not give them as parameters. */
function protocolHeaders(op: OperationModel): Set<string> {
  const upload = op.mediaUpload;
  const names: string[] = Object.keys(upload?.multipart?.headers ?? {});
  const r = upload?.resumable;
  if (r) {
    names.push(
      ...Object.keys(r.start.headers ?? {}),
      ...Object.keys(r.chunk.headers ?? {}),
      ...Object.keys(r.chunk.lastHeaders ?? {}),
      ...Object.keys(r.query.headers ?? {}),
    );
    names.push(
      ...[r.start.sizeHeader, r.start.typeHeader, r.chunk.offsetHeader].filter((n): n is string => n !== undefined),
    );
  }
  return new Set(names.map((n) => n.toLowerCase()));
}

/**
 * The parameters an upload helper takes from its caller (`args.params`): the operation's own path, query,
 * header and cookie parameters, less the headers its protocol writes and the parameters only a session URL
 * carries (x-media-upload.sessionParameters). Empty: the helper has no `params`.
 */
function uploadParams(op: OperationModel): ParameterModel[] {
  const owned = protocolHeaders(op);
  const session = new Set(op.mediaUpload?.sessionParameters ?? []);
  return callParams(op).filter((p) => !session.has(p.name) && !(p.in === 'header' && owned.has(p.name.toLowerCase())));
}

/** Whether an upload helper's `params` must be given: one of its parameters is required (and has no default). */
function uploadParamsRequired(op: OperationModel): boolean {
  return uploadParams(op).some((p) => p.required && !(p.in === 'path' && p.defaultValue !== undefined));
}

/** The `params` member of an upload helper's args, or nothing. */
function uploadParamsMember(op: OperationModel): string {
  const params = uploadParams(op);
  if (params.length === 0) return '';
  return `; params${uploadParamsRequired(op) ? '' : '?'}: Pick<${op.typeName}Params, ${params.map((p) => stringLiteral(p.identifier)).join(' | ')}>`;
}

/** What an upload helper's request takes from `args.params`: its path, query and the caller's header parameters. */
interface UploadRequestParts {
  /** Bind `params`, and put its cookie parameters into the call options. */
  statements: string[];
  /** Request members: `path`, and `query` / `queryStyle` when the operation has query parameters. */
  members: string[];
  /** The caller's header parameters (a definedHeaders(...) expression), when the operation has some. */
  headers?: string;
}

function uploadRequestParts(op: OperationModel): UploadRequestParts {
  const params = uploadParams(op);
  if (params.length === 0) return { statements: [], members: [`path: ${stringLiteral(requestPath(op))}`] };
  const statements = [
    uploadParamsRequired(op)
      ? 'const params = args.params;'
      : `const params: NonNullable<typeof args.params> = args.params ?? {};`,
  ];
  const cookies = params.filter((p) => p.in === 'cookie');
  if (cookies.length)
    statements.push(
      `options = withCookies(options, { ${cookies.map((p) => `${literalKey(stringLiteral(p.name), p.name)}: ${paramRead(p)}`).join(', ')} });`,
    );
  const members = [`path: ${pathExpression(op)}`];
  const query = params.filter((p) => p.in === 'query');
  if (query.length)
    members.push(
      `query: { ${query.map((p) => `${literalKey(propertyKey(p.name), p.name)}: ${paramRead(p)}`).join(', ')} }`,
    );
  const styled = query.filter((p) => p.type === 'array' || p.type === 'object');
  if (styled.length)
    members.push(
      `queryStyle: { ${styled.map((p) => `${literalKey(propertyKey(p.name), p.name)}: { style: ${stringLiteral(p.style)}, explode: ${valueLiteral(p.explode)}${emptyRefused(p) ? ', required: true' : ''} }`).join(', ')} }`,
    );
  const headers = params.filter((p) => p.in === 'header').map(headerEntry);
  return { statements, members, headers: headers.length ? `definedHeaders({ ${headers.join(', ')} })` : undefined };
}

function multipartMethod(
  op: OperationModel,
  helper: (kind: string) => string,
): OptionalKind<MethodDeclarationStructure> {
  const result = `${op.typeName}Result`;
  const parts = uploadRequestParts(op);
  const fixed = valueLiteral(op.mediaUpload?.multipart?.headers ?? {});
  // The protocol's own headers last: they win over a parameter of the same name.
  const headers = parts.headers ? `{ ...${parts.headers}, ...${fixed} }` : fixed;
  const request = [
    `operationId: ${stringLiteral(op.id)}`,
    `method: ${stringLiteral(op.method)}`,
    ...parts.members,
    `credentials: ${stringLiteral(op.credentials)}`,
    ...(op.server ? [`server: ${stringLiteral(op.server.url)}`] : []),
    `headers: ${headers}`,
  ].join(', ');
  return {
    name: helper('Multipart'),
    docs: [
      'Uploads a file in one multipart/related request: metadata part, then the media part (bytes, a Blob or a stream); onProgress follows the bytes sent.',
    ],
    parameters: [
      {
        name: 'args',
        type: `{ metadata?: ${metadataType(op)}; data: UploadSource; mimeType: string; onProgress?: (p: UploadProgress) => void${uploadParamsMember(op)} }`,
      },
      { name: 'options', type: 'CallOptions', hasQuestionToken: true },
    ],
    returnType: `ApiPromise<${result}>`,
    statements: [
      ...parts.statements,
      `const onProgress = args.onProgress;`,
      `return new ApiPromise((async () => {`,
      `  const { body, contentType } = multipartRelated(args.metadata ?? {}, await collectBlob(args.data), args.mimeType);`,
      `  return core.request<${result}>({ ${request}, body: { kind: 'raw', value: body, contentType, ...(onProgress ? { stream: () => countingStream(body, (loaded, total) => onProgress({ loaded, total })) } : {}) } }, options);`,
      `})());`,
    ],
  };
}

function resumableMethod(
  op: OperationModel,
  helper: (kind: string) => string,
): OptionalKind<MethodDeclarationStructure> {
  const result = `${op.typeName}Result`;
  const protocol = valueLiteral(op.mediaUpload!.resumable!);
  // The caller's parameters go on the request that starts the session (the session URL carries the rest).
  const parts = uploadRequestParts(op);
  const request = [
    `operationId: ${stringLiteral(op.id)}`,
    `method: ${stringLiteral(op.method)}`,
    ...parts.members,
    ...(parts.headers ? [`headers: ${parts.headers}`] : []),
    `credentials: ${stringLiteral(op.credentials)}`,
    ...(op.server ? [`server: ${stringLiteral(op.server.url)}`] : []),
    `protocol: ${protocol}`,
  ].join(', ');
  return {
    name: helper('Resumable'),
    isAsync: true,
    docs: [
      'Uploads a file with the resumable protocol the spec declares (x-media-upload), in chunks, from a Buffer, Blob or stream; resumes a failed chunk. `onSession` gives the session URL; passing it back as `session` (with the same source) resumes an upload cut off earlier, from the bytes the server holds.',
    ],
    parameters: [
      {
        name: 'args',
        type: `{ metadata?: ${metadataType(op)}; source: UploadSource; mimeType: string; size?: number; chunkSize?: number; onProgress?: (p: UploadProgress) => void; onSession?: (url: string) => void; session?: string${uploadParamsMember(op)} }`,
      },
      { name: 'options', type: 'CallOptions', hasQuestionToken: true },
    ],
    returnType: `Promise<${result}>`,
    statements: [
      ...parts.statements,
      `const { metadata, source, mimeType, size, chunkSize, onProgress, onSession, session } = args;`,
      `const response = await resumableUpload(core, { ${request}, metadata: metadata ?? {}, source, mimeType, size, chunkSize, onProgress, onSession, session }, options);`,
      `return response.data as ${result};`,
    ],
  };
}

/** The credential placement most operations share (the core's default; the others name theirs). */
/**
 * Where an operation's security requirement ANDs schemes (an API key with a bearer token): every alternative in
 * order, each scheme with where its credential travels; the client sends every credential of the first
 * alternative it holds them all for. Undefined where each alternative names one scheme (the placement says it).
 */
function securitySets(service: ServiceModel, op: OperationModel): string | undefined {
  if (op.credentials === 'access-token-query' || op.credentials === 'access-token-form') return undefined;
  if (!op.security.some((alternative) => Object.keys(alternative).length > 1)) return undefined;
  const onWire = (name: string) => {
    const scheme = service.securitySchemes.find((s) => s.name === name);
    const http = scheme?.type === 'http' ? scheme.scheme?.toLowerCase() : undefined;
    // A key no request can carry (its header name is not a token) is held by no client: its alternative is skipped.
    if (scheme && unsendableKey(scheme)) return { scheme: name, kind: 'unknown' };
    if (scheme?.type === 'apiKey') return { scheme: name, kind: 'api-key', in: scheme.in, name: scheme.paramName };
    if (scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect' || http === 'bearer')
      return { scheme: name, kind: 'bearer' };
    if (http === 'basic') return { scheme: name, kind: 'basic' };
    return { scheme: name, kind: scheme?.type === 'mutualTLS' ? 'transport' : 'unknown' };
  };
  return valueLiteral(op.security.map((alternative) => Object.keys(alternative).map(onWire)));
}

/**
 * The key schemes an operation offers instead of each other (a header key or a query key; an http scheme other
 * than bearer and basic, whose Authorization value is its key), in the spec's order: the client sends the key of
 * one, as any one alternative is enough and a server may refuse two different keys. Also the one it offers where
 * the service has several (PAYONE's signature schemes, one an operation, all in Authorization): the others' keys
 * are not its. Undefined where the operation offers none, or one of the service's only one.
 */
function offeredKeySchemes(service: ServiceModel, op: OperationModel): string[] | undefined {
  const isKey = (name: string) => service.securitySchemes.some((s) => s.name === name && sentAsKey(s));
  const offered = [
    ...new Set(
      op.security.flatMap((alternative) => {
        const names = Object.keys(alternative);
        return names.length === 1 && isKey(names[0]!) ? names : [];
      }),
    ),
  ];
  return offered.length > 1 || (offered.length === 1 && service.securitySchemes.filter(sentAsKey).length > 1)
    ? offered
    : undefined;
}

function defaultCredentials(service: ServiceModel): OperationModel['credentials'] {
  // Asked once per operation: counted once per service.
  let found = DEFAULT_CREDENTIALS.get(service.operations);
  if (found === undefined) {
    const counts = new Map<OperationModel['credentials'], number>();
    for (const o of service.operations) counts.set(o.credentials, (counts.get(o.credentials) ?? 0) + 1);
    found = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'none';
    DEFAULT_CREDENTIALS.set(service.operations, found);
  }
  return found;
}
const DEFAULT_CREDENTIALS = new WeakMap<OperationModel[], OperationModel['credentials']>();

/** A path parameter written by its style (label, matrix; a simple array or object); a plain one is just encoded. */
function styledPathParam(p: ParameterModel): boolean {
  return p.in === 'path' && (p.style !== 'simple' || p.type === 'array' || p.type === 'object');
}

/** The names the service's client needs from param-style.ts (path styles, object headers, cookies); none: no import. */
function paramStyleImports(service: ServiceModel): string[] {
  const params = allRequests(service).flatMap((o) => callParams(o));
  return [
    ...(params.some(styledPathParam) ? ['styledPath'] : []),
    ...(params.some((p) => p.in === 'header' && p.type === 'object') ? ['objectHeader'] : []),
    ...(params.some((p) => p.in === 'cookie') ? ['withCookies'] : []),
  ];
}

function hasStyledQuery(service: ServiceModel): boolean {
  return allRequests(service).some((o) =>
    o.parameters.some((p) => p.in === 'query' && !p.isCredential && (p.type === 'array' || p.type === 'object')),
  );
}

/** How the service names its credentials on the wire, for the runtime core. */
/** Whether a request of the service sends a form or multipart body (the core's form writers, form-body.ts). */
function hasFormBodies(service: ServiceModel): boolean {
  return allRequests(service).some((o) =>
    /^bodyOf\('(form|multipart)'/.test(bodyExpression(o, service.document) ?? ''),
  );
}

/** Whether a request of the service may carry a credential (the core's credential writer, credentials.ts). */
function sendsCredentials(service: ServiceModel): boolean {
  return (
    service.securitySchemes.length > 0 ||
    allRequests(service).some((o) => o.credentials !== 'none' || o.credentialChoices !== undefined)
  );
}

function serviceProfile(service: ServiceModel): string {
  const sources = service.operations.flatMap((o) => o.credentialSources).filter((c) => c.kind === 'apiKey');
  const header = sources.find((c) => c.in === 'header')?.name;
  const query = sources.find((c) => c.in === 'query')?.name;
  const cookie = sources.find((c) => c.in === 'cookie')?.name;
  const token = service.operations.flatMap((o) => o.credentialSources).find((c) => c.kind === 'accessToken')?.name;
  const style = service.errorStyle;
  const factory =
    style.family === 'graph'
      ? `graphErrorOf(${valueLiteral(style.traceField)})`
      : style.family === 'status'
        ? 'statusErrorOf'
        : 'plainError';
  const parts = [`error: ${factory}`];
  if (header) parts.push(`apiKeyHeader: ${stringLiteral(header)}`);
  if (query) parts.push(`apiKeyQuery: ${stringLiteral(query)}`);
  if (cookie) parts.push(`apiKeyCookie: ${stringLiteral(cookie)}`);
  // Where several schemes' keys travel together (a client id and a secret): every apiKey scheme by name.
  const schemes = new Map(sources.map((c) => [c.scheme, c]));
  if (schemes.size > 1)
    parts.push(
      `apiKeySchemes: ${valueLiteral(Object.fromEntries([...schemes].sort(([a], [b]) => a.localeCompare(b)).map(([name, c]) => [name, { in: c.in, name: c.name }])))}`,
    );
  if (token) parts.push(`accessTokenParam: ${stringLiteral(token)}`);
  // The service's "throttled" codes: the spec's x-throttle-codes, and what its operations document as
  // throttling (x-errors `throttled: true`, or answered with 429).
  const documented = service.operations.flatMap((o) =>
    o.errors.filter((e) => (e.http === 429 || e.throttled) && typeof e.code === 'number').map((e) => e.code as number),
  );
  const throttle = [...new Set([...service.throttleCodes, ...documented])].sort((a, b) => a - b);
  if (throttle.length) parts.push(`throttleCodes: ${valueLiteral(throttle)}`);
  if (service.requestIdHeaders.length) parts.push(`requestIdHeaders: ${valueLiteral(service.requestIdHeaders)}`);
  parts.push(`credentials: ${stringLiteral(defaultCredentials(service))}`);
  if (hasStyledQuery(service)) parts.push('styleQuery: styledQuery');
  if (hasFormBodies(service)) parts.push('forms: { formPairs, multipartBody }');
  if (sendsCredentials(service)) parts.push('credentialWriter');
  // The document's servers, for a client that names one (or none) instead of a baseUrl.
  if (service.documentServers.length)
    parts.push(
      `documentServers: ${valueLiteral(service.documentServers.map(({ url, variables, enums }) => ({ url, ...(Object.keys(variables).length ? { variables } : {}), ...(enums ? { enums } : {}) })))}`,
    );
  // The servers operations declare of their own, and the first server they are read against.
  const own = service.operations.flatMap((o) => o.servers ?? (o.server ? [o.server] : []));
  if (own.length) {
    parts.push('ownServers');
    const root = service.document.servers?.[0] ? service.servers[0] : undefined;
    if (root) parts.push(`rootServer: ${stringLiteral(root.defaultUrl)}`);
    const servers = Object.fromEntries(own.map((s) => [s.url, s.variables]));
    parts.push(
      `servers: ${valueLiteral(Object.fromEntries(Object.entries(servers).sort(([a], [b]) => a.localeCompare(b))))}`,
    );
    const enums = own.filter((s) => s.enums).map((s) => [s.url, s.enums] as const);
    if (enums.length)
      parts.push(`serverEnums: ${valueLiteral(Object.fromEntries(enums.sort(([a], [b]) => a.localeCompare(b))))}`);
  }
  return `{ ${parts.join(', ')} }`;
}

/** The module of the service's error style (x-error-style): its error class and the factory the core uses. */
function errorStyleModule(service: ServiceModel): { imports: RuntimeImport; exports: string } {
  // Without x-error-style an error answer is the spec's own: an ApiError with the status and the body as sent,
  // typed per operation from its error responses.
  if (service.errorStyle.family === 'problem') {
    const documented = allRequests(service).some((o) => errorResponses(o).length > 0);
    const ranged = allRequests(service).some((o) => errorResponses(o).some((r) => !/^\d+$/.test(r.status)));
    return {
      imports: {
        from: './runtime/client/errors.js',
        names: [
          'plainError',
          ...(documented ? ['type DocumentedApiError'] : []),
          ...(ranged ? ['type StatusRange'] : []),
        ],
      },
      exports: documented ? `export type { DocumentedApiError, StatusRange } from './runtime/client/errors.js';` : '',
    };
  }
  const [file, cls, factory, body] =
    service.errorStyle.family === 'graph'
      ? ['graph-error', 'GraphApiError', 'graphErrorOf', 'GraphErrorBody']
      : ['status-error', 'StatusApiError', 'statusErrorOf', 'StatusErrorBody'];
  return {
    imports: {
      from: `./runtime/client/${file}.js`,
      names: [factory, ...(service.operations.some((o) => o.errors.length > 0) ? [`type ${cls}`] : [])],
    },
    exports: `export { ${cls}, type ${body} } from './runtime/client/${file}.js';`,
  };
}

/** One import line of client.ts: the names (`type X` for a type) and the module. */
interface RuntimeImport {
  from: string;
  names: string[];
  typeOnly?: boolean;
}

function importLine(i: RuntimeImport): string {
  return `import ${i.typeOnly ? 'type ' : ''}{ ${i.names.join(', ')} } from '${i.from}';`;
}

/** The names an import brings into scope. */
function importedNames(imports: RuntimeImport[]): Set<string> {
  return new Set(imports.flatMap((i) => i.names.map((n) => n.replace(/^type /, ''))));
}

/** openapi-typescript's exports the client may name: `paths` for operations without an operationId. */

/** Only the runtime pieces this service's client uses, and the types module's names it uses. */
function clientImports(service: ServiceModel, typeNames: readonly string[]): RuntimeImport[] {
  const ops = service.operations;
  const streaming = ops.some((o) => o.streaming || o.linesType);
  const senders = service.receivers.length > 0;
  const multipart = multipartOperations(service).length > 0;
  const resumable = resumableOperations(service).length > 0;
  const bodies = allRequests(service).some((o) => {
    const b = bodyExpression(o, service.document);
    return b !== undefined && b.startsWith('bodyOf(');
  });
  const client = (file: string) => `./runtime/client/${file}.js`;
  // A spec without operations (webhooks only) calls nothing.
  const calls = ops.length > 0 || senders;
  const imports: RuntimeImport[] = [
    {
      from: client('core'),
      names: [
        'ApiCore',
        ...(bodies ? ['bodyOf'] : []),
        ...(calls ? ['type CallOptions'] : []),
        'type ClientOptions',
        ...(senders ? ['type SenderOptions'] : []),
        ...(streaming ? ['type RequestSpec'] : []),
        ...(ops.some((o) => responseUnion(o) && !o.selectableFields) ? ['type ApiResponse'] : []),
      ],
    },
    // An operation that streams answers an ApiStream: a spec of streams alone needs no ApiPromise.
    ...(senders || multipart || ops.some((o) => !(o.streaming || o.linesType))
      ? [{ from: client('api-promise'), names: ['ApiPromise'], typeOnly: !multipart }]
      : []),
    errorStyleModule(service).imports,
  ];
  if (hasStyledQuery(service)) imports.push({ from: client('query-style'), names: ['styledQuery'] });
  if (hasFormBodies(service)) imports.push({ from: client('form-body'), names: ['formPairs', 'multipartBody'] });
  // Only a client with XML value bodies or answers imports their writer or reader, and so carries the XML library
  // (runtime.ts).
  if (allRequests(service).some((o) => xmlValueBodies(o, service.document).length))
    imports.push({ from: client('xml-body'), names: ['xmlRequestBody'] });
  if (allRequests(service).some((o) => xmlAnswers(o, service.document).length))
    imports.push({ from: client('xml-answer'), names: ['xmlAnswerReader'] });
  if (sendsCredentials(service)) imports.push({ from: client('credentials'), names: ['credentialWriter'] });
  if (ops.some((o) => (o.servers ?? (o.server ? [o.server] : [])).length > 0))
    imports.push({ from: client('operation-servers'), names: ['ownServers'] });
  const paramStyle = paramStyleImports(service);
  if (paramStyle.length) imports.push({ from: client('param-style'), names: paramStyle });
  if (ops.some((o) => o.pagination))
    imports.push({ from: client('pagination'), names: ['firstPage', 'paginate', 'type Page'] });
  if (streaming)
    imports.push(
      { from: client('raw-response'), names: ['fetchRaw'] },
      { from: client('stream'), names: ['ApiStream'] },
    );
  if (multipart) imports.push({ from: client('multipart-related'), names: ['countingStream', 'multipartRelated'] });
  if (resumable) imports.push({ from: client('resumable'), names: ['resumableUpload'] });
  if (multipart || resumable)
    imports.push({
      from: client('upload-source'),
      names: [...(multipart ? ['collectBlob'] : []), 'type UploadProgress', 'type UploadSource'],
    });
  if (typeNames.length) imports.push({ from: './types.js', names: [...typeNames], typeOnly: true });
  return imports;
}
