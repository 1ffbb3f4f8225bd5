// The generated servers' handler contract tells the truth, at compile time and at run time:
// - the request body is a union with one branch per content type (narrowed on `contentType`): a branch the
//   operation does not take, or a field of another branch, is a compile error, and a multipart/related or raw
//   media request reaches the handler exactly as its branch says;
// - a reply names a documented 2xx status with that status's body: an undocumented status or a wrong body is a
//   compile error;
// - each operation's documented errors (x-errors) have helpers that answer the service's error shape with the
//   documented HTTP status; another operation's error, a code the operation does not document, or a Graph
//   subcode other than the one its x-errors entry documents (where it documents one), is a compile error;
// - each declared header parameter is typed by its lower-cased name as the text it arrives as (see
//   server-params.test.ts for every parameter type against what the server delivers).
// The `@ts-expect-error` lines below are checked twice: by `tsc -p tsconfig.json` (this file is in the project)
// and by the first test, which compiles this file alone and fails on any error (an unused
// `@ts-expect-error` is one).
import path from 'node:path';
import type { Readable } from 'node:stream';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AdCreativeHandlers,
  createAdCreativeErrors,
  type CreateAdCreativeInput,
  type CreateAdCreativeReply,
  createAdCreativeServer,
  getAdCreativeErrors,
} from '../../generated/ad-creative/server.js';
import type { DeleteGroupInput, DeleteGroupReply } from '../../generated/analytics/server.js';
import {
  createFileErrors,
  type CreateFileInput,
  type CreateFileReply,
  createGenerativeServer,
  type GenerativeHandlers,
  getFileErrors,
  type MediaPart,
  type UploadFileInput,
  type UploadFileReply,
} from '../../generated/generative/server.js';
import { isMediaPart } from '../../generated/generative/runtime/server/index.js';
import { exampleHandlers } from '../../contracts/targets/example-handlers.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { compilerHost } from '../support/installed-declarations.js';

// ---- Compile-time checks (each function is only type-checked, never called; an explicit reply type puts the
// error on the offending line, where a handler object would report it at the method) ----

/** The body union of uploadFile: narrowing on contentType gives each branch its own body type. */
export async function uploadFileNarrowing(input: UploadFileInput): Promise<UploadFileReply> {
  switch (input.contentType) {
    case 'multipart/related': {
      const name: string | undefined = input.body.metadata.file?.displayName;
      const media: MediaPart | undefined = input.body.media;
      // @ts-expect-error a multipart/related body is its parts, not the bytes of a raw upload
      void input.body.data;
      return { body: { file: { displayName: name ?? '', mimeType: media?.contentType ?? '' } } };
    }
    case 'application/json':
      // @ts-expect-error the JSON metadata of a resumable start has no media part
      void input.body.media;
      return { body: { file: input.body.file ?? {} } };
    case 'application/octet-stream':
    case '*/*': {
      // @ts-expect-error media arrives as a file on disk, never as its bytes in memory
      void input.body.data;
      const size: number = input.body.size;
      const stream: Readable = input.body.stream();
      stream.destroy();
      return { headers: { 'x-goog-upload-status': 'final' }, body: { file: { sizeBytes: String(size) } } };
    }
    case undefined: {
      const nothing: undefined = input.body;
      return { body: nothing ?? {} };
    }
    // @ts-expect-error uploadFile takes no text/plain body: the branch cannot exist
    case 'text/plain':
      return { body: {} };
  }
}

/** uploadFile's header parameters by their lower-cased names, as the text they arrive as; other headers stay. */
export function uploadHeaders(input: UploadFileInput): unknown[] {
  const offset: `${number}` | undefined = input.headers['x-goog-upload-offset'];
  const protocol: 'raw' | 'multipart' | 'resumable' | undefined = input.headers['x-goog-upload-protocol'];
  const host: string = input.headers.host;
  // @ts-expect-error a header integer is the text sent, not a number
  const offsetNumber: number | undefined = input.headers['x-goog-upload-offset'];
  return [offset, protocol, host, offsetNumber];
}

/** A body read without narrowing is any of the branches: no branch's fields may be assumed. */
export function unnarrowedBody(input: UploadFileInput): void {
  // @ts-expect-error the body may be JSON metadata or media: `data` is not on every branch
  void input.body.data;
}

/** Replies: a documented status with its body; the plain shorthand where there is one success status. */
export async function createFileReplies(input: CreateFileInput): Promise<CreateFileReply> {
  if (input.body.file?.name === 'files/a') return { status: 200, body: { file: { name: 'files/a' } } };
  // @ts-expect-error 201 is not a documented answer of createFile
  if (input.body.file?.name === 'files/b') return { status: 201, body: { file: {} } };
  // @ts-expect-error the body of a createFile answer is {file}, not a string
  if (input.body.file?.name === 'files/c') return { body: 'created' };
  // @ts-expect-error createFile answers JSON, not an event stream
  if (input.body.file?.name === 'files/d') return { sse: (async function* () {})() };
  return { body: { file: {} } };
}

/** A 204 operation answers no body, and only its documented status. */
export async function deleteGroupReplies(input: DeleteGroupInput): Promise<DeleteGroupReply> {
  if (input.query.id === 'a') return { status: 204 };
  // @ts-expect-error 200 is not a documented answer of deleteGroup (204 is)
  return { status: 200 };
}

/** Documented errors: the operation's own helpers are replies; another operation's are not. */
export async function createFileErrorReplies(input: CreateFileInput): Promise<CreateFileReply> {
  if (input.body.file?.name === 'files/taken')
    return createFileErrors.alreadyExists('File files/taken already exists.');
  // @ts-expect-error createFile documents no NOT_FOUND: it has no such helper
  if (input.body.file?.name === 'files/x') return createFileErrors.notFound('no such file');
  // @ts-expect-error getFile's NOT_FOUND is not an answer createFile documents
  if (input.body.file?.name === 'files/y') return getFileErrors.notFound('no such file');
  throw createFileErrors.invalidArgument('bad metadata');
}

/** Graph style: helpers by code; a creative read may answer 100/33, a create documents no 33-less code like 803. */
export async function createAdCreativeErrorReplies(input: CreateAdCreativeInput): Promise<CreateAdCreativeReply> {
  if (input.contentType === 'application/json' && input.body.name === 'throttled')
    return createAdCreativeErrors.code80004('(#80004) There have been too many calls to this ad-account.');
  // @ts-expect-error createAdCreative documents no code 803
  if (input.body.name === 'missing') return createAdCreativeErrors.code803('unknown alias');
  // @ts-expect-error getAdCreative's errors are not createAdCreative's answers
  if (input.body.name === 'other') return getAdCreativeErrors.code100('Unsupported get request', { subcode: 33 });
  return { body: { id: '1' } };
}

/**
 * Graph subcodes: where an operation's x-errors entry documents one (100/33 of a read, 2446079 of the ad-account
 * rate limit), the helper takes only it; where none is documented (the 100 of a create), any subcode compiles.
 */
export async function documentedSubcodes(input: CreateAdCreativeInput): Promise<CreateAdCreativeReply> {
  if (input.body.name === 'throttled')
    return createAdCreativeErrors.code80004('(#80004) There have been too many calls to this ad-account.', {
      subcode: 2446079,
    });
  if (input.body.name === 'throttled-1')
    // @ts-expect-error 80004 documents subcode 2446079 only
    return createAdCreativeErrors.code80004('(#80004) too many calls', { subcode: 1 });
  if (input.body.name === 'invalid')
    return createAdCreativeErrors.code100('Invalid parameter', { subcode: 1885183, userTitle: 'Ad creative invalid' });
  void getAdCreativeErrors.code100('Unsupported get request', { subcode: 33, type: 'GraphMethodException' });
  void getAdCreativeErrors.code100('(#100) Tried accessing nonexisting field');
  // @ts-expect-error a read's code 100 documents subcode 33 only
  void getAdCreativeErrors.code100('Unsupported get request', { subcode: 34 });
  return { body: { id: '1' } };
}

// ---- The checks above are compile errors exactly where marked ----
describe('handler types', () => {
  const root = path.join(import.meta.dirname, '../..');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const self = import.meta.filename;
  const text = ts.sys.readFile(self)!;
  /** This file compiled with `text` in its place: the line (0-based) and message of each error in it. */
  const errorsOf = (source: string) => {
    const host = compilerHost(config.options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, target, ...rest) =>
      path.resolve(name) === self ? ts.createSourceFile(name, source, target) : read(name, target, ...rest);
    const program = ts.createProgram([self], { ...config.options, noEmit: true }, host);
    const file = program.getSourceFile(self)!;
    return ts.getPreEmitDiagnostics(program, file).map((d) => ({
      line: d.start === undefined ? -1 : file.getLineAndCharacterOfPosition(d.start).line,
      message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
    }));
  };
  const marked = text.split('\n').flatMap((line, i) => (/^\s*\/\/ @ts-expect-error/.test(line) ? [i + 1] : []));

  it('compile as they are (every @ts-expect-error meets its error)', () => {
    expect(marked).toHaveLength(16);
    expect(errorsOf(text)).toEqual([]);
  }, 120_000);

  it('fail exactly on the marked lines once the markers are gone', () => {
    const unmarked = text.replace(/^(\s*)\/\/ @ts-expect-error.*$/gm, '$1// (marker removed)');
    const errors = errorsOf(unmarked);
    expect([...new Set(errors.map((e) => e.line))].sort((a, b) => a - b)).toEqual(marked);
  }, 120_000);
});

// ---- Run time: the request reaches the handler as its branch says ----

const running: RunningServer[] = [];
afterAll(() => Promise.all(running.map((s) => s.close())));

async function generativeWith(
  uploadFile: GenerativeHandlers['uploadFile'],
  createFile?: GenerativeHandlers['createFile'],
): Promise<string> {
  const examples = exampleHandlers('generative') as unknown as GenerativeHandlers;
  const server = await listenLocal(
    createGenerativeServer({ ...examples, uploadFile, ...(createFile ? { createFile } : {}) }),
  );
  running.push(server);
  return server.baseUrl;
}

describe('the body union at run time', () => {
  const seen: UploadFileInput[] = [];
  /** The bytes of each request's media, read while the handler ran (the spooled file is gone after the answer). */
  const media: Array<Uint8Array | undefined> = [];
  const record: GenerativeHandlers['uploadFile'] = async (input) => {
    seen.push(input);
    const part =
      input.contentType === 'multipart/related'
        ? input.body.media
        : input.contentType === '*/*' || input.contentType === 'application/octet-stream'
          ? input.body
          : undefined;
    media.push(part && (await part.bytes()));
    return { body: {} };
  };

  it('delivers multipart/related as its JSON metadata part and its media part', async () => {
    const base = await generativeWith(record);
    const body =
      '--b\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"file": {"displayName": "notes"}}\r\n--b\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n--b--\r\n';
    const response = await fetch(`${base}/upload/v1beta/files?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/related; boundary=b', 'x-goog-upload-protocol': 'multipart' },
      body,
    });
    expect(response.status).toBe(200);
    const input = seen.at(-1)!;
    expect(input.contentType).toBe('multipart/related');
    if (input.contentType !== 'multipart/related') return;
    expect(input.body.metadata).toEqual({ file: { displayName: 'notes' } });
    expect(input.body.media?.contentType).toBe('image/png');
    expect(isMediaPart(input.body.media)).toBe(true);
    expect(Buffer.from(media.at(-1)!).toString('latin1')).toBe(Buffer.from('\u0089PNG', 'utf8').toString('latin1'));
    expect(input.headers['content-type']).toBe('multipart/related; boundary=b');
  });

  it("delivers raw media as bytes with its own media type, under the spec's media range", async () => {
    const base = await generativeWith(record);
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await fetch(`${base}/upload/v1beta/files?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'video/mp4' },
      body: bytes,
    });
    const ranged = seen.at(-1)!;
    expect(ranged.contentType).toBe('*/*');
    if (ranged.contentType !== '*/*') return;
    expect(ranged.body.contentType).toBe('video/mp4');
    expect(isMediaPart(ranged.body)).toBe(true);
    expect(ranged.body.size).toBe(5);
    expect([...media.at(-1)!]).toEqual([0, 1, 2, 250, 255]);

    await fetch(`${base}/upload/v1beta/files?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    const exact = seen.at(-1)!;
    expect(exact.contentType).toBe('application/octet-stream');
    expect(exact.body).toMatchObject({ contentType: 'application/octet-stream' });

    // An empty file is empty media, with the media type it was sent as.
    await fetch(`${base}/upload/v1beta/files?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '',
    });
    const empty = seen.at(-1)!;
    expect(empty.contentType).toBe('*/*');
    expect(empty.body).toMatchObject({ contentType: 'text/plain', size: 0 });
    expect(media.at(-1)).toEqual(new Uint8Array(0));
  });

  it('keeps header parameters the strings they were sent as (typed so), while validating them as their schema says', async () => {
    const base = await generativeWith(record);
    await fetch(`${base}/upload/v1beta/files?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-goog-upload-offset': '5' },
      body: 'ab',
    });
    const offset: `${number}` | undefined = seen.at(-1)!.headers['x-goog-upload-offset'];
    expect(offset).toBe('5');
    const refused = await fetch(`${base}/upload/v1beta/files?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-goog-upload-offset': 'five' },
      body: 'ab',
    });
    expect(refused.status).toBe(400);
  });

  it('delivers JSON as parsed, and no body as contentType undefined', async () => {
    const base = await generativeWith(record);
    await fetch(`${base}/upload/v1beta/files?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"file":{"displayName":"d"}}',
    });
    expect(seen.at(-1)).toMatchObject({ contentType: 'application/json', body: { file: { displayName: 'd' } } });
    await fetch(`${base}/upload/v1beta/files?key=k`, { method: 'POST' });
    expect(seen.at(-1)).toMatchObject({ contentType: undefined, body: undefined });
  });
});

describe('documented error helpers at run time', () => {
  it('answer the Status shape with the documented HTTP status, returned or thrown', async () => {
    const base = await generativeWith(answerEmpty(), async (input) => {
      if (input.body.file?.name === 'files/taken')
        return createFileErrors.alreadyExists('File files/taken already exists.');
      throw createFileErrors.invalidArgument('bad metadata', {
        details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [] }],
      });
    });
    const post = (name: string) =>
      fetch(`${base}/v1beta/files?key=k`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ file: { name } }),
      });
    const taken = await post('files/taken');
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      error: { code: 409, message: 'File files/taken already exists.', status: 'ALREADY_EXISTS' },
    });
    const bad = await post('files/other');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: {
        code: 400,
        message: 'bad metadata',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [] }],
      },
    });
  });

  it('answer the Graph shape with the documented HTTP status', async () => {
    const examples = exampleHandlers('ad-creative') as unknown as AdCreativeHandlers;
    const server = await listenLocal(
      createAdCreativeServer({
        ...examples,
        getAdCreative: async () =>
          getAdCreativeErrors.code100('Unsupported get request. Object with ID 5 does not exist', { subcode: 33 }),
      }),
    );
    running.push(server);
    const answer = await fetch(`${server.baseUrl}/v20.0/5?access_token=t`);
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body).toEqual({
      error: {
        message: 'Unsupported get request. Object with ID 5 does not exist',
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
        fbtrace_id: expect.any(String),
      },
    });
    expect(getAdCreativeErrors.code200('no permission').httpStatus).toBe(403);
    expect(getAdCreativeErrors.code200('no permission').documented).toEqual({
      operationId: 'getAdCreative',
      code: 200,
    });
  });
});

function answerEmpty(): GenerativeHandlers['uploadFile'] {
  return async () => ({ body: {} });
}
