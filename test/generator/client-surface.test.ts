// What a client user works with besides the data: per-status error classes and per-operation error types,
// withResponse() (status, headers, request id), page objects, the stream object (sent at once, typed error
// events, abort, toReadableStream) and multipart uploads that report progress as the bytes go out.
// Against a scripted fetch: no sockets, no waits.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AdCreativeClient,
  type ApiError,
  GraphApiError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  type GetAdCreativeError,
} from '../../generated/ad-creative/client.js';
import {
  AnalyticsClient,
  createAnalyticsCore,
  listGroups,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  StatusApiError,
  type ListGroupsError,
} from '../../generated/analytics/client.js';
import { ApiAbortError, GenerativeClient } from '../../generated/generative/client.js';
import type { components } from '../../generated/ad-creative/types.js';
import { json, scriptedFetch } from '../support/scripted-fetch.js';

const NO_RETRY = { maxRetries: 0 };

describe('errors', () => {
  it('are instances of their status class whatever the error shape', async () => {
    const cases: Array<[number, unknown]> = [
      [400, BadRequestError],
      [401, AuthenticationError],
      [403, PermissionDeniedError],
      [404, NotFoundError],
      [429, RateLimitError],
      [500, InternalServerError],
      [503, InternalServerError],
    ];
    for (const [status, cls] of cases) {
      const { fetch } = scriptedFetch(() => json(status, { error: { code: status, message: 'no', status: 'X' } }));
      const error = await new AnalyticsClient({ baseUrl: 'http://api.test', bearerToken: 't', fetch, retry: NO_RETRY })
        .listGroups({ mine: true })
        .catch((e) => e);
      expect(error).toBeInstanceOf(cls as never);
      expect(error).toBeInstanceOf(StatusApiError);
      expect(error).not.toBeInstanceOf(status === 404 ? RateLimitError : NotFoundError);
    }
    const graph = scriptedFetch(() =>
      json(404, {
        error: { message: 'gone', type: 'GraphMethodException', code: 100, error_subcode: 33, fbtrace_id: 'f' },
      }),
    );
    const error = await new AdCreativeClient({
      baseUrl: 'http://api.test',
      accessToken: 't',
      fetch: graph.fetch,
      retry: NO_RETRY,
    })
      .getAdCreative({ version: 'v20.0', creative_id: '1' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(GraphApiError);
    expect(error).toMatchObject({ code: 100, subcode: 33, body: { error: { fbtrace_id: 'f' } } });
  });

  it('carry the request id in the header the spec names (x-request-id-headers)', async () => {
    const { fetch } = scriptedFetch(() =>
      json(
        400,
        { error: { message: 'bad', type: 'OAuthException', code: 100, fbtrace_id: 'f' } },
        { 'x-fb-trace-id': 'trace-7' },
      ),
    );
    const client = new AdCreativeClient({ baseUrl: 'http://api.test', accessToken: 't', fetch, retry: NO_RETRY });
    const error = await client.getAdCreative({ version: 'v20.0', creative_id: '1' }).catch((e) => e);
    expect(error.requestId).toBe('trace-7');
    const ok = scriptedFetch(() => json(200, { id: '1' }, { 'x-fb-request-id': 'req-8' }));
    const read = await new AdCreativeClient({ baseUrl: 'http://api.test', accessToken: 't', fetch: ok.fetch })
      .getAdCreative({ version: 'v20.0', creative_id: '1' })
      .withResponse();
    expect(read.requestId).toBe('req-8');
  });

  it('carry the request id the server gave', async () => {
    const { fetch } = scriptedFetch(() =>
      json(403, { error: { code: 403, message: 'no', status: 'PERMISSION_DENIED' } }, { 'x-request-id': 'req-9' }),
    );
    const error = await new AnalyticsClient({ baseUrl: 'http://api.test', bearerToken: 't', fetch })
      .listGroups({ mine: true })
      .catch((e) => e);
    expect(error.requestId).toBe('req-9');
  });

  it("are typed per operation from its x-errors, with the service's error body", () => {
    expectTypeOf<GetAdCreativeError['code']>().toEqualTypeOf<100 | 104 | 190 | 200 | 2500 | 270 | 80004>();
    expectTypeOf<GetAdCreativeError['body']['error']['fbtrace_id']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ListGroupsError['status']>().toEqualTypeOf<
      'INVALID_ARGUMENT' | 'PERMISSION_DENIED' | 'RESOURCE_EXHAUSTED' | 'UNAUTHENTICATED'
    >();
    expectTypeOf<ListGroupsError>().toMatchTypeOf<ApiError>();
  });
});

describe('query strings', () => {
  it('are the bytes URLSearchParams writes, for any text', async () => {
    const fc = (await import('fast-check')).default;
    const core = createAnalyticsCore({ baseUrl: 'http://api.test', fetch: globalThis.fetch });
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const url = core.url({ operationId: 'x', method: 'GET', path: '/p', query: { a, [`k${b}`]: b } });
        expect(url).toBe(
          `http://api.test/p?${new URLSearchParams([
            ['a', a],
            [`k${b}`, b],
          ])}`,
        );
      }),
      { numRuns: 300, seed: 20261123 },
    );
  });
});

describe('operation functions', () => {
  it('are the methods as functions of a core: the same request, the same answer', async () => {
    const { fetch, requests } = scriptedFetch(() => json(200, { kind: 'k', etag: 'e', items: [{ id: 'g1' }] }));
    const core = createAnalyticsCore({ baseUrl: 'http://api.test', bearerToken: 't', fetch });
    expect(await listGroups(core, { mine: true })).toMatchObject({ items: [{ id: 'g1' }] });
    expect(
      await new AnalyticsClient({ baseUrl: 'http://api.test', bearerToken: 't', fetch }).listGroups({ mine: true }),
    ).toMatchObject({ items: [{ id: 'g1' }] });
    expect(requests.map((r) => [r.url, r.headers.get('authorization')])).toEqual([
      ['http://api.test/v2/groups?mine=true', 'Bearer t'],
      ['http://api.test/v2/groups?mine=true', 'Bearer t'],
    ]);
  });

  it('let a bundle keep only the operations it imports (no paging, stream or upload code for one plain call)', async () => {
    const { build } = await import('esbuild');
    const bundle = async (contents: string) => {
      const out = await build({
        stdin: { contents, resolveDir: process.cwd(), loader: 'ts' },
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        write: false,
        logLevel: 'silent',
      });
      return out.outputFiles[0]!.text;
    };
    const one = await bundle(
      `export { createGenerativeCore, generateContent } from './generated/generative/client.ts';`,
    );
    const all = await bundle(`export * from './generated/generative/client.ts';`);
    for (const marker of ['iterPages', 'text/event-stream', 'multipart/related', 'the upload source was empty']) {
      expect(all, marker).toContain(marker);
      expect(one, marker).not.toContain(marker);
    }
  }, 60_000);
});

describe('withResponse', () => {
  it('gives the data with the status, headers and request id; awaiting alone gives the data', async () => {
    const { fetch, requests } = scriptedFetch(() =>
      json(200, { kind: 'k', etag: 'e', items: [] }, { 'x-request-id': 'r-1', 'x-ratelimit-remaining': '7' }),
    );
    const client = new AnalyticsClient({ baseUrl: 'http://api.test', bearerToken: 't', fetch });
    const { data, status, headers, requestId } = await client.listGroups({ mine: true }).withResponse();
    expect(data).toMatchObject({ etag: 'e' });
    expect(status).toBe(200);
    expect(headers.get('x-ratelimit-remaining')).toBe('7');
    expect(requestId).toBe('r-1');
    expect(await client.listGroups({ mine: true })).toMatchObject({ etag: 'e' });
    const promise = client.listGroups({ mine: true });
    expect(await promise.withResponse()).toMatchObject({ status: 200 });
    expect(await promise).toMatchObject({ etag: 'e' }); // one request serves both
    expect(requests).toHaveLength(3);
  });
});

describe('page objects', () => {
  const pages: Record<string, { items: Array<{ id: string }>; nextPageToken?: string }> = {
    '': { items: [{ id: 'a' }, { id: 'b' }], nextPageToken: 'p2' },
    p2: { items: [{ id: 'c' }], nextPageToken: 'p3' },
    p3: { items: [{ id: 'd' }] },
  };
  const server = () =>
    scriptedFetch((_, r) =>
      json(200, { kind: 'k', etag: 'e', ...pages[new URL(r.url).searchParams.get('pageToken') ?? '']! }),
    );

  it('hasNextPage, getNextPage, items and the raw page', async () => {
    const { fetch } = server();
    const client = new AnalyticsClient({ baseUrl: 'http://api.test', bearerToken: 't', fetch });
    const first = await client.listGroupsPage({ mine: true });
    expect(first.items.map((g) => g.id)).toEqual(['a', 'b']);
    expect(first.raw.nextPageToken).toBe('p2');
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.items.map((g) => g.id)).toEqual(['c']);
    const third = await second.getNextPage();
    expect(third.hasNextPage()).toBe(false);
    await expect(third.getNextPage()).rejects.toThrow('there is no next page');
  });

  it('iterates pages, or every item across pages', async () => {
    const { fetch, requests } = server();
    const client = new AnalyticsClient({ baseUrl: 'http://api.test', bearerToken: 't', fetch });
    const sizes: number[] = [];
    for await (const page of (await client.listGroupsPage({ mine: true })).iterPages()) sizes.push(page.items.length);
    expect(sizes).toEqual([2, 1, 1]);
    const ids: string[] = [];
    for await (const g of await client.listGroupsPage({ mine: true })) ids.push(g.id!);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
    expect(requests).toHaveLength(6);
  });
});

describe('the stream object', () => {
  const body = {
    contents: [{ role: 'user' as const, parts: [{ text: 'hi' }] }] as [{ role: 'user'; parts: { text: string }[] }],
  };
  const chunk = (text: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }] });
  const sse = (events: string[]) =>
    new Response(events.join(''), { status: 200, headers: { 'content-type': 'text/event-stream' } });

  it('sends the request at once; a refused request rejects response() with the typed error', async () => {
    const { fetch, requests } = scriptedFetch(() =>
      json(400, { error: { code: 400, message: 'bad', status: 'INVALID_ARGUMENT' } }),
    );
    const client = new GenerativeClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    const stream = client.streamGenerateContent({ model: 'm', alt: 'sse', body });
    await expect(stream.response()).rejects.toBeInstanceOf(BadRequestError);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url).searchParams.get('alt')).toBe('sse');
  });

  it('yields typed events and ends with the typed error of an error event', async () => {
    const { fetch } = scriptedFetch(() =>
      sse([
        `data: ${JSON.stringify(chunk('a'))}\n\n`,
        `event: error\ndata: ${JSON.stringify({ error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } })}\n\n`,
      ]),
    );
    const client = new GenerativeClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    const texts: string[] = [];
    const error = await (async () => {
      for await (const c of client.streamGenerateContent({ model: 'm', alt: 'sse', body }))
        texts.push(c.candidates![0]!.content!.parts![0]!.text!);
    })().catch((e) => e);
    expect(texts).toEqual(['a']);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({
      httpStatus: 503,
      status: 'UNAVAILABLE',
      message: expect.stringContaining('overloaded'),
    });
  });

  it('recognises an error body sent as a plain data event too', async () => {
    const { fetch } = scriptedFetch(() =>
      sse([`data: ${JSON.stringify({ error: { code: 500, message: 'boom', status: 'INTERNAL' } })}\n\n`]),
    );
    const stream = new GenerativeClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch }).streamGenerateContent({
      model: 'm',
      alt: 'sse',
      body,
    });
    await expect(
      (async () => {
        for await (const _ of stream) {
          /* none */
        }
      })(),
    ).rejects.toMatchObject({ status: 'INTERNAL' });
  });

  it('hands its events on as a ReadableStream of JSON lines', async () => {
    const { fetch } = scriptedFetch(() =>
      sse([`data: ${JSON.stringify(chunk('a'))}\n\n`, `data: ${JSON.stringify(chunk('b'))}\n\n`]),
    );
    const stream = new GenerativeClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch }).streamGenerateContent({
      model: 'm',
      alt: 'sse',
      body,
    });
    const text = await new Response(stream.toReadableStream()).text();
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).candidates[0].content.parts[0].text),
    ).toEqual(['a', 'b']);
  });

  it('abort() stops it with ApiAbortError', async () => {
    const { fetch } = scriptedFetch(
      (_, request) =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(chunk('a'))}\n\n`));
              request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const stream = new GenerativeClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch }).streamGenerateContent({
      model: 'm',
      alt: 'sse',
      body,
    });
    const error = await (async () => {
      for await (const _ of stream) stream.abort();
    })().catch((e) => e);
    expect(error).toBeInstanceOf(ApiAbortError);
  });
});

describe('multipart upload', () => {
  it('reports progress as the bytes are taken, before the answer, ending at the total', async () => {
    const log: string[] = [];
    const file = {
      file: {
        name: 'files/m1',
        mimeType: 'text/plain',
        sizeBytes: '300000',
        state: 'ACTIVE',
        uri: 'u',
        createTime: '2024-05-01T12:00:00Z',
        updateTime: '2024-05-01T12:00:00Z',
      },
    };
    const { fetch, requests } = scriptedFetch(async (_, request) => {
      const received = (await request.arrayBuffer()).byteLength;
      log.push(`answered after ${received}`);
      return json(200, file);
    });
    const client = new GenerativeClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    const progress: Array<{ loaded: number; total?: number }> = [];
    const data = new Uint8Array(300_000);
    const result = await client.uploadFileMultipart({
      data,
      mimeType: 'text/plain',
      onProgress: (p) => {
        progress.push(p);
        log.push('progress');
      },
    });
    expect(result.file?.name).toBe('files/m1');
    expect(progress.length).toBeGreaterThan(2);
    const total = progress.at(-1)!.total!;
    expect(total).toBeGreaterThan(300_000); // the parts' framing included
    expect(progress.at(-1)!.loaded).toBe(total);
    expect(progress.map((p) => p.loaded)).toEqual([...progress.map((p) => p.loaded)].sort((a, b) => a - b));
    expect(log.at(-1)).toBe(`answered after ${total}`);
    expect(requests[0]!.headers.get('content-type')).toMatch(/^multipart\/related; boundary=/);
  });

  it('takes a stream as its data', async () => {
    const { fetch, requests } = scriptedFetch(async () => json(200, { file: { name: 'files/s' } }));
    const client = new GenerativeClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch });
    async function* source() {
      yield new TextEncoder().encode('hello ');
      yield new TextEncoder().encode('world');
    }
    await client.uploadFileMultipart({ data: source(), mimeType: 'text/plain' });
    expect(await requests[0]!.text()).toContain('hello world');
  });
});

describe('field selection', () => {
  type AdCreative = components['schemas']['AdCreative'];
  const { fetch, requests } = scriptedFetch(() =>
    json(200, {
      id: '1',
      name: 'N',
      data: [{ id: '2', status: 'ACTIVE' }],
      paging: { cursors: { before: 'a', after: 'b' } },
    }),
  );
  const client = new AdCreativeClient({ baseUrl: 'http://api.test', accessToken: 't', fetch });

  it('narrows the answer to the selected fields and the id', async () => {
    const one = await client.getAdCreative({
      version: 'v20.0',
      creative_id: '1',
      fields: ['name', 'object_story_spec{page_id}'],
    });
    expectTypeOf(one).toEqualTypeOf<Pick<AdCreative, 'id' | 'name' | 'object_story_spec'>>();
    const list = await client.listAdCreatives({ version: 'v20.0', ad_account_id: '1', fields: ['status'] });
    expectTypeOf(list.data[0]!).toEqualTypeOf<Pick<AdCreative, 'id' | 'status'>>();
    expect(new URL(requests[0]!.url).searchParams.get('fields')).toBe('name,object_story_spec{page_id}');
    expect(new URL(requests[1]!.url).searchParams.get('fields')).toBe('status');
  });

  it('keeps the whole answer type for a string selection or none', async () => {
    expectTypeOf(
      await client.getAdCreative({ version: 'v20.0', creative_id: '1', fields: 'name,status' }),
    ).toEqualTypeOf<Pick<AdCreative, keyof AdCreative>>();
    expectTypeOf(await client.getAdCreative({ version: 'v20.0', creative_id: '1' })).toEqualTypeOf<
      Pick<AdCreative, keyof AdCreative>
    >();
  });

  it('refuses an unknown field name at compile time', () => {
    // @ts-expect-error 'nmae' is no field of AdCreative
    void client.getAdCreative({ version: 'v20.0', creative_id: '1', fields: ['nmae'] }).catch(() => undefined);
  });
});

describe('query serialisation rules', async () => {
  const { styledQuery } = await import('../../templates/runtime/client/query-style.js');
  it.each([
    [
      ['a', 'b'],
      'form',
      true,
      [
        ['p', 'a'],
        ['p', 'b'],
      ],
    ],
    [['a', 'b'], 'form', false, [['p', 'a,b']]],
    [['a', 'b'], 'spaceDelimited', false, [['p', 'a b']]],
    [['a', 'b'], 'pipeDelimited', false, [['p', 'a|b']]],
    [
      { x: 1, y: 'z' },
      'form',
      true,
      [
        ['x', '1'],
        ['y', 'z'],
      ],
    ],
    [{ x: 1, y: 'z' }, 'form', false, [['p', 'x,1,y,z']]],
    [
      { x: 1, y: 'z' },
      'deepObject',
      true,
      [
        ['p[x]', '1'],
        ['p[y]', 'z'],
      ],
    ],
  ] as const)('%j as %s (explode %s)', (value, style, explode, pairs) => {
    expect(styledQuery('p', value, style, explode)).toEqual(pairs);
  });
});
