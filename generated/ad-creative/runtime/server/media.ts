// Copied from templates/runtime/server/media.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Media bodies (raw media, the media part of multipart/related, the file parts of multipart/form-data) are
// spooled to temporary files as their bytes arrive, through a bounded buffer: what an upload costs in memory does
// not grow with its size. The size limit is counted as bytes arrive (whatever Content-Length said), metadata and
// text parts are held in memory under their own limit, and every temporary file of a request is removed once the
// request is over, whatever happened (answered, refused, failed, or the client went away).
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BodyParseError, BodyTooLargeError } from './body-errors.js';
import { decodeUtf8 } from './strict-text.js';
import { getMultipartBoundary, MultipartPart } from './vendor/multipart-parser.js';
import MultipartParser, { type MultipartEvent } from './vendor/multipart-stream.js';

/**
 * An uploaded file or media part, on disk: the handler reads it as a stream (or whole, for small media) and
 * never receives its bytes in memory. The file is removed once the request is over; keep it by copying it.
 */
export interface MediaPart {
  /** Its media type without parameters; a multipart body's with them (its boundary). */
  readonly contentType: string;
  readonly filename?: string;
  /** Its size in bytes. */
  readonly size: number;
  /** The temporary file holding its bytes. */
  readonly path: string;
  /** Its bytes as a stream read from the file. */
  stream(): Readable;
  /** Its bytes whole, in memory: for media known to be small. */
  bytes(): Promise<Uint8Array>;
  /** A multipart part's own headers its field's encoding declares (lowercase names), those it was sent with. */
  readonly headers?: Readonly<Record<string, string>>;
}

class SpooledMedia implements MediaPart {
  constructor(
    readonly contentType: string,
    readonly filename: string | undefined,
    readonly size: number,
    readonly path: string,
    readonly headers?: Readonly<Record<string, string>>,
  ) {}
  stream(): Readable {
    return fs.createReadStream(this.path);
  }
  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(await fsp.readFile(this.path));
  }
}

/** The same spooled part, carrying the part headers given. */
export function withHeaders(part: MediaPart, headers: Record<string, string>): MediaPart {
  return new SpooledMedia(part.contentType, part.filename, part.size, part.path, headers);
}

export function isMediaPart(value: unknown): value is MediaPart {
  return value instanceof SpooledMedia;
}

/** A temporary file being written: its size so far, and a promise to wait on when the disk is behind. */
class TempFile {
  size = 0;
  private failure: Error | undefined;
  private readonly out: fs.WriteStream;
  constructor(readonly path: string) {
    this.out = fs.createWriteStream(path, { flags: 'wx', mode: 0o600 });
    // Recorded, and thrown at the next write or at the end (a full disk is the server's fault, not the client's).
    this.out.on('error', (error) => (this.failure ??= error));
  }
  write(chunk: Uint8Array): Promise<void> | undefined {
    if (this.failure) throw this.failure;
    this.size += chunk.byteLength;
    return this.out.write(chunk) ? undefined : once(this.out, 'drain').then(() => undefined);
  }
  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    this.out.end();
    await once(this.out, 'close');
    if (this.failure) throw this.failure;
  }
  get closed(): boolean {
    return this.out.closed;
  }
  /** Stops writing and waits until the file is closed (so removing it cannot race its creation). */
  async abandon(): Promise<void> {
    if (this.out.closed) return;
    this.out.destroy();
    await once(this.out, 'close').catch(() => undefined);
  }
}

/** The temporary files of one request, removed together. */
export class Spool {
  private readonly files: TempFile[] = [];
  private removed: Promise<void> | undefined;
  constructor(private readonly dir: string) {}

  create(): TempFile {
    if (this.removed) throw new Error('the request is over: no more temporary files');
    const file = new TempFile(path.join(this.dir, `upload-${randomBytes(12).toString('hex')}`));
    this.files.push(file);
    return file;
  }

  /**
   * Removes every temporary file of the request (once; later calls answer the same promise). Files already
   * closed go at once, synchronously, so a server stopping right after its last answer leaves none behind; one
   * still being written (the client went away mid-body) is closed first, so its removal cannot race its creation.
   */
  remove(): Promise<void> {
    if (this.removed) return this.removed;
    const open: TempFile[] = [];
    let failure: unknown;
    for (const file of this.files) {
      if (!file.closed) open.push(file);
      else
        try {
          fs.rmSync(file.path, { force: true });
        } catch (error) {
          failure ??= error;
        }
    }
    this.removed = Promise.all(
      open.map(async (file) => {
        await file.abandon();
        await fsp.rm(file.path, { force: true });
      }),
    ).then(() => {
      if (failure) throw failure;
    });
    return this.removed;
  }
}

/**
 * Reads the request's bytes, counting them against the limit as they arrive, into `take`; waits (pausing the
 * request) whenever `take` answers a promise. A Content-Length over the limit is refused before any byte is read.
 */
function pump(
  req: IncomingMessage,
  limit: number,
  take: (chunk: Buffer) => Promise<void> | undefined,
  done: () => void,
): Promise<void> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolve, reject) => {
    let total = 0;
    let waiting: Promise<void> | undefined;
    let over = false;
    const settle = () => {
      over = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const fail = (error: unknown) => {
      if (over) return;
      settle();
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) return fail(new BodyTooLargeError(limit));
      try {
        waiting = take(chunk);
      } catch (error) {
        return fail(error);
      }
      if (waiting) {
        req.pause();
        waiting.then(() => {
          waiting = undefined;
          if (!over) req.resume();
        }, fail);
      }
    };
    const onEnd = () => {
      if (over) return;
      settle();
      try {
        done();
        resolve();
      } catch (error) {
        reject(error);
      }
    };
    const onError = (error: Error) => fail(error);
    // Closed before its end (the client went away mid-body).
    const onClose = () => {
      if (!req.complete) fail(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Raw media: the whole body, spooled. */
export async function spoolRaw(
  req: IncomingMessage,
  limit: number,
  contentType: string,
  spool: Spool,
): Promise<MediaPart> {
  // Refused by its Content-Length before a file is made.
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  const file = spool.create();
  await pump(
    req,
    limit,
    (chunk) => file.write(chunk),
    () => undefined,
  );
  await file.finish();
  // Multipart media keeps its parameters: its boundary is what reads its parts.
  const type = /^\s*multipart\//i.test(contentType) ? contentType.trim() : contentType.split(';')[0]!.trim();
  return new SpooledMedia(type, undefined, file.size, file.path);
}

export interface MultipartLimits {
  /** The whole body. */
  bodyBytes: number;
  /** The parts held in memory (metadata, text fields) together. */
  textBytes: number;
}

/** Each part's headers, and how many parts a message may hold. */
const MAX_PART_HEADER_BYTES = 8 * 1024;
const MAX_PARTS = 1000;

/** What becomes of one part: a file on disk, text in memory, or nothing (a part no field takes). */
type Destination = { kind: 'file'; file: TempFile } | { kind: 'text'; chunks: Buffer[] } | { kind: 'skip' };

export interface ReadPart {
  index: number;
  /** Its headers (name, filename, mediaType read through multipart-parser's own part headers). */
  headers: MultipartPart;
  value: MediaPart | string;
}

/**
 * A multipart message read part by part as it streams: `classify` says, from a part's headers and position,
 * whether it is a file (spooled to disk), text (held in memory and decoded as strict UTF-8) or skipped.
 */
export async function spoolMultipart(
  req: IncomingMessage,
  contentType: string,
  limits: MultipartLimits,
  spool: Spool,
  classify: (headers: MultipartPart, index: number) => 'file' | 'text' | 'skip',
): Promise<ReadPart[]> {
  const boundary = getMultipartBoundary(contentType);
  if (!boundary) throw new BodyParseError('multipart body without a boundary in its Content-Type');
  const parser = new MultipartParser();
  parser.initWithBoundary(boundary);
  const parts: ReadPart[] = [];
  const finishing: Promise<void>[] = [];
  let failure: unknown;
  let ended = false;
  let current: Buffer | undefined;
  let index = -1;
  let header: Buffer[] = [];
  let headerBytes = 0;
  let field: Buffer[] = [];
  let value: Buffer[] = [];
  let headers: MultipartPart | undefined;
  let destination: Destination = { kind: 'skip' };
  let textBytes = 0;
  let waiting: Promise<void> | undefined;

  // The parser reuses a small buffer for bytes it held back while matching a boundary: those are copied.
  const piece = (event: MultipartEvent) => {
    const bytes = event.buffer!.subarray(event.start, event.end);
    return event.buffer === current ? bytes : Buffer.from(bytes);
  };
  const headerPiece = (into: Buffer[], event: MultipartEvent) => {
    const bytes = piece(event);
    headerBytes += bytes.length;
    if (headerBytes > MAX_PART_HEADER_BYTES)
      throw new BodyParseError(`a part's headers exceed ${MAX_PART_HEADER_BYTES} bytes`);
    into.push(bytes);
  };
  const onEvent = (event: MultipartEvent) => {
    switch (event.name) {
      case 'partBegin':
        index++;
        if (index >= MAX_PARTS) throw new BodyParseError(`multipart body holds more than ${MAX_PARTS} parts`);
        header = [];
        headerBytes = 0;
        field = [];
        value = [];
        return;
      case 'headerField':
        return headerPiece(field, event);
      case 'headerValue':
        return headerPiece(value, event);
      case 'headerEnd':
        header.push(Buffer.concat(field), Buffer.from(': '), Buffer.concat(value), Buffer.from('\r\n'));
        field = [];
        value = [];
        return;
      case 'headersEnd': {
        headers = new MultipartPart(Buffer.concat(header), []);
        let kind: 'file' | 'text' | 'skip';
        try {
          // Read now (multipart-parser decodes them strictly), so undecodable headers are refused on every part.
          void headers.headers;
          kind = classify(headers, index);
        } catch (error) {
          if (error instanceof BodyParseError) throw error;
          throw new BodyParseError(`a part's headers are not valid UTF-8 (${(error as Error).message})`);
        }
        destination =
          kind === 'file' ? { kind, file: spool.create() } : kind === 'text' ? { kind, chunks: [] } : { kind };
        return;
      }
      case 'partData': {
        if (destination.kind === 'skip') return;
        const bytes = piece(event);
        if (destination.kind === 'file') {
          const wait = destination.file.write(bytes);
          if (wait) waiting = wait;
          return;
        }
        textBytes += bytes.length;
        if (textBytes > limits.textBytes) throw new BodyTooLargeError(limits.textBytes);
        destination.chunks.push(bytes);
        return;
      }
      case 'partEnd': {
        const done = destination;
        destination = { kind: 'skip' };
        if (done.kind === 'skip' || !headers) return;
        const at = index;
        const partHeaders = headers;
        if (done.kind === 'text') {
          let text: string;
          try {
            text = decodeUtf8(Buffer.concat(done.chunks));
          } catch (error) {
            throw new BodyParseError((error as Error).message, partHeaders.name ?? (at === 0 ? 'metadata' : 'body'));
          }
          parts.push({ index: at, headers: partHeaders, value: text });
          return;
        }
        const file = done.file;
        const contentType = partHeaders.mediaType ?? 'application/octet-stream';
        const filename = partHeaders.filename;
        const part: ReadPart = { index: at, headers: partHeaders, value: '' };
        parts.push(part);
        finishing.push(
          file.finish().then(() => {
            part.value = new SpooledMedia(contentType, filename, file.size, file.path);
          }),
        );
        return;
      }
      case 'end':
        ended = true;
        return;
    }
  };
  parser.on('data', (event: MultipartEvent) => {
    if (failure) return;
    try {
      onEvent(event);
    } catch (error) {
      failure = error;
    }
  });
  parser.on('error', (error: Error) => {
    failure ??= new BodyParseError(`malformed multipart body: ${error.message}`);
  });
  // Settled however the parser stops: finished, or failed (its error is recorded above).
  const stopped = new Promise<void>((resolve) => {
    parser.once('finish', resolve);
    parser.once('error', () => resolve());
    parser.once('close', resolve);
  });
  await pump(
    req,
    limits.bodyBytes,
    (chunk) => {
      current = chunk;
      parser.write(chunk);
      current = undefined;
      if (failure) throw failure;
      const wait = waiting;
      waiting = undefined;
      return wait;
    },
    () => {
      if (failure) throw failure;
    },
  );
  if (!failure) parser.end();
  await stopped;
  if (failure) throw failure;
  if (!ended) throw new BodyParseError('malformed multipart body: it ends before its closing boundary');
  await Promise.all(finishing);
  return parts;
}
