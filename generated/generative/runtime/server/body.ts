// Copied from templates/runtime/server/body.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Reads a request body under a size limit (refusing by Content-Length before reading, and stopping as soon
// as a streamed body passes the limit) and decodes it by kind: JSON, form-encoded with JSON-string fields,
// multipart/form-data, multipart/related (metadata + media) or raw media.
import type { IncomingMessage } from 'node:http';
import { getMultipartBoundary, parseMultipart } from './vendor/multipart-parser.js';

export type BodyKind = 'json' | 'form' | 'multipart-form' | 'multipart-related' | 'raw';

export interface BodyDef {
  contentType: string;
  kind: BodyKind;
  /** Form fields that carry JSON strings; decoded before validation. */
  jsonFields?: string[];
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

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
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

export function decodeBody(def: BodyDef, raw: Buffer, contentType: string): unknown {
  switch (def.kind) {
    case 'json':
      return parseJson(raw.toString('utf8'), 'body');
    case 'form':
      return decodeJsonFields(def, Object.fromEntries(new URLSearchParams(raw.toString('utf8'))));
    case 'multipart-form':
      return decodeJsonFields(def, multipartFields(raw, contentType, def.fileFields));
    case 'multipart-related':
      return multipartRelated(raw, contentType);
    case 'raw':
      return { contentType: contentType.split(';')[0]!.trim(), data: new Uint8Array(raw) } satisfies MediaPart;
  }
}

function parseJson(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BodyParseError(`${field} is not valid JSON (${(error as Error).message})`, field);
  }
}

function decodeJsonFields(def: BodyDef, fields: Record<string, unknown>): Record<string, unknown> {
  for (const name of def.jsonFields ?? []) {
    const value = fields[name];
    if (typeof value === 'string') fields[name] = parseJson(value, name);
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
      fields[part.name] = (fileFields ? fileFields.includes(part.name) : part.isFile)
        ? ({
            contentType: part.mediaType ?? 'application/octet-stream',
            filename: part.filename,
            data: part.bytes,
          } satisfies MediaPart)
        : part.text;
    }
  } catch (error) {
    if (error instanceof BodyParseError) throw error;
    throw new BodyParseError(`malformed multipart body: ${(error as Error).message}`);
  }
  return fields;
}

/** multipart/related: first part JSON metadata, second part the media. */
function multipartRelated(raw: Buffer, contentType: string): { metadata: unknown; media?: MediaPart } {
  const parts = [];
  try {
    for (const part of parseMultipart(raw, { boundary: boundaryOf(contentType) })) parts.push(part);
  } catch (error) {
    if (error instanceof BodyParseError) throw error;
    throw new BodyParseError(`malformed multipart body: ${(error as Error).message}`);
  }
  if (parts.length === 0) throw new BodyParseError('multipart/related body has no parts');
  const [first, second] = parts;
  const metadata = first!.text.trim() === '' ? {} : parseJson(first!.text, 'metadata');
  const media = second
    ? { contentType: second.mediaType ?? 'application/octet-stream', data: second.bytes }
    : undefined;
  return { metadata, media };
}
