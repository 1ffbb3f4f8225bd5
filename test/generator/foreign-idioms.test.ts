// Idioms of public OpenAPI documents that this generator cannot take as written, each honoured as far as HTTP
// allows, the rest a warning with the JSON pointer of the place, never an abort: a schema $ref into #/paths (and
// back into itself); an exploded array or object cookie; a required exploded array query parameter given empty; a
// GET request body; security requirements no request can meet (an undeclared scheme, basic and bearer together).
// The package is generated once, type-checked strictly (noUnusedLocals), and served.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const ok = { '200': { description: 'echo', content: { 'application/json': { schema: {} } } } };
const TREE = '#/paths/~1trees/post/requestBody/content/application~1json/schema';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'idioms', version: '1' },
  paths: {
    '/trees': {
      post: {
        operationId: 'plantTree',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string' },
                  children: { type: 'array', items: { $ref: TREE } },
                  first: { $ref: `${TREE}/properties/name` },
                },
              },
            },
          },
        },
        responses: {
          '204': { description: 'planted' },
          '404': {
            description: 'no such forest',
            content: { 'application/json': { schema: { type: 'object', properties: { reason: { type: 'string' } } } } },
          },
        },
      },
    },
    // A response written once and referred to from another operation (DigitalOcean's 401, 429, 500 and default).
    '/forest': {
      get: {
        operationId: 'getForest',
        responses: { ...ok, '404': { $ref: '#/paths/~1trees/post/responses/404' } },
      },
    },
    '/crumbs': {
      get: {
        operationId: 'getCrumbs',
        parameters: [
          { name: 'flavours', in: 'cookie', schema: { type: 'array', items: { type: 'string' } } },
          {
            name: 'filling',
            in: 'cookie',
            explode: true,
            schema: { type: 'object', properties: { jam: { type: 'string' } } },
          },
        ],
        responses: ok,
      },
    },
    '/search': {
      get: {
        operationId: 'search',
        parameters: [
          { name: 'tags', in: 'query', required: true, schema: { type: 'array', items: { type: 'string' } } },
          {
            name: 'colours',
            in: 'query',
            required: true,
            explode: false,
            schema: { type: 'array', items: { type: 'string' } },
          },
        ],
        responses: ok,
      },
    },
    '/lookup': {
      get: {
        operationId: 'lookup',
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: ok,
      },
    },
    '/ghost': {
      get: { operationId: 'haunted', security: [{ ghost: [] }], responses: ok },
    },
    '/both': {
      get: { operationId: 'twoHeaders', security: [{ basic: [], bearer: [] }, { key: [] }], responses: ok },
    },
    '/either': {
      get: { operationId: 'eitherCredential', security: [{ bearer: [] }, { key: [] }], responses: ok },
    },
  },
  components: {
    securitySchemes: {
      basic: { type: 'http', scheme: 'basic' },
      bearer: { type: 'http', scheme: 'bearer' },
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
    },
  },
};

let pkg: InlinePackage;
let server: RunningServer;
const seen: Record<string, unknown> = {};

beforeAll(async () => {
  pkg = await inlinePackage('idioms', DOCUMENT);
  const echo = (id: string) => async (input: { query: unknown; cookies: unknown; body: unknown }) => {
    seen[id] = { query: input.query, cookies: input.cookies, body: input.body };
    return { status: 200, body: { ok: true } };
  };
  const handlers = {
    plantTree: async () => ({ status: 204 }),
    getCrumbs: echo('getCrumbs'),
    search: echo('search'),
    lookup: echo('lookup'),
    haunted: echo('haunted'),
    twoHeaders: echo('twoHeaders'),
    eitherCredential: echo('eitherCredential'),
  };
  server = await listenLocal(pkg.server.createIdiomsServer(handlers, { logger: false, validateResponses: true }));
}, 120_000);

afterAll(async () => {
  await server?.close();
  pkg?.remove();
});

const client = (options: Record<string, unknown> = {}) =>
  new pkg.client.IdiomsClient({ baseUrl: server.baseUrl, maxRetries: 0, ...options });

describe('the idioms of public documents', () => {
  it('generate warns with the pointer of each place it cannot honour as written, and nothing else', () => {
    expect(pkg.warnings.map((w) => w.pointer)).toEqual([
      '#/paths/~1crumbs/get/parameters/0',
      '#/paths/~1crumbs/get/parameters/1',
      '#/paths/~1lookup/get/requestBody',
      '#/paths/~1ghost/get/security/0',
      '#/paths/~1both/get/security/0',
    ]);
    expect(pkg.warnings[3]!.message).toContain('undeclared security scheme ghost');
    expect(pkg.warnings[4]!.message).toContain('basic and bearer credentials together');
  });

  it('the package compiles strictly (noUnusedLocals)', async () => {
    const files = await generatePackage({ key: 'idioms', spec: pkg.spec }, { onWarning: () => {} });
    expect(typeCheckPackages(new Map([['idioms', files]])).get('idioms')).toEqual([]);
  }, 120_000);
});

describe('a schema $ref into #/paths', () => {
  it('is typed through a component: the schema it names, copied once (openapi-typescript would index paths[...])', () => {
    const types = fs.readFileSync(path.join(pkg.dir, 'types.ts'), 'utf8');
    expect(types).not.toContain('paths["/trees"]');
    expect(types).toContain('schemaFromPaths: {');
    expect(types).toContain('children?: components["schemas"]["schemaFromPaths"][];');
  });

  it('a response $ref into #/paths is typed as a response component, whose content the client names', () => {
    const types = fs.readFileSync(path.join(pkg.dir, 'types.ts'), 'utf8');
    expect(types).toContain('404: components["responses"]["404FromPaths"];');
    expect(types).not.toContain('components["schemas"]["404FromPaths"]');
  });

  it('resolves, recursion included, for the validators as for the spec', async () => {
    const validate = pkg.validators.validatePlantTreeBody0!;
    expect(
      validate({ name: 'oak', first: 'acorn', children: [{ name: 'sapling', children: [{ name: 'seed' }] }] }),
    ).toBe(true);
    expect(validate({ name: 'oak', children: [{ name: 'sapling', children: [{}] }] })).toBe(false);
    expect(validate({ name: 'oak', first: 7 })).toBe(false);
    await expect(client().plantTree({ body: { name: 'oak', children: [{ name: 'ash' }] } })).resolves.toBeUndefined();
  });
});

describe('an exploded array or object cookie', () => {
  it('is sent and read unexploded (name=a,b), the one form a Cookie header pair holds', async () => {
    await client().getCrumbs({ flavours: ['plain', 'oat'], filling: { jam: 'plum' } });
    expect(seen.getCrumbs).toMatchObject({ cookies: { flavours: ['plain', 'oat'], filling: { jam: 'plum' } } });
  });
});

describe('a required exploded array query parameter', () => {
  it('given empty, is refused by the client before anything is sent: it has no pair in an exploded form query', async () => {
    delete seen.search;
    await expect(client().search({ tags: [], colours: ['red'] })).rejects.toThrow(
      /search: the required query parameter tags is an empty array/,
    );
    expect(seen.search).toBeUndefined();
  });

  it('with items, is sent one pair an item; an unexploded one, empty, is still sent (colours=)', async () => {
    await client().search({ tags: ['a', 'b'], colours: [] });
    expect(seen.search).toMatchObject({ query: { tags: ['a', 'b'] } });
  });
});

describe('a GET request body', () => {
  it('is left out of the client (fetch cannot send one); the server reads one sent anyway as no body', async () => {
    await client().lookup({ body: { ignored: true } } as never);
    expect(seen.lookup).toMatchObject({ body: undefined });
    delete seen.lookup;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.baseUrl}/lookup`, {
        method: 'GET',
        headers: { 'content-type': 'application/json', 'content-length': '17' },
      });
      req.on('response', async (res) => {
        let body = '';
        for await (const chunk of res) body += chunk;
        resolve({ status: res.statusCode!, body });
      });
      req.on('error', reject);
      req.end('{"sent":"anyway"}');
    });
    expect(answer).toEqual({ status: 200, body: '{"ok":true}' });
    expect(seen.lookup).toMatchObject({ body: undefined });
  });
});

describe('alternatives of different credential kinds (a bearer token or an API key)', () => {
  it('the client sends the kind it holds: the key alone, the token alone, or the token first when it holds both', async () => {
    await expect(client({ apiKey: 'k' }).eitherCredential()).resolves.toEqual({ ok: true });
    await expect(client({ bearerToken: 't' }).eitherCredential()).resolves.toEqual({ ok: true });
    await expect(client({ bearerToken: 't', apiKey: 'k' }).eitherCredential()).resolves.toEqual({ ok: true });
    const refused = await client()
      .eitherCredential()
      .catch((e: { httpStatus: number }) => e);
    expect(refused.httpStatus).toBe(401);
  });
});

describe('security no request can meet', () => {
  it('an undeclared scheme: the only alternative, so every request is refused 401', async () => {
    const error = await client({ bearerToken: 't', apiKey: 'k' })
      .haunted()
      .catch((e: { httpStatus: number }) => e);
    expect(error.httpStatus).toBe(401);
  });

  it('basic and bearer together: that alternative is never met; the other (an API key) still admits', async () => {
    const refused = await client({ basic: { username: 'u', password: 'p' }, bearerToken: 't' })
      .twoHeaders()
      .catch((e: { httpStatus: number }) => e);
    expect(refused.httpStatus).toBe(401);
    await expect(client({ apiKey: 'k' }).twoHeaders()).resolves.toEqual({ ok: true });
  });
});
