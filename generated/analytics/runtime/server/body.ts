// Copied from templates/runtime/server/body.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Reads a request body under a size limit (refusing by Content-Length before reading, and stopping as soon
// as a streamed body passes the limit) and decodes it by kind: JSON, form-encoded with JSON-string fields,
// multipart/form-data, multipart/related (metadata + media) or raw media.
import type { IncomingMessage } from 'node:http';
import { decodeUtf8, formPairs, hasLoneSurrogate, InvalidTextError, jsonDepth } from './strict-text.js';
import { getMultipartBoundary, parseMultipart } from './vendor/multipart-parser.js';

export type BodyKind = 'json' | 'form' | 'multipart-form' | 'multipart-related' | 'raw';

export interface BodyDef {
  contentType: string;
  kind: BodyKind;
  /** Form fields that carry JSON strings; decoded before validation. */
  jsonFields?: string[];
  /** Deepest nesting of arrays and objects a JSON body or JSON-string field may hold (the spec's x-max-depth). */
  maxDepth?: number;
  /**
   * multipart/form-data fields that carry a file (the spec's binary fields): always a MediaPart, and every other
   * field its text. Absent (a hand-made route): any part with a filename is a MediaPart.
   */
  fileFields?: string[];
}

/** An uploaded file or media part. */
export interface MediaPart {
  contentType: string;
  filename?: string;
  data: Uint8Array;
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`body exceeds ${limit} bytes`);
  }
}

/** A body that could not be decoded; `field` names the culprit when there is one. */
export class BodyParseError extends Error {
  constructor(
    message: string,
    readonly field = 'body',
  ) {
    super(message);
  }
}

/**
 * The body's bytes. Read through 'data' / 'end' listeners rather than an async iterator: one promise per body
 * instead of one per chunk, on the path every request with a body takes.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const settle = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        settle();
        req.pause();
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      settle();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    // Closed before its end (the client went away mid-body): no body to hand on.
    const onClose = () => {
      settle();
      reject(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** The body definition a request's Content-Type selects (wildcards such as *\/* match anything). */
export function selectBody(bodies: BodyDef[], contentType: string | undefined): BodyDef | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return (
    bodies.find((b) => b.contentType.toLowerCase() === type) ??
    bodies.find((b) => b.contentType.endsWith('/*') && type.startsWith(b.contentType.slice(0, -1))) ??
    bodies.find((b) => b.contentType === '*/*')
  );
}

/** Nesting allowed when neither the spec nor the caller sets one: deeper than any request of the specs needs. */
export const DEFAULT_MAX_DEPTH = 100;

export function decodeBody(def: BodyDef, raw: Buffer, contentType: string, maxDepth?: number): unknown {
  const depth = def.maxDepth ?? maxDepth ?? DEFAULT_MAX_DEPTH;
  switch (def.kind) {
    case 'json':
      return parseJson(text(raw, 'body'), 'body', depth);
    case 'form':
      return decodeJsonFields(def, formFields(text(raw, 'body')), depth);
    case 'multipart-form':
      return decodeJsonFields(def, multipartFields(raw, contentType, def.fileFields), depth);
    case 'multipart-related':
      return multipartRelated(raw, contentType, depth);
    case 'raw':
      return { contentType: contentType.split(';')[0]!.trim(), data: new Uint8Array(raw) } satisfies MediaPart;
  }
}

function text(bytes: Uint8Array, field: string): string {
  try {
    return decodeUtf8(bytes);
  } catch (error) {
    throw new BodyParseError((error as Error).message, field);
  }
}

function formFields(body: string): Record<string, unknown> {
  try {
    return Object.fromEntries(formPairs(body));
  } catch (error) {
    if (error instanceof InvalidTextError) throw new BodyParseError(`holds a field that ${error.message}`);
    throw error;
  }
}

function parseJson(source: string, field: string, maxDepth: number): unknown {
  if (jsonDepth(source, maxDepth) > maxDepth)
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
    if (typeof value === 'string') fields[name] = parseJson(value, name, maxDepth);
  }
  return fields;
}

function boundaryOf(contentType: string): string {
  const boundary = getMultipartBoundary(contentType);
  if (!boundary) throw new BodyParseError('multipart body without a boundary in its Content-Type');
  return boundary;
}

function multipartFields(raw: Buffer, contentType: string, fileFields: string[] | undefined): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  try {
    for (const part of parseMultipart(raw, { boundary: boundaryOf(contentType) })) {
      if (!part.name) continue;
      const value = (fileFields ? fileFields.includes(part.name) : part.isFile)
        ? ({
            contentType: part.mediaType ?? 'application/octet-stream',
            filename: part.filename,
            data: part.bytes,
          } satisfies MediaPart)
        : text(part.bytes, part.name);
      // A name sent in several parts is an array (OpenAPI's default encoding of an array property).
      const earlier = fields[part.name];
      if (earlier === undefined) fields[part.name] = value;
      else fields[part.name] = Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
    }
  } catch (error) {
    if (error instanceof BodyParseError) throw error;
    throw new BodyParseError(`malformed multipart body: ${(error as Error).message}`);
  }
  return fields;
}

/** multipart/related: first part JSON metadata, second part the media. */
function multipartRelated(
  raw: Buffer,
  contentType: string,
  maxDepth: number,
): { metadata: unknown; media?: MediaPart } {
  const parts = [];
  try {
    for (const part of parseMultipart(raw, { boundary: boundaryOf(contentType) })) parts.push(part);
  } catch (error) {
    if (error instanceof BodyParseError) throw error;
    throw new BodyParseError(`malformed multipart body: ${(error as Error).message}`);
  }
  if (parts.length === 0) throw new BodyParseError('multipart/related body has no parts');
  const [first, second] = parts;
  const source = text(first!.bytes, 'metadata');
  const metadata = source.trim() === '' ? {} : parseJson(source, 'metadata', maxDepth);
  const media = second
    ? { contentType: second.mediaType ?? 'application/octet-stream', data: second.bytes }
    : undefined;
  return { metadata, media };
}
