// Builds the intermediate model of one service from its bundled OpenAPI document.
import { isJsonType, isLinesType } from './media-types.js';
import { directionViews, type SchemaView } from './read-write-views.js';
import { normaliseSchemas, type SchemaWarning } from './normalise-schemas.js';
import { type OpenApiDocument, resolveRef } from './ref.js';
import { camelCase, propertyIdentifier, serviceName, typeIdentifier } from './names.js';
import { declarePathTemplates } from './path-templates.js';
import { receiverEntries, webhookSources } from './receivers.js';
import type {
  StyledField,
  BodyKind,
  CredentialSourceModel,
  JsonSchema,
  OperationModel,
  ParameterModel,
  RequestBodyModel,
  ResponseModel,
  SecuritySchemeModel,
  ServiceModel,
} from './types.js';
import { escapeToken } from './json-pointer.js';
import { isFieldlessForm } from './fieldless-forms.js';
import { operationTypeName } from './runtime-names.js';
import { METHODS } from './methods.js';
import { type OperationNames, operationIds } from './operation-ids.js';
import {
  buildCredentialSources,
  buildSecuritySchemes,
  credentialsOf,
  securityAlternatives,
  transportSchemes,
  unmetSecurityReason,
  warnUnmetSecurity,
  warnUnsendableSchemes,
} from './security.js';
import { buildServers, ownServers, serverModel } from './servers.js';
import { allProperties, requiredProperties } from './schema-properties.js';
import { textOf } from './text-of.js';
import { bodyLimit } from './extensions/body-limit.js';
import { credentialInOf } from './extensions/credential-in.js';
import { errorStyleOf } from './extensions/error-style.js';
import { documentedErrorsOf } from './extensions/errors.js';
import { hiddenOperations, routeShape, takenParts } from './fixed-parameters.js';
import { isFieldSelection, selection } from './extensions/field-selection.js';
import { idempotencyOf } from './extensions/idempotency.js';
import { invalidCodeOf } from './extensions/invalid-code.js';
import { maxDepth } from './extensions/max-depth.js';
import { mediaUpload } from './extensions/media-upload.js';
import { buildPagination } from './extensions/pagination.js';
import { requestIdHeadersOf } from './extensions/request-id-headers.js';
import { collectRules, operationRuleIds } from './extensions/rules.js';
import { sseDataOf } from './extensions/sse-data.js';
import { throttleCodesOf } from './extensions/throttle-codes.js';
import { withDiscriminatorValues } from './extensions/discriminator-value.js';

/**
 * The model of a bundled document. Its schemas are read normalised (OpenAPI 3.0 forms as 2020-12, patterns for
 * unicode mode); `warn` hears what cannot be honoured (the generator reports it; readers of a generated copy
 * heard it when it was generated).
 */
export function buildServiceModel(
  service: string,
  source: OpenApiDocument,
  warnOf: (warning: SchemaWarning) => void = () => {},
): ServiceModel {
  // Once per place: the root's security is read for every operation that inherits it.
  const warned = new Set<string>();
  const warn = (w: SchemaWarning) => {
    if (warned.has(w.pointer + w.message)) return;
    warned.add(w.pointer + w.message);
    warnOf(w);
  };
  const document = declarePathTemplates(withDiscriminatorValues(normaliseSchemas(source, warn)), warn);
  const errorStyle = errorStyleOf(service, document['x-error-style']);
  const securitySchemes = buildSecuritySchemes(document);
  warnUnsendableSchemes(securitySchemes, warn);
  const operations: OperationModel[] = [];
  const ids = operationIds(document);
  const owners: Array<{ id: string; op: any }> = [];
  const ownerPointers = new Map<string, string>();
  for (const [path, item] of Object.entries<any>(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const pointer = `#/paths/${escapeToken(path)}/${method}`;
      operations.push(buildOperation(document, path, method, item, op, securitySchemes, ids, warn, pointer));
      owners.push({ id: ids.get(`${method} ${path}`)!.id, op });
      ownerPointers.set(ids.get(`${method} ${path}`)!.id, pointer);
    }
  }
  warnIndistinguishable(operations, ownerPointers, document, warn);
  operations.sort((a, b) => a.id.localeCompare(b.id));
  const receivers = buildReceivers(document, owners, ids, securitySchemes, warn, ownerPointers);
  const rules = collectRules(service, document);
  return {
    key: service,
    name: serviceName(service),
    title: textOf(document.info?.title, '#/info/title', warn) || service,
    version: textOf(document.info?.version, '#/info/version', warn),
    description: textOf(document.info?.description, '#/info/description', warn),
    errorStyle,
    throttleCodes: throttleCodesOf(document['x-throttle-codes']),
    requestIdHeaders: requestIdHeadersOf(document['x-request-id-headers']),
    servers: buildServers(document),
    documentServers: (document.servers ?? []).filter((s: any) => typeof s?.url === 'string').map(serverModel),
    securitySchemes,
    operations,
    receivers,
    rules,
    document,
    views: { request: directionViews(document, 'request').schemas, answer: directionViews(document, 'answer').schemas },
  };
}

/**
 * The webhooks and callbacks as operations of a receiver (receivers.ts), named in the operations' namespace so
 * that every generated type name stays unique.
 */
function buildReceivers(
  document: OpenApiDocument,
  owners: Array<{ id: string; op: any }>,
  ids: Map<string, OperationNames>,
  schemes: SecuritySchemeModel[],
  warn: (warning: SchemaWarning) => void,
  ownerPointers: Map<string, string>,
): OperationModel[] {
  const webhooks = webhookSources(document);
  for (const pointer of webhooks.malformed)
    warn({ pointer, message: 'not an object, where x-webhooks has a map of webhook names to path items; ignored' });
  for (const name of webhooks.shadowed)
    warn({
      pointer: `#/x-webhooks/${escapeToken(name)}`,
      message: `the x-webhooks extension's ${name} differs from webhooks' ${name}, which is read; this one gets no receiver, sender or types`,
    });
  const taken = new Set([...ids.values()].flatMap((n) => [n.id, n.typeName]));
  const receivers: OperationModel[] = [];
  for (const entry of receiverEntries(document, owners)) {
    let id = entry.baseName;
    for (let n = 2; taken.has(id) || taken.has(typeIdentifier(id)); n++) id = `${entry.baseName}_${n}`;
    const typeName = operationTypeName(typeIdentifier(id), taken);
    taken.add(id);
    taken.add(typeIdentifier(id));
    taken.add(typeName);
    const key = `receiver ${entry.method} ${id}`;
    ids.set(key, { id, typeName, typesRef: entry.typesRef });
    // The root's security describes calls to the service, not its requests to a receiver: only their own applies.
    const op = { ...entry.op, security: entry.op.security ?? [] };
    const pointer =
      entry.kind === 'webhook'
        ? `#/${entry.map ?? 'webhooks'}/${escapeToken(entry.name)}/${entry.method}`
        : `${ownerPointers.get(entry.owner ?? '') ?? '#'}/callbacks/${escapeToken(entry.name)}/${escapeToken(entry.expression ?? '')}/${entry.method}`;
    const model = buildOperation(document, entry.path, entry.method, entry.item, op, schemes, ids, warn, pointer, key);
    delete model.server;
    model.receiver = {
      kind: entry.kind,
      name: entry.name,
      pointer,
      ...(entry.expression !== undefined ? { expression: entry.expression, owner: entry.owner } : {}),
    };
    receivers.push(model);
  }
  return receivers.sort((a, b) => a.id.localeCompare(b.id));
}

function buildOperation(
  document: OpenApiDocument,
  path: string,
  method: string,
  item: any,
  op: any,
  schemes: SecuritySchemeModel[],
  ids: Map<string, OperationNames>,
  warn: (warning: SchemaWarning) => void,
  pointer: string,
  key = `${method} ${path}`,
): OperationModel {
  const { id, typeName, typesRef } = ids.get(key)!;
  const credentialIn = credentialInOf(id, op);
  const security = securityAlternatives(op, document, credentialIn);
  warnUnmetSecurity(op.security ?? document.security ?? [], op.security ? pointer : '#', schemes, warn);
  const credentialSources = buildCredentialSources(credentialIn, security, schemes);
  const pathPointer = pointer.slice(0, pointer.lastIndexOf('/'));
  // Fetch refuses TRACE (with CONNECT and TRACK, its forbidden methods): the generated client's call throws unless
  // the caller gives it a `fetch` that sends it; the server serves it.
  if (method === 'trace')
    warn({
      pointer,
      message:
        "TRACE is a method fetch refuses to send (the Fetch standard's forbidden methods): the client's call throws unless its `fetch` option sends it; the server serves it",
    });
  const body = requestBodyOf(document, method, op, pointer, warn);
  const parameters = buildParameters(
    document,
    [
      ...(item.parameters ?? []).map((raw: unknown, i: number) => ({ raw, at: `${pathPointer}/parameters/${i}` })),
      ...(op.parameters ?? []).map((raw: unknown, i: number) => ({ raw, at: `${pointer}/parameters/${i}` })),
    ],
    credentialSources,
    warn,
    // The inputs carry the request body as `body` (and a raw one's media type as `contentType`).
    body?.content ? ['body', 'contentType'] : [],
  );
  const bodyAt = typeof op.requestBody?.$ref === 'string' ? op.requestBody.$ref : `${pointer}/requestBody`;
  const requestBodies = Object.entries<any>(body?.content ?? {}).map(([contentType, media]) => {
    if (isFieldlessForm(document, contentType, media?.schema))
      warn({
        pointer: `${bodyAt}/content/${escapeToken(contentType)}/schema`,
        message: `a ${contentType.split(';')[0]!.trim()} body whose schema admits no object has no fields to encode: the client sends it as the caller encoded it (form text, URLSearchParams, FormData or bytes) and the server hands it over as received, unvalidated`,
      });
    return buildRequestBody(document, contentType, media);
  });
  const responses = buildResponses(document, op.responses ?? {}, `${pointer}/responses`, warn);
  // HTTP gives these answers no content (RFC 9110): a body documented for one is never sent (PagerDuty's 204s).
  for (const r of responses)
    if (NO_CONTENT.has(r.status) && r.contentTypes.length > 0)
      warn({
        pointer: `${pointer}/responses/${r.status}/content`,
        message: `a ${r.status} answer has no content in HTTP; the body documented for it is never sent (the client returns undefined)`,
      });
    else if (method === 'head' && r.status.startsWith('2') && r.contentTypes.length > 0)
      warn({
        pointer: `${pointer}/responses/${r.status}/content`,
        message: `an answer to HEAD has no content in HTTP; the body documented for it is never sent (the client returns undefined)`,
      });
  const success = responses.find(
    (r) => r.status.startsWith('2') && r.contentType?.includes('json') && !isLinesType(r.contentType),
  );
  const servers = ownServers(document, item, op);
  const server = servers[0];
  return {
    id,
    typeName,
    typesRef,
    method: method.toUpperCase(),
    path,
    ...(server ? { server } : {}),
    ...(servers.length > 1 ? { servers } : {}),
    summary: textOf(op.summary, `${pointer}/summary`, warn),
    description: textOf(op.description, `${pointer}/description`, warn),
    tags: op.tags ?? [],
    deprecated: op.deprecated === true,
    parameters,
    requestBodies,
    bodyRequired: body?.required === true,
    ...bodyLimit(id, op['x-body-limit'] ?? body?.['x-body-limit']),
    ...maxDepth(id, op['x-max-depth'] ?? document['x-max-depth']),
    responses,
    success,
    streaming: responses.some((r) => r.status.startsWith('2') && r.contentType === 'text/event-stream'),
    ...linesType(responses, success),
    errors: documentedErrorsOf(op['x-errors'], `${pointer}/x-errors`, warn),
    // The client sends what an alternative a request can meet asks for: never one that is refused whatever it sends.
    ...credentialsOf(
      credentialIn,
      security.filter((alternative) => !unmetSecurityReason(alternative, schemes)),
      schemes,
    ),
    credentialsOptional: security.some((req) => Object.keys(req).length === 0),
    security,
    credentialSources,
    ...transportSchemes(security, schemes),
    scopes: [...new Set(security.flatMap((req) => Object.values<string[]>(req).flat()))].sort(),
    ...idempotencyOf(op, document),
    pagination: buildPagination(id, op['x-pagination']),
    ...mediaUpload(id, op, requestBodies, parameters),
    ...selection(document, parameters, success, op['x-pagination']?.items),
    ruleIds: operationRuleIds(op),
  };
}

/**
 * The operation's request body. A GET or HEAD one is left out with a warning: OpenAPI 3.0 says a body where HTTP
 * defines none "SHALL be ignored by consumers", 3.1 that it has no well-defined semantics, RFC 9110 that a client
 * should not send one, and fetch (the client's transport) cannot. The server reads a GET that carries one as it
 * reads any request to an operation that takes none: without its body (its bytes are discarded).
 */
function requestBodyOf(
  document: OpenApiDocument,
  method: string,
  op: any,
  pointer: string,
  warn: (warning: SchemaWarning) => void,
): any {
  if (!op.requestBody) return undefined;
  if (method === 'get' || method === 'head') {
    warn({
      pointer: `${pointer}/requestBody`,
      message: `a ${method.toUpperCase()} request body has no HTTP semantics (OpenAPI 3.0: ignored by consumers) and fetch cannot send one; left out of the client, and the server reads such a request as one without a body`,
    });
    return undefined;
  }
  return resolveRef(document, op.requestBody);
}

function buildParameters(
  document: OpenApiDocument,
  raw: Array<{ raw: unknown; at: string }>,
  credentialSources: CredentialSourceModel[],
  warn: (warning: SchemaWarning) => void,
  reserved: string[] = [],
): ParameterModel[] {
  // An operation's parameter replaces the path's of the same name and place; header names are case-insensitive.
  const byKey = new Map<string, { p: any; at: string }>();
  for (const { raw: r, at } of raw) {
    const p = checkedParameter(resolveRef(document, r), at, warn);
    if (!p) continue;
    const key = `${p.in}:${p.in === 'header' ? String(p.name).toLowerCase() : p.name}`;
    const earlier = byKey.get(key);
    if (earlier && sameLevel(earlier.at, at))
      warn({
        pointer: at,
        message: `${p.in} parameter ${p.name} is declared twice (also at ${earlier.at}${p.in === 'header' && earlier.p.name !== p.name ? ': header names are case-insensitive' : ''}); the later declaration is used`,
      });
    byKey.set(key, { p, at });
  }
  const params = [...byKey.values()].flatMap(({ p, at }) =>
    (p.in === 'cookie' ? cookieParameter(document, p, at, warn) : [p]).map((q: any) => ({ p: q, at })),
  );
  const used = new Set<string>(reserved);
  return params.map(({ p, at }): ParameterModel => {
    const schema = resolveRef(document, p.schema ?? {});
    let identifier = p.in === 'header' ? camelCase(p.name) : propertyIdentifier(p.name);
    while (used.has(identifier)) identifier = `${identifier}_${p.in}`;
    used.add(identifier);
    return {
      name: p.name,
      identifier,
      in: p.in,
      required: p.required === true,
      description: textOf(p.description, `${at}/description`, warn),
      schema: p.schema ?? {},
      type: coarseType(document, schema),
      style: p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple'),
      explode: p.explode ?? (p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple')) === 'form',
      isCredential: credentialSources.some(
        (c) => c.kind !== 'bearerToken' && c.in === p.in && c.name.toLowerCase() === String(p.name).toLowerCase(),
      ),
      defaultValue: schema.default,
      ...invalidCodeOf(p),
      ...(isFieldSelection(p) ? { fieldSelection: true } : {}),
    };
  });
}

/**
 * Operations no request tells apart: one method and one path once a path key's `#fragment` is dropped (Box's
 * `/shared_items#folders` beside `/shared_items#web_links`; no request carries a fragment) and its query (routed
 * on its pairs) and its templates' names are set aside (`/a/{id}` and `/a/{name}`), and no required parameter of
 * one value each (fixed-parameters.ts: AWS's `X-Amz-Target`), required parameter carried or pair of the key's query sets
 * them apart. The client calls each; the server can route only one of them, so the
 * later ones are warned about with their pointers.
 */
function warnIndistinguishable(
  operations: OperationModel[],
  pointers: Map<string, string>,
  document: OpenApiDocument,
  warn: (warning: SchemaWarning) => void,
): void {
  for (const [o, earlier] of hiddenOperations(operations, document)) {
    const route = routeShape(o);
    warn({
      pointer: pointers.get(o.id) ?? '#',
      message: `${o.id} is the request ${route} of ${earlier.id} too (${pointers.get(earlier.id) ?? '#'}): no request tells them apart, so one handler of the server answers both; the client calls each`,
    });
  }
  for (const o of operations) {
    const taken = takenParts(o, operations, document);
    if (!taken) continue;
    const parts = [
      ...(taken.body ? ['its optional body'] : []),
      ...taken.params.map((p) => `its optional ${p.in} parameter ${p.name}`),
    ];
    const them = parts.length > 1 ? 'them' : 'it';
    warn({
      pointer: `${pointers.get(o.id) ?? '#'}${taken.body && taken.params.length === 0 ? '/requestBody' : ''}`,
      message: `a request of ${o.id} with ${parts.join(' and ')} is the request ${routeShape(o)} of ${taken.takers.map((t) => t.id).join(', ')} too (${taken.takers.map((t) => pointers.get(t.id) ?? '#').join(', ')}), which require${taken.takers.length > 1 ? '' : 's'} ${them}: the server answers it there; a request without ${them} reaches ${o.id}`,
    });
  }
}

/** Whether two parameter pointers are in one list (both the operation's, or both the path's). */
function sameLevel(a: string, b: string): boolean {
  return a.slice(0, a.lastIndexOf('/')) === b.slice(0, b.lastIndexOf('/'));
}

/**
 * A cookie parameter as this generator carries it in one Cookie header (RFC 6265 `name=value; ...`): its name a
 * cookie token; the form style (OpenAPI's only style for cookies); an array or object not exploded. What a document
 * asks beyond that has no Cookie-header form and is warned about with its pointer: another style is read as form;
 * an exploded array or object as unexploded (OpenAPI's exploded form, `a=1&a=2` or `R=100&G=200`, is a query
 * string, not a cookie pair); a name that is not a token cannot be sent at all, and the parameter is left out.
 */
function cookieParameter(document: OpenApiDocument, p: any, at: string, warn: (warning: SchemaWarning) => void): any[] {
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(String(p.name))) {
    warn({
      pointer: at,
      message: `cookie parameter ${p.name}: its name is not an RFC 6265 token, so no Cookie header can carry it; left out of the client and the server`,
    });
    return [];
  }
  let cookie = p;
  if ((p.style ?? 'form') !== 'form') {
    warn({
      pointer: `${at}/style`,
      message: `cookie parameter ${p.name}: style ${p.style} is not a cookie style; read as form`,
    });
    cookie = { ...cookie, style: 'form' };
  }
  const type = coarseType(document, resolveRef(document, p.schema ?? {}));
  if ((type === 'array' || type === 'object') && p.explode !== false) {
    warn({
      pointer: at,
      message: `cookie parameter ${p.name}: an exploded ${type} has no Cookie header form (OpenAPI's exploded form style is a query string); sent and read unexploded (${p.name}=${type === 'array' ? 'a,b,c' : 'k1,v1,k2,v2'})`,
    });
    cookie = { ...cookie, explode: false };
  }
  return [cookie];
}

/**
 * The type a parameter's value travels as, seen through `$ref`, nullable forms and `anyOf` / `oneOf` / `allOf`
 * (FastAPI's `anyOf: [array, null]`, Stripe's `anyOf: [object, '']`): an array where a branch is one, else an
 * object where a branch is one (its style then applies: `a=1&a=2`, `filter[k]=v`), else text where a branch is
 * (or any value is), else the one scalar type.
 */
function coarseType(document: OpenApiDocument, schema: JsonSchema): ParameterModel['type'] {
  return declaredType(document, schema, new Set()) ?? 'string';
}

/** The coarse type the schema declares (coarseType), or none where nothing in it says (any value). */
function declaredType(
  document: OpenApiDocument,
  schema: JsonSchema,
  seen: Set<unknown>,
): ParameterModel['type'] | undefined {
  const s = resolveRef(document, schema);
  // `seen` holds the schemas on the way here: a cycle says nothing more.
  if (!s || typeof s !== 'object' || seen.has(s)) return undefined;
  seen.add(s);
  const type = typeOfBranches(document, s, seen);
  seen.delete(s);
  return type;
}

function typeOfBranches(
  document: OpenApiDocument,
  s: JsonSchema,
  seen: Set<unknown>,
): ParameterModel['type'] | undefined {
  const types: string[] = (Array.isArray(s.type) ? s.type : [s.type]).filter(
    (x: unknown) => typeof x === 'string' && x !== 'null',
  );
  // A branch of anyOf / oneOf that says nothing admits any value, text included; an allOf member that says
  // nothing narrows nothing.
  for (const list of [s.anyOf, s.oneOf])
    for (const branch of Array.isArray(list) ? list : [])
      if (!isNullOnly(document, branch)) types.push(declaredType(document, branch, seen) ?? 'string');
  for (const member of Array.isArray(s.allOf) ? s.allOf : []) {
    const type = declaredType(document, member, seen);
    if (type) types.push(type);
  }
  if (types.length === 0) return undefined;
  for (const t of ['array', 'object'] as const) if (types.includes(t)) return t;
  // A scalar that may also be text (PeerTube's id: an integer or a UUID) travels as text: its schema's validator
  // coerces it to the branch it meets, where a number's check would refuse the UUID.
  if (types.includes('string')) return 'string';
  // So does a boolean or a number (Elasticsearch's `track_total_hits`): a number's check would refuse `false`.
  if (types.includes('boolean') && types.some((t) => t === 'integer' || t === 'number')) return 'string';
  for (const t of ['integer', 'number', 'boolean'] as const) if (types.includes(t)) return t;
  return 'string';
}

/** A branch that admits only null (`{type: 'null'}`, `{enum: [null]}`, `{const: null}`). */
function isNullOnly(document: OpenApiDocument, schema: JsonSchema): boolean {
  const s = resolveRef(document, schema);
  if (!s || typeof s !== 'object') return false;
  if (s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null')) return true;
  if (s.const === null) return true;
  return Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every((v: unknown) => v === null);
}

/** The styles a form or multipart field may be written in (OpenAPI's Encoding Object). */
const FORM_STYLES = ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'] as const;

const isRecord = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function bodyKind(contentType: string): BodyKind {
  // By the type without its parameters (`application/json;charset=UTF-8`, as Spring's documents write it).
  if (isJsonType(contentType)) return 'json';
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  if (essence === 'application/x-www-form-urlencoded') return 'form';
  if (essence === 'multipart/form-data') return 'multipart-form';
  if (essence === 'multipart/related') return 'multipart-related';
  return 'raw';
}

/** An HTTP header name (RFC 9110's token): a part header the client writes and the server reads by name. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Whether a multipart field without an encoding travels as JSON parts: an object (its part's default content type
 * is application/json), or an array of objects, whose items OpenAPI sends one part each, each JSON.
 */
function jsonParts(document: OpenApiDocument, schema: JsonSchema): boolean {
  const type = coarseType(document, schema);
  if (type === 'object') return true;
  return type === 'array' && coarseType(document, resolveRef(document, schema.items ?? {})) === 'object';
}

function buildRequestBody(document: OpenApiDocument, contentType: string, media: any): RequestBodyModel {
  // JSON lines: the schema of one line (OpenAPI 3.2's itemSchema, else the content's schema, as answers read it).
  const schema = (isLinesType(contentType) ? lineSchema(document, media) : media.schema) ?? {};
  // A form without fields travels as the bytes the caller encoded (fieldless-forms.ts).
  const kind = isFieldlessForm(document, contentType, media.schema) ? 'raw' : bodyKind(contentType);
  const jsonFields: RequestBodyModel['jsonFields'] = [];
  const styledFields: StyledField[] = [];
  const partTypes: Record<string, string> = {};
  const partHeaders: Record<string, string[]> = {};
  if (kind === 'form' || kind === 'multipart-form') {
    const encodings = isRecord(media.encoding) ? media.encoding : {};
    for (const [name, prop] of Object.entries<any>(allProperties(document, schema))) {
      const p = resolveRef(document, prop);
      const encoding = isRecord(encodings[name]) ? encodings[name] : {};
      const type = coarseType(document, p);
      const partType = typeof encoding.contentType === 'string' ? encoding.contentType.split(',')[0]!.trim() : '';
      if (kind === 'multipart-form' && partType) partTypes[name] = partType;
      // OpenAPI: an encoding's headers describe a multipart part's own (its Content-Type is contentType's).
      const headers = isRecord(encoding.headers)
        ? Object.keys(encoding.headers).filter((h) => h.toLowerCase() !== 'content-type' && HEADER_NAME.test(h))
        : [];
      if (kind === 'multipart-form' && headers.length) partHeaders[name] = headers.sort();
      const style = FORM_STYLES.find((s) => s === encoding.style);
      if (p.contentMediaType === 'application/json') jsonFields.push({ name, schema: p.contentSchema ?? {} });
      else if (type !== 'array' && type !== 'object') continue;
      // An explicit style is followed; else a JSON content type (named, or a multipart object's default) is JSON.
      else if (!style && (isJsonType(partType) || (kind === 'multipart-form' && !partType && jsonParts(document, p))))
        jsonFields.push({ name, schema: p });
      // A multipart array without a style is one part per item (the runtime's default), as before.
      else if (style || kind === 'form') {
        const explode = typeof encoding.explode === 'boolean' ? encoding.explode : (style ?? 'form') === 'form';
        styledFields.push({ name, type, style: style ?? 'form', explode });
      }
    }
  }
  jsonFields.sort((a, b) => a.name.localeCompare(b.name));
  const jsonItemFields =
    kind === 'multipart-form'
      ? jsonFields.filter((f) => coarseType(document, resolveRef(document, f.schema)) === 'array').map((f) => f.name)
      : [];
  styledFields.sort((a, b) => a.name.localeCompare(b.name));
  const fields = Object.keys(allProperties(document, schema)).sort();
  const fileFields =
    kind !== 'multipart-form'
      ? []
      : Object.entries<any>(allProperties(document, schema))
          .filter(([, prop]) => {
            const p = resolveRef(document, prop);
            return (
              p.format === 'binary' ||
              (typeof p.contentMediaType === 'string' && p.contentMediaType !== 'application/json')
            );
          })
          .map(([name]) => name)
          .sort();
  return {
    contentType,
    kind,
    schema,
    jsonFields,
    jsonItemFields,
    fields,
    requiredFields: requiredProperties(document, schema),
    fileFields,
    styledFields,
    partTypes,
    partHeaders,
    ...optionalView('requestView', directionViews(document, 'request').of(schema)),
  };
}

function optionalView<K extends string>(key: K, view: SchemaView | undefined): { [P in K]?: SchemaView } {
  return (view ? { [key]: view } : {}) as { [P in K]?: SchemaView };
}

/** Each JSON media type's schema as an answer sees it, where that differs from the schema as written. */
function answerViews(document: OpenApiDocument, content: Record<string, any> | undefined): Record<string, SchemaView> {
  const views: Record<string, SchemaView> = {};
  for (const [type, media] of Object.entries(content ?? {})) {
    if (!isJsonType(type)) continue;
    const view = directionViews(document, 'answer').of(media?.schema);
    if (view) views[type] = view;
  }
  return views;
}

/** The NDJSON media type of an operation's successes, where it has no JSON success and no event stream first. */
function linesType(responses: ResponseModel[], success: ResponseModel | undefined): { linesType?: string } {
  if (success) return {};
  const successes = responses.filter((r) => r.status.startsWith('2'));
  if (successes.some((r) => r.contentType === 'text/event-stream')) return {};
  const type = successes.flatMap((r) => r.contentTypes).find(isLinesType);
  return type ? { linesType: type } : {};
}

/**
 * The schema of one line of JSON lines content: OpenAPI 3.2's itemSchema, else the content's schema, or its
 * `items` where it describes the whole stream as an array (a common way of writing it).
 */
function lineSchema(document: OpenApiDocument, media: any): JsonSchema | undefined {
  if (media.itemSchema) return media.itemSchema;
  const schema = media.schema;
  const resolved = schema ? resolveRef<any>(document, schema) : undefined;
  return resolved?.type === 'array' && resolved.items ? resolved.items : schema;
}

/** The statuses whose answers HTTP gives no content. */
const NO_CONTENT = new Set(['204', '205', '304']);

const PARAMETER_PLACES = new Set(['query', 'header', 'path', 'cookie']);
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
/**
 * Headers that frame the message, which the HTTP connection writes and a client cannot set (fetch refuses
 * `Transfer-Encoding`, `Connection`, `Keep-Alive`, `Upgrade`, `Expect`, and a `Content-Length` the body does not have).
 */
const FRAMING_HEADERS = new Set([
  'transfer-encoding',
  'content-length',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
]);

/**
 * A parameter object with the types OpenAPI gives its fields. One that no request can carry (not an object, no
 * name, a place other than query, header, path or cookie) is left out with a warning: the rest of the operation
 * is still right (brainbi's query parameter named ""). `required`, `explode`, `allowReserved` and `deprecated`
 * booleans and `style` a string, else warned about and ignored (their defaults apply), as other tools tolerate them.
 */
function checkedParameter(p: any, at: string, warn: (warning: SchemaWarning) => void): any {
  const unusable =
    !p || typeof p !== 'object'
      ? 'not an object'
      : typeof p.name !== 'string' || p.name === ''
        ? `its name ${JSON.stringify(p.name ?? null)} is not a non-empty string`
        : typeof p.in !== 'string' || !PARAMETER_PLACES.has(p.in)
          ? `its place ${JSON.stringify(p.in ?? null)} is not query, header, path or cookie`
          : undefined;
  if (unusable) {
    warn({ pointer: at, message: `a parameter no request can carry (${unusable}); left out` });
    return undefined;
  }
  // OpenAPI: such a header parameter "SHALL be ignored"; the media types and security requirements set these headers.
  if (p.in === 'header' && IGNORED_HEADERS.has(p.name.toLowerCase())) {
    warn({
      pointer: at,
      message: `header parameter ${p.name} is set by the operation's media types or security (OpenAPI ignores it); left out`,
    });
    return undefined;
  }
  // Azure's Data Lake append requires `Transfer-Encoding: chunked`: the connection says how a body travels.
  if (p.in === 'header' && FRAMING_HEADERS.has(p.name.toLowerCase())) {
    warn({
      pointer: at,
      message: `header parameter ${p.name} frames the message, which the HTTP connection writes (no client sets it); left out`,
    });
    return undefined;
  }
  let checked = p;
  for (const field of ['required', 'explode', 'allowReserved', 'deprecated', 'allowEmptyValue']) {
    if (checked[field] === undefined || typeof checked[field] === 'boolean') continue;
    warn({ pointer: `${at}/${field}`, message: `not a boolean (${JSON.stringify(checked[field])}); ignored` });
    const { [field]: _ignored, ...rest } = checked;
    checked = rest;
  }
  if (checked.style !== undefined && typeof checked.style !== 'string') {
    warn({ pointer: `${at}/style`, message: 'not a string; ignored' });
    const { style: _ignored, ...rest } = checked;
    checked = rest;
  }
  return checked;
}

/** A response key: a status, a range (`4XX`) or `default`. */
const STATUS_KEY = /^(?:[1-5](?:\d\d|XX)|default)$/i;

function buildResponses(
  document: OpenApiDocument,
  raw: Record<string, any>,
  pointer: string,
  warn: (warning: SchemaWarning) => void,
): ResponseModel[] {
  return Object.entries(raw)
    .filter(([status]) => {
      if (STATUS_KEY.test(status)) return true;
      warn({
        pointer: `${pointer}/${escapeToken(status)}`,
        message: 'not a response status (a status such as 404, a range such as 4XX, or default); ignored',
      });
      return false;
    })
    .map(([status, r]): ResponseModel => {
      const response = resolveRef(document, r);
      const [contentType, media] = Object.entries<any>(response.content ?? {})[0] ?? [];
      const sse = response.content?.['text/event-stream'];
      const sseData = sseDataOf(sse);
      const lines = Object.entries<any>(response.content ?? {}).find(([type]) => isLinesType(type))?.[1];
      const linesData = lines ? (lineSchema(document, lines) ?? {}) : undefined;
      const answer = directionViews(document, 'answer');
      const sseView = sseData ? answer.of(sseData) : undefined;
      const linesView = linesData ? answer.of(linesData) : undefined;
      return {
        status,
        description: textOf(response.description, `${pointer}/${escapeToken(status)}/description`, warn),
        contentType,
        contentTypes: Object.keys(response.content ?? {}),
        schema: media?.schema,
        answerViews: answerViews(document, response.content),
        headers: Object.keys(response.headers ?? {}).sort(),
        isError: !status.startsWith('2') && !status.startsWith('3'),
        ...(sseData ? { sseData } : {}),
        ...(linesData ? { linesData } : {}),
        ...(sseView || linesView
          ? { itemViews: { ...(sseView ? { sse: sseView } : {}), ...(linesView ? { lines: linesView } : {}) } }
          : {}),
      };
    })
    .sort((a, b) => a.status.localeCompare(b.status));
}
