// Emits server.ts: the typed Handlers interface of a service (one method per operation) and a node:http
// request listener that routes, parses and validates (ahead-of-time ajv validators) before calling them.
import type {
  OptionalKind,
  StatementStructures,
  MethodSignatureStructure,
  TypeAliasDeclarationStructure,
  VariableStatementStructure,
} from 'ts-morph';
import { StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { JsonSchema, OperationModel, ParameterModel, ServiceModel } from '../model/types.js';
import { isLinesType } from '../model/media-types.js';
import { readsText } from './text-bodies.js';
import { camelCase } from '../model/names.js';
import { fixedParameters } from '../model/fixed-parameters.js';
import { pathParametersInQuery } from '../model/path-key-query.js';
import { literalPercents } from '../model/path-literal.js';
import { type OpenApiDocument, resolveRef } from '../model/ref.js';
import { inlineCommentText, propertyKey, stringLiteral, valueLiteral } from './escape.js';
import { docText, printStructure } from './print-structure.js';
import {
  errorHelpersLiteral,
  errorStyleName,
  errorUnionType,
  handlerBodyUnion,
  handlerHeadersType,
  replyBranches,
} from './server-types.js';
import { routePath, typesImport, typesRef } from './operation-types.js';
import { validatorNames } from './validators.js';
import { refusalTemplates } from './refusal-bodies.js';
import { readsXml, xmlBodyShape } from './xml-shapes.js';

export function emitServer(service: ServiceModel): string {
  const types: Array<TypeAliasDeclarationStructure | VariableStatementStructure> = [];
  const handlerMethods: OptionalKind<MethodSignatureStructure>[] = [];
  for (const op of service.operations) {
    types.push(
      bodyType(op, service.document),
      inputType(op),
      errorHelpers(service, op),
      errorType(service, op),
      replyType(service, op),
    );
    handlerMethods.push({
      name: op.id,
      parameters: [{ name: 'input', type: `${op.typeName}Input` }],
      returnType: `Promise<${op.typeName}Reply>`,
      docs: [
        docText(
          `${op.method} ${op.path}: ${op.summary}`,
          op.ruleIds.length ? `Rules: ${op.ruleIds.join(', ')}.` : undefined,
        ),
      ],
    });
  }
  const receiverTypes: Array<TypeAliasDeclarationStructure | VariableStatementStructure> = [];
  for (const op of service.receivers)
    receiverTypes.push(
      bodyType(op, service.document),
      inputType(op),
      errorHelpers(service, op),
      errorType(service, op),
      replyType(service, op),
    );
  const handlersName = `${service.name}Handlers`;
  const routesName = `${camelCase(service.key)}Routes`;
  const cases = service.operations.map(
    (op) =>
      `    case ${stringLiteral(op.id)}:\n      return handlers.${op.id}(input as unknown as ${op.typeName}Input);`,
  );
  const family = service.errorStyle.family;
  const graph = family === 'graph';
  const initType = graph ? 'GraphErrorInit' : family === 'status' ? 'StatusErrorInit' : undefined;
  const maker = graph ? 'makeGraphError' : family === 'status' ? 'makeStatusError' : 'makeProblem';
  const styleName = errorStyleName(service);
  const title = inlineCommentText(service.title);
  const rest: Array<string | StatementStructures> = [
    `export { entityTagOf, ServiceError, serializedJsonText, serializeJson, ValidatorCompileError } from './runtime/server/index.js';`,
    `/** The ${title}'s error answers: the spec's x-error-style (family, HTTP status of each code, the router's own answers). */\nexport const ${styleName}: ErrorStyle = ${valueLiteral(service.errorStyle, 2)};`,
    graph
      ? `/** An error answer in the service's shape; type and HTTP status from the spec's x-error-style where init gives none. */\nexport const graphError = (code: number, message: string, init?: GraphErrorInit): ServiceError => makeGraphError(${styleName}, code, message, init);`
      : family === 'status'
        ? `/** An error answer in the service's shape; HTTP status from the spec's x-error-style where init gives none. */\nexport const statusError = (status: string, message: string, init?: StatusErrorInit): ServiceError => makeStatusError(${styleName}, status, message, init);`
        : `/** A problem-details answer (RFC 9457), for errors the spec does not document; documented ones are replies of their status. */\nexport const problemError = (http: number, detail: string): ServiceError => makeProblem(http, detail);`,
    `export type { Credentials, DocumentedError, HandlerInput, JsonBody, MediaPart, RouterOptions, ServerLogger, SerializedJson } from './runtime/server/index.js';`,
    ...types,
    {
      kind: StructureKind.Interface,
      isExported: true,
      name: handlersName,
      docs: [
        docText(
          `What an implementation of the ${service.title} provides: one method per operation.`,
          'Return (type-checked) or throw a documented error of the operation (`<operation>Errors`); any ServiceError thrown is answered as it is.',
        ),
      ],
      methods: handlerMethods,
    },
    ...(service.operations.length || service.receivers.length ? [ROUTE_DEF] : []),
    `/** The route table: paths, parameters, body kinds and the compiled validators of every operation. */\nexport const ${routesName}: RouteDef[] = ${routesLiteral(service.operations, service.document, service.errorStyle.family === 'problem')};`,
    `/** A node:http request listener serving the ${title} with the given handlers. */\n` +
      `export function create${service.name}Server(handlers: ${handlersName}, options: Partial<RouterOptions> = {}) {\n` +
      `  const dispatch = (input: HandlerInput): Promise<HandlerResult> => {\n  switch (input.operationId) {\n${cases.join('\n')}\n    default:\n      throw new Error(\`no handler for \${input.operationId}\`);\n  }\n  };\n` +
      `  return createRouter(${routesName}, dispatch, { errorStyle: ${styleName}, ...options });\n}`,
    ...receiverStatements(service, receiverTypes),
    ...(service.operations.length || service.receivers.length
      ? [
          `/**\n * Compiles every request and answer validator of the ${title} now (each otherwise compiles on its first\n * call): call it at start to fail fast. Throws one ValidatorCompileError naming every schema ajv refuses, with its\n * operation and JSON pointer. The \`compileValidators\` option of create${service.name}Server does the same for a server.\n */\n` +
            `export function compileAllValidators(): void {\n  compileValidators([...${routesName}${service.receivers.length ? `, ...${camelCase(service.key)}ReceiverRoutes` : ''}]);\n}`,
        ]
      : []),
  ];
  // Only what the code names is imported: an unused import does not compile (noUnusedLocals).
  // What the code names: without comments, re-exports and the strings of code written as text (a query parameter
  // named `callbackUrl` in the route table), which name without using; a structure by its JSON.
  const text = rest
    .map((r) =>
      typeof r === 'string'
        ? r.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, "''")
        : JSON.stringify(r),
    )
    .join('\n')
    .replace(/\/\*\*[\s\S]*?\*\//g, '')
    .replace(/^export (type )?\{[^}]*\} from[^\n]*$/gm, '');
  const runtime = [
    'callbackUrl',
    'sharedReceiver',
    'type WebhookKey',
    'compileValidators',
    'createRouter',
    'documentedAnswer',
    'documentedError',
    maker,
    'type DocumentedError',
    'type ErrorStyle',
    ...(initType ? [`type ${initType}`] : []),
    'type HandlerInput',
    'type HandlerResult',
    'type CallbackAnswer',
    'type JsonBody',
    'type MediaPart',
    'type RouteDef',
    'type RouterOptions',
    'type ServiceError',
    'type StatusRange',
  ].filter((name) => new RegExp(`\\b${name.replace(/^type /, '')}\\b`).test(text));
  return printStructure({
    statements: [
      `import { ${runtime.join(', ')} } from './runtime/server/index.js';`,
      // Only a server with XML bodies imports their reader, and so carries the XML parser (runtime.ts).
      ...(/\bxmlBodyReader\b/.test(text) ? [`import { xmlBodyReader } from './runtime/server/xml-body.js';`] : []),
      ...(service.operations.length || service.receivers.length ? [`import * as v from './validators.js';`] : []),
      typesImport(text),
      ...rest,
    ],
  });
}

/**
 * The receiver of the service's webhooks and callbacks: their handler contracts (the same input, reply and error
 * helpers as an operation's), their route table and `create<Service>Receiver`, which serves those it is given
 * handlers for, validated as operations are; and for each operation that declares callbacks, the URL of each
 * evaluated from its request (`<operation>Callbacks`).
 */
function receiverStatements(
  service: ServiceModel,
  types: Array<TypeAliasDeclarationStructure | VariableStatementStructure>,
): Array<string | StatementStructures> {
  if (service.receivers.length === 0) return [];
  const name = `${service.name}ReceiverHandlers`;
  const routes = `${camelCase(service.key)}ReceiverRoutes`;
  const keysName = `${camelCase(service.key)}WebhookKeys`;
  const methods: OptionalKind<MethodSignatureStructure>[] = service.receivers.map((op) => ({
    name: op.id,
    hasQuestionToken: true,
    parameters: [{ name: 'input', type: `${op.typeName}Input` }],
    returnType: `Promise<${op.typeName}Reply>`,
    docs: [docText(`${receiverTitle(op)}: ${op.method} ${op.path} by default.`, op.summary, op.description)],
  }));
  const cases = service.receivers.map(
    (op) =>
      `    case ${stringLiteral(op.id)}:\n      return handlers.${op.id}!(input as unknown as ${op.typeName}Input);`,
  );
  const owners = new Map<string, OperationModel[]>();
  for (const op of service.receivers.filter((r) => r.receiver?.owner !== undefined)) {
    const list = owners.get(op.receiver!.owner!) ?? [];
    if (!list.some((o) => o.receiver!.name === op.receiver!.name)) list.push(op);
    owners.set(op.receiver!.owner!, list);
  }
  const urls = [...owners.entries()].map(([ownerId, callbacks]) => {
    const owner = service.operations.find((o) => o.id === ownerId)!;
    const entries = callbacks.map(
      (c) =>
        `  /** The URL of ${inlineCommentText(c.receiver!.name)} (${inlineCommentText(c.receiver!.expression!)}): for \`${camelCase(c.id)}\` senders. */\n  ${propertyKey(c.receiver!.name)}: (input: ${owner.typeName}Input, answer?: CallbackAnswer): string => callbackUrl(${stringLiteral(c.receiver!.expression!)}, input as unknown as HandlerInput, answer),`,
    );
    return `/** The callbacks ${ownerId} declares: each one's URL from the request that subscribed (and its answer). */\nexport const ${camelCase(ownerId)}Callbacks = {\n${entries.join('\n')}\n};`;
  });
  return [
    ...types,
    ...urls,
    {
      kind: StructureKind.Interface,
      isExported: true,
      name,
      docs: [
        docText(
          `What a receiver of the ${service.title}'s webhooks and callbacks provides: a method per request it takes (those given are served).`,
        ),
      ],
      methods,
    },
    `/** The receiver's route table: a route per webhook and callback request, at its default path. */\nexport const ${routes}: RouteDef[] = ${routesLiteral(service.receivers, service.document, service.errorStyle.family === 'problem')};`,
    `/** The webhooks a declared header names by its value (a \`const\` or single \`enum\`): how \`path\` tells them apart first. */\nconst ${keysName}: Record<string, WebhookKey> = ${valueLiteral(webhookKeys(service))};`,
    `/**\n * A node:http request listener receiving the ${inlineCommentText(service.title)}'s webhooks and callbacks: the requests it has handlers\n * for, validated as operations are; \`paths\` serves one at another path than its default. \`path\` serves every\n * webhook given at that one path instead (as a provider sends them to one URL), each request told apart by a\n * declared header whose value names its webhook, else by the one webhook whose body schema accepts it; where\n * several accept, \`choose\` picks among their names (default: the style's 400 naming them).\n */\n` +
      `export function create${service.name}Receiver(handlers: ${name}, options: Partial<RouterOptions> & { paths?: Partial<Record<keyof ${name}, string>>; path?: string; choose?: (candidates: Array<keyof ${name}>, input: HandlerInput) => keyof ${name} | undefined } = {}) {\n` +
      `  const { paths: routePaths = {}, path: shared, choose, ...rest } = options;\n` +
      `  const served = ${routes}.filter((r) => handlers[r.operationId as keyof ${name}] !== undefined).map((r) => ({ ...r, path: routePaths[r.operationId as keyof ${name}] ?? r.path }));\n` +
      `  const dispatch = (input: HandlerInput): Promise<HandlerResult> => {\n  switch (input.operationId) {\n${cases.join('\n')}\n    default:\n      throw new Error(\`no handler for \${input.operationId}\`);\n  }\n  };\n` +
      `  if (shared !== undefined) {\n` +
      `    const one = sharedReceiver(served, ${keysName}, shared, ${errorStyleName(service)}, dispatch, choose as ((candidates: string[], input: HandlerInput) => string | undefined) | undefined);\n` +
      `    return createRouter([one.route], one.dispatch, { errorStyle: ${errorStyleName(service)}, ...rest });\n` +
      `  }\n` +
      `  return createRouter(served, dispatch, { errorStyle: ${errorStyleName(service)}, ...rest });\n}`,
  ];
}

/**
 * Each webhook a declared header parameter names by a single value (`const`, or an `enum` of one): the header's
 * lower-cased name and that value.
 */
function webhookKeys(service: ServiceModel): Record<string, [string, string]> {
  const keys: Record<string, [string, string]> = {};
  for (const op of service.receivers) {
    if (op.receiver?.kind !== 'webhook') continue;
    for (const p of op.parameters) {
      if (p.in !== 'header') continue;
      // The header's schema may be a $ref (to a $ref): its const or enum is on the schema it lands on.
      const s = resolveRef<{ const?: unknown; enum?: unknown }>(service.document, p.schema ?? {});
      const value = s.const ?? (Array.isArray(s.enum) && s.enum.length === 1 ? s.enum[0] : undefined);
      if (typeof value === 'string' || typeof value === 'number') {
        keys[op.id] = [p.name.toLowerCase(), String(value)];
        break;
      }
    }
  }
  return keys;
}

/** What a receiver request is, in words: `the webhook newPet`, `the callback onData of subscribe`. */
export function receiverTitle(op: OperationModel): string {
  const r = op.receiver!;
  return r.kind === 'webhook' ? `The webhook ${r.name}` : `The callback ${r.name} of ${r.owner}`;
}

function bodyType(op: OperationModel, document: OpenApiDocument): TypeAliasDeclarationStructure {
  return {
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: `${op.typeName}Body`,
    type: handlerBodyUnion(op, document),
    docs: [
      `The ${op.id} request body as the handler receives it: one branch per content type; narrow on \`contentType\`.`,
    ],
  };
}

function inputType(op: OperationModel): TypeAliasDeclarationStructure {
  const ops = `${typesRef(op)}['parameters']`;
  const has = (where: string) => op.parameters.some((p) => p.in === where);
  const path = has('path') ? `${ops}['path']` : 'Record<string, never>';
  const query = has('query') ? `NonNullable<${ops}['query']>` : 'Record<string, unknown>';
  const cookies = `NonNullable<${ops}['cookie']>`;
  return {
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: `${op.typeName}Input`,
    // Headers are retyped only where the operation declares header parameters (the rest keep HandlerInput's).
    // Cookies likewise, where it declares cookie parameters (coerced to their schema's types, as the query).
    // checkIfMatch is callable only where the operation documents the 412 it answers (never elsewhere, so the
    // input still passes as a HandlerInput).
    type: `Omit<HandlerInput, 'path' | 'query' | ${has('header') ? "'headers' | " : ''}${has('cookie') ? "'cookies' | " : ''}'body' | 'contentType'> & {${op.errors.some((e) => e.http === 412) ? '' : ' checkIfMatch: never;'} path: ${path}; query: ${query}${has('header') ? `; headers: ${handlerHeadersType(op)}` : ''}${has('cookie') ? `; cookies: ${cookies}` : ''}${answerTypeField(op)} } & ${op.typeName}Body`,
    docs: [`What the ${op.id} handler receives, parsed and validated.`],
  };
}

/**
 * `answerType` narrowed to the documented success types, where the router negotiates them (it refuses an Accept
 * that takes none before the handler, so the handler always has one).
 */
function answerTypeField(op: OperationModel): string {
  const types = successTypes(op);
  if (!negotiated(op) || types.length === 0) return '';
  return `; readonly answerType: ${types.map((t) => stringLiteral(t)).join(' | ')}`;
}

function errorHelpers(service: ServiceModel, op: OperationModel): VariableStatementStructure {
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: `${camelCase(op.id)}Errors`, initializer: errorHelpersLiteral(service, op) }],
    docs: [
      service.errorStyle.family === 'problem'
        ? `The error responses ${op.id} documents: return or throw one; each answers its status with the body its schema types.`
        : `The errors ${op.id} documents (x-errors): return or throw one; each answers the service's error shape with its documented HTTP status.`,
    ],
  };
}

function errorType(service: ServiceModel, op: OperationModel): TypeAliasDeclarationStructure {
  return {
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: `${op.typeName}Error`,
    type: errorUnionType(service, op),
    docs: [`Any error ${op.id} documents.`],
  };
}

function replyType(service: ServiceModel, op: OperationModel): TypeAliasDeclarationStructure {
  const type = [...replyBranches(service, op), `${op.typeName}Error`].join('\n  | ');
  return {
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: `${op.typeName}Reply`,
    type,
    docs: [`What the ${op.id} handler answers: a documented success status with its body, or a documented error.`],
  };
}

/**
 * The path template as requests arrive with it: characters a URL's path percent-encodes (`<`, `>`, a space,
 * non-ASCII) encoded in its literal parts, as a client's URL sends them (DigitalOcean's `/<upload_url>`), and a `%`
 * that begins no triple as `%25` (../model/path-literal.ts).
 */
function wirePath(path: string): string {
  return path.replace(/\{[^}]*\}|[^{]+/g, (part) =>
    part.startsWith('{')
      ? part
      : // biome-ignore lint/suspicious/noControlCharactersInRegex: the bytes a URL percent-encodes in a path
        literalPercents(part).replace(/[\u0000-\u0020"<>`]|[^\u0000-\u007f]/gu, (c) => encodeURIComponent(c)),
  );
}

/**
 * The operation documents an answer in another media type than JSON alone (XML, CSV, problem+json, a stream beside
 * JSON): its route lists each answer's types, and the router chooses among them by Accept.
 */
export function negotiated(op: OperationModel): boolean {
  return op.responses.some((r) => r.contentTypes.some((t) => t !== 'application/json'));
}

/** The media types of the operation's successful answers, each once, in order. */
export function successTypes(op: OperationModel): string[] {
  return [...new Set(op.responses.filter((r) => r.status.startsWith('2')).flatMap((r) => r.contentTypes))];
}

/** A successful answer of the operation declares an `ETag` header (conditional requests apply). */
function declaresEtag(op: OperationModel): boolean {
  return op.responses.some((r) => r.status.startsWith('2') && r.headers.some((h) => h.toLowerCase() === 'etag'));
}

/** The route's `preconditionFailed` line: the operation's first documented 412, if any. */
function preconditionFailed(op: OperationModel): string[] {
  const error = op.errors.find((e) => e.http === 412);
  return error ? [`    preconditionFailed: { http: 412, code: ${valueLiteral(error.code)} },`] : [];
}

/**
 * Each entry of a route table is typed as a RouteDef where it is written: an array literal of plain objects would
 * have the compiler reduce a union of every entry's own object type, quadratic in the number of operations (most of
 * the type-check of GitHub's server.ts, for the generator's check and for the user's own compiler alike).
 */
const ROUTE_DEF =
  '/** One entry of a route table, typed as a RouteDef where it is written. */\nconst routeDef = (route: RouteDef): RouteDef => route;';

/**
 * The texts a path parameter takes, as they travel, where it shares a segment with another parameter: nothing
 * between them says where one ends (`{pageName}{mediaTypeExtension}`), or the text between them may be inside a
 * value (`{heading}.{ext}` with a heading of `-15.6`): its enum of strings (or numbers), else none.
 */
function segmentValues(op: OperationModel, p: ParameterModel, document: OpenApiDocument): string[] | undefined {
  const name = `{${p.name}}`;
  const shared = routePath(op)
    .split('/')
    .some((segment) => segment.includes(name) && (segment.match(/\{[^}]+\}/g)?.length ?? 0) > 1);
  if (!shared) return undefined;
  const schema = resolveRef<JsonSchema>(document, p.schema ?? {});
  const listed = Array.isArray(schema.enum) ? schema.enum : undefined;
  if (!listed?.every((v) => typeof v === 'string' || typeof v === 'number')) return undefined;
  // The raw text of the path is matched, so a value is taken as written and as a client percent-encodes it.
  return [...new Set(listed.flatMap((v) => [String(v), encodeURIComponent(String(v))]))];
}

/**
 * The route table's literal. `problem`: the spec has no x-error-style, so the router's own refusals are problem
 * details unless an operation documents the refusal's status otherwise (its `refusals`: refusal-bodies.ts).
 */
function routesLiteral(operations: OperationModel[], document: OpenApiDocument, problem: boolean): string {
  // A method and a path's shape, template names set aside: `/v1/{jobName}` and `/v1/{name}` (Google's storage
  // transfer) take the same requests, as do keys that differ only by a fragment or a query.
  const routeOf = (op: OperationModel) =>
    `${op.method.toUpperCase()} ${wirePath(routePath(op)).replace(/\{[^}]*\}/g, '{}')}`;
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const route of operations.map(routeOf)) (seen.has(route) ? shared : seen).add(route);
  const routes = operations.map((op) => {
    // Only where operations share a method and a path's shape: the values that tell them apart (AWS's X-Amz-Target).
    const fixed = shared.has(routeOf(op)) ? fixedParameters(op, document) : [];
    // Path parameters a path key's query carries (`/alerts?lat={lat}`): read from the query.
    const fromQuery = pathParametersInQuery(op);
    const names = validatorNames(op, document);
    const params = op.parameters.map((p) => {
      const invalid = p.invalidCode !== undefined ? `, invalidCode: ${valueLiteral(p.invalidCode)}` : '';
      const styled =
        p.type === 'array' || p.type === 'object' || (p.in === 'path' && p.style !== 'simple')
          ? `, style: ${stringLiteral(p.style)}, explode: ${valueLiteral(p.explode)}`
          : '';
      const taken = p.in === 'path' ? segmentValues(op, p, document) : undefined;
      const values = taken ? `, values: ${valueLiteral(taken)}` : '';
      return `{ name: ${stringLiteral(p.name)}, in: ${stringLiteral(p.in)}, type: ${stringLiteral(p.type)}, required: ${valueLiteral(p.required)}${invalid}${styled}${values} }`;
    });
    const bodies = op.requestBodies.map((b) => {
      const json = b.jsonFields.length ? `, jsonFields: ${valueLiteral(b.jsonFields.map((f) => f.name))}` : '';
      const jsonItems = b.jsonItemFields.length ? `, jsonItemFields: ${valueLiteral(b.jsonItemFields)}` : '';
      const files = b.kind === 'multipart-form' ? `, fileFields: ${valueLiteral(b.fileFields)}` : '';
      const partHeaders = Object.keys(b.partHeaders).length ? `, partHeaders: ${valueLiteral(b.partHeaders)}` : '';
      const styled = b.styledFields.length ? `, styledFields: ${valueLiteral(b.styledFields)}` : '';
      // The declared names, where the reading needs them: a field named with brackets, an object that gathers.
      const gathers = b.styledFields.some((f) => f.type === 'object' && f.style === 'form' && f.explode);
      const fields = gathers || b.fields.some((f) => f.includes('[')) ? `, fields: ${valueLiteral(b.fields)}` : '';
      const depth = op.maxDepth !== undefined && b.kind !== 'raw' ? `, maxDepth: ${valueLiteral(op.maxDepth)}` : '';
      // Text media (XML, CSV, text/*) reaches the handler as its text, read in memory under the body limit.
      // JSON lines arrive as their values, each validated; other text media as its text.
      // A form whose schema gives no fields (fieldless-forms.ts): its form text as text, multipart as media.
      const kind = b.kind !== 'raw' ? b.kind : isLinesType(b.contentType) ? 'lines' : readsText(b) ? 'text' : 'raw';
      // An XML body with a schema is read into the value the schema describes (xml-body.ts), then validated.
      const xml = readsXml(document, b)
        ? `, xml: xmlBodyReader(${valueLiteral(xmlBodyShape(document, b.schema))})`
        : '';
      return `{ contentType: ${stringLiteral(b.contentType)}, kind: ${stringLiteral(kind)}${json}${jsonItems}${files}${partHeaders}${styled}${fields}${depth}${xml} }`;
    });
    const bodyValidators = Object.entries(names.bodies).map(([ct, n]) => `${stringLiteral(ct)}: v.${n}`);
    const responseValidators = Object.entries(names.responses).map(([status, n]) => `${stringLiteral(status)}: v.${n}`);
    return [
      '  routeDef({',
      `    operationId: ${stringLiteral(op.id)},`,
      `    method: ${stringLiteral(op.method)},`,
      `    path: ${stringLiteral(wirePath(routePath(op)))},`,
      `    params: [${params.join(', ')}],`,
      ...(fixed.length ? [`    fixed: ${valueLiteral(fixed)},`] : []),
      ...(fromQuery.length ? [`    pathFromQuery: ${valueLiteral(fromQuery)},`] : []),
      `    bodies: [${bodies.join(', ')}],`,
      `    bodyRequired: ${valueLiteral(op.bodyRequired)},`,
      `    security: ${stringLiteral(op.credentialsOptional ? 'optional' : 'required')},`,
      `    securityRequirements: ${valueLiteral(op.security)},`,
      ...(op.transportSchemes ? [`    transportSchemes: ${valueLiteral(op.transportSchemes)},`] : []),
      `    credentialSources: [${op.credentialSources.map((c) => `{ scheme: ${stringLiteral(c.scheme)}, kind: ${stringLiteral(c.kind)}, in: ${stringLiteral(c.in)}, name: ${stringLiteral(c.name)} }`).join(', ')}],`,
      `    scopes: ${valueLiteral(op.scopes)},`,
      ...(op.bodyLimit !== undefined ? [`    maxBodyBytes: ${valueLiteral(op.bodyLimit)},`] : []),
      ...(declaresEtag(op) ? ['    etag: true,'] : []),
      ...preconditionFailed(op),
      `    validateParams: v.${names.params},`,
      `    validateBody: { ${bodyValidators.join(', ')} },`,
      `    validateResponse: { ${responseValidators.join(', ')} },`,
      ...(Object.keys(names.xmlResponses).length
        ? [
            `    validateXml: { ${op.responses
              .filter((r) => names.xmlResponses[r.status])
              .map(
                (r) =>
                  `${stringLiteral(r.status)}: { read: xmlBodyReader(${valueLiteral(xmlBodyShape(document, r.schema))}), validate: v.${names.xmlResponses[r.status]} }`,
              )
              .join(', ')} },`,
          ]
        : []),
      ...(Object.keys(names.lines).length
        ? [
            `    validateLines: { ${Object.entries(names.lines)
              .map(([status, n]) => `${stringLiteral(status)}: v.${n}`)
              .join(', ')} },`,
          ]
        : []),
      ...(negotiated(op)
        ? [
            `    answerTypes: { ${op.responses
              // JSON alone is the default of an answer not listed; every success is listed (Accept is checked on them).
              .filter(
                (r) =>
                  r.contentTypes.length > 0 &&
                  (r.status.startsWith('2') || r.contentTypes.some((t) => t !== 'application/json')),
              )
              .map((r) => `${valueLiteral(r.status)}: ${valueLiteral(r.contentTypes)}`)
              .join(', ')} },`,
          ]
        : []),
      ...(op.responses.some((r) => !names.responses[r.status])
        ? [`    responses: ${valueLiteral(op.responses.map((r) => r.status))},`]
        : []),
      ...(problem && Object.keys(refusalTemplates(document, op)).length
        ? [`    refusals: ${valueLiteral(refusalTemplates(document, op))},`]
        : []),
      '  })',
    ].join('\n');
  });
  return routes.length ? `[\n${routes.join(',\n')},\n]` : '[]';
}
