// Conditional requests in a generated package (fixtures/conditional: reads that declare an ETag answer header,
// a write that documents 412, a list that declares no ETag): the router tags every answer of a declaring
// operation, answers a matching If-None-Match 304 without a body, and a write's checkIfMatch refuses a stale
// If-Match with the documented 412 in the service's shape; the generated client reads a 304 as NotModifiedError.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { generatePackage } from '../../generator/pipeline.js';
import { writePackage } from '../support/package-folder.js';

const SPEC = path.join(import.meta.dirname, 'fixtures', 'conditional', 'openapi.yaml');
const KEY = { 'x-shelf-key': 'k' };
let dir: string;
let server: RunningServer;
let pkg: { client: any; server: any };
const books = new Map<string, { id: string; title: string }>();
const calls: string[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelf-package-'));
  writePackage(dir, await generatePackage({ key: 'shelf', spec: SPEC }));
  pkg = {
    client: await import(pathToFileURL(path.join(dir, 'client.ts')).href),
    server: await import(pathToFileURL(path.join(dir, 'server.ts')).href),
  };
  const { entityTagOf } = pkg.server;
  const handlers = {
    async listBooks() {
      calls.push('listBooks');
      return { body: { books: [...books.values()] } };
    },
    async getBook({ path: { id } }: any) {
      calls.push('getBook');
      const book = books.get(id);
      if (!book) return pkg.server.getBookErrors.notFound(`no book ${id}`);
      // b2's handler names its own tag; the others leave it to the router (the bytes' tag).
      return id === 'b2' ? { body: book, headers: { ETag: '"v7"' } } : { body: book };
    },
    async updateBook(input: any) {
      calls.push('updateBook');
      const book = books.get(input.path.id);
      // The current tag as the read gives it: the tag of the book's JSON bytes.
      input.checkIfMatch(book ? entityTagOf(JSON.stringify(book)) : undefined);
      if (!book) return pkg.server.updateBookErrors.notFound('no such book');
      const updated = { ...book, title: input.body.title };
      books.set(book.id, updated);
      return { body: updated };
    },
  };
  server = await listenLocal(pkg.server.createShelfServer(handlers, { logger: false }));
});

afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(server.baseUrl + p, { headers: { ...KEY, ...headers } });
const put = (p: string, title: string, headers: Record<string, string> = {}) =>
  fetch(server.baseUrl + p, {
    method: 'PUT',
    headers: { ...KEY, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ title }),
  });

describe('If-None-Match where the spec declares ETag', () => {
  it('tags the answer with its bytes, and answers the same tag 304 without a body', async () => {
    books.set('b1', { id: 'b1', title: 'Dune' });
    const first = await get('/v1/books/b1');
    const text = await first.text();
    const tag = first.headers.get('etag')!;
    expect(first.status).toBe(200);
    expect(tag).toBe(pkg.server.entityTagOf(text));
    for (const header of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const again = await get('/v1/books/b1', { 'if-none-match': header });
      expect(again.status, header).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
      expect(again.headers.get('content-type')).toBeNull();
    }
    const stale = await get('/v1/books/b1', { 'if-none-match': '"other"' });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual({ id: 'b1', title: 'Dune' });
  });

  it("keeps a handler's own tag (whatever the header name's case) and compares with it", async () => {
    books.set('b2', { id: 'b2', title: 'Emma' });
    const first = await get('/v1/books/b2');
    expect(first.headers.get('etag')).toBe('"v7"');
    expect((await get('/v1/books/b2', { 'if-none-match': '"v7"' })).status).toBe(304);
    expect((await get('/v1/books/b2', { 'if-none-match': '"v6"' })).status).toBe(200);
  });

  it('gives no tag and no 304 where the spec declares no ETag, nor on an error', async () => {
    const list = await get('/v1/books', { 'if-none-match': '*' });
    expect(list.status).toBe(200);
    expect(list.headers.get('etag')).toBeNull();
    const missing = await get('/v1/books/b404', { 'if-none-match': '*' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
  });
});

describe('If-Match on a write that documents 412', () => {
  it('refuses a stale tag with the documented 412 in the service shape and changes nothing', async () => {
    books.set('b3', { id: 'b3', title: 'Ulysses' });
    const current = (await get('/v1/books/b3')).headers.get('etag')!;
    const refused = await put('/v1/books/b3', 'Changed', { 'if-match': '"stale"' });
    expect(refused.status).toBe(412);
    expect(await refused.json()).toMatchObject({ error: { code: 412, status: 'FAILED_PRECONDITION' } });
    // A weak tag never matches strongly.
    expect((await put('/v1/books/b3', 'Changed', { 'if-match': `W/${current}` })).status).toBe(412);
    expect(books.get('b3')!.title).toBe('Ulysses');
    const done = await put('/v1/books/b3', 'Changed', { 'if-match': current });
    expect(done.status).toBe(200);
    const next = done.headers.get('etag')!;
    expect(next).not.toBe(current);
    expect((await get('/v1/books/b3')).headers.get('etag')).toBe(next);
    expect((await put('/v1/books/b3', 'Again', { 'if-match': current })).status).toBe(412);
  });

  it('lets a write without If-Match through, and refuses If-Match: * for a book that does not exist', async () => {
    books.set('b4', { id: 'b4', title: 'Emma' });
    expect((await put('/v1/books/b4', 'Persuasion')).status).toBe(200);
    expect((await put('/v1/books/b4', 'Sanditon', { 'if-match': '*' })).status).toBe(200);
    expect((await put('/v1/books/b5', 'Nothing', { 'if-match': '*' })).status).toBe(412);
    expect(books.has('b5')).toBe(false);
  });
});

describe('the generated client', () => {
  it('reads a 304 as NotModifiedError carrying the tag, without retrying', async () => {
    books.set('b6', { id: 'b6', title: 'Middlemarch' });
    const client = new pkg.client.ShelfClient({ baseUrl: server.baseUrl, apiKey: 'k', headers: KEY });
    const { data, headers } = await client.getBook({ id: 'b6' }).withResponse();
    expect(data).toEqual({ id: 'b6', title: 'Middlemarch' });
    const tag = headers.get('etag');
    const before = calls.length;
    const error = await client.getBook({ id: 'b6', ifNoneMatch: tag }).catch((e: unknown) => e);
    expect(calls.length - before).toBe(1);
    expect(error).toBeInstanceOf(pkg.client.NotModifiedError);
    expect(error).toBeInstanceOf(pkg.client.ApiError);
    expect(error.httpStatus).toBe(304);
    expect(error.headers.get('etag')).toBe(tag);
  });
});
