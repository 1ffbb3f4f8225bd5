// Media bodies reach a generated server's handler as files spooled while the bytes arrived, never as their bytes
// in memory: raw media and the media part of multipart/related (the generative spec's uploadFile). Limits hold
// while the body streams (a chunked body without Content-Length too), undecodable metadata is refused, and every
// temporary file is removed once the request is over: answered, refused, or cut off by the client.
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { exampleHandlers } from '../../contracts/targets/example-handlers.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { isMediaPart } from '../../generated/generative/runtime/server/index.js';
import {
  createGenerativeServer,
  type GenerativeHandlers,
  type UploadFileInput,
} from '../../generated/generative/server.js';

const LIMIT = 4 * 1024 * 1024;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-spool-'));

/** What the handler saw of each request, taken while it ran (the spooled file is gone after the answer). */
interface Seen {
  input: UploadFileInput;
  media: unknown;
  existed: boolean;
  bytes: Buffer;
}
const seen: Seen[] = [];
const uploadFile: GenerativeHandlers['uploadFile'] = async (input) => {
  const media =
    input.contentType === 'multipart/related'
      ? input.body.media
      : input.contentType === '*/*' || input.contentType === 'application/octet-stream'
        ? input.body
        : undefined;
  const chunks: Buffer[] = [];
  if (media) for await (const chunk of media.stream()) chunks.push(chunk as Buffer);
  seen.push({
    input,
    media,
    existed: media ? fs.existsSync(media.path) : false,
    bytes: Buffer.concat(chunks),
  });
  return { body: {} };
};

let server: RunningServer;
const running = (async () => {
  const examples = exampleHandlers('generative') as unknown as GenerativeHandlers;
  server = await listenLocal(
    createGenerativeServer(
      { ...examples, uploadFile },
      { uploadDir, bodyLimits: { uploadFile: LIMIT }, logger: false },
    ),
  );
})();
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await running;
  seen.length = 0;
});

/** Waits (on the folder's change events, never a timer) until the spool folder holds `want` files or more / none. */
async function spoolUntil(test: (count: number) => boolean): Promise<void> {
  const watcher = fs.watch(uploadDir);
  try {
    while (!test(fs.readdirSync(uploadDir).length)) await once(watcher, 'change');
  } finally {
    watcher.close();
  }
}
const spoolEmpty = () => spoolUntil((n) => n === 0);

function related(metadata: Buffer | string, media: Buffer, boundary = 'b0undary'): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n`),
    Buffer.from(metadata),
    Buffer.from(`\r\n--${boundary}\r\nContent-Type: video/mp4\r\n\r\n`),
    media,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** Bytes with every value, and runs that look like the start of a boundary (`\r\n--b0u`) but are not one. */
function awkwardBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7919) % 256;
  for (let at = 1000; at + 12 < size; at += 65_536) bytes.write('\r\n--b0und', at, 'latin1');
  return bytes;
}

/** The generative service's own answer for an oversized body (x-error-style: 400 INVALID_ARGUMENT, as Google's). */
function tooLarge(answer: { status: number; body: string } | undefined): void {
  expect(answer?.status).toBe(400);
  expect(JSON.parse(answer!.body)).toMatchObject({
    error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('payload size exceeds') },
  });
}

/**
 * Sends a body in pieces on one request (chunked when `length` is undefined); answers the status and body of the
 * answer, or `undefined` when the connection ended without one.
 */
function send(
  headers: Record<string, string | number>,
  pieces: Buffer[],
  length?: number,
): Promise<{ status: number; body: string } | undefined> {
  const url = new URL(`${server.baseUrl}/upload/v1beta/files?key=k`);
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { ...headers, ...(length !== undefined ? { 'content-length': length } : {}) },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
      res.on('error', () => resolve({ status: res.statusCode!, body }));
    });
    // The server may close the connection once it has answered a refusal: writes after that fail.
    req.on('error', () => resolve(undefined));
    (async () => {
      for (const piece of pieces) if (!req.write(piece)) await once(req, 'drain');
      req.end();
    })().catch(() => undefined);
  });
}

describe('raw media', () => {
  it('reaches the handler as a spooled file with its size and bytes, never as bytes in memory', async () => {
    const bytes = awkwardBytes(3 * 1024 * 1024 + 17);
    const answer = await send({ 'content-type': 'video/mp4' }, [bytes], bytes.length);
    expect(answer?.status).toBe(200);
    const { media, existed } = seen[0]!;
    expect(isMediaPart(media)).toBe(true);
    expect(media).not.toBeInstanceOf(Uint8Array);
    expect(media).not.toHaveProperty('data');
    expect(media).toMatchObject({ contentType: 'video/mp4', size: bytes.length });
    expect(existed).toBe(true);
    expect((media as { path: string }).path.startsWith(uploadDir)).toBe(true);
    expect(seen[0]!.bytes.equals(bytes)).toBe(true);
    await spoolEmpty();
  });

  it("counts a chunked body against the limit as it arrives: refused in the service's own shape, the handler never runs", async () => {
    const piece = Buffer.alloc(256 * 1024, 1);
    const answer = await send(
      { 'content-type': 'application/octet-stream' },
      Array.from({ length: (LIMIT / piece.length) * 2 }, () => piece),
    );
    tooLarge(answer);
    expect(seen).toHaveLength(0);
    await spoolEmpty();
  });

  it('refuses a Content-Length over the limit before reading a byte (no temporary file)', async () => {
    const answer = await send({ 'content-type': 'application/octet-stream' }, [Buffer.alloc(10)], LIMIT + 1);
    tooLarge(answer);
    expect(seen).toHaveLength(0);
    expect(fs.readdirSync(uploadDir)).toEqual([]);
  });

  it('removes the partial file when the client goes away mid-body, and never calls the handler', async () => {
    const url = new URL(`${server.baseUrl}/upload/v1beta/files?key=k`);
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': 3 * 1024 * 1024 },
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(1024 * 1024, 2));
    // The spooled file exists once the first bytes arrived; then the client leaves.
    await spoolUntil((n) => n > 0);
    req.destroy();
    await spoolEmpty();
    expect(seen).toHaveLength(0);
  });
});

describe('multipart/related', () => {
  const type = { 'content-type': 'multipart/related; boundary=b0undary', 'x-goog-upload-protocol': 'multipart' };

  it('takes media past 2 MiB (the parser no longer caps a part): metadata parsed, media spooled byte for byte', async () => {
    const media = awkwardBytes(3 * 1024 * 1024 + 5);
    const body = related('{"file":{"displayName":"clip"}}', media);
    // Sent in uneven pieces, so boundaries and look-alikes straddle the reads.
    const pieces: Buffer[] = [];
    for (let at = 0; at < body.length; at += 65_521) pieces.push(body.subarray(at, at + 65_521));
    const answer = await send(type, pieces, body.length);
    expect(answer?.status).toBe(200);
    const { input, existed } = seen[0]!;
    expect(input.contentType).toBe('multipart/related');
    if (input.contentType !== 'multipart/related') return;
    expect(input.body.metadata).toEqual({ file: { displayName: 'clip' } });
    expect(isMediaPart(input.body.media)).toBe(true);
    expect(input.body.media).toMatchObject({ contentType: 'video/mp4', size: media.length });
    expect(existed).toBe(true);
    expect(seen[0]!.bytes.equals(media)).toBe(true);
    await spoolEmpty();
  });

  it('refuses invalid UTF-8 in the metadata part with 400 naming it', async () => {
    const answer = await send(type, [related(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), Buffer.from('x'))]);
    expect(answer?.status).toBe(400);
    expect(answer!.body).toContain('metadata');
    expect(seen).toHaveLength(0);
    await spoolEmpty();
  });

  it("refuses invalid UTF-8 in a part's headers with 400", async () => {
    const body = Buffer.concat([
      Buffer.from('--b0undary\r\nContent-Type: application/json\r\nX-Note: '),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('\r\n\r\n{}\r\n--b0undary--\r\n'),
    ]);
    const answer = await send(type, [body]);
    expect(answer?.status).toBe(400);
    expect(seen).toHaveLength(0);
  });

  it('refuses a message cut before its closing boundary with 400, and removes the media spooled so far', async () => {
    const whole = related('{}', awkwardBytes(512 * 1024));
    const answer = await send(type, [whole.subarray(0, whole.length - 20)]);
    expect(answer?.status).toBe(400);
    expect(seen).toHaveLength(0);
    await spoolEmpty();
  });

  it('refuses bytes that are no multipart message (no opening boundary) with 400', async () => {
    const answer = await send(type, [Buffer.from('this is not multipart at all\r\n')]);
    expect(answer?.status).toBe(400);
    expect(seen).toHaveLength(0);
  });

  it('holds metadata in memory only up to the JSON body limit (1 MiB): a larger metadata part is refused as too large', async () => {
    const metadata = `{"file":{"displayName":"${'a'.repeat(1024 * 1024 + 10)}"}}`;
    const answer = await send(type, [related(metadata, Buffer.from('x'))]);
    tooLarge(answer);
    expect(seen).toHaveLength(0);
  });

  it('counts the whole message against the route limit while it streams (refused, nothing left on disk)', async () => {
    const body = related('{}', Buffer.alloc(LIMIT + 1024, 3));
    const pieces: Buffer[] = [];
    for (let at = 0; at < body.length; at += 256 * 1024) pieces.push(body.subarray(at, at + 256 * 1024));
    const answer = await send(type, pieces);
    tooLarge(answer);
    expect(seen).toHaveLength(0);
    await spoolEmpty();
  });
});
