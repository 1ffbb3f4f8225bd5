// Copied from templates/runtime/server/body.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Reads a request body under a size limit (refusing by Content-Length before reading, and stopping as soon
// as a streamed body passes the limit) and decodes it by kind: JSON and form-encoded bodies (with JSON-string
// fields) are read whole, as they are small; media (raw, multipart/related, multipart/form-data files) streams to
// temporary files (media.ts) while metadata and text fields are decoded in memory.
import type { IncomingMessage } from 'node:http';
import { BodyParseError, BodyTooLargeError } from './body-errors.js';
import { type FormFieldsDef, formFields } from './form-fields.js';
import { type MediaPart, type Spool, spoolMultipart, spoolRaw, withHeaders } from './media.js';
import { decodeUtf8, formPairs, hasLoneSurrogate, InvalidTextError, jsonDepth } from './strict-text.js';

export { BodyParseError, BodyTooLargeError } from './body-errors.js';
export { isMediaPart, type MediaPart, Spool } from './media.js';

/**
 * `text`: text media (XML, CSV, text/*), read whole under the body limit and handed on as a string. `lines`: JSON
 * lines (NDJSON), read whole under the body limit and handed on as the array of their values.
 */
export type BodyKind = 'json' | 'form' | 'multipart-form' | 'multipart-related' | 'raw' | 'text' | 'lines';

export interface BodyDef extends FormFieldsDef {
  contentType: string;
  kind: BodyKind;
  /** Form fields that carry JSON strings; decoded before validation. */
  jsonFields?: string[];
  /**
   * multipart JSON fields that are arrays: sent one part per item (OpenAPI's reading: several parts, or one holding
   * one item) or one part holding the whole array; read as the array either way.
   */
  jsonItemFields?: string[];
  /** Deepest nesting of arrays and objects a JSON body or JSON-string field may hold (the spec's x-max-depth). */
  maxDepth?: number;
  /**
   * multipart/form-data fields that carry a file (the spec's binary fields): always a MediaPart, and every other
   * field its text. Absent (a hand-made route): any part with a filename is a MediaPart.
   */
  fileFields?: string[];
  /** multipart/form-data fields whose parts carry headers of their own (the encoding's `headers`), by field. */
  partHeaders?: Record<string, string[]>;
  /**
   * An XML body with a schema (xml-body.ts): its text to the JSON value the schema describes, which is validated
   * and handed to the handler as `bodyValue` beside the text.
   */
  xml?: (text: string, maxDepth: number) => unknown;
}

/**
 * The body's bytes, handed to `done` (or the error that stopped them: too large, the client gone mid-body). Read
 * through 'data' / 'end' listeners and a callback rather than an async iterator or a promise: nothing made per
 * chunk, and no turn of the microtask queue on the path every request with a body takes. The listeners stay (a
 * settled flag silences them): removing four listeners costs more than the events they still hear, and once the
 * body is refused the rest of it is read and dropped anyway. `done` is called once, perhaps before readBody
 * returns (a Content-Length over the limit).
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  done: (error: Error | undefined, raw: Buffer) => void,
): void {
  const length = req.headers['content-length'];
  if (length !== undefined && Number(length) > limit) return done(new BodyTooLargeError(limit), EMPTY);
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let total = 0;
  let settled = false;
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    total += chunk.length;
    if (total > limit) {
      settled = true;
      req.pause();
      done(new BodyTooLargeError(limit), EMPTY);
    } else if (first === undefined) first = chunk;
    else (chunks ??= [first]).push(chunk);
  });
  req.on('end', () => {
    if (settled) return;
    settled = true;
    done(undefined, chunks ? Buffer.concat(chunks, total) : (first ?? EMPTY));
  });
  req.on('error', (error: Error) => {
    if (settled) return;
    settled = true;
    done(error, EMPTY);
  });
  // Closed before its end (the client went away mid-body): no body to hand on.
  req.on('close', () => {
    if (settled) return;
    settled = true;
    done(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }), EMPTY);
  });
}

const EMPTY = Buffer.alloc(0);

/** The body definition a request's Content-Type selects (wildcards such as *\/* match anything). */
export function selectBody(bodies: BodyDef[], contentType: string | undefined): BodyDef | undefined {
  // The type exactly as the spec writes it (what most clients send): found without reading it apart.
  for (const body of bodies) if (body.contentType === contentType) return body;
  const type = essence(contentType ?? '');
  return (
    bodies.find((b) => essence(b.contentType) === type) ??
    bodies.find((b) => b.contentType.endsWith('/*') && type.startsWith(b.contentType.slice(0, -1))) ??
    bodies.find((b) => b.contentType === '*/*')
  );
}

/** A media type without its parameters, in lower case: `application/json;charset=UTF-8` is `application/json`. */
const essence = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/** Nesting allowed when neither the spec nor the caller sets one: deeper than any request of the specs needs. */
export const DEFAULT_MAX_DEPTH = 100;

/** A body read whole (JSON, form-encoded or text), decoded. */
export function decodeBody(def: BodyDef, raw: Buffer, maxDepth?: number, contentType?: string): unknown {
  const depth = def.maxDepth ?? maxDepth ?? DEFAULT_MAX_DEPTH;
  if (def.kind === 'json') return parseJson(text(raw, 'body'), 'body', depth);
  if (def.kind === 'text') return decodeText(raw, contentType);
  if (def.kind === 'lines') return decodeLines(text(raw, 'body'), depth);
  return decodeJsonFields(def, formFields(pairsOf(text(raw, 'body')), def, depth), depth);
}

export interface MediaLimits {
  /** The whole body. */
  bodyBytes: number;
  /** Metadata and text fields, held in memory. */
  textBytes: number;
  maxDepth?: number;
}

/**
 * A media body (raw, multipart/related or multipart/form-data) read as it streams: files and media parts are
 * spooled into the request's Spool, never held whole in memory.
 */
export async function readMediaBody(
  req: IncomingMessage,
  def: BodyDef,
  contentType: string,
  limits: MediaLimits,
  spool: Spool,
): Promise<unknown> {
  const depth = def.maxDepth ?? limits.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (def.kind === 'raw') return spoolRaw(req, limits.bodyBytes, contentType, spool);
  if (def.kind === 'multipart-related') return multipartRelated(req, contentType, limits, spool, depth);
  const parts = await multipartParts(req, contentType, def, limits, spool);
  return decodeJsonFields(def, formFields(parts, def, depth, true), depth);
}

/**
 * Text media in the charset its Content-Type names (UTF-8 when it names none), decoded strictly: bytes that are not
 * text in it, or a charset this runtime cannot decode, are the caller's error.
 */
function decodeText(raw: Buffer, contentType: string | undefined): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return text(raw, 'body');
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(charset, { fatal: true });
  } catch {
    throw new BodyParseError(`names a charset this server cannot read (${charset})`, 'body');
  }
  try {
    return decoder.decode(raw);
  } catch {
    throw new BodyParseError(`is not valid ${charset} text`, 'body');
  }
}

/** JSON lines: each line that is not blank one JSON value (a line that is not is refused by its number). */
function decodeLines(source: string, maxDepth: number): unknown[] {
  const values: unknown[] = [];
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line !== '') values.push(parseJson(line, `line ${i + 1}`, maxDepth));
  }
  return values;
}

function text(bytes: Uint8Array, field: string): string {
  try {
    return decodeUtf8(bytes);
  } catch (error) {
    throw new BodyParseError((error as Error).message, field);
  }
}

function pairsOf(body: string): Array<[string, string]> {
  try {
    return formPairs(body);
  } catch (error) {
    if (error instanceof InvalidTextError) throw new BodyParseError(`holds a field that ${error.message}`);
    throw error;
  }
}

function parseJson(source: string, field: string, maxDepth: number): unknown {
  // Nesting past maxDepth takes more than maxDepth opening brackets: shorter text needs no count.
  if (source.length > maxDepth && jsonDepth(source, maxDepth) > maxDepth)
    throw new BodyParseError(`nests arrays and objects deeper than ${maxDepth} levels`, field);
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new BodyParseError(`is not valid JSON (${(error as Error).message})`, field);
  }
  // Text decoded strictly holds no lone surrogate of its own: only a `\u` escape can make one.
  if (source.includes('\\u') && hasLoneSurrogate(value))
    throw new BodyParseError('holds a lone surrogate (an unpaired \\ud800-\\udfff)', field);
  return value;
}

function decodeJsonFields(def: BodyDef, fields: Record<string, unknown>, maxDepth: number): Record<string, unknown> {
  for (const name of def.jsonFields ?? []) {
    const value = fields[name];
    const items = def.jsonItemFields?.includes(name) === true;
    if (typeof value === 'string') {
      const parsed = parseJson(value, name, maxDepth);
      fields[name] = items && !Array.isArray(parsed) ? [parsed] : parsed;
    } else if (items && Array.isArray(value) && value.every((item) => typeof item === 'string'))
      fields[name] = value.map((item, i) => parseJson(item, `${name}.${i}`, maxDepth));
  }
  return fields;
}

/**
 * The named parts of a multipart/form-data body in order, each a name and its text or MediaPart; a file part of a
 * field whose encoding declares headers carries those it was sent with (MediaPart.headers).
 */
async function multipartParts(
  req: IncomingMessage,
  contentType: string,
  def: BodyDef,
  limits: MediaLimits,
  spool: Spool,
): Promise<Array<[string, unknown]>> {
  const fileFields = def.fileFields;
  const parts = await spoolMultipart(req, contentType, limits, spool, (part) => {
    if (!part.name) return 'skip';
    return (fileFields ? fileFields.includes(part.name) : part.isFile) ? 'file' : 'text';
  });
  // A name sent in several parts is an array (OpenAPI's default encoding of an array property).
  return parts.map((part) => {
    const name = part.headers.name!;
    const declared = def.partHeaders?.[name];
    if (!declared || typeof part.value === 'string') return [name, part.value];
    const headers: Record<string, string> = {};
    for (const header of declared) {
      const value = part.headers.headers.get(header);
      if (value !== null) headers[header.toLowerCase()] = value;
    }
    return [name, withHeaders(part.value, headers)];
  });
}

/** multipart/related: first part JSON metadata (in memory), second part the media (spooled); others skipped. */
async function multipartRelated(
  req: IncomingMessage,
  contentType: string,
  limits: MediaLimits,
  spool: Spool,
  maxDepth: number,
): Promise<{ metadata: unknown; media?: MediaPart }> {
  const parts = await spoolMultipart(req, contentType, limits, spool, (_part, index) =>
    index === 0 ? 'text' : index === 1 ? 'file' : 'skip',
  );
  const first = parts.find((p) => p.index === 0);
  if (!first) throw new BodyParseError('multipart/related body has no parts');
  const source = first.value as string;
  const metadata = source.trim() === '' ? {} : parseJson(source, 'metadata', maxDepth);
  const media = parts.find((p) => p.index === 1)?.value as MediaPart | undefined;
  return media ? { metadata, media } : { metadata };
}
