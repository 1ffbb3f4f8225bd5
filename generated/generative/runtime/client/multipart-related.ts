// Copied from templates/runtime/client/multipart-related.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// One-request media upload: a multipart/related body (RFC 2387), the JSON metadata part first, then the
// media part. The protocol's own headers, if any, come from the spec (x-media-upload.multipart).

import type { BlobPart } from './upload-source.js';

/** A multipart/related body: the JSON metadata, then the media bytes. */
export function multipartRelated(
  metadata: unknown,
  data: Blob | Uint8Array,
  mimeType: string,
): { body: Blob; contentType: string } {
  const boundary = `upload-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const head =
    `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
    `--${boundary}\r\nContent-Type: ${mimeType}\r\n\r\n`;
  const body = new Blob([head, data as BlobPart, `\r\n--${boundary}--\r\n`]);
  return { body, contentType: `multipart/related; boundary=${boundary}` };
}

/** The blob's bytes in slices, reporting how many the connection has taken so far (a new stream per attempt). */
export function countingStream(
  blob: Blob,
  onProgress: (loaded: number, total: number) => void,
): ReadableStream<Uint8Array> {
  const SLICE = 64 * 1024;
  let at = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(target) {
        if (at >= blob.size) {
          target.close();
          return;
        }
        const bytes = new Uint8Array(await blob.slice(at, at + SLICE).arrayBuffer());
        at += bytes.byteLength;
        target.enqueue(bytes);
        onProgress(at, blob.size);
      },
    },
    { highWaterMark: 0 },
  );
}
