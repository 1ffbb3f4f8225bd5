// Type expressions of the generated server's handler contract, one operation at a time: the request body as a
// union with one branch per content type the operation takes, the answer as a union with one branch per
// documented 2xx status, and the helpers of each documented error (x-errors). Written against
// openapi-typescript's `operations` types, so no schema is restated.
import { isJsonType, isLinesType, isTextType } from '../model/media-types.js';
import { isFormText } from '../model/fieldless-forms.js';
import { camelCase } from '../model/names.js';
import { inlineCommentText, propertyKey, stringLiteral, valueLiteral } from './escape.js';
import type {
  ErrorModel,
  OperationModel,
  ParameterModel,
  RequestBodyModel,
  ResponseModel,
  ServiceModel,
} from '../model/types.js';
import { answerBodyType, bodyContentType, itemType, schemaType, streamChunkType, typesRef } from './operation-types.js';
import type { OpenApiDocument } from '../model/ref.js';
import { readsXml } from './xml-shapes.js';

const op = typesRef;
const quoted = (names: string[]) => names.map((n) => stringLiteral(n)).join(' | ');

/**
 * What the handler finds in `body` for one content type, as the router delivers it: JSON as parsed; form fields
 * with their JSON-string fields parsed (and files as MediaPart); multipart/related as its JSON metadata part
 * (typed as the operation's JSON body) and its media part; raw media as a MediaPart.
 */
export function handlerBodyType(o: OperationModel, body: RequestBodyModel): string {
  switch (body.kind) {
    case 'json':
      return bodyContentType(o, body);
    case 'form':
    case 'multipart-form': {
      const replaced = [...body.jsonFields.map((f) => f.name), ...body.fileFields];
      let type = bodyContentType(o, body);
      if (replaced.length) type = `Omit<${type}, ${quoted(replaced)}>`;
      const optional = (name: string) => (body.requiredFields.includes(name) ? '' : '?');
      const fields = [
        ...body.jsonFields.map((f) => `${propertyKey(f.name)}${optional(f.name)}: ${schemaType(f.schema)}`),
        ...body.fileFields.map((name) => `${propertyKey(name)}${optional(name)}: MediaPart`),
      ];
      return fields.length ? `${type} & { ${fields.join('; ')} }` : type;
    }
    case 'multipart-related': {
      const json = o.requestBodies.find((b) => b.kind === 'json');
      // The router validates the first part against the operation's JSON body; a single part has no media.
      return `{ metadata: ${json ? bodyContentType(o, json) : 'unknown'}; media?: MediaPart }`;
    }
    case 'raw':
      // Text media (and the form text of a form without fields) arrives as its text; other media spooled (the
      // router's `text` body kind).
      if (isLinesType(body.contentType)) return `Array<${schemaType(body.schema)}>`;
      return isTextType(body.contentType) || isFormText(body.contentType) ? 'string' : 'MediaPart';
  }
}

/**
 * The request body union: a branch per content type, and one without a body where the body is optional. An XML body
 * the server reads (xml-shapes.ts) also carries its value, typed by its schema, as `bodyValue`.
 */
export function handlerBodyUnion(o: OperationModel, document: OpenApiDocument): string {
  const branches = o.requestBodies.map((b) => {
    const value = readsXml(document, b) ? `; bodyValue: ${bodyContentType(o, b)}` : '';
    return `{ contentType: ${stringLiteral(b.contentType)}; body: ${handlerBodyType(o, b)}${value} }`;
  });
  if (!o.bodyRequired || branches.length === 0) branches.push('{ contentType?: undefined; body: undefined }');
  return branches.join('\n  | ');
}

/**
 * A header parameter's value as the handler finds it: the string it was sent as (the router validates a copy,
 * so coercion never reaches the handler), narrowed to what validation lets through: an integer or number as its
 * decimal text, a boolean as `true` / `false`, an enum as its values. Arrays and objects stay their raw text.
 */
export function headerValueType(p: ParameterModel): string {
  const schema = p.schema;
  const values: unknown[] | undefined = Array.isArray(schema.enum)
    ? schema.enum
    : schema.const !== undefined
      ? [schema.const]
      : undefined;
  switch (p.type) {
    case 'integer':
    case 'number':
      return '`${number}`';
    case 'boolean':
      return "'true' | 'false'";
    case 'string':
      if (values?.every((v) => typeof v === 'string')) return quoted(values as string[]);
      // A named schema (an enum of strings, a pattern) keeps its own type.
      return /^#\/components\/schemas\//.test(schema.$ref ?? '') ? schemaType(schema) : 'string';
    default:
      return 'string';
  }
}

/**
 * The request headers: each declared header parameter by its lower-cased wire name (node:http lower-cases
 * every name), typed as it arrives, required where the spec requires it; any other header stays reachable.
 */
export function handlerHeadersType(o: OperationModel): string {
  const declared = o.parameters.filter((p) => p.in === 'header');
  if (declared.length === 0) return 'Record<string, string>';
  const fields = declared.map(
    (p) => `${propertyKey(p.name.toLowerCase())}${p.required ? '' : '?'}: ${headerValueType(p)}`,
  );
  return `{ ${fields.join('; ')} } & Record<string, string>`;
}

function statusLiteral(status: string): string {
  return /^\d{3}$/.test(status) ? status : 'number';
}

function headersType(response: ResponseModel): string {
  if (response.headers.length === 0) return 'Record<string, string>';
  // The declared headers by name; others (a request id, caching) stay allowed, as HTTP allows them.
  return `{ ${response.headers.map((h) => `${propertyKey(h)}?: string`).join('; ')} } & Record<string, string>`;
}

/** One branch per documented 2xx answer (an event stream and its JSON form are two branches of one status). */
export function replyBranches(service: ServiceModel, o: OperationModel): string[] {
  const successes = o.responses.filter((r) => r.status.startsWith('2'));
  // The plain shorthand (no status) only where it can mean one documented success.
  const single = successes.length === 1;
  const branches: string[] = [];
  for (const r of successes) {
    const status = `status${single ? '?' : ''}: ${statusLiteral(r.status)}; headers?: ${headersType(r)}`;
    if (r.contentTypes.length === 0) branches.push(`{ ${status}; body?: undefined }`);
    for (const ct of r.contentTypes) {
      if (ct === 'text/event-stream')
        branches.push(`{ ${status}; sse: AsyncIterable<${streamChunkType(service, o)}> }`);
      else if (isLinesType(ct)) branches.push(`{ ${status}; lines: AsyncIterable<${itemType(o, r, 'lines')}> }`);
      // Another media type (XML, CSV, a PDF): its text or bytes, made by the handler (`input.answerType` says which).
      else if (!isJsonType(ct)) branches.push(`{ ${status}; body: string | Uint8Array }`);
      // JsonBody<T>: the value, or its bytes made once by serializeJson (typed by the value they were made from).
      else branches.push(`{ ${status}; body: JsonBody<${answerBodyType(o, r, ct)}> }`);
    }
  }
  if (branches.length === 0) branches.push('{ status?: number; headers?: Record<string, string>; body?: unknown }');
  return [...new Set(branches)];
}

/** The documented errors of an operation, one per code (the first entry of a code gives its HTTP status). */
export function documentedErrors(o: OperationModel): ErrorModel[] {
  const seen = new Set<string>();
  return o.errors.filter((e) => {
    const key = String(e.code);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The helper's name: the status name in camelCase (notFound), or `code` and the Graph code (code100). */
export function errorHelperName(error: ErrorModel): string {
  return typeof error.code === 'number' ? `code${error.code}` : camelCase(String(error.code).toLowerCase());
}

/**
 * The error responses of an operation whose spec has no x-error-style (its own error responses are the errors):
 * every status, range and `default` it documents that is not a success.
 */
export function errorResponses(o: OperationModel): ResponseModel[] {
  return o.responses.filter((r) => r.isError);
}

/** The status key of an error response as the generated code writes it: `404`, `"4XX"`, `"default"`. */
export function statusKey(status: string): string {
  return /^\d+$/.test(status) ? status : stringLiteral(status);
}

/**
 * The statuses an error response stands for: its own; its range less the exact ones; for `default`, every error
 * status (4xx, 5xx) no other response of the operation documents.
 */
export function statusesOf(o: OperationModel, status: string): string {
  if (/^\d+$/.test(status)) return status;
  const others = errorResponses(o).map((r) => r.status);
  const exact = others.filter((s) => /^\d+$/.test(s));
  const range = status.match(/^([1-5])XX$/i);
  if (range) {
    const mine = exact.filter((s) => s[0] === range[1]);
    return mine.length ? `Exclude<StatusRange<${range[1]}>, ${mine.join(' | ')}>` : `StatusRange<${range[1]}>`;
  }
  const taken = [...exact, ...others.filter((s) => /^[1-5]XX$/i.test(s)).map((s) => `StatusRange<${s[0]}>`)];
  return taken.length
    ? `Exclude<StatusRange<4> | StatusRange<5>, ${taken.join(' | ')}>`
    : 'StatusRange<4> | StatusRange<5>';
}

/**
 * The body of an error response as its media types type it (openapi-typescript's types): a union over them;
 * `undefined` where it documents none.
 */
export function errorBodyType(o: OperationModel, r: ResponseModel): string {
  if (r.contentTypes.length === 0) return 'undefined';
  return r.contentTypes
    .map((ct) => `${op(o)}['responses'][${stringLiteral(r.status)}]['content'][${stringLiteral(ct)}]`)
    .join(' | ');
}

/** `DocumentedError<'op', codes>`: the type of every error the operation documents. */
export function errorUnionType(service: ServiceModel, o: OperationModel): string {
  if (service.errorStyle.family === 'problem') {
    const keys = errorResponses(o).map((r) => statusKey(r.status));
    return keys.length ? `DocumentedError<${stringLiteral(o.id)}, ${keys.join(' | ')}>` : 'never';
  }
  const codes = documentedErrors(o).map((e) => valueLiteral(e.code));
  return codes.length ? `DocumentedError<${stringLiteral(o.id)}, ${codes.join(' | ')}>` : 'never';
}

/** The generated server's constant holding the spec's x-error-style (`adCreativeErrorStyle`). */
export function errorStyleName(service: ServiceModel): string {
  return `${camelCase(service.key)}ErrorStyle`;
}

/**
 * The Graph subcodes an operation documents for a code (x-errors `subcode`), or undefined where an entry of the
 * code documents none: then any subcode stays allowed (a service answering as the public one must compile).
 */
export function documentedSubcodes(o: OperationModel, code: number | string): number[] | undefined {
  const entries = o.errors.filter((e) => e.code === code);
  if (entries.length === 0 || entries.some((e) => e.subcode === undefined)) return undefined;
  return [...new Set(entries.map((e) => e.subcode!))].sort((a, b) => a - b);
}

/** The init argument of an error helper: the style's options, a Graph subcode only as documented. */
function errorInitType(service: ServiceModel, o: OperationModel, error: ErrorModel): string {
  if (service.errorStyle.family !== 'graph') return `Omit<StatusErrorInit, 'http'>`;
  const subcodes = documentedSubcodes(o, error.code);
  if (!subcodes) return `Omit<GraphErrorInit, 'http'>`;
  return `Omit<GraphErrorInit, 'http' | 'subcode'> & { subcode?: ${subcodes.join(' | ')} }`;
}

/** The helper of an error response: `status404`, `status4XX`, `default`. */
export function responseHelperName(status: string): string {
  return status === 'default' ? 'default' : `status${status.toUpperCase()}`;
}

/**
 * The helpers of a spec without x-error-style: one per error response, taking the body its schema types (and
 * the status, for a range or `default`), answered in the media type `contentType` names, else, where the response
 * documents several, in the one the request's Accept prefers (its first without Accept).
 */
function responseHelpersLiteral(o: OperationModel): string {
  const helpers = errorResponses(o).map((r) => {
    const exact = /^\d+$/.test(r.status);
    const statuses = statusesOf(o, r.status);
    const types = r.contentTypes.length ? quoted(r.contentTypes) : 'never';
    const init = `{ contentType?: ${types}; headers?: Record<string, string> }`;
    const params = [...(exact ? [] : [`status: ${statuses}`]), `body: ${errorBodyType(o, r)}`, `init?: ${init}`];
    const http = exact ? r.status : 'status';
    const what = inlineCommentText(r.description || `HTTP ${r.status}`);
    return [
      `  /** ${r.status}: ${what} */`,
      `  ${responseHelperName(r.status)}: (${params.join(', ')}) =>`,
      `    documentedAnswer(${stringLiteral(o.id)}, ${statusKey(r.status)}, ${http}, body, init?.contentType ?? ${r.contentTypes[0] ? stringLiteral(r.contentTypes[0]) : 'undefined'}, init?.headers${r.contentTypes.length > 1 ? ', init?.contentType === undefined' : ''}) as DocumentedError<${stringLiteral(o.id)}, ${statusKey(r.status)}>,`,
    ].join('\n');
  });
  return `{\n${helpers.join('\n')}\n}`;
}

/** The object literal of an operation's error helpers: each answers the service's shape with the documented status. */
export function errorHelpersLiteral(service: ServiceModel, o: OperationModel): string {
  if (service.errorStyle.family === 'problem') return responseHelpersLiteral(o);
  const helpers = documentedErrors(o).map((e) => {
    const init = errorInitType(service, o, e);
    const code = valueLiteral(e.code);
    const subcodes = documentedSubcodes(o, e.code);
    const what =
      typeof e.code === 'number'
        ? `HTTP ${e.http}, code ${e.code}${subcodes ? ` (subcode ${subcodes.join(' or ')})` : ''}`
        : `HTTP ${e.http} ${e.code}`;
    const when = inlineCommentText(e.when ? `${what}: ${e.when}` : what);
    return [
      `  /** ${when} */`,
      `  ${errorHelperName(e)}: (message: string, init?: ${init}) =>`,
      `    documentedError(${errorStyleName(service)}, ${stringLiteral(o.id)}, { http: ${valueLiteral(e.http)}, code: ${code} }, message, init) as DocumentedError<${stringLiteral(o.id)}, ${code}>,`,
    ].join('\n');
  });
  return `{\n${helpers.join('\n')}\n}`;
}
