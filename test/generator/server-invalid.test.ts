// The generated servers reject invalid requests in the service's own error shape with a documented code:
// one broken constraint at a time (derived from the schemas), unknown routes, unparsable and oversized
// bodies; and never with a 500 or a stack trace. Handlers here answer the spec's own examples.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createAdCreativeServer } from '../../generated/ad-creative/server.js';
import { createAnalyticsServer } from '../../generated/analytics/server.js';
import { createGenerativeServer } from '../../generated/generative/server.js';
import { exampleRequest } from '../../contracts/harness/example-request.js';
import { exampleHandlers } from '../../contracts/targets/example-handlers.js';
import { invalidCases } from '../../contracts/harness/engine-requests.js';
import { generatedSpec, operationsOf as operationsOfModel } from '../../generator/model/index.js';
import type { ServiceKey } from '../../contracts/harness/services.js';

const specOf = (service: ServiceKey) => generatedSpec(service).document;
const operationsOf = (service: ServiceKey) => operationsOfModel(generatedSpec(service).model);
import { localServers } from '../support/local-servers.js';

/** Serves a listener on a free port until the file ends; answers its base URL. */
const serve = localServers();

/** The example handlers of a service, with some operations answered otherwise. */
function handlersWith(service: ServiceKey, overrides: Record<string, unknown>): any {
  const handlers: Record<string, unknown> = exampleHandlers(service);
  return new Proxy({}, { get: (_, id: string) => overrides[id] ?? handlers[id] });
}

const FACTORIES = {
  'ad-creative': createAdCreativeServer,
  analytics: createAnalyticsServer,
  generative: createGenerativeServer,
} as const;

async function start(service: ServiceKey): Promise<string> {
  return serve((FACTORIES[service] as any)(exampleHandlers(service), { maxBodyBytes: 64 * 1024 }));
}

const CREDENTIALS = { accessToken: 'tok', apiKey: 'key' };

function shapeOk(service: ServiceKey, body: any): boolean {
  if (service === 'ad-creative')
    return (
      typeof body?.error?.code === 'number' &&
      typeof body.error.message === 'string' &&
      typeof body.error.fbtrace_id === 'string'
    );
  return (
    typeof body?.error?.status === 'string' &&
    typeof body.error.code === 'number' &&
    typeof body.error.message === 'string'
  );
}

async function call(
  base: string,
  r: {
    method: string;
    path: string;
    query: Record<string, string> | Array<[string, string]>;
    headers: Record<string, string>;
    contentType?: string;
    body?: unknown;
  },
) {
  const url = new URL(base + r.path);
  for (const [k, v] of Array.isArray(r.query) ? r.query : Object.entries(r.query)) url.searchParams.append(k, v);
  const response = await fetch(url, {
    method: r.method,
    headers: { ...r.headers, ...(r.contentType ? { 'content-type': r.contentType } : {}) },
    body: r.body as BodyInit | undefined,
  });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body, text };
}

describe.each(['ad-creative', 'analytics', 'generative'] as const)('generated %s server', async (service) => {
  const base = await start(service);
  const doc = specOf(service);
  const cases = operationsOf(service).flatMap((op) => {
    const valid = exampleRequest(doc, op.path, op.method, CREDENTIALS);
    return invalidCases(service, op.id, valid).map((c) => ({ ...c, operationId: op.id, op }));
  });

  it('has negative cases for most operations', () => {
    expect(new Set(cases.map((c) => c.operationId)).size).toBeGreaterThan(operationsOf(service).length / 2);
  });

  it.each(cases.map((c) => [`${c.operationId}: ${c.title}`, c] as const))('rejects %s', async (_, c) => {
    const answer = await call(base, c.request);
    expect(answer.status, answer.text.slice(0, 300)).toBe(400);
    expect(shapeOk(service, answer.body), answer.text.slice(0, 300)).toBe(true);
    const documented = (c.op.operation['x-errors'] as any[])
      .filter((e) => e.http === 400)
      .map((e) => e.code ?? e.status);
    expect(documented).toContain(service === 'ad-creative' ? answer.body.error.code : answer.body.error.status);
    expect(answer.text).not.toMatch(/\n\s+at /);
  });

  it('answers every example request with its documented success', async () => {
    for (const op of operationsOf(service)) {
      const r = exampleRequest(doc, op.path, op.method, CREDENTIALS);
      const answer = await call(base, r);
      expect(
        op.model.responses.map((r) => r.status),
        `${op.id}: ${answer.text.slice(0, 200)}`,
      ).toContain(String(answer.status));
      expect(answer.status, `${op.id}: ${answer.text.slice(0, 200)}`).toBeLessThan(300);
    }
  });

  it('answers an unknown route in its own shape (Graph: 400 code 100/33 as the public service; Status: 404)', async () => {
    const answer = await call(base, { method: 'GET', path: '/no/such/route/here', query: {}, headers: {} });
    expect(answer.status).toBe(service === 'ad-creative' ? 400 : 404);
    expect(shapeOk(service, answer.body)).toBe(true);
  });

  it('refuses an oversized body with its documented invalid-request error, in its own shape', async () => {
    const op = operationsOf(service).find((o) =>
      o.model.requestBodies.some((b) => b.contentType === 'application/json'),
    )!;
    const r = exampleRequest(doc, op.path, op.method, CREDENTIALS);
    const answer = await call(base, {
      ...r,
      contentType: 'application/json',
      body: JSON.stringify({ padding: 'x'.repeat(200 * 1024) }),
    });
    expect(answer.status).toBe(400);
    expect(shapeOk(service, answer.body)).toBe(true);
    // The operation's documented invalid-request error, not an undocumented 413.
    expect(answer.body.error.code).toBe(service === 'ad-creative' ? 100 : 400);
    if (service !== 'ad-creative') expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
    expect(answer.body.error.message).toMatch(/65536 bytes/);
  });

  it('cuts off a streamed body (no Content-Length) as soon as it passes the limit', async () => {
    const op = operationsOf(service).find((o) =>
      o.model.requestBodies.some((b) => b.contentType === 'application/json'),
    )!;
    const r = exampleRequest(doc, op.path, op.method, CREDENTIALS);
    const url = new URL(base + r.path);
    for (const [k, v] of Object.entries(r.query)) url.searchParams.set(k, v);
    // 64 MiB offered in 64 KiB chunks against a 64 KiB limit: the answer must come long before the end.
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const offered = 1024;
    const { status, body, sent } = await new Promise<{ status: number; body: string; sent: number }>(
      (resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = http.request(
          url,
          {
            method: r.method,
            headers: { ...r.headers, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          },
          (res) => {
            answered = true;
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, body: text, sent }));
          },
        );
        req.on('error', (e) => (answered ? undefined : reject(e)));
        const pump = () => {
          while (!answered && sent < offered) {
            sent++;
            if (!req.write(chunk)) return req.once('drain', pump);
          }
          if (!answered) req.end();
        };
        pump();
      },
    );
    expect(status).toBe(400);
    expect(shapeOk(service, JSON.parse(body))).toBe(true);
    expect(sent).toBeLessThan(offered / 4);
  });

  it('answers a request without credentials in its own shape', async () => {
    const op = operationsOf(service).find((o) => o.method === 'GET')!;
    const r = exampleRequest(doc, op.path, op.method, {});
    delete r.headers.authorization;
    delete r.headers['x-goog-api-key'];
    delete r.query.access_token;
    delete r.query.key;
    const answer = await call(base, r);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(shapeOk(service, answer.body)).toBe(true);
  });
});

describe('response validation (the validateResponses option)', () => {
  async function serveWith(validateResponses: boolean, errors: unknown[]): Promise<string> {
    // A handler whose answer breaks the spec: a group without its required fields.
    const handlers = handlersWith('analytics', { listGroups: async () => ({ body: { items: [{ snippet: 5 }] } }) });
    return serve(createAnalyticsServer(handlers, { validateResponses, onError: (e) => errors.push(e) }));
  }
  const request = {
    method: 'GET',
    path: '/v2/groups',
    query: { mine: 'true' },
    headers: { authorization: 'Bearer tok' },
  };

  it('turns an answer that breaks the spec into a 500 in the service shape and reports it', async () => {
    const errors: unknown[] = [];
    const answer = await call(await serveWith(true, errors), request);
    expect(answer.status).toBe(500);
    expect(shapeOk('analytics', answer.body)).toBe(true);
    expect(answer.body.error.status).toBe('INTERNAL');
    expect(answer.text).not.toMatch(/\n\s+at /);
    expect(String(errors[0])).toMatch(/listGroups: answer 200 does not match the spec/);
  });

  it('passes the answer through when the option is off', async () => {
    const errors: unknown[] = [];
    const answer = await call(await serveWith(false, errors), request);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ items: [{ snippet: 5 }] });
    expect(errors).toEqual([]);
  });
});

describe('ad creative object_story_spec: constraints of a request, not of an answer', () => {
  const doc = specOf('ad-creative');
  const create = operationsOf('ad-creative').find((o) => o.id === 'createAdCreative')!;
  const read = operationsOf('ad-creative').find((o) => o.id === 'getAdCreative')!;
  const linkData = {
    link: 'https://example.com/',
    message: 'Try it',
    call_to_action: { type: 'LEARN_MORE', value: { link: 'https://example.com/' } },
  };

  const serveCreatives = (getAdCreative?: () => Promise<unknown>) =>
    serve(createAdCreativeServer(handlersWith('ad-creative', { getAdCreative }), { validateResponses: true }));

  async function createWith(base: string, spec: unknown) {
    const r = exampleRequest(doc, create.path, create.method, CREDENTIALS);
    const form = new URLSearchParams(r.body as string);
    form.delete('object_story_id');
    form.set('object_story_spec', JSON.stringify(spec));
    return call(base, { ...r, contentType: 'application/x-www-form-urlencoded', body: form.toString() });
  }

  it('a create needs page_id, exactly one data member, and a typed call to action (its value is optional)', async () => {
    const base = await serveCreatives();
    expect((await createWith(base, { page_id: '111', link_data: linkData })).status).toBe(200);
    // The public service accepts a call to action with its type alone ({"type": "SHOP_NOW"}; reviews/ad-creative-spec.md W-8).
    expect(
      (await createWith(base, { page_id: '111', link_data: { ...linkData, call_to_action: { type: 'LEARN_MORE' } } }))
        .status,
    ).toBe(200);
    for (const broken of [
      { link_data: linkData },
      { page_id: '111', link_data: linkData, text_data: { message: 'two members' } },
      { page_id: '111', link_data: { ...linkData, call_to_action: { value: { link: 'https://example.com/' } } } },
      { page_id: '111', video_data: { video_id: '222', call_to_action: { value: { link: 'https://example.com/' } } } },
    ]) {
      const answer = await createWith(base, broken);
      expect(answer.status, JSON.stringify(broken)).toBe(400);
      expect(answer.body.error.code, answer.text).toBe(100);
    }
  });

  it('an answer to a nested selection carries the selected members only', async () => {
    const base = await serveCreatives(async () => ({
      body: { id: '120330000008134415', object_story_spec: { page_id: '111' } },
    }));
    const r = exampleRequest(doc, read.path, read.method, CREDENTIALS);
    const answer = await call(base, { ...r, query: { ...r.query, fields: 'object_story_spec{page_id}' } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ id: '120330000008134415', object_story_spec: { page_id: '111' } });
  });
});
