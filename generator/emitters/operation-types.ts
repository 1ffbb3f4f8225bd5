// Type expressions for one operation's inputs and outputs, written against openapi-typescript's
// `operations` / `components` types so that the generated code never restates a schema.
import type { JsonSchema, OperationModel, RequestBodyModel, ResponseModel, ServiceModel } from '../model/types.js';
import { propertyKey, stringLiteral } from './escape.js';
import { VIEW_ROOTS } from '../model/read-write-views.js';
import { isJsonType, isTextType } from '../model/media-types.js';
import type { OpenApiDocument } from '../model/ref.js';
import { readsXmlSchema } from './xml-shapes.js';
import { clientPathTemplate, pathKeyParts } from '../model/path-key-query.js';

/** The operation's type in openapi-typescript's output: its root indexed by each key as a string literal. */
export function typesRef(o: OperationModel): string {
  const [root, ...keys] = o.typesRef;
  return `${root}${keys.map((key) => `[${stringLiteral(key)}]`).join('')}`;
}

const op = typesRef;

/**
 * The path a request goes to: the spec's path key without a `#fragment`, which some documents add to tell apart
 * operations of one path and method (Box's `/files/{file_id}#get_shared_link`): no request carries it; with the
 * pairs of a query the key carries that the client sends in it (path-key-query.ts).
 */
export function requestPath(o: OperationModel): string {
  return clientPathTemplate(o);
}

/** The path the server routes an operation's requests on: the key without its fragment and its query. */
export function routePath(o: OperationModel): string {
  return pathKeyParts(o.path).path;
}

export function paramType(o: OperationModel, name: string, where: string): string {
  return `NonNullable<${op(o)}['parameters'][${stringLiteral(where)}]>[${stringLiteral(name)}]`;
}

/** A schema's TypeScript type: a components reference where the schema is one, else unknown. */
export function schemaType(schema: JsonSchema | undefined): string {
  const ref: string | undefined = schema?.$ref;
  const m = ref?.match(/^#\/components\/schemas\/(.+)$/);
  if (m) return `components['schemas'][${stringLiteral(decodeURIComponent(m[1]!))}]`;
  if (schema?.type === 'array' && schema.items) return `Array<${schemaType(schema.items)}>`;
  return 'unknown';
}

/** A request body's type as a request sees it: without its readOnly members, at any depth (read-write-views.ts). */
export function bodyContentType(o: OperationModel, body: RequestBodyModel): string {
  const view = body.requestView;
  if (view && 'component' in view) return `${VIEW_ROOTS.request}['schemas'][${stringLiteral(view.component)}]`;
  if (view) return `${VIEW_ROOTS.request}['bodies'][${stringLiteral(o.typeName)}][${stringLiteral(body.contentType)}]`;
  return `NonNullable<${op(o)}['requestBody']>['content'][${stringLiteral(body.contentType)}]`;
}

/**
 * The body a caller passes (client) or a handler receives (server): the JSON body when there is one;
 * else the form body with its JSON-string fields as the objects they encode. Credentials are left out.
 */
export function structuredBodyType(o: OperationModel): string | undefined {
  const json = o.requestBodies.find((b) => b.kind === 'json');
  const form =
    o.requestBodies.find((b) => b.kind === 'form') ?? o.requestBodies.find((b) => b.kind === 'multipart-form');
  const base = json ?? form;
  if (!base) return undefined;
  let type = bodyContentType(o, base);
  // The credential is set once on the client, and JSON-string fields are typed as the objects they carry.
  const credentialFields = o.credentialSources
    .filter((c) => c.in === 'form' && base.fields.includes(c.name))
    .map((c) => c.name);
  // A multipart body's file fields are sent as the bytes the caller has (the spec types them as strings).
  const files = base === form && form.kind === 'multipart-form' ? form.fileFields : [];
  const omitted = [
    ...new Set(credentialFields),
    ...(base === form ? form.jsonFields.map((f) => f.name) : []),
    ...files,
  ];
  if (omitted.length) type = `Omit<${type}, ${omitted.map((n) => stringLiteral(n)).join(' | ')}>`;
  const optional = (name: string) => (base.requiredFields.includes(name) ? '' : '?');
  const added = [
    ...(base === form ? form.jsonFields.map((f) => `${propertyKey(f.name)}?: ${schemaType(f.schema)}`) : []),
    ...files.map((name) => `${propertyKey(name)}${optional(name)}: Blob | Uint8Array | string`),
  ];
  if (added.length) type = `${type} & { ${added.join('; ')} }`;
  return type;
}

/** A JSON answer's body type as an answer sees it: without its writeOnly members, at any depth. */
export function answerBodyType(o: OperationModel, r: ResponseModel, contentType: string): string {
  const view = r.answerViews[contentType];
  if (view && 'component' in view) return `${VIEW_ROOTS.answer}['schemas'][${stringLiteral(view.component)}]`;
  if (view)
    return `${VIEW_ROOTS.answer}['bodies'][${stringLiteral(o.typeName)}][${stringLiteral(r.status)}][${stringLiteral(contentType)}]`;
  return `${op(o)}['responses'][${stringLiteral(r.status)}]['content'][${stringLiteral(contentType)}]`;
}

/**
 * How the client reads a success the operation documents without JSON (event streams aside): text for text,
 * XML, CSV and YAML media types, bytes for any other; undefined where a JSON success or no body is documented.
 */
export function rawAnswer(o: OperationModel): 'text' | 'bytes' | undefined {
  const types = rawAnswerTypes(o);
  if (!types) return undefined;
  return types.some(isTextMedia) ? 'text' : 'bytes';
}

/**
 * The answers a call succeeds with: its 2xx, or, where it documents none, `default` (common in documents converted
 * from Swagger, where `default` is the only answer written) when it names its media types (`*\/*` says nothing of
 * what a success is: the client asks for JSON there and reads an answer by its Content-Type).
 */
export function successResponses(o: OperationModel): ResponseModel[] {
  const successes = o.responses.filter((r) => /^2(\d\d|XX)$/i.test(r.status));
  if (successes.length) return successes;
  return o.responses.filter((r) => r.status === 'default' && !r.contentTypes.some((t) => t.includes('*')));
}

// Whether the operation's `default` documents a media range (any type, or any of application's).
export function rangeDefault(o: OperationModel): boolean {
  return o.responses.some((r) => r.status === 'default' && r.contentTypes.some((t) => t.includes('*')));
}

/** The media types of a success documented without JSON (an event stream aside); undefined where JSON is one. */
function rawAnswerTypes(o: OperationModel): string[] | undefined {
  if (o.success || o.linesType) return undefined;
  const types = successResponses(o)
    .flatMap((r) => r.contentTypes)
    .filter((ct) => ct !== 'text/event-stream');
  if (o.streaming || types.length === 0 || types.some(isJsonType)) return undefined;
  return types;
}

/** Text (an event stream's too), XML, CSV and YAML, whatever parameters the key carries (`application/xml; charset=utf-8`). */
const isTextMedia = (ct: string) => isTextType(ct) || /^text\/event-stream\s*(;|$)/i.test(ct);

/**
 * The successes the client reads from XML into their schema's value (client/xml-answer.ts): of an operation whose
 * successes are not JSON, those whose first media type is XML with a schema describing more than a string.
 */
export function xmlAnswers(o: OperationModel, document: OpenApiDocument | undefined): ResponseModel[] {
  if (!document || !rawAnswerTypes(o)) return [];
  return successResponses(o).filter(
    (r) => r.contentType !== undefined && readsXmlSchema(document, r.contentType, r.schema),
  );
}

/** The type a success is read as in a media type other than JSON: its schema's value (XML), text, or bytes. */
function rawType(o: OperationModel, r: ResponseModel, ct: string, document: OpenApiDocument | undefined): string {
  if (ct === r.contentType && xmlAnswers(o, document).includes(r)) return answerBodyType(o, r, ct);
  return isTextMedia(ct) ? 'string' : 'Uint8Array';
}

export function successType(o: OperationModel, document?: OpenApiDocument): string {
  // An answer to HEAD has no content (RFC 9110 9.3.2), whatever body the document gives it: the client returns none.
  if (o.method.toUpperCase() === 'HEAD') return 'undefined';
  const s = o.success;
  const raw = rawAnswerTypes(o);
  // Each answer is read by its Content-Type: text where a text type is documented, bytes for the others, an XML
  // answer's schema's value where the client reads it.
  if (raw)
    return [
      ...new Set(
        successResponses(o).flatMap((r) =>
          r.contentTypes.filter((ct) => ct !== 'text/event-stream').map((ct) => rawType(o, r, ct, document)),
        ),
      ),
    ].join(' | ');
  if (s?.contentType) return answerBodyType(o, s, s.contentType);
  // An operation that documents no success, only `default`: a success is read as default's JSON.
  const fallback = o.responses.some((r) => r.status.startsWith('2'))
    ? undefined
    : o.responses.find((r) => r.status === 'default' && r.contentType && isJsonType(r.contentType));
  if (fallback) return answerBodyType(o, fallback, fallback.contentType!);
  // A `default` of a media range only: read by the answer's Content-Type, JSON, text or bytes.
  return !o.responses.some((r) => r.status.startsWith('2')) && rangeDefault(o) ? 'unknown' : 'void';
}

/**
 * Each documented success of an operation with the type its body is read as (JSON by its schema, text, bytes, or
 * undefined where it has none); empty for a stream, JSON lines, or an operation that documents no 2xx.
 */
export function successesByStatus(
  o: OperationModel,
  document?: OpenApiDocument,
): Array<{ status: string; type: string }> {
  if (o.streaming || o.linesType) return [];
  return o.responses
    .filter((r) => /^2(\d\d|XX)$/i.test(r.status))
    .map((r) => {
      // HEAD: no content (successType).
      const types =
        o.method.toUpperCase() === 'HEAD'
          ? []
          : r.contentTypes.map((ct) => (isJsonType(ct) ? answerBodyType(o, r, ct) : rawType(o, r, ct, document)));
      return { status: r.status, type: types.length ? [...new Set(types)].join(' | ') : 'undefined' };
    });
}

/**
 * What awaiting a call gives: the body of any documented success (one type where there is one, else their
 * union), not the first success alone.
 */
export function resultType(o: OperationModel, document?: OpenApiDocument): string {
  const successes = successesByStatus(o, document);
  if (successes.length < 2) return successType(o, document);
  return [...new Set(successes.map((s) => s.type))].join(' | ');
}

/**
 * The answer of `.withResponse()` where an operation documents several successes: one branch per status with its
 * own body (`if (r.status === 202) r.data` is the 202 body); undefined where it documents fewer than two.
 */
export function responseUnion(o: OperationModel, document?: OpenApiDocument): string | undefined {
  const successes = successesByStatus(o, document);
  if (successes.length < 2) return undefined;
  return successes.map((s) => `ApiResponse<${s.type}, ${/^\d{3}$/.test(s.status) ? s.status : 'number'}>`).join(' | ');
}

/** The type of each `data:` event of a streaming operation (declared with x-sse-data in the spec), or each line. */
export function streamChunkType(_service: ServiceModel, o: OperationModel): string {
  if (o.linesType) {
    const r = o.responses.find((x) => x.status.startsWith('2') && x.linesData);
    return r ? itemType(o, r, 'lines') : 'unknown';
  }
  const r = o.responses.find((x) => x.status === '200');
  return r ? itemType(o, r, 'sse') : 'unknown';
}

/** Where an item's own view sits under its answer's bodies: a key no media type has. */
export const ITEM_VIEW_KEYS = { sse: '(event data)', lines: '(line)' } as const;

/**
 * One event's data or one line of an answer as an answer sees it: without its writeOnly members at any depth, as a
 * JSON answer's body is (read-write-views.ts); the schema as written where no member is writeOnly.
 */
export function itemType(o: OperationModel, r: ResponseModel, kind: 'sse' | 'lines'): string {
  const view = r.itemViews?.[kind];
  if (view && 'component' in view) return `${VIEW_ROOTS.answer}['schemas'][${stringLiteral(view.component)}]`;
  if (view)
    return `${VIEW_ROOTS.answer}['bodies'][${stringLiteral(o.typeName)}][${stringLiteral(r.status)}][${stringLiteral(ITEM_VIEW_KEYS[kind])}]`;
  return schemaType(kind === 'sse' ? r.sseData : r.linesData);
}

export function hasStructuredBody(o: OperationModel): boolean {
  return structuredBodyType(o) !== undefined;
}

/** The roots types.ts exports: openapi-typescript's, and the views of schemas by direction (view-types.ts). */
export const TYPE_MODULE_NAMES = [
  'answerTypes',
  'callbacks',
  'components',
  'operations',
  'paths',
  'requestTypes',
  'webhooks',
] as const;

/** The import of openapi-typescript's `components`, `operations` and `paths`, those of them the code names. */
export function typesImport(text: string): string {
  const body = text.replace(/^import[^\n]*\n/gm, '');
  const used = TYPE_MODULE_NAMES.filter((name) => new RegExp(`\\b${name}\\[`).test(body));
  return used.length ? `import type { ${used.join(', ')} } from './types.js';` : '';
}
