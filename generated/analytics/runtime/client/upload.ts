// Copied from templates/runtime/client/upload.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Media uploads: one multipart/related request (metadata part + media part), and the resumable
// protocol (start a session, send chunks with their offsets, finalize; on a broken chunk ask the
// server how much it received and go on from there). Sources: Buffer/Uint8Array, Blob, web or Node stream.
import { sleep, type ApiCore, type ApiResponse, type CallOptions, type RequestSpec } from './core.js';
import { ApiError } from './errors.js';
import { retryDelay } from './retry.js';

export type UploadSource = Uint8Array | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface UploadProgress {
  /** Bytes the server has confirmed. */
  loaded: number;
  /** Total bytes, when known. */
  total?: number;
}

/** A multipart/related body: the JSON metadata, then the media bytes. */
export function multipartRelated(metadata: unknown, data: Blob | Uint8Array, mimeType: string): { body: Blob; contentType: string } {
  const boundary = `upload-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const head =
    `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
    `--${boundary}\r\nContent-Type: ${mimeType}\r\n\r\n`;
  const body = new Blob([head, data as BlobPart, `\r\n--${boundary}--\r\n`]);
  return { body, contentType: `multipart/related; boundary=${boundary}` };
}

export interface ResumableArgs {
  operationId: string;
  path: string;
  metadata: unknown;
  source: UploadSource;
  mimeType: string;
  size?: number;
  /** Bytes per chunk; a multiple of 256 KiB. Default 8 MiB. */
  chunkSize?: number;
  onProgress?: (progress: UploadProgress) => void;
}

const GRANULARITY = 256 * 1024;

export async function resumableUpload(core: ApiCore, args: ResumableArgs, options: CallOptions = {}): Promise<ApiResponse<unknown>> {
  const chunkSize = Math.max(GRANULARITY, Math.floor((args.chunkSize ?? 8 * 1024 * 1024) / GRANULARITY) * GRANULARITY);
  const total = args.size ?? sizeOf(args.source);
  const startHeaders: Record<string, string> = {
    'X-Goog-Upload-Protocol': 'resumable',
    'X-Goog-Upload-Command': 'start',
    'X-Goog-Upload-Header-Content-Type': args.mimeType,
  };
  if (total !== undefined) startHeaders['X-Goog-Upload-Header-Content-Length'] = String(total);
  const start = await core.fetchRaw(
    // Starting a session twice leaves an unused session, nothing more: safe to retry.
    { operationId: args.operationId, method: 'POST', path: args.path, headers: startHeaders, body: { kind: 'json', value: args.metadata }, credentials: 'api-key', server: 'upload', idempotent: true },
    options,
  );
  await start.arrayBuffer();
  const sessionUrl = start.headers.get('x-goog-upload-url');
  if (!sessionUrl) throw new ApiError(`${args.operationId}: the server started no upload session (no x-goog-upload-url header)`, start.status, args.operationId, undefined, start.headers);

  let offset = 0;
  args.onProgress?.({ loaded: 0, total });
  for await (const { chunk, last } of chunks(args.source, chunkSize)) {
    let sent = 0;
    for (let attempt = 0; ; attempt++) {
      const part = chunk.subarray(sent);
      const command = last ? 'upload, finalize' : 'upload';
      const spec: RequestSpec = {
        operationId: args.operationId, method: 'POST', path: args.path, absoluteUrl: sessionUrl, credentials: 'api-key', server: 'upload',
        headers: { 'X-Goog-Upload-Command': command, 'X-Goog-Upload-Offset': String(offset + sent) },
        body: { kind: 'raw', value: part, contentType: 'application/octet-stream' },
      };
      try {
        const response = await core.fetchRaw(spec, { ...options, retry: false });
        offset += chunk.byteLength;
        args.onProgress?.({ loaded: offset, total });
        if (last) {
          const text = await response.text();
          return { data: text ? JSON.parse(text) : undefined, status: response.status, headers: response.headers };
        }
        await response.arrayBuffer();
        break;
      } catch (error) {
        // The client's retry policy; a chunk is safe to resend since it restarts at the offset the server confirms.
        const wait = retryDelay(error, core.retryOptions(options), { attempt, idempotent: true, throttleCodes: core.profile.throttleCodes });
        if (wait === undefined) throw error;
        await sleep(wait, args.operationId, options.signal);
        // Ask how much of this chunk arrived and send only the rest.
        const received = await queryReceived(core, args, sessionUrl, options);
        sent = Math.min(chunk.byteLength, Math.max(0, received - offset));
      }
    }
  }
  throw new ApiError(`${args.operationId}: the upload source was empty`, 0, args.operationId, undefined, new Headers());
}

async function queryReceived(core: ApiCore, args: ResumableArgs, sessionUrl: string, options: CallOptions): Promise<number> {
  const response = await core.fetchRaw(
    { operationId: args.operationId, method: 'POST', path: args.path, absoluteUrl: sessionUrl, credentials: 'api-key', server: 'upload', headers: { 'X-Goog-Upload-Command': 'query' }, idempotent: true },
    options,
  );
  await response.arrayBuffer();
  const received = Number(response.headers.get('x-goog-upload-size-received') ?? NaN);
  if (!Number.isFinite(received) || received < 0) {
    throw new ApiError(`${args.operationId}: the upload status answer names no received size (x-goog-upload-size-received)`, response.status, args.operationId, undefined, response.headers);
  }
  return received;
}

/** Any source as one Blob (a multipart body needs its parts whole). */
export async function collectBlob(source: UploadSource): Promise<Blob> {
  if (source instanceof Blob) return source;
  if (source instanceof Uint8Array) return new Blob([source as BlobPart]);
  const parts: BlobPart[] = [];
  for await (const chunk of bytesOf(source)) parts.push(chunk as BlobPart);
  return new Blob(parts);
}

function sizeOf(source: UploadSource): number | undefined {
  if (source instanceof Uint8Array) return source.byteLength;
  if (source instanceof Blob) return source.size;
  return undefined;
}

/** Splits any source into chunks of exactly `size` bytes (the last may be shorter), marking the last. */
async function* chunks(source: UploadSource, size: number): AsyncGenerator<{ chunk: Uint8Array; last: boolean }> {
  let pending: Uint8Array | undefined;
  for await (const chunk of rechunk(bytesOf(source), size)) {
    if (pending) yield { chunk: pending, last: false };
    pending = chunk;
  }
  if (pending) yield { chunk: pending, last: true };
}

async function* bytesOf(source: UploadSource): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    yield source;
  } else if (source instanceof Blob) {
    yield* iterateStream(source.stream());
  } else if (typeof (source as ReadableStream).getReader === 'function') {
    yield* iterateStream(source as ReadableStream<Uint8Array>);
  } else {
    for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
      yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    }
  }
}

async function* iterateStream(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

async function* rechunk(input: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  let buffer = new Uint8Array(size);
  let filled = 0;
  for await (const piece of input) {
    let at = 0;
    while (at < piece.byteLength) {
      const n = Math.min(size - filled, piece.byteLength - at);
      buffer.set(piece.subarray(at, at + n), filled);
      filled += n;
      at += n;
      if (filled === size) {
        yield buffer;
        buffer = new Uint8Array(size);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield buffer.subarray(0, filled);
}
