// Each generated route requires exactly the security alternatives its operation declares: a request
// without credentials, or with a credential of a kind the route does not take, is refused in the service's
// own error shape before any handler runs; the nearest valid request is accepted. An empty alternative
// allows anonymous calls only where the spec means it; the scopes of each route reach the authenticate hook.
import { afterAll, describe, expect, it } from 'vitest';
import { createAdCreativeServer, type AdCreativeHandlers } from '../../generated/ad-creative/server.js';
import { createAnalyticsServer, type AnalyticsHandlers } from '../../generated/analytics/server.js';
import { createGenerativeServer, generativeErrorStyle } from '../../generated/generative/server.js';
import { createRouter, type RouteDef } from '../../generated/generative/runtime/server/index.js';
import { exampleHandlers } from '../../contracts/targets/example-handlers.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { buildServiceModel } from '../../generator/model/build.js';
import { generatedSpec } from '../../generator/model/index.js';
import { statusErrorStyle } from './fixtures/error-style.js';

const running: RunningServer[] = [];
afterAll(() => Promise.all(running.map((s) => s.close())));

async function serve(listener: Parameters<typeof listenLocal>[0]): Promise<string> {
  const server = await listenLocal(listener);
  running.push(server);
  return server.baseUrl;
}

/** Handlers answering the spec's examples, counting the calls of each operation. */
function counted<T>(service: 'ad-creative' | 'analytics' | 'generative'): {
  handlers: T;
  calls: Record<string, number>;
} {
  const examples: Record<string, (input: unknown) => unknown> = exampleHandlers(service) as never;
  const calls: Record<string, number> = {};
  const handlers = new Proxy(
    {},
    {
      get: (_, id: string) => (input: unknown) => {
        calls[id] = (calls[id] ?? 0) + 1;
        return examples[id]!(input);
      },
    },
  ) as T;
  return { handlers, calls };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('ad creative writes (token in the form, x-credential-in: form)', async () => {
  const { handlers, calls } = counted<AdCreativeHandlers>('ad-creative');
  const base = await serve(createAdCreativeServer(handlers));
  const createUrl = `${base}/v20.0/act_1234567890/adcreatives`;
  const fields = { name: 'Spring sale', object_story_id: '123_456' };

  it('refuses a create without credentials with Graph code 104 (no access token), and the handler never runs', async () => {
    const response = await fetch(createUrl, form(fields));
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(body.error).toMatchObject({ code: 104, type: 'OAuthException' });
    expect(typeof body.error.fbtrace_id).toBe('string');
    expect(calls.createAdCreative).toBeUndefined();
  });

  it('refuses a create whose only credential is of a kind the route does not take (an API key)', async () => {
    const response = await fetch(`${createUrl}?key=abc`, {
      ...form(fields),
      headers: { ...form(fields).headers, 'x-goog-api-key': 'abc' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe(104);
    expect(calls.createAdCreative).toBeUndefined();
  });

  it('accepts the same create with the token as a form field, in the query, or as a bearer token', async () => {
    const viaForm = await fetch(createUrl, form({ ...fields, access_token: 'tok' }));
    expect(viaForm.status).toBe(200);
    const viaQuery = await fetch(`${createUrl}?access_token=tok`, form(fields));
    expect(viaQuery.status).toBe(200);
    const viaBearer = await fetch(createUrl, {
      ...form(fields),
      headers: { ...form(fields).headers, authorization: 'Bearer tok' },
    });
    expect(viaBearer.status).toBe(200);
    expect(calls.createAdCreative).toBe(3);
  });

  it('does not take the token as a form field on a read (x-credential-in: query)', async () => {
    const response = await fetch(`${base}/v20.0/120330000008134415?fields=name`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe(104);
    expect(calls.getAdCreative).toBeUndefined();
    expect((await fetch(`${base}/v20.0/120330000008134415?fields=name&access_token=tok`)).status).toBe(200);
  });
});

describe('analytics (OAuth bearer tokens only)', async () => {
  const { handlers, calls } = counted<AnalyticsHandlers>('analytics');
  const seen: Array<{ operationId: string; scopes?: string[]; credentials: unknown }> = [];
  const base = await serve(
    createAnalyticsServer(handlers, {
      authenticate: (input, route) => {
        seen.push({ operationId: route.operationId, scopes: route.scopes, credentials: input.credentials });
      },
    }),
  );

  it.each([
    ['an API key in the query', '?mine=true&key=abc', {}],
    ['an access token in the query', '?mine=true&access_token=abc', {}],
    ['an API key header', '?mine=true', { 'x-goog-api-key': 'abc' }],
    ['a Basic authorization', '?mine=true', { authorization: 'Basic YWJjOmRlZg==' }],
  ])('refuses %s with 401 UNAUTHENTICATED in the Status shape', async (_, query, headers) => {
    const response = await fetch(`${base}/v2/groups${query}`, { headers });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(calls.listGroups).toBeUndefined();
  });

  it("accepts a bearer token, and hands the route's accepted scopes to the authenticate hook", async () => {
    const response = await fetch(`${base}/v2/groups?mine=true`, { headers: { authorization: 'Bearer tok' } });
    expect(response.status).toBe(200);
    expect(calls.listGroups).toBe(1);
    const call = seen.find((s) => s.operationId === 'listGroups')!;
    expect(call.credentials).toEqual({ bearerToken: 'tok', schemes: { oauth2: 'tok' } });
    expect(call.scopes).toEqual([
      'https://auth.platform.example/scopes/account-management',
      'https://auth.platform.example/scopes/analytics-monetary.readonly',
      'https://auth.platform.example/scopes/analytics.readonly',
      'https://auth.platform.example/scopes/partner-management',
    ]);
  });

  it("names the scopes of each route as its operation's security lists them", async () => {
    const { model } = generatedSpec('analytics');
    const scopesOf = (path: string, method: string) =>
      model.operations.find((o) => o.path === path && o.method === method.toUpperCase())?.scopes;
    await fetch(`${base}/v2/groups?id=g1`, { method: 'DELETE', headers: { authorization: 'Bearer tok' } });
    expect(seen.find((s) => s.operationId === 'deleteGroup')?.scopes).toEqual(scopesOf('/v2/groups', 'delete'));
    expect(seen.find((s) => s.operationId === 'listGroups')?.scopes).toEqual(scopesOf('/v2/groups', 'get'));
  });
});

describe('generative (API key in the query or the header)', async () => {
  const { handlers, calls } = counted<never>('generative');
  const base = await serve(createGenerativeServer(handlers));

  it('refuses a bearer token where an API key is required, and accepts the key in either place', async () => {
    const refused = await fetch(`${base}/v1beta/files`, { headers: { authorization: 'Bearer abc' } });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.status).toBe('UNAUTHENTICATED');
    expect(calls.listFiles).toBeUndefined();
    expect((await fetch(`${base}/v1beta/files?key=k`)).status).toBe(200);
    expect((await fetch(`${base}/v1beta/files`, { headers: { 'x-goog-api-key': 'k' } })).status).toBe(200);
    expect(calls.listFiles).toBe(2);
  });
});

describe('an empty security alternative', () => {
  const doc = (op: Record<string, unknown>) => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    'x-error-style': statusErrorStyle,
    components: { securitySchemes: { token: { type: 'apiKey', in: 'query', name: 'token' } } },
    paths: { '/things': { post: { operationId: 'makeThing', responses: { '200': { description: 'ok' } }, ...op } } },
  });

  it('allows anonymous calls where the spec says so', () => {
    const model = buildServiceModel('analytics', doc({ security: [{ token: [] }, {}] }) as never);
    expect(model.operations[0]).toMatchObject({ credentialsOptional: true, security: [{ token: [] }, {}] });
  });

  it('is the placeholder of a credential OpenAPI cannot place beside x-credential-in, not an anonymous offer', () => {
    const model = buildServiceModel(
      'analytics',
      doc({ security: [{ token: [] }, {}], 'x-credential-in': 'form' }) as never,
    );
    expect(model.operations[0]).toMatchObject({ credentialsOptional: false, security: [{ token: [] }] });
    expect(model.operations[0]!.credentialSources.map((s) => s.in)).toEqual(['query', 'form']);
  });

  it('lets the router serve a request without credentials, and still reads one that is sent', async () => {
    const route: RouteDef = {
      operationId: 'makeThing',
      method: 'POST',
      path: '/things',
      params: [],
      bodies: [],
      bodyRequired: false,
      security: 'optional',
      securityRequirements: [{ token: [] }, {}],
      credentialSources: [{ scheme: 'token', kind: 'apiKey', in: 'query', name: 'token' }],
      scopes: [],
      validateParams: () => true,
      validateBody: {},
      validateResponse: {},
    };
    const seen: unknown[] = [];
    const base = await serve(
      createRouter(
        [route],
        async (input) => {
          seen.push(input.credentials);
          return { body: { ok: true } };
        },
        { errorStyle: generativeErrorStyle },
      ),
    );
    expect((await fetch(`${base}/things`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${base}/things?token=t`, { method: 'POST' })).status).toBe(200);
    expect(seen).toEqual([{}, { apiKey: 't', schemes: { token: 't' } }]);
    // Without the empty alternative the same request is refused.
    const strict = await serve(
      createRouter(
        [{ ...route, security: 'required', securityRequirements: [{ token: [] }] }],
        async () => ({ body: {} }),
        { errorStyle: generativeErrorStyle },
      ),
    );
    expect((await fetch(`${strict}/things`, { method: 'POST' })).status).toBe(401);
  });
});
