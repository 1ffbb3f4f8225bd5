// Copied from templates/runtime/client/upload-source.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// What uploads read from: a Buffer/Uint8Array, a Blob, a web stream or any async iterable of bytes; taken
// whole (one-request uploads) or cut into chunks of a fixed size (resumable uploads).

/** A part a Blob is made of (DOM's BlobPart, named without DOM's library: Node's declarations alone suffice). */
export type BlobPart = NonNullable<ConstructorParameters<typeof Blob>[0]>[number];

export type UploadSource = Uint8Array | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface UploadProgress {
  /** Bytes the server has confirmed. */
  loaded: number;
  /** Total bytes, when known. */
  total?: number;
}

/** Any source as one Blob (a multipart body needs its parts whole). */
export async function collectBlob(source: UploadSource): Promise<Blob> {
  if (source instanceof Blob) return source;
  if (source instanceof Uint8Array) return new Blob([source as BlobPart]);
  const parts: BlobPart[] = [];
  for await (const chunk of bytesOf(source)) parts.push(chunk as BlobPart);
  return new Blob(parts);
}

export function sizeOf(source: UploadSource): number | undefined {
  if (source instanceof Uint8Array) return source.byteLength;
  if (source instanceof Blob) return source.size;
  return undefined;
}

/**
 * Splits any source into chunks of exactly `size` bytes (the last may be shorter), marking the last; the
 * first `skip` bytes (already uploaded) are passed over, and a source with nothing left after them gives one
 * empty last chunk (what finalizes a session that holds everything).
 */
export async function* chunks(
  source: UploadSource,
  size: number,
  skip = 0,
): AsyncGenerator<{ chunk: Uint8Array; last: boolean }> {
  let pending: Uint8Array | undefined;
  for await (const chunk of rechunk(skipBytes(bytesOf(source), skip), size)) {
    if (pending) yield { chunk: pending, last: false };
    pending = chunk;
  }
  if (pending) yield { chunk: pending, last: true };
  else if (skip > 0) yield { chunk: new Uint8Array(0), last: true };
}

async function* skipBytes(input: AsyncIterable<Uint8Array>, skip: number): AsyncGenerator<Uint8Array> {
  for await (const piece of input) {
    if (skip >= piece.byteLength) {
      skip -= piece.byteLength;
      continue;
    }
    yield skip > 0 ? piece.subarray(skip) : piece;
    skip = 0;
  }
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
