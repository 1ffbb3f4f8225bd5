// Round trip: each generated client against its generated server (node:http, validation on, response
// validation on) with small in-test handlers, for every operation of the three services, including a
// stream, a multipart and a resumable upload, paginated lists and retried 80004 / 429 answers.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { AdCreativeClient, GraphApiError } from '../../generated/ad-creative/client.js';
import { createAdCreativeServer, graphError, type AdCreativeHandlers } from '../../generated/ad-creative/server.js';
import { AnalyticsClient, StatusApiError } from '../../generated/analytics/client.js';
import { createAnalyticsServer, statusError, type AnalyticsHandlers } from '../../generated/analytics/server.js';
import { GenerativeClient } from '../../generated/generative/client.js';
import {
  createGenerativeServer,
  statusError as generativeStatusError,
  type GenerativeHandlers,
  type MediaPart,
} from '../../generated/generative/server.js';

const servers: http.Server[] = [];
afterAll(async () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

async function serve(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const RETRY = { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 10 };
const errors: unknown[] = [];
const onError = (e: unknown) => errors.push(e);

describe('ad creative round trip', async () => {
  const seen: Record<string, unknown> = {};
  let throttled = 0;
  const ids = Array.from({ length: 5 }, (_, i) => String(1000 + i));
  const handlers: AdCreativeHandlers = {
    async getAdCreative({ path, query, credentials }) {
      seen.read = { query, credentials };
      if (path.creative_id === '777' && throttled++ === 0)
        throw graphError(80004, 'There have been too many calls to this ad-account.', {
          headers: { 'retry-after': '0' },
        });
      if (path.creative_id === '404') throw graphError(100, 'Unsupported get request.', { subcode: 33 });
      return { body: { id: path.creative_id, name: 'Spring', status: 'ACTIVE' } };
    },
    async createAdCreative({ body, credentials }) {
      seen.create = { body, credentials };
      return { body: { id: '120330000008134415' } };
    },
    async updateAdCreative({ body }) {
      seen.update = body;
      return { body: { success: true } };
    },
    async deleteAdCreative() {
      return { body: { success: true } };
    },
    async listAdCreatives({ query }) {
      const start = query.after ? ids.indexOf(String(query.after)) + 1 : 0;
      const page = ids.slice(start, start + Number(query.limit ?? 2));
      const more = start + page.length < ids.length;
      return {
        body: {
          data: page.map((id) => ({ id })),
          paging: { cursors: { before: page[0]!, after: page.at(-1)! }, ...(more ? { next: 'next' } : {}) },
        },
      };
    },
    async getAdCreativePreviews() {
      return { body: { data: [{ body: '<iframe src="https://platform.example/p"></iframe>' }] } };
    },
    async listPromotablePosts({ query }) {
      return {
        body: {
          data: query.include_inline ? [{ id: '1_2', is_inline_created: true }] : [],
          paging: { cursors: { before: '', after: '' } },
        },
      };
    },
  };
  const baseUrl = await serve(createAdCreativeServer(handlers, { validateResponses: true, onError }));
  const client = new AdCreativeClient({ baseUrl, accessToken: 'tok-1', retry: RETRY });
  const version = 'v20.0';

  it('reads with fields and the token in the query', async () => {
    expect(await client.getAdCreative({ version, creative_id: '42', fields: ['name', 'status'] })).toMatchObject({
      id: '42',
      name: 'Spring',
    });
    expect(seen.read).toMatchObject({
      query: { fields: 'name,status', access_token: 'tok-1' },
      credentials: { accessToken: 'tok-1' },
    });
  });

  it('creates form-encoded, with object fields as JSON strings decoded for the handler', async () => {
    const spec = {
      page_id: '9',
      link_data: {
        link: 'https://a.example',
        call_to_action: { type: 'SHOP_NOW' as const, value: { link: 'https://a.example' } },
      },
    };
    expect(
      await client.createAdCreative({ version, ad_account_id: '55', body: { name: 'N', object_story_spec: spec } }),
    ).toEqual({ id: '120330000008134415' });
    expect(seen.create).toMatchObject({
      body: { name: 'N', object_story_spec: spec, access_token: 'tok-1' },
      credentials: { accessToken: 'tok-1' },
    });
  });

  it('updates and deletes', async () => {
    expect(
      await client.updateAdCreative({ version, creative_id: '42', body: { name: 'New', status: 'ACTIVE' } }),
    ).toEqual({ success: true });
    expect(seen.update).toMatchObject({ name: 'New', status: 'ACTIVE' });
    expect(await client.deleteAdCreative({ version, creative_id: '42' })).toEqual({ success: true });
  });

  it('walks Graph cursors across pages', async () => {
    const got: string[] = [];
    for await (const c of client.listAdCreativesAll({ version, ad_account_id: '55', limit: 2 })) got.push(c.id!);
    expect(got).toEqual(ids);
  });

  it('previews and lists promotable posts', async () => {
    expect(
      (await client.getAdCreativePreviews({ version, creative_id: '42', ad_format: 'DESKTOP_FEED_STANDARD' })).data[0]!
        .body,
    ).toContain('<iframe');
    expect((await client.listPromotablePosts({ version, page_id: '9', include_inline: true })).data).toHaveLength(1);
  });

  it('retries a 80004 answer (Retry-After) and then succeeds', async () => {
    expect((await client.getAdCreative({ version, creative_id: '777' })).id).toBe('777');
    expect(throttled).toBe(2);
  });

  it('throws a typed Graph error with code and subcode', async () => {
    const error = await client.getAdCreative({ version, creative_id: '404' }).catch((e) => e);
    expect(error).toBeInstanceOf(GraphApiError);
    expect(error).toMatchObject({ code: 100, subcode: 33, httpStatus: 400 });
    expect(error.message).toContain('getAdCreative failed');
  });
});

describe('analytics round trip', async () => {
  let throttled = 0;
  const group = {
    kind: 'platform#group' as const,
    etag: 'e',
    id: 'g1',
    snippet: { title: 'T', publishedAt: '2024-01-01T00:00:00Z' },
    contentDetails: { itemCount: '0', itemType: 'platform#video' as const },
  };
  const item = {
    kind: 'platform#groupItem' as const,
    etag: 'e',
    id: 'i1',
    groupId: 'g1',
    resource: { kind: 'platform#video' as const, id: 'v1' },
  };
  const handlers: AnalyticsHandlers = {
    async queryReports({ query }) {
      return {
        body: {
          kind: 'platformAnalytics#resultTable',
          columnHeaders: [{ name: String(query.metrics), columnType: 'METRIC', dataType: 'INTEGER' }],
          rows: [[5]],
        },
      };
    },
    async listGroups({ query, credentials }) {
      if (credentials.bearerToken !== 'oauth-1') throw statusError('UNAUTHENTICATED', 'bad token');
      if (query.mine && throttled++ === 0)
        throw statusError('RESOURCE_EXHAUSTED', 'Quota exceeded.', { headers: { 'retry-after': '0' } });
      const pages: Record<string, { items: (typeof group)[]; nextPageToken?: string }> = {
        '': { items: [group], nextPageToken: 'p2' },
        p2: { items: [{ ...group, id: 'g2' }] },
      };
      return { body: { kind: 'platform#groupListResponse', etag: 'e', ...pages[String(query.pageToken ?? '')]! } };
    },
    async insertGroup({ body }) {
      return { body: { ...group, snippet: { ...group.snippet, title: body.snippet.title! } } };
    },
    async updateGroup({ body }) {
      return { body: { ...group, snippet: { ...group.snippet, title: body.snippet.title! } } };
    },
    async deleteGroup() {
      return { status: 204 };
    },
    async listGroupItems() {
      return { body: { kind: 'platform#groupItemListResponse', etag: 'e', items: [item] } };
    },
    async insertGroupItem() {
      return { body: item };
    },
    async deleteGroupItem() {
      return { status: 204 };
    },
  };
  const baseUrl = await serve(createAnalyticsServer(handlers, { validateResponses: true, onError }));
  const client = new AnalyticsClient({ baseUrl, bearerToken: () => 'oauth-1', retry: RETRY });

  it('queries a report', async () => {
    const report = await client.queryReports({
      ids: 'channel==MINE',
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      metrics: 'views',
    });
    expect(report.rows).toEqual([[5]]);
  });

  it('retries a 429 and pages through groups with page tokens', async () => {
    const ids: string[] = [];
    for await (const g of client.listGroupsAll({ mine: true })) ids.push(g.id!);
    expect(ids).toEqual(['g1', 'g2']);
    expect(throttled).toBeGreaterThanOrEqual(2);
  });

  it('inserts, updates and deletes groups and items', async () => {
    expect(
      (
        await client.insertGroup({
          body: { snippet: { title: 'New' }, contentDetails: { itemType: 'platform#video' } },
        })
      ).snippet.title,
    ).toBe('New');
    expect((await client.updateGroup({ body: { id: 'g1', snippet: { title: 'Renamed' } } })).snippet.title).toBe(
      'Renamed',
    );
    expect(
      (await client.insertGroupItem({ body: { groupId: 'g1', resource: { kind: 'platform#video', id: 'v1' } } })).id,
    ).toBe('i1');
    expect((await client.listGroupItems({ groupId: 'g1' })).items).toHaveLength(1);
    expect(await client.deleteGroupItem({ id: 'i1' })).toBeUndefined();
    expect(await client.deleteGroup({ id: 'g1' })).toBeUndefined();
  });

  it('throws a typed Status error', async () => {
    const bad = new AnalyticsClient({ baseUrl, bearerToken: 'wrong', retry: false as never });
    const error = await bad.listGroups({ mine: true }).catch((e) => e);
    expect(error).toBeInstanceOf(StatusApiError);
    expect(error).toMatchObject({ status: 'UNAUTHENTICATED', httpStatus: 401, code: 401 });
  });
});

describe('generative round trip', async () => {
  const files = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, { metadata: any; chunks: Uint8Array[]; received: number }>();
  let uploadBase = '';
  let breakNextChunk = false;
  const fileOf = (name: string, data: Uint8Array, mimeType: string, displayName?: string) => {
    const file = {
      name,
      displayName,
      mimeType,
      sizeBytes: String(data.byteLength),
      sha256Hash: createHash('sha256').update(data).digest('base64'),
      state: 'ACTIVE' as const,
      uri: `${uploadBase}/v1beta/${name}`,
      createTime: '2024-05-01T12:00:00Z',
      updateTime: '2024-05-01T12:00:00Z',
    };
    files.set(name, file);
    return file;
  };
  const answer = (text: string) => ({
    candidates: [{ content: { role: 'model' as const, parts: [{ text }] }, index: 0, finishReason: 'STOP' as const }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
  });
  const cache = {
    name: 'cachedContents/c1',
    model: 'models/m1',
    displayName: 'C',
    createTime: '2024-06-10T09:00:00Z',
    updateTime: '2024-06-10T09:00:00Z',
    expireTime: '2024-06-10T10:00:00Z',
    usageMetadata: { totalTokenCount: 10 },
  };
  const handlers: GenerativeHandlers = {
    async generateContent({ credentials }) {
      expect(credentials.apiKey).toBe('key-1');
      return { body: answer('hello') };
    },
    async streamGenerateContent() {
      async function* chunks() {
        for (const t of ['Once', ' upon', ' a time']) yield answer(t);
      }
      return { sse: chunks() };
    },
    async uploadFile({
      headers,
      body,
      query,
    }): Promise<{ headers?: Record<string, string>; body: Record<string, unknown> }> {
      const protocol = headers['x-goog-upload-protocol'];
      if (protocol === 'multipart') {
        const { metadata, media } = body as { metadata: any; media: MediaPart };
        return {
          body: { file: fileOf('files/multi-1', await media.bytes(), media.contentType, metadata.file?.displayName) },
        };
      }
      if (protocol === 'resumable' && headers['x-goog-upload-command'] === 'start') {
        sessions.set('s1', { metadata: body, chunks: [], received: 0 });
        return {
          headers: {
            'x-goog-upload-url': `${uploadBase}/upload/v1beta/files?upload_id=s1`,
            'x-goog-upload-status': 'active',
          },
          body: {},
        };
      }
      const session = sessions.get(String(query.upload_id))!;
      if (headers['x-goog-upload-command'] === 'query') {
        // No body: the client asks how much arrived, after a failed chunk.
        return {
          headers: { 'x-goog-upload-status': 'active', 'x-goog-upload-size-received': String(session.received) },
          body: {},
        };
      }
      const data = await (body as MediaPart).bytes();
      expect(Number(headers['x-goog-upload-offset'])).toBe(session.received);
      if (breakNextChunk) {
        // Half the chunk arrives, then the connection "fails": the client must send only the other half.
        breakNextChunk = false;
        const half = data.subarray(0, Math.floor(data.byteLength / 2));
        session.chunks.push(half);
        session.received += half.byteLength;
        throw generativeStatusError('UNAVAILABLE', 'The service is currently unavailable.');
      }
      session.chunks.push(data);
      session.received += data.byteLength;
      if (!String(headers['x-goog-upload-command']).includes('finalize'))
        return { headers: { 'x-goog-upload-status': 'active' }, body: {} };
      const all = new Uint8Array(Buffer.concat(session.chunks));
      return {
        headers: { 'x-goog-upload-status': 'final' },
        body: {
          file: fileOf('files/resumable-1', all, 'application/octet-stream', session.metadata.file?.displayName),
        },
      };
    },
    async createFile({ body }) {
      return {
        body: { file: fileOf('files/meta-1', new Uint8Array(), 'application/octet-stream', body.file?.displayName) },
      };
    },
    async listFiles({ query }) {
      const all = [...files.values()];
      const start = Number(query.pageToken ?? 0);
      const size = Number(query.pageSize ?? 10);
      const next = start + size < all.length ? String(start + size) : undefined;
      return { body: { files: all.slice(start, start + size) as never, ...(next ? { nextPageToken: next } : {}) } };
    },
    async getFile({ path }) {
      const f = files.get(`files/${path.file}`);
      // The analytics package's helper on purpose: errors work across package copies.
      if (!f)
        throw (path.file === 'meta-1' ? statusError : generativeStatusError)(
          'NOT_FOUND',
          'Requested entity was not found.',
        );
      return { body: f as never };
    },
    async deleteFile({ path }) {
      files.delete(`files/${path.file}`);
      return { body: {} };
    },
    async createCachedContent() {
      return { body: cache };
    },
    async listCachedContents() {
      return { body: { cachedContents: [cache] } };
    },
    async getCachedContent() {
      return { body: cache };
    },
    async updateCachedContent() {
      return { body: { ...cache, expireTime: '2024-06-10T11:00:00Z' } };
    },
    async deleteCachedContent() {
      return { body: {} };
    },
  };
  const baseUrl = await serve(createGenerativeServer(handlers, { validateResponses: true, onError }));
  uploadBase = baseUrl;
  const client = new GenerativeClient({ baseUrl, apiKey: 'key-1', retry: RETRY });

  it('generates, with the key in the header or the query', async () => {
    expect(
      (
        await client.generateContent({
          collection: 'models',
          model: 'm1',
          body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
        })
      ).candidates![0]!.content!.parts![0]!.text,
    ).toBe('hello');
    const viaQuery = new GenerativeClient({ baseUrl, apiKey: 'key-1', apiKeyIn: 'query' });
    expect(
      (
        await viaQuery.generateContent({
          collection: 'models',
          model: 'm1',
          body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
        })
      ).candidates,
    ).toHaveLength(1);
  });

  it('streams typed chunks over SSE', async () => {
    const texts: string[] = [];
    for await (const chunk of client.streamGenerateContent({
      collection: 'models',
      model: 'm1',
      alt: 'sse',
      body: { contents: [{ role: 'user', parts: [{ text: 'story' }] }] },
    })) {
      texts.push(chunk.candidates![0]!.content!.parts![0]!.text!);
    }
    expect(texts.join('')).toBe('Once upon a time');
  });

  it('uploads multipart/related and resumable (in chunks, with progress)', async () => {
    const multi = await client.uploadFileMultipart({
      metadata: { file: { displayName: 'notes' } },
      data: new TextEncoder().encode('hello'),
      mimeType: 'text/plain',
    });
    expect(multi.file).toMatchObject({
      name: 'files/multi-1',
      sizeBytes: '5',
      displayName: 'notes',
      sha256Hash: 'LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ=',
    });
    const data = new Uint8Array(600 * 1024).map((_, i) => i % 251);
    const progress: number[] = [];
    async function* stream() {
      for (let i = 0; i < data.length; i += 100_000) yield data.subarray(i, i + 100_000);
    }
    const resumed = await client.uploadFileResumable({
      metadata: { file: { displayName: 'big' } },
      source: stream(),
      mimeType: 'application/octet-stream',
      chunkSize: 256 * 1024,
      onProgress: (p) => progress.push(p.loaded),
    });
    expect(resumed.file?.sizeBytes).toBe(String(data.length));
    expect(resumed.file?.sha256Hash).toBe(createHash('sha256').update(data).digest('base64'));
    expect(progress).toEqual([0, 262144, 524288, 614400]);
    // A chunk that fails halfway: the client asks (query, no body) how much arrived and resumes there.
    breakNextChunk = true;
    const resumedAfterFailure = await client.uploadFileResumable({
      source: data,
      mimeType: 'application/octet-stream',
      chunkSize: 256 * 1024,
    });
    expect(breakNextChunk).toBe(false);
    expect(resumedAfterFailure.file?.sha256Hash).toBe(createHash('sha256').update(data).digest('base64'));
    // The other sources: a Blob and a Buffer, each ending in a short last chunk.
    for (const source of [new Blob([data.subarray(0, 300_000)]), Buffer.from(data.subarray(0, 300_000))]) {
      const seenProgress: number[] = [];
      const done = await client.uploadFileResumable({
        source,
        mimeType: 'application/octet-stream',
        chunkSize: 256 * 1024,
        onProgress: (p) => seenProgress.push(p.loaded),
      });
      expect(done.file?.sha256Hash).toBe(createHash('sha256').update(data.subarray(0, 300_000)).digest('base64'));
      expect(seenProgress).toEqual([0, 262144, 300000]);
    }
  });

  it('creates, gets, pages through and deletes files', async () => {
    await client.createFile({ body: { file: { displayName: 'meta' } } });
    const names: string[] = [];
    for await (const f of client.listFilesAll({ pageSize: 1 })) names.push(f.name!);
    expect(names).toEqual(['files/multi-1', 'files/resumable-1', 'files/meta-1']);
    expect((await client.getFile({ file: 'meta-1' })).name).toBe('files/meta-1');
    expect(await client.deleteFile({ file: 'meta-1' })).toEqual({});
    await expect(client.getFile({ file: 'meta-1' })).rejects.toMatchObject({ status: 'NOT_FOUND', httpStatus: 404 });
  });

  it('manages cached contents', async () => {
    expect((await client.createCachedContent({ body: { model: 'models/m1', ttl: '300s' } })).name).toBe(
      'cachedContents/c1',
    );
    expect((await client.listCachedContents()).cachedContents).toHaveLength(1);
    expect((await client.getCachedContent({ cachedContent: 'c1' })).model).toBe('models/m1');
    expect(
      (await client.updateCachedContent({ cachedContent: 'c1', updateMask: 'ttl', body: { ttl: '600s' } })).expireTime,
    ).toBe('2024-06-10T11:00:00Z');
    expect(await client.deleteCachedContent({ cachedContent: 'c1' })).toEqual({});
  });
});

describe('servers', () => {
  it('reported no handler errors or invalid answers', () => {
    expect(errors).toEqual([]);
  });
});
