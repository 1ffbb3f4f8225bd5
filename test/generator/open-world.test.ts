// The generator on a spec that is none of the project's three (test/generator/fixtures/notes): a package
// generated from it into a folder of its own, its client used against its server. What is specific to the
// service comes from the spec's extensions: error style, credential scheme, page-token paging,
// idempotency key, body limit, open enum, an operation that allows anonymous calls, and a resumable upload
// protocol of its own (x-media-upload: tus-like wire names, PATCH chunks, a relative session URL). Its server
// side: a handler written against the package's types (fixtures/notes/attachment-handler.ts.txt) takes one
// operation's four content types as a union, names one of two documented success statuses, and returns its
// documented errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpecList } from '../../generator/config.js';
import { generatePackage } from '../../generator/pipeline.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { writePackage } from '../support/package-folder.js';
import { compilerHost } from '../support/installed-declarations.js';

const SPEC = path.join(import.meta.dirname, 'fixtures', 'notes', 'openapi.yaml');
let dir: string;
let server: RunningServer;
let client: any;
let pkg: { client: any; server: any };
const seen: Array<{ op: string; idempotencyKey?: string }> = [];
const queries: unknown[] = [];
/** The upload requests the server saw: step (begin, chunk, status), offset, final flag, bytes. */
const uploads: Array<{
  step: string;
  offset?: number;
  final?: string;
  bytes?: number;
  length?: number;
  type?: string;
}> = [];
/** The caller's own parameters as the upload's first request carried them. */
const uploadParams: Array<{ folder?: string; tag?: string; region?: string }> = [];
let breakNextChunk = false;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notes-package-'));
  const files = await generatePackage({ key: 'notes', spec: SPEC });
  writePackage(dir, files);
  // A handler written against the package's server types (its body union and per-status replies).
  fs.copyFileSync(
    path.join(import.meta.dirname, 'fixtures', 'notes', 'attachment-handler.ts.txt'),
    path.join(dir, 'attachment-handler.ts'),
  );
  pkg = {
    client: await import(pathToFileURL(path.join(dir, 'client.ts')).href),
    server: await import(pathToFileURL(path.join(dir, 'server.ts')).href),
  };
  const attachments = await import(pathToFileURL(path.join(dir, 'attachment-handler.ts')).href);
  const notes = new Map<string, { id: string; text: string; color?: string }>();
  const sessions = new Map<string, { name: string; type: string; parts: Buffer[] }>();
  const handlers = {
    async listNotes({ query, url }: any) {
      queries.push({ query, search: decodeURIComponent(url.search) });
      const all = [...notes.values()];
      const start = Number(query.pageToken ?? 0);
      const size = Number(query.pageSize ?? 2);
      const next = start + size < all.length ? String(start + size) : undefined;
      return { body: { notes: all.slice(start, start + size), ...(next ? { nextPageToken: next } : {}) } };
    },
    async createNote({ body, headers }: any) {
      seen.push({ op: 'createNote', idempotencyKey: headers['idempotency-key'] });
      const note = { id: `n${notes.size + 1}`, ...body };
      notes.set(note.id, note);
      return { body: note };
    },
    async uploadAttachment({ query, headers, cookies, body, contentType }: any) {
      uploadParams.push({ folder: query.folder, tag: headers['x-trace-tag'], region: cookies.region });
      if (contentType === 'multipart/related') {
        uploads.push({ step: headers['upload-step'], type: body.media.contentType });
        const bytes = Buffer.from(await body.media.bytes());
        return {
          body: {
            attachment: {
              name: body.metadata.name,
              size: bytes.byteLength,
              type: body.media.contentType,
              text: bytes.toString('utf8'),
            },
          },
        };
      }
      uploads.push({
        step: headers['upload-step'],
        length: Number(headers['upload-length']),
        type: headers['upload-type'],
      });
      sessions.set('s1', { name: body.name, type: headers['upload-type'], parts: [] });
      return { headers: { location: '/v1/attachments?session=s1' }, body: {} };
    },
    async appendAttachment({ query, headers, body }: any) {
      const session = sessions.get(query.session)!;
      const received = Buffer.concat(session.parts).byteLength;
      const offset = Number(headers['upload-offset']);
      const data: Uint8Array = await body.bytes();
      uploads.push({ step: 'chunk', offset, final: headers['upload-final'], bytes: data.byteLength });
      if (offset !== received)
        throw pkg.server.statusError('INVALID_ARGUMENT', `offset ${offset}, received ${received}`);
      if (breakNextChunk) {
        // Half the chunk arrives, then the chunk fails: the client asks how much arrived and sends the rest.
        breakNextChunk = false;
        session.parts.push(Buffer.from(data.subarray(0, data.byteLength / 2)));
        throw pkg.server.statusError('UNAVAILABLE', 'the chunk broke off');
      }
      session.parts.push(Buffer.from(data));
      if (headers['upload-final'] !== 'true') return { body: {} };
      const all = Buffer.concat(session.parts);
      return {
        body: {
          attachment: { name: session.name, size: all.byteLength, type: session.type, text: all.toString('utf8') },
        },
      };
    },
    async attachmentUploadStatus({ query }: any) {
      uploads.push({ step: 'status' });
      return {
        headers: { 'upload-received': String(Buffer.concat(sessions.get(query.session)!.parts).byteLength) },
        body: {},
      };
    },
    async getNote({ path: p }: any) {
      const note = notes.get(p.id);
      if (!note) throw pkg.server.statusError('NOT_FOUND', `no note ${p.id}`);
      return { body: note };
    },
    putAttachment: (input: unknown) => attachments.putAttachment(input, (id: string) => notes.has(id)),
  };
  server = await listenLocal(pkg.server.createNotesServer(handlers, { validateResponses: true }));
  client = new pkg.client.NotesClient({ baseUrl: server.baseUrl, apiKey: 'secret', retry: { maxRetries: 0 } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a package generated from a fourth spec', () => {
  it('names nothing of the three services', () => {
    const text =
      fs.readFileSync(path.join(dir, 'client.ts'), 'utf8') + fs.readFileSync(path.join(dir, 'server.ts'), 'utf8');
    expect(text).not.toMatch(
      /ad-creative|analytics|generative|access_token|x-goog|googleapis|fbtrace|OAuthException|GraphMethodException/i,
    );
    expect(text).toContain('apiKeyHeader: "x-notes-key"');
  });

  it('type-checks on its own under strict and noUnusedLocals', () => {
    // attachment-handler.ts holds @ts-expect-error lines: each must meet its error (an unused one is an error).
    expect(
      fs.readFileSync(path.join(dir, 'attachment-handler.ts'), 'utf8').match(/\/\/ @ts-expect-error/g),
    ).toHaveLength(6);
    const options: ts.CompilerOptions = {
      strict: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      typeRoots: [path.join(import.meta.dirname, '../../node_modules/@types')],
      skipLibCheck: true,
      noEmit: true,
      allowJs: false,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    };
    const program = ts.createProgram(
      ['client.ts', 'server.ts', 'index.ts', 'attachment-handler.ts'].map((f) => path.join(dir, f)),
      options,
      compilerHost(options),
    );
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    expect(diagnostics).toEqual([]);
  }, 120_000);

  it('creates through its client, with the key in its header and an idempotency key', async () => {
    const note = await client.createNote({ body: { text: 'first', color: 'YELLOW' } });
    expect(note).toEqual({ id: 'n1', text: 'first', color: 'YELLOW' });
    expect(seen.at(-1)?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await client.createNote({ body: { text: 'second', color: 'GREEN' } }); // an open enum takes new values
    await client.createNote({ body: { text: 'third' } });
  });

  it('pages with its page tokens, as page objects and as items', async () => {
    const first = await client.listNotesPage({ pageSize: 2 });
    expect(first.items.map((n: any) => n.id)).toEqual(['n1', 'n2']);
    expect(first.hasNextPage()).toBe(true);
    const ids: string[] = [];
    for await (const n of client.listNotesAll({ pageSize: 2 })) ids.push(n.id);
    expect(ids).toEqual(['n1', 'n2', 'n3']);
  });

  it('refuses in its own error shape, with the answers its x-error-style declares: invalid body, body over its x-body-limit, missing key, unknown route, wrong method', async () => {
    const invalid = await client.createNote({ body: { text: '' } }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({
      httpStatus: 400,
      status: 'INVALID_ARGUMENT',
      details: [
        { '@type': 'notes.example/FieldProblems', fieldViolations: [expect.objectContaining({ field: 'text' })] },
      ],
    });
    expect(invalid.message).toContain('Invalid request body: text ');
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${server.baseUrl}/v1/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    // The nearest valid requests are served: the same note within the limit, with the key.
    expect((await post({ 'x-notes-key': 'k' }, JSON.stringify({ text: 'x'.repeat(400) }))).status).toBe(200);
    const big = await post({ 'x-notes-key': 'k' }, JSON.stringify({ text: 'x'.repeat(3_000) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      error: { code: 413, message: 'A note request holds at most 2048 bytes.', status: 'TOO_LARGE' },
    });
    const anonymousCreate = await post({}, '{"text":"x"}');
    expect(anonymousCreate.status).toBe(401);
    expect(await anonymousCreate.json()).toEqual({
      error: { code: 401, message: 'Send your notes key in x-notes-key.', status: 'UNAUTHENTICATED' },
    });
    const unknown = await fetch(`${server.baseUrl}/v1/nothing`);
    expect(await unknown.json()).toEqual({
      error: { code: 404, message: 'No notes route GET /v1/nothing.', status: 'NOT_FOUND' },
    });
    const wrong = await fetch(`${server.baseUrl}/v1/notes`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    expect(await wrong.json()).toEqual({
      error: { code: 405, message: '/v1/notes takes GET, POST, not DELETE.', status: 'WRONG_METHOD' },
    });
  });

  it('hands its x-error-style to the server as data (no answer of the three services inside)', () => {
    expect(pkg.server.notesErrorStyle.answers.missingCredential).toEqual({
      http: 401,
      status: 'UNAUTHENTICATED',
      message: 'Send your notes key in x-notes-key.',
    });
    expect(pkg.server.statusError('TOO_LARGE', 'x').httpStatus).toBe(413);
    expect(pkg.server.statusError('SOMETHING_ELSE', 'x').httpStatus).toBe(500);
  });

  it('serves anonymous reads where its spec allows them, and a typed not-found', async () => {
    const anonymous = new pkg.client.NotesClient({ baseUrl: server.baseUrl });
    expect(await anonymous.getNote({ id: 'n1' })).toMatchObject({ text: 'first' });
    const error = await anonymous.getNote({ id: 'n9' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(pkg.client.NotFoundError);
    expect(error).toMatchObject({ status: 'NOT_FOUND', message: expect.stringContaining('no note n9') });
  });
});

describe('a handler of several content types and two documented successes', () => {
  const put = (id: string, contentType: string, body: BodyInit) =>
    fetch(`${server.baseUrl}/v1/notes/${id}/attachment`, {
      method: 'PUT',
      headers: { 'x-notes-key': 'k', 'content-type': contentType },
      body,
    });

  it('gets multipart/related as metadata and media, raw media as bytes, a form with its file part, JSON as metadata; answers 201 then 200', async () => {
    const multipart =
      '--p\r\nContent-Type: application/json\r\n\r\n{"caption":"sunset"}\r\n--p\r\nContent-Type: image/png\r\n\r\nPNGDATA\r\n--p--\r\n';
    const created = await put('n1', 'multipart/related; boundary=p', multipart);
    expect(created.status).toBe(201);
    expect(created.headers.get('x-attachment-etag')).toBe('v1');
    expect(await created.json()).toEqual({ noteId: 'n1', caption: 'sunset', mediaType: 'image/png', bytes: 7 });

    const raw = await put('n1', 'image/webp', new Uint8Array([1, 2, 3]));
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual({ noteId: 'n1', caption: 'sunset', mediaType: 'image/webp', bytes: 3 });

    const form = new FormData();
    form.set('caption', 'dawn');
    form.set('picture', new Blob([new Uint8Array([9, 9])], { type: 'image/gif' }), 'dawn.gif');
    const formAnswer = await fetch(`${server.baseUrl}/v1/notes/n1/attachment`, {
      method: 'PUT',
      headers: { 'x-notes-key': 'k' },
      body: form,
    });
    expect(await formAnswer.json()).toEqual({ noteId: 'n1', caption: 'dawn', mediaType: 'image/gif', bytes: 2 });

    // The client sends the JSON branch (the metadata alone) and reads the 200.
    expect(await client.putAttachment({ id: 'n1', body: { caption: 'dusk' } })).toEqual({
      noteId: 'n1',
      caption: 'dusk',
      mediaType: 'image/gif',
      bytes: 2,
    });
  });

  it('answers its documented errors in its own shape, and refuses a content type it does not take', async () => {
    const missing = await put('n9', 'image/png', new Uint8Array([1]));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 404, message: 'no note n9', status: 'NOT_FOUND' } });
    const noMedia = await put(
      'n2',
      'multipart/related; boundary=p',
      '--p\r\nContent-Type: application/json\r\n\r\n{}\r\n--p--\r\n',
    );
    expect(noMedia.status).toBe(400);
    expect((await noMedia.json()).error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'a multipart attachment holds the metadata and the picture',
    });
    const text = await put('n2', 'text/plain', 'hello');
    expect(text.status).toBe(400);
    expect((await text.json()).error.message).toMatch(/^Unsupported Content-Type text\/plain/);
    const badMeta = await put('n2', 'application/json', JSON.stringify({ caption: 'x'.repeat(101) }));
    expect(badMeta.status).toBe(400);
  });
});

describe('a resumable upload in the protocol its spec declares (x-media-upload)', () => {
  const text = 'twenty bytes of text';

  it('starts, sends chunks at their offsets with its own header names, and finalizes with the last', async () => {
    uploads.length = 0;
    const progress: number[] = [];
    const result = await client.uploadAttachmentResumable({
      metadata: { name: 'a.txt' },
      source: new TextEncoder().encode(text),
      mimeType: 'text/plain',
      onProgress: (p: any) => progress.push(p.loaded),
    });
    expect(result).toEqual({ attachment: { name: 'a.txt', size: 20, type: 'text/plain', text } });
    // chunkSize 8 from the spec: 8 + 8 + 4, the last one marked final; PATCH to the session URL given relative.
    expect(uploads).toEqual([
      { step: 'begin', length: 20, type: 'text/plain' },
      { step: 'chunk', offset: 0, final: 'false', bytes: 8 },
      { step: 'chunk', offset: 8, final: 'false', bytes: 8 },
      { step: 'chunk', offset: 16, final: 'true', bytes: 4 },
    ]);
    expect(progress).toEqual([0, 8, 16, 20]);
  });

  it('asks how much arrived after a broken chunk and sends only the rest (chunk sizes kept to its granularity)', async () => {
    uploads.length = 0;
    breakNextChunk = true;
    const retrying = new pkg.client.NotesClient({
      baseUrl: server.baseUrl,
      apiKey: 'secret',
      retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 1 },
    });
    async function* source() {
      for (const part of ['twenty ', 'bytes of', ' text']) yield new TextEncoder().encode(part);
    }
    const result = await retrying.uploadAttachmentResumable({
      metadata: { name: 'b.txt' },
      source: source(),
      mimeType: 'text/plain',
      chunkSize: 6,
    });
    expect(result.attachment).toEqual({ name: 'b.txt', size: 20, type: 'text/plain', text });
    // chunkSize 6 is cut to the spec's granularity (4); the first chunk breaks after 2 bytes.
    expect(
      uploads.map((u) => (u.step === 'chunk' ? `${u.offset}+${u.bytes}${u.final === 'true' ? '!' : ''}` : u.step)),
    ).toEqual(['begin', '0+4', 'status', '2+2', '4+4', '8+4', '12+4', '16+4!']);
  });
});

describe('resuming an upload cut off earlier (session URL kept from onSession)', () => {
  it('asks how much the session holds and sends the rest, then finalizes', async () => {
    uploads.length = 0;
    const text = 'twenty bytes of text';
    let session: string | undefined;
    // The first attempt stops after its first chunk (the process "dies": the caller's signal fires).
    const stop = new AbortController();
    const cut = client.uploadAttachmentResumable(
      {
        metadata: { name: 'c.txt' },
        source: new TextEncoder().encode(text),
        mimeType: 'text/plain',
        onSession: (url: string) => {
          session = url;
        },
        onProgress: (p: any) => {
          if (p.loaded === 8) stop.abort();
        },
      },
      { signal: stop.signal },
    );
    await expect(cut).rejects.toBeInstanceOf(pkg.client.ApiAbortError);
    expect(session).toBe(`${server.baseUrl}/v1/attachments?session=s1`);
    const progress: number[] = [];
    const resumed = await client.uploadAttachmentResumable({
      source: new TextEncoder().encode(text),
      mimeType: 'text/plain',
      session,
      onProgress: (p: any) => progress.push(p.loaded),
    });
    expect(resumed.attachment).toEqual({ name: 'c.txt', size: 20, type: 'text/plain', text });
    expect(
      uploads.map((u) => (u.step === 'chunk' ? `${u.offset}+${u.bytes}${u.final === 'true' ? '!' : ''}` : u.step)),
    ).toEqual(['begin', '0+8', 'status', '8+8', '16+4!']);
    expect(progress).toEqual([8, 16, 20]);
  });

  it("sends the operation's own parameters (query, header, cookie) on the start request, and the protocol's headers win", async () => {
    uploads.length = 0;
    uploadParams.length = 0;
    const result = await client.uploadAttachmentResumable(
      {
        metadata: { name: 'p.txt' },
        source: new TextEncoder().encode('tiny'),
        mimeType: 'text/plain',
        params: { folder: 'inbox/2024', xTraceTag: 't-1', region: 'eu west' },
      },
      { headers: { cookie: 'theme=dark' } },
    );
    expect(result.attachment).toEqual({ name: 'p.txt', size: 4, type: 'text/plain', text: 'tiny' });
    expect(uploadParams).toEqual([{ folder: 'inbox/2024', tag: 't-1', region: 'eu west' }]);
    expect(uploads.map((u) => u.step)).toEqual(['begin', 'chunk']);
    // The helpers take the caller's parameters only: the protocol writes Upload-Step, Upload-Length and Upload-Type.
    const code = fs.readFileSync(path.join(dir, 'client.ts'), 'utf8');
    expect(code.match(/params\?: Pick<UploadAttachmentParams, [^>]*>/g)).toEqual(
      Array(4).fill('params?: Pick<UploadAttachmentParams, "folder" | "xTraceTag" | "region">'),
    );
  });
});

describe('a multipart/related upload in one request (x-media-upload.multipart)', () => {
  it("sends the metadata and media parts with the protocol's header and the operation's own parameters", async () => {
    uploads.length = 0;
    uploadParams.length = 0;
    const result = await client.uploadAttachmentMultipart({
      metadata: { name: 'm.txt' },
      data: new TextEncoder().encode('whole file'),
      mimeType: 'text/plain',
      params: { folder: 'f', region: 'us' },
    });
    expect(result.attachment).toEqual({ name: 'm.txt', size: 10, type: 'text/plain', text: 'whole file' });
    expect(uploads).toEqual([{ step: 'whole', type: 'text/plain' }]);
    expect(uploadParams).toEqual([{ folder: 'f', tag: undefined, region: 'us' }]);
  });
});

describe('parameter serialisation (style / explode)', () => {
  it("sends and reads arrays and objects as each parameter's style says", async () => {
    await client.listNotes({
      tags: ['a', 'b'],
      ids: ['n1', 'n2'],
      colors: ['YELLOW', 'BLUE'],
      filter: { color: 'BLUE', text: 'hi' },
    });
    expect(queries.at(-1)).toEqual({
      search: '?tags=a&tags=b&ids=n1,n2&colors=YELLOW|BLUE&filter[color]=BLUE&filter[text]=hi',
      query: { tags: ['a', 'b'], ids: ['n1', 'n2'], colors: ['YELLOW', 'BLUE'], filter: { color: 'BLUE', text: 'hi' } },
    });
  });
});

describe('the spec list', () => {
  it('names the three services by default, and another list can be given', () => {
    expect(loadSpecList().map((e) => e.key)).toEqual(['ad-creative', 'analytics', 'generative']);
    const file = path.join(os.tmpdir(), `specs-${process.pid}.json`);
    fs.writeFileSync(file, JSON.stringify({ specs: [{ key: 'notes', spec: SPEC }] }));
    try {
      expect(loadSpecList(file)).toEqual([{ key: 'notes', spec: SPEC }]);
      fs.writeFileSync(file, JSON.stringify({ specs: [{ key: 'Notes!', spec: SPEC }] }));
      expect(() => loadSpecList(file)).toThrow('must be a lower-case name');
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
