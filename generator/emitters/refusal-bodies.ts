// The bodies the generated server refuses a request with, for a document without x-error-style, where the operation
// documents the refusal's status (exact, its range, or `default`): the document says what such an answer is, so the
// router's own problem details (RFC 9457) would break it. A JSON body is a template made from the schema: its
// required members (an example, a default, a const or enum value, else the least value of the type), the members
// that carry a message (`message`, `detail`, `error_description`, ...) given the refusal's text, those that carry a
// status (`code`, `status`, `statusCode` of an integer type) given the HTTP status. Text carries the refusal's text;
// other media (audio, images: some documents give their errors so) the template's JSON, or the text where the schema
// is a string or absent; a response without content, no body. The headers the response requires go with it, each a
// value its schema allows (its example first). The router fills the template in and keeps it only where the
// response's own validator accepts it (templates/runtime/server/refusals.ts); else, and for a schema or a required
// header that says nothing it can fill (a pattern without an example), it answers problem details as before.
import type { RefusalTemplate } from '../../templates/runtime/server/refusals.js';
import { type OpenApiDocument, resolveRef } from '../model/ref.js';
import type { OperationModel } from '../model/types.js';

const MESSAGE =
  /^(message|detail|details|description|error_description|error_message|errormessage|msg|title|error|reason)$/i;
const STATUS = /^(code|status|statuscode|status_code|httpstatus|http_status|httpcode)$/i;
const isJson = (type: string) => /^application\/(?!problem\+)([\w.-]+\+)?json\b/i.test(type);
const isText = (type: string) => /^text\/(?!event-stream)[\w.+-]+/i.test(type);

// biome-ignore lint/suspicious/noExplicitAny: a schema of the document, any shape JSON Schema allows
type Schema = Record<string, any>;

/** A value the schema allows, with the paths of its message and status members; undefined where none is made. */
function template(
  document: OpenApiDocument,
  node: unknown,
  at: string[],
  out: { message: string[][]; status: string[][] },
  depth: number,
): unknown {
  if (depth > 8) return undefined;
  let s: Schema;
  try {
    s = resolveRef<Schema>(document, node ?? {});
  } catch {
    return undefined;
  }
  if (!s || typeof s !== 'object') return undefined;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (Array.isArray(s.allOf)) {
    const merged: Record<string, unknown> = {};
    for (const member of s.allOf) {
      const part = template(document, member, at, out, depth + 1);
      if (part && typeof part === 'object' && !Array.isArray(part)) Object.assign(merged, part);
    }
    const own = { ...s, allOf: undefined };
    const rest = s.properties ? template(document, own, at, out, depth + 1) : undefined;
    return rest && typeof rest === 'object' ? { ...merged, ...rest } : merged;
  }
  const alternatives = s.oneOf ?? s.anyOf;
  if (Array.isArray(alternatives) && alternatives.length)
    return template(document, alternatives[0], at, out, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  const name = at.at(-1) ?? '';
  if (type === 'object' || (type === undefined && s.properties)) {
    const value: Record<string, unknown> = {};
    const required = new Set<string>(Array.isArray(s.required) ? s.required : []);
    for (const [member, schema] of Object.entries<unknown>(s.properties ?? {})) {
      const resolved = resolveRef<Schema>(document, schema ?? {});
      const speaks =
        (MESSAGE.test(member) && (resolved.type === 'string' || resolved.type === 'object' || resolved.properties)) ||
        (STATUS.test(member) && (resolved.type === 'integer' || resolved.type === 'number'));
      if (!required.has(member) && !speaks) continue;
      const made = template(document, schema, [...at, member], out, depth + 1);
      if (made !== undefined) value[member] = made;
    }
    // A required member no properties declare (a document's slip: openchannel's Event requires `message`) takes any
    // value where the schema allows members beyond its properties: the refusal's text where it is named for one.
    for (const member of required) {
      if (Object.hasOwn(value, member) || Object.hasOwn(s.properties ?? {}, member)) continue;
      if (s.additionalProperties === false) return undefined;
      if (MESSAGE.test(member)) out.message.push([...at, member]);
      value[member] = '';
    }
    return value;
  }
  if (type === 'string') {
    // A string that is the whole body, or a member named for a message, carries the text.
    if ((at.length === 0 || MESSAGE.test(name)) && s.pattern === undefined && s.format === undefined) {
      out.message.push(at);
      return '';
    }
    const example = s.example ?? s.default ?? (Array.isArray(s.examples) ? s.examples[0] : undefined);
    if (typeof example === 'string') return example;
    if (s.format === 'date-time') return '1970-01-01T00:00:00Z';
    if (s.format === 'date') return '1970-01-01';
    if (s.format === 'uuid') return '00000000-0000-0000-0000-000000000000';
    return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
  if (type === 'integer' || type === 'number') {
    if (STATUS.test(name)) out.status.push(at);
    const example = s.example ?? s.default;
    if (typeof example === 'number') return example;
    return s.minimum ?? s.exclusiveMinimum ?? 0;
  }
  if (type === 'boolean') return s.example ?? s.default ?? false;
  if (type === 'array') {
    const item = template(document, s.items, [...at, '0'], { message: [], status: [] }, depth + 1);
    return item === undefined ? [] : Array.from({ length: s.minItems ?? 0 }, () => item);
  }
  if (type === 'null') return null;
  return undefined;
}

/** The operation's response object for a status key, its `$ref`s resolved; undefined where it cannot be read. */
function responseObject(document: OpenApiDocument, op: OperationModel, status: string): Schema | undefined {
  try {
    const operation = resolveRef<Schema>(document, document.paths?.[op.path] ?? {})[op.method.toLowerCase()];
    return resolveRef<Schema>(document, operation?.responses?.[status] ?? {});
  } catch {
    return undefined;
  }
}

/** A header value its schema allows (its example first), as the text a header carries; undefined where none is made. */
function headerValue(document: OpenApiDocument, header: Schema): string | undefined {
  let s: Schema;
  try {
    s = resolveRef<Schema>(document, header.schema ?? {});
  } catch {
    return undefined;
  }
  const given = [
    header.example,
    s.const,
    Array.isArray(s.enum) ? s.enum[0] : undefined,
    s.example,
    s.default,
    Array.isArray(s.examples) ? s.examples[0] : undefined,
  ].find((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');
  if (given !== undefined) return String(given);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'integer' || type === 'number')
    return String(s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0));
  if (type === 'boolean') return 'false';
  if (type !== undefined && type !== 'string') return undefined;
  if (s.format === 'uuid') return '00000000-0000-0000-0000-000000000000';
  if (s.format === 'date-time') return '1970-01-01T00:00:00Z';
  if (s.format === 'date') return '1970-01-01';
  // A pattern or another format says what the text must be: no value is made for it.
  if (s.pattern !== undefined || s.format !== undefined) return undefined;
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

/**
 * The values of the headers a response requires (Content-Type aside: the answer's own), each one its schema allows;
 * undefined where one of them cannot be made.
 */
function requiredHeaders(document: OpenApiDocument, response: Schema | undefined): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  for (const [name, raw] of Object.entries<unknown>(response?.headers ?? {})) {
    let header: Schema;
    try {
      header = resolveRef<Schema>(document, raw);
    } catch {
      return undefined;
    }
    if (header?.required !== true || name.toLowerCase() === 'content-type') continue;
    const value = headerValue(document, header);
    if (value === undefined) return undefined;
    headers[name.toLowerCase()] = value;
  }
  return headers;
}

/**
 * The operation's refusal templates by the status key that documents them (`400`, `4XX`, `default`): its error
 * responses in JSON (not problem+json, which the router already answers; any media, written as JSON), text, other
 * media (bytes: the template's JSON, or the text where the schema is a string or absent), or no content at all (no
 * body), each with the headers the response requires.
 */
export function refusalTemplates(document: OpenApiDocument, op: OperationModel): Record<string, RefusalTemplate> {
  const out: Record<string, RefusalTemplate> = {};
  for (const r of op.responses) {
    if (!/^(4\d\d|4XX|default)$/.test(r.status)) continue;
    const response = responseObject(document, op, r.status);
    const headers = requiredHeaders(document, response);
    // A required header no value is made for: left to problem details.
    if (!headers) continue;
    const withHeaders = Object.keys(headers).length ? { headers } : {};
    if (!r.contentType) {
      out[r.status] = { body: null, message: [], status: [], ...withHeaders };
      continue;
    }
    // Text (any text/* but event streams: plain, a script language's, CSV) carries the refusal's text alone.
    const text = isJson(r.contentType) ? undefined : r.contentTypes.find(isText);
    if (text) {
      out[r.status] = { contentType: text, body: '', message: [[]], status: [], ...withHeaders };
      continue;
    }
    const json = r.contentTypes.find(isJson) ?? (r.contentTypes.includes('*/*') ? '*/*' : undefined);
    // Other media (audio, images, bytes) the document gives a refusal in: the first of them.
    const media = json ?? r.contentTypes.find((t) => !/problem\+json|event-stream/i.test(t));
    if (!media) continue;
    const schema = response?.content?.[media]?.schema;
    const paths = { message: [] as string[][], status: [] as string[][] };
    // No schema: any JSON (an object carrying the text in `message`), or any bytes (the text).
    const body = schema === undefined ? (json ? { message: '' } : '') : template(document, schema, [], paths, 0);
    if (schema === undefined) paths.message.push(json ? ['message'] : []);
    const contentType = media === '*/*' ? 'application/json' : media;
    if (body !== undefined) out[r.status] = { contentType, body, ...paths, ...withHeaders };
  }
  return out;
}
