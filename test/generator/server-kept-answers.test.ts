// Kept answers (runtime/server/kept-answers.ts): a GET handler's 200 JSON answer with `reuse` is sent again,
// byte for byte, to an identical request (same target, same header lines) without calling the handler, for as
// long as the check answers true; anything else (another header, a false or throwing check, another method,
// an error, no `reuse`) goes through the handler. Bounded in count and bytes.
import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { analyticsErrorStyle, statusError, type AnalyticsHandlers } from '../../generated/analytics/server.js';
import {
  createRouter,
  type HandlerResult,
  type KeptAnswerLimits,
  type RouteDef,
} from '../../generated/analytics/runtime/server/index.js';
import { localServers } from '../support/local-servers.js';

const serve = localServers();

function route(operationId: string, method: string, path: string): RouteDef {
  return {
    operationId,
    method,
    path,
    params: [],
    bodies: [],
    bodyRequired: false,
    security: 'optional',
    validateParams: () => true,
    validateBody: {},
    validateResponse: {},
  };
}

const ROUTES = [route('read', 'GET', '/read'), route('other', 'GET', '/other'), route('write', 'POST', '/read')];

/** A router whose handler counts its calls and answers `answer(call)` for every route. */
async function server(
  answer: (call: number, operationId: string) => HandlerResult,
  keptAnswers?: KeptAnswerLimits | false,
) {
  let calls = 0;
  const listener = createRouter(ROUTES, async (input) => answer(++calls, input.operationId), {
    errorStyle: analyticsErrorStyle,
    logger: false,
    ...(keptAnswers === undefined ? {} : { keptAnswers }),
  });
  return { base: await serve(listener), calls: () => calls };
}

/** A GET with exactly these header lines (fetch would add its own), as a raw answer. */
function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; type?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('kept answers', () => {
  it('are sent again byte for byte without calling the handler while the check holds, and the check runs before each reuse', async () => {
    const check = vi.fn(() => true);
    const s = await server((call) => ({ body: { call, text: 'Ünïcode ✓' }, reuse: check }));
    const first = await get(s.base, '/read?a=1');
    expect(first).toEqual({
      status: 200,
      type: 'application/json; charset=UTF-8',
      body: '{"call":1,"text":"Ünïcode ✓"}',
    });
    for (let i = 0; i < 3; i++) expect(await get(s.base, '/read?a=1')).toEqual(first);
    expect(s.calls()).toBe(1);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('go through the handler once the check answers false or throws, and the new answer is kept in their place', async () => {
    let verdict: boolean | 'throw' = true;
    const s = await server((call) => ({
      body: { call },
      reuse: () => {
        if (verdict === 'throw') throw new Error('check broke');
        return verdict;
      },
    }));
    expect((await get(s.base, '/read')).body).toBe('{"call":1}');
    expect((await get(s.base, '/read')).body).toBe('{"call":1}');
    verdict = false;
    expect((await get(s.base, '/read')).body).toBe('{"call":2}');
    verdict = 'throw';
    expect((await get(s.base, '/read')).body).toBe('{"call":3}');
    // The answer of call 3 is kept with the same check, which holds again.
    verdict = true;
    expect((await get(s.base, '/read')).body).toBe('{"call":3}');
    expect(s.calls()).toBe(3);
  });

  it('are kept per target and per header line: another query, path, header value or extra header is another request', async () => {
    const s = await server((call) => ({ body: { call }, reuse: () => true }));
    await get(s.base, '/read?a=1', { authorization: 'Bearer one' });
    expect((await get(s.base, '/read?a=1', { authorization: 'Bearer one' })).body).toBe('{"call":1}');
    expect((await get(s.base, '/read?a=2', { authorization: 'Bearer one' })).body).toBe('{"call":2}');
    expect((await get(s.base, '/read?a=1', { authorization: 'Bearer two' })).body).toBe('{"call":3}');
    expect((await get(s.base, '/read?a=1', { authorization: 'Bearer one', 'if-none-match': '"x"' })).body).toBe(
      '{"call":4}',
    );
    expect((await get(s.base, '/other?a=1', { authorization: 'Bearer one' })).body).toBe('{"call":5}');
    expect(s.calls()).toBe(5);
  });

  it('are never made of errors, other statuses, other methods or answers without reuse', async () => {
    const s = await server((call, operationId) => {
      if (operationId === 'write') return { body: { call }, reuse: () => true };
      if (call === 1) return { status: 201, body: { call }, reuse: () => true } as HandlerResult;
      if (call === 2) return { body: { call } };
      return statusError('NOT_FOUND', `not found ${call}`);
    });
    expect((await get(s.base, '/read')).status).toBe(201);
    expect((await get(s.base, '/read')).body).toBe('{"call":2}');
    expect((await get(s.base, '/read')).status).toBe(404);
    expect((await get(s.base, '/read')).status).toBe(404);
    expect((await get(s.base, '/read', {}, 'POST')).body).toBe('{"call":5}');
    expect((await get(s.base, '/read', {}, 'POST')).body).toBe('{"call":6}');
    expect(s.calls()).toBe(6);
  });

  it('are bounded: the oldest go first, an answer larger than the byte bound is not kept, and false keeps none', async () => {
    const small = await server((call) => ({ body: { call }, reuse: () => true }), { maxEntries: 2, maxBytes: 1 << 20 });
    for (const q of ['a', 'b', 'c']) await get(small.base, `/read?${q}`);
    expect((await get(small.base, '/read?c')).body).toBe('{"call":3}');
    expect((await get(small.base, '/read?b')).body).toBe('{"call":2}');
    expect((await get(small.base, '/read?a')).body).toBe('{"call":4}');

    const tight = await server((call) => ({ body: { call, pad: 'x'.repeat(500) }, reuse: () => true }), {
      maxEntries: 10,
      maxBytes: 400,
    });
    await get(tight.base, '/read');
    await get(tight.base, '/read');
    expect(tight.calls()).toBe(2);

    const off = await server((call) => ({ body: { call }, reuse: () => true }), false);
    await get(off.base, '/read');
    await get(off.base, '/read');
    expect(off.calls()).toBe(2);
  });

  it('are offered by the generated handler types on a GET 200 answer only (checked by tsc)', () => {
    const read: Awaited<ReturnType<AnalyticsHandlers['listGroups']>> = {
      body: { kind: 'platform#groupListResponse', etag: '"e"', items: [] },
      reuse: () => true,
    };
    type InsertReply = Awaited<ReturnType<AnalyticsHandlers['insertGroup']>>;
    const inserted: InsertReply = { body: { kind: 'platform#group', etag: '"e"', id: 'G', snippet: { title: 'G' } } };
    // @ts-expect-error an insert (POST) answer is never kept
    const write: InsertReply = { ...inserted, reuse: () => true };
    expect([read, inserted, write]).toHaveLength(3);
  });
});
