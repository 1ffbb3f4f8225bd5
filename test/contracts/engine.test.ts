// `spec-first test`'s engine earns its verdicts: against a generated server whose handlers do what the document
// says, no check FAILs; each defect planted through a proxy in front of it (a wrong status, a missing required
// field, a wrong type, a 500, invalid input accepted, valid input refused, credentials ignored, a wrong content
// type, a missing required header, an undocumented method answered, a resource still readable after its delete) is
// caught under its own check id, and the reports carry no configured secret.
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bound, chainsOf } from '../../contracts/engine/chains.js';
import { type CheckId, CHECK_IDS } from '../../contracts/engine/checks.js';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { consoleReport, jsonReport, markdownReport, notThisApi, redactor } from '../../contracts/engine/report.js';
import { withoutReadOnly } from '../../contracts/engine/requests.js';
import { afterDelete, type EngineOptions, type EngineResult } from '../../contracts/engine/run.js';
import { send } from '../../contracts/engine/transport.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { buildServiceModel, type ServiceModel } from '../../generator/model/index.js';
import { engineRun } from '../support/engine-trial.js';
import { inlinePackage, type InlinePackage } from '../support/inline-package.js';

const KEY = 'engine-secret-key-4711';

const pet = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', maxLength: 20 },
    kind: { type: 'string', enum: ['cat', 'dog'] },
  },
};
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  components: {
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
    schemas: {
      Pet: pet,
      NewPet: {
        type: 'object',
        required: ['name'],
        properties: { name: pet.properties.name, kind: pet.properties.kind },
      },
    },
  },
  security: [{ key: [] }],
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: [
          { name: 'limit', in: 'query', example: 10, schema: { type: 'integer', minimum: 1, maximum: 100 } },
        ],
        responses: {
          '200': {
            description: 'the pets',
            headers: { 'X-Total': { required: true, schema: { type: 'integer' } } },
            content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
          },
          '400': { description: 'invalid' },
          '401': { description: 'no key' },
        },
      },
      post: {
        operationId: 'createPet',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/NewPet' },
              example: { name: 'Rex', kind: 'dog' },
            },
          },
        },
        responses: {
          '201': {
            description: 'made',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          '400': { description: 'invalid' },
          '401': { description: 'no key' },
        },
      },
    },
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, example: 1, schema: { type: 'integer' } }],
      get: {
        operationId: 'getPet',
        responses: {
          '200': {
            description: 'the pet',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          '404': { description: 'none' },
          '401': { description: 'no key' },
        },
      },
      delete: {
        operationId: 'deletePet',
        responses: { '204': { description: 'gone' }, '404': { description: 'none' }, '401': { description: 'no key' } },
      },
    },
  },
};

/** Handlers that do what the document says, over an in-memory store with one pet to begin with. */
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
function faithfulHandlers(server: any) {
  const pets = new Map<number, { id: number; name: string; kind?: string }>([[1, { id: 1, name: 'Tom', kind: 'cat' }]]);
  let next = 2;
  // biome-ignore lint/suspicious/noExplicitAny: inputs typed by the generated package
  type Input = any;
  return {
    async listPets(input: Input) {
      const all = [...pets.values()].slice(0, Number(input.query.limit ?? 100));
      return { status: 200, headers: { 'X-Total': String(pets.size) }, body: all };
    },
    async createPet(input: Input) {
      const made = { id: next++, ...input.body };
      pets.set(made.id, made);
      return { status: 201, body: made };
    },
    async getPet(input: Input) {
      const found = pets.get(Number(input.path.id));
      return found ? { status: 200, body: found } : server.getPetErrors.status404(undefined);
    },
    async deletePet(input: Input) {
      return pets.delete(Number(input.path.id)) ? { status: 204 } : server.deletePetErrors.status404(undefined);
    },
  };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
type Rewrite = (
  request: { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer },
  upstream: () => Promise<Answer>,
) => Promise<Answer>;

/** A proxy in front of the server that may rewrite each exchange: where the defects are planted. */
async function proxy(upstreamUrl: string, rewrite: Rewrite): Promise<RunningServer> {
  return listenLocal(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
    const upstream = async (): Promise<Answer> => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([k]) => k !== 'host' && k !== 'content-length'),
      ) as Record<string, string>;
      const r = await fetch(upstreamUrl + request.url, {
        method: request.method,
        headers,
        body: ['GET', 'HEAD'].includes(request.method) ? undefined : request.body,
      });
      const out: Record<string, string> = {};
      r.headers.forEach((v, k) => {
        if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection') out[k] = v;
      });
      return { status: r.status, headers: out, body: Buffer.from(await r.arrayBuffer()) };
    };
    const answer = await rewrite(request, upstream);
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const isPetPath = (url: string) => /^\/pets\/\d+/.test(url);

/** Each defect, the check that must catch it, and the rewrite that plants it. */
const DEFECTS: Array<[string, CheckId, Rewrite]> = [
  [
    'a wrong status',
    'status_code_conformance',
    async (r, up) => ({ ...(await up()), ...(r.method === 'POST' ? { status: 202 } : {}) }),
  ],
  [
    'a missing required field',
    'response_schema_conformance',
    async (r, up) => {
      const a = await up();
      if (r.method !== 'GET' || !isPetPath(r.url) || a.status !== 200) return a;
      const { name: _, ...rest } = JSON.parse(a.body.toString());
      return { ...a, body: json(rest) };
    },
  ],
  [
    'a wrong type',
    'response_schema_conformance',
    async (r, up) => {
      const a = await up();
      if (r.method !== 'POST' || a.status !== 201) return a;
      const value = JSON.parse(a.body.toString());
      return { ...a, body: json({ ...value, id: String(value.id) }) };
    },
  ],
  [
    'a 500 on some input',
    'not_a_server_error',
    async (r, up) =>
      r.url.includes('limit=') && !r.url.includes('limit=10')
        ? { status: 500, headers: {}, body: Buffer.from('boom') }
        : up(),
  ],
  [
    'invalid input accepted',
    'negative_data_rejection',
    async (r, up) => {
      const a = await up();
      return a.status === 400 && r.method === 'POST'
        ? { status: 201, headers: { 'content-type': 'application/json' }, body: json({ id: 9, name: 'x' }) }
        : a;
    },
  ],
  [
    'valid input refused',
    'positive_data_acceptance',
    async (r, up) => (r.method === 'POST' ? { status: 400, headers: {}, body: Buffer.from('') } : up()),
  ],
  [
    'credentials ignored',
    'ignored_auth',
    async (r, up) => {
      r.headers['x-api-key'] ??= KEY;
      return up();
    },
  ],
  [
    'a wrong content type',
    'content_type_conformance',
    async (_r, up) => {
      const a = await up();
      return a.headers['content-type']?.includes('json')
        ? { ...a, headers: { ...a.headers, 'content-type': 'text/plain' } }
        : a;
    },
  ],
  [
    'a required header missing',
    'response_headers_conformance',
    async (_r, up) => {
      const a = await up();
      const { 'x-total': _, ...headers } = a.headers;
      return { ...a, headers };
    },
  ],
  [
    'an undocumented method answered',
    'unsupported_method',
    async (r, up) => (r.method === 'PUT' ? { status: 200, headers: {}, body: Buffer.from('') } : up()),
  ],
  [
    'a resource still readable after its delete',
    'use_after_free',
    (() => {
      const seen = new Map<string, Answer>();
      return async (r, up) => {
        const a = await up();
        if (r.method === 'GET' && isPetPath(r.url)) {
          if (a.status === 200) seen.set(r.url, a);
          else if (a.status === 404 && seen.has(r.url)) return seen.get(r.url)!;
        }
        return a;
      };
    })(),
  ],
  [
    'a created resource not stored',
    'ensure_resource_availability',
    (() => {
      const created = new Set<string>();
      return async (r, up) => {
        const a = await up();
        if (r.method === 'POST' && a.status === 201) created.add(`/pets/${JSON.parse(a.body.toString()).id}`);
        if (r.method === 'GET' && created.has(r.url)) return { status: 404, headers: {}, body: Buffer.from('') };
        return a;
      };
    })(),
  ],
];

let pkg: InlinePackage;
let model: ServiceModel;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-'));

beforeAll(async () => {
  pkg = await inlinePackage('pets', DOCUMENT);
  model = buildServiceModel('pets', JSON.parse(fs.readFileSync(pkg.spec, 'utf8')), () => {});
}, 300_000);
afterAll(() => {
  pkg?.remove();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function serve() {
  return listenLocal(pkg.server.createPetsServer(faithfulHandlers(pkg.server)));
}

function run(baseUrl: string, overrides: Partial<EngineOptions> = {}): Promise<EngineResult> {
  return engineRun(overrides.model ?? model, baseUrl, {
    settings: { apiKeys: { 'X-Api-Key': KEY }, headers: {}, values: {}, seed: 1 },
    checks: CHECK_IDS,
    maxRequests: 500,
    deadlineMs: 120_000,
    ...overrides,
  });
}

const failed = (result: EngineResult) => result.outcomes.filter((o) => o.verdict === 'FAIL' || o.verdict === 'error');

describe('spec-first test against a server that does what its document says', () => {
  it('no check FAILs, and every check is judged somewhere', async () => {
    const server = await serve();
    try {
      const result = await run(server.baseUrl);
      expect(failed(result).map((o) => `${o.check} ${o.operation}: ${o.message}`)).toEqual([]);
      const judged = new Set(result.outcomes.filter((o) => o.verdict === 'pass').map((o) => o.check));
      expect([...judged].sort()).toEqual([...CHECK_IDS].sort());
    } finally {
      await server.close();
    }
  }, 120_000);

  it('is reproducible: the same seed sends the same requests', async () => {
    const requests: string[][] = [[], []];
    for (const i of [0, 1]) {
      const server = await serve();
      try {
        await run(server.baseUrl, {
          onExchange: (e) => {
            const url = new URL(e.url);
            requests[i]!.push(`${e.request.method} ${url.pathname}${url.search} ${e.request.body ?? ''}`);
          },
        });
      } finally {
        await server.close();
      }
    }
    expect(requests[1]).toEqual(requests[0]);
  }, 120_000);

  it('stops at --max-requests, and what it did not reach is n/a, not pass', async () => {
    const server = await serve();
    try {
      const result = await run(server.baseUrl, { maxRequests: 3 });
      expect(result.requests).toBe(3);
      expect(result.stoppedBy).toBe('max-requests');
      expect(result.outcomes.some((o) => o.verdict === 'n/a' && o.message.includes('--max-requests'))).toBe(true);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe.each(DEFECTS)('a planted defect: %s', (_name, check, rewrite) => {
  it(`is caught under ${check}`, async () => {
    const server = await serve();
    const front = await proxy(server.baseUrl, rewrite);
    try {
      const result = await run(front.baseUrl);
      const caught = failed(result).filter((o) => o.check === check);
      expect(caught.length, JSON.stringify(failed(result).map((o) => o.check))).toBeGreaterThan(0);
      // The report shows the exchange and a curl to replay it, and never the configured key.
      const input = { title: 'Pets', baseUrl: front.baseUrl, seed: 1, result, redact: redactor([KEY]) };
      for (const text of [markdownReport(input), jsonReport(input)]) {
        expect(text).toContain(check);
        expect(text).toContain('curl -i -X');
        expect(text).not.toContain(KEY);
      }
    } finally {
      await front.close();
      await server.close();
    }
  }, 120_000);
});

describe('a target that is not the service', () => {
  it('answering HTML pages gets one sentence, not a failure per check', async () => {
    const html = await listenLocal((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>'),
    );
    try {
      const result = await run(html.baseUrl);
      const sentence = notThisApi(result, new Set(['application/json']));
      expect(sentence).toMatch(
        /^the target does not answer as this document describes: \d+ of \d+ answers were HTML pages/,
      );
      const text = consoleReport({
        title: 'Pets',
        baseUrl: html.baseUrl,
        seed: 1,
        result,
        redact: (t) => t,
        verdictSentence: sentence,
      });
      expect(text.split('\n')).toHaveLength(2);
    } finally {
      await html.close();
    }
  }, 120_000);

  it('echoing the credentials back puts them in no report', async () => {
    const echo = await listenLocal((req, res) =>
      res
        .writeHead(500, { 'content-type': 'application/json', 'x-echo': String(req.headers['x-api-key']) })
        .end(JSON.stringify({ got: req.headers, url: req.url })),
    );
    try {
      const result = await run(echo.baseUrl);
      expect(failed(result).length).toBeGreaterThan(0);
      const input = { title: 'Pets', baseUrl: echo.baseUrl, seed: 1, result, redact: redactor([KEY]) };
      for (const text of [consoleReport(input), markdownReport(input), jsonReport(input)]) {
        expect(text).toContain('<redacted>');
        expect(text).not.toContain(KEY);
      }
    } finally {
      await echo.close();
    }
  }, 120_000);
});

describe('a document that contradicts itself', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Thing', version: '1' },
    paths: {
      '/thing': {
        get: {
          operationId: 'getThing',
          responses: {
            '200': {
              description: 'the thing',
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } },
                  example: { b: 1 },
                },
              },
            },
          },
        },
      },
    },
  };
  const thing = buildServiceModel('thing', structuredClone(document) as never, () => {});
  const answering = (body: unknown) =>
    listenLocal((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)));

  it("the schema's own example, which the schema refuses: n/a, the document's fault", async () => {
    const doc = structuredClone(document);
    const media = doc.paths['/thing'].get.responses['200'].content['application/json'] as Record<string, unknown>;
    media.schema = { ...(media.schema as object), example: { d: 4 } };
    const model = buildServiceModel('thing', doc as never, () => {});
    const server = await answering({ d: 4 });
    try {
      const result = await run(server.baseUrl, { model, checks: ['response_schema_conformance'] });
      expect(result.outcomes.find((o) => o.operation.includes('getThing'))!.verdict).toBe('n/a');
    } finally {
      await server.close();
    }
  });

  it("a member's own default, which its schema refuses (crediwatch's string defaulting to a list): n/a, the document's fault", async () => {
    const doc = structuredClone(document);
    const media = doc.paths['/thing'].get.responses['200'].content['application/json'] as Record<string, unknown>;
    media.schema = {
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'integer' }, option: { type: 'string', default: ['Not Available'] } },
    };
    const model = buildServiceModel('thing', doc as never, () => {});
    for (const [body, verdict] of [
      [{ a: 1, option: ['Not Available'] }, 'n/a'],
      [{ a: 1, option: ['other'] }, 'FAIL'],
    ] as const) {
      const server = await answering(body);
      try {
        const result = await run(server.baseUrl, { model, checks: ['response_schema_conformance'] });
        expect(result.outcomes.find((o) => o.operation.includes('getThing'))!.verdict).toBe(verdict);
      } finally {
        await server.close();
      }
    }
  });

  it.each([
    ["the response's own example, which its schema refuses: n/a, the document's fault", { b: 1 }, 'n/a'],
    ['any other body its schema refuses: FAIL', { c: 2 }, 'FAIL'],
  ])('%s', async (_name, body, verdict) => {
    const server = await answering(body);
    try {
      const result = await run(server.baseUrl, { model: thing, checks: ['response_schema_conformance'] });
      const outcome = result.outcomes.find((o) => o.operation.includes('getThing'))!;
      expect(outcome.verdict).toBe(verdict);
      if (verdict === 'n/a') expect(outcome.message).toContain("the document's own example");
    } finally {
      await server.close();
    }
  });
});

describe('unsupported_method', () => {
  it('does not call a method undocumented where another template takes the same path with it', async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Things', version: '1' },
      paths: {
        '/things/search': { post: { operationId: 'searchThings', responses: { '200': { description: 'found' } } } },
        '/things/{name}': {
          get: {
            operationId: 'getThing',
            parameters: [{ name: 'name', in: 'path', required: true, example: 'a', schema: { type: 'string' } }],
            responses: { '200': { description: 'the thing' } },
          },
        },
      },
    };
    const things = buildServiceModel('things', structuredClone(document) as never, () => {});
    // A server that does what the document says: GET of any name (search included) is a thing; other methods 405.
    const server = await listenLocal((req, res) => {
      const ok =
        (req.method === 'GET' && /^\/things\/[^/]+$/.test(req.url!)) ||
        (req.method === 'POST' && req.url === '/things/search');
      res.writeHead(ok ? 200 : 405).end();
    });
    try {
      const sent: string[] = [];
      const result = await run(server.baseUrl, {
        model: things,
        checks: ['unsupported_method'],
        onExchange: (e) => sent.push(`${e.request.method} ${new URL(e.url).pathname}`),
      });
      expect(failed(result)).toEqual([]);
      expect(sent).toContain('PUT /things/search');
      expect(sent).not.toContain('GET /things/search');
    } finally {
      await server.close();
    }
  });
});

describe('stateful sequences', () => {
  const item = { type: 'object', properties: { key: { type: 'string' } } };
  const document = (links: boolean) => ({
    openapi: '3.1.0',
    info: { title: 'Notes', version: '1' },
    paths: {
      '/notes': {
        post: {
          operationId: 'createNote',
          responses: {
            '201': {
              description: 'made',
              content: { 'application/json': { schema: item } },
              ...(links
                ? { links: { read: { operationId: 'readNote', parameters: { noteKey: '$response.body#/key' } } } }
                : {}),
            },
          },
        },
      },
      '/notes/{noteKey}': {
        parameters: [{ name: 'noteKey', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: 'readNote', responses: { '200': { description: 'the note' } } },
        patch: { operationId: 'editNote', responses: { '200': { description: 'edited' } } },
        delete: { operationId: 'dropNote', responses: { '204': { description: 'gone' } } },
      },
    },
  });
  const notes = (links: boolean) => buildServiceModel('notes', structuredClone(document(links)) as never, () => {});

  it("follows a link's parameters, and reads, updates and deletes at the path it names", () => {
    const [chain, ...rest] = chainsOf(notes(true));
    expect(rest).toEqual([]);
    expect(chain!.source).toBe('links');
    expect([chain!.read?.id, chain!.update?.id, chain!.remove?.id]).toEqual(['readNote', 'editNote', 'dropNote']);
    expect(chain!.bindings).toEqual([{ param: 'noteKey', from: '$response.body#/key' }]);
  });

  it('infers the create -> read -> delete shape without links: the field named like the parameter, id, name, Location', () => {
    const [chain] = chainsOf(notes(false));
    expect(chain!.source).toBe('inferred');
    const binding = chain!.bindings[0]!;
    const context = { pathValues: {}, queryValues: {}, headers: { location: '/notes/n-3' } };
    expect(bound(binding, { ...context, body: { noteKey: 'n-1', id: 2 } })).toBe('n-1');
    expect(bound(binding, { ...context, body: { id: 2 } })).toBe(2);
    // A resource name (notes/<id>, as Google's APIs write it) gives its id.
    expect(bound(binding, { ...context, body: { name: 'notes/n-4' } })).toBe('n-4');
    expect(bound(binding, { ...context, body: {} })).toBe('n-3');
  });

  it('judges both stateful checks on a server that keeps what it is sent', async () => {
    const server = await serve();
    try {
      const result = await run(server.baseUrl, { checks: ['ensure_resource_availability', 'use_after_free'] });
      const chain = result.outcomes.filter((o) => o.operation.startsWith('POST /pets ->'));
      expect(chain.map((o) => `${o.check} ${o.verdict}`).sort()).toEqual([
        'ensure_resource_availability pass',
        'use_after_free pass',
      ]);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('shrinking', () => {
  it('reports the smallest request that still fails: optional parts left out, strings shortened', async () => {
    const server = await serve();
    // A 500 on every list, and on every create with a name: the smallest failing requests are the list without its
    // optional limit and the create with an empty name and no kind.
    const front = await proxy(server.baseUrl, async (r, up) =>
      (r.method === 'GET' && (r.url.startsWith('/pets?') || isPetPath(r.url))) || r.url === '/pets'
        ? r.method === 'GET' || r.body.toString().includes('"name"')
          ? { status: 500, headers: {}, body: Buffer.from('boom') }
          : up()
        : up(),
    );
    try {
      const result = await run(front.baseUrl, { checks: ['not_a_server_error'] });
      const fail = (id: string) =>
        result.outcomes.find((o) => o.operation.endsWith(`(${id})`) && o.verdict === 'FAIL')!;
      expect(fail('createPet').exchange!.request.body).toBe('{"name":""}');
      expect(fail('createPet').message).toMatch(/shrunk in \d+ step/);
      expect(fail('listPets').exchange!.url).toBe(`${front.baseUrl}/pets`);
      // A path value names the resource: it is kept, not shrunk to another resource's.
      expect(new URL(fail('getPet').exchange!.url).pathname).toBe('/pets/1');
      const input = { title: 'Pets', baseUrl: front.baseUrl, seed: 1, result, redact: redactor([KEY]) };
      expect(markdownReport(input)).toContain(`--data-raw '{"name":""}'`);
    } finally {
      await front.close();
      await server.close();
    }
  }, 120_000);
});

describe('multipart and raw bodies', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Files', version: '1' },
    paths: {
      '/uploads': {
        post: {
          operationId: 'upload',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file', 'title'],
                  properties: {
                    file: { type: 'string', format: 'binary' },
                    title: { type: 'string', minLength: 1, maxLength: 10 },
                    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
                  },
                },
              },
            },
          },
          responses: { '201': { description: 'stored' }, '400': { description: 'refused' } },
        },
      },
      '/blobs': {
        put: {
          operationId: 'putBlob',
          requestBody: {
            required: true,
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          responses: { '204': { description: 'stored' }, '400': { description: 'refused' } },
        },
      },
    },
  };
  const files = buildServiceModel('files', structuredClone(document) as never, () => {});

  it('draws and sends them: the server reads a file part, the fields and the bytes', async () => {
    const received: string[] = [];
    const server = await listenLocal(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const type = req.headers['content-type'] ?? '';
      if (req.method === 'POST' && req.url === '/uploads') {
        // The platform's own multipart reader: what any server would make of the body.
        const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': type }, body })
          .formData()
          .catch(() => undefined);
        const file = form?.get('file');
        const title = form?.get('title');
        const ok = file instanceof File && file.size > 0 && typeof title === 'string' && title.length > 0;
        received.push(`upload ${ok ? `${file.name} ${title}` : 'unreadable'}`);
        return res.writeHead(ok ? 201 : 400).end();
      }
      if (req.method === 'PUT' && req.url === '/blobs') {
        const ok = type === 'application/octet-stream' && body.length > 0;
        received.push(`blob ${ok ? body.length : 'unreadable'}`);
        return res.writeHead(ok ? 204 : 400).end();
      }
      res.writeHead(405).end();
    });
    try {
      const result = await run(server.baseUrl, {
        model: files,
        checks: ['positive_data_acceptance', 'not_a_server_error', 'status_code_conformance'],
      });
      expect(failed(result)).toEqual([]);
      const accepted = result.outcomes.filter((o) => o.check === 'positive_data_acceptance');
      expect(accepted.map((o) => `${o.operation} ${o.verdict}`).sort()).toEqual([
        'POST /uploads (upload) pass',
        'PUT /blobs (putBlob) pass',
      ]);
      expect(received).toContain('blob 23');
      expect(received.some((r) => /^upload file\.bin \S+/.test(r))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('what a read after a delete shows', () => {
  it.each([
    [404, '', 'gone'],
    [410, '', 'gone'],
    [400, '{"error":{"code":100}}', 'gone'],
    [200, '{"id":"1","status":"DELETED"}', 'gone'],
    [200, '{"id":"1","status":"ACTIVE"}', 'still-there'],
    [200, '', 'still-there'],
    [401, '', 'not-judged'],
    [429, '', 'not-judged'],
  ] as const)('%i %s: %s', (status, body, shown) => {
    expect(afterDelete({ status, body })).toBe(shown);
  });

  it('a delete that names its resource in the query is not read back at its path (a list there)', async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Items', version: '1' },
      paths: {
        '/items': {
          get: { operationId: 'listItems', responses: { '200': { description: 'the items' } } },
          delete: {
            operationId: 'deleteItem',
            parameters: [{ name: 'id', in: 'query', required: true, example: 'a', schema: { type: 'string' } }],
            responses: { '204': { description: 'gone' } },
          },
        },
      },
    };
    const items = buildServiceModel('items', structuredClone(document) as never, () => {});
    const server = await listenLocal((req, res) => res.writeHead(req.method === 'DELETE' ? 204 : 200).end());
    try {
      const result = await run(server.baseUrl, { model: items, checks: ['use_after_free'] });
      expect(failed(result)).toEqual([]);
      const outcome = result.outcomes.find((o) => o.operation.includes('deleteItem'))!;
      expect(outcome.message).toContain('outside its path');
    } finally {
      await server.close();
    }
  });
});

describe('the transport', () => {
  it('sends a request again once when the target closed the connection without answering', async () => {
    let calls = 0;
    const server = await listenLocal((req, res) => {
      if (++calls === 1) req.socket.destroy();
      else res.writeHead(200).end('ok');
    });
    try {
      const exchange = await send(
        server.baseUrl,
        { method: 'GET', path: '/', query: [], headers: {} },
        {
          timeoutMs: 10_000,
          maxAnswerBytes: 1000,
        },
      );
      expect(exchange.answer?.status).toBe(200);
      expect(calls).toBe(2);
    } finally {
      await server.close();
    }
  });
});

describe('a credential written as a body member', () => {
  it("is sent once, where the engine places it: the document's example token is left out of the body", async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Graph', version: '1' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'query', name: 'access_token' } } },
      security: [{ token: [] }],
      paths: {
        '/objects': {
          post: {
            operationId: 'createObject',
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { name: { type: 'string' }, access_token: { type: 'string' } },
                  },
                  example: { name: 'x', access_token: 'example-token' },
                },
              },
            },
            responses: { '200': { description: 'made' }, '400': { description: 'two credentials' } },
          },
        },
      },
    };
    const graph = buildServiceModel('graph', structuredClone(document) as never, () => {});
    // Like the Graph service: two different credentials in one request are refused.
    const server = await listenLocal(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      res.writeHead(body.includes('access_token') ? 400 : 200).end();
    });
    try {
      const result = await run(server.baseUrl, {
        model: graph,
        settings: { apiKeys: { access_token: KEY }, headers: {}, values: {}, seed: 1 },
        checks: ['positive_data_acceptance'],
      });
      expect(failed(result)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('credentials beside an anonymous alternative', () => {
  it('are sent where configured (the document may allow anonymous calls only in its own cases); ignored_auth is n/a', async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Uploads', version: '1' },
      components: { securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'key' } } },
      paths: {
        '/uploads': {
          post: {
            operationId: 'upload',
            security: [{ key: [] }, {}],
            responses: { '200': { description: 'stored' }, '403': { description: 'no key' } },
          },
        },
      },
    };
    const uploads = buildServiceModel('uploads', structuredClone(document) as never, () => {});
    const keys: boolean[] = [];
    const server = await listenLocal((req, res) => {
      keys.push(req.url!.includes(`key=${KEY}`));
      res.writeHead(keys.at(-1) ? 200 : 403).end();
    });
    try {
      const result = await run(server.baseUrl, {
        model: uploads,
        settings: { apiKeys: { key: KEY }, headers: {}, values: {}, seed: 1 },
        checks: ['negative_data_rejection', 'positive_data_acceptance', 'ignored_auth', 'status_code_conformance'],
      });
      expect(failed(result)).toEqual([]);
      const verdicts = Object.fromEntries(result.outcomes.map((o) => [o.check, o.verdict]));
      expect(verdicts.status_code_conformance).toBe('pass');
      expect(verdicts.positive_data_acceptance).toBe('pass');
      expect(keys[0]).toBe(true);
      expect(result.outcomes.find((o) => o.check === 'ignored_auth')!.message).toContain('without credentials');
    } finally {
      await server.close();
    }
  });
});

describe('a pattern the generated server leaves out (a lookahead)', () => {
  it('still binds the values the engine sends: the example it refuses is not sent', async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Names', version: '1' },
      paths: {
        '/names': {
          get: {
            operationId: 'findName',
            parameters: [
              {
                name: 'name',
                in: 'query',
                required: true,
                example: 'badname',
                schema: { type: 'string', pattern: '^(?!bad)[a-z]+$', default: 'goodname' },
              },
            ],
            responses: { '200': { description: 'found' }, '400': { description: 'refused' } },
          },
        },
      },
    };
    const names = engineModel('names', structuredClone(document) as never);
    const sent: string[] = [];
    const server = await listenLocal((req, res) => {
      const name = new URL(req.url!, 'http://x').searchParams.get('name') ?? '';
      sent.push(name);
      res.writeHead(/^(?!bad)[a-z]+$/.test(name) ? 200 : 400).end();
    });
    try {
      const result = await run(server.baseUrl, { model: names, checks: ['positive_data_acceptance'] });
      expect(failed(result)).toEqual([]);
      expect(sent[0]).toBe('goodname');
    } finally {
      await server.close();
    }
  });
});

describe('readOnly members', () => {
  it('are left out of the bodies the engine sends, at any depth (through $ref and allOf)', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Bills', version: '1' },
      paths: {},
      components: {
        schemas: {
          Stamp: { type: 'string', readOnly: true },
          Line: { type: 'object', properties: { id: { type: 'string', readOnly: true }, amount: { type: 'number' } } },
          Bill: {
            allOf: [{ type: 'object', properties: { created_at: { $ref: '#/components/schemas/Stamp' } } }],
            type: 'object',
            properties: {
              total: { type: 'number' },
              lines: { type: 'array', items: { $ref: '#/components/schemas/Line' } },
            },
          },
        },
      },
    };
    const bills = buildServiceModel('bills', structuredClone(document) as never, () => {});
    const value = { created_at: '2020-01-01', total: 3, lines: [{ id: 'l1', amount: 3 }] };
    expect(withoutReadOnly(bills, { $ref: '#/components/schemas/Bill' }, value)).toEqual({
      total: 3,
      lines: [{ amount: 3 }],
    });
  });
});

describe('judged as the document means it', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Records', version: '1' },
    paths: {
      '/records': {
        post: {
          operationId: 'createRecord',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'name'],
                  properties: {
                    id: { type: 'integer', readOnly: true },
                    name: { type: 'string', maxLength: 5 },
                  },
                },
                example: { name: 'abc' },
              },
            },
          },
          responses: {
            '200': {
              description: 'made',
              content: { 'application/json;charset=UTF-8': { schema: { type: 'object' } } },
            },
            '400': { description: 'refused' },
          },
        },
      },
    },
  };
  const records = buildServiceModel('records', structuredClone(document) as never, () => {});

  it("a media type's parameters (charset) do not change it; a readOnly member is not broken in a request", async () => {
    // A server that reads what the document says a request carries: the name, never the id.
    const server = await listenLocal(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      let name: unknown;
      try {
        name = JSON.parse(body).name;
      } catch {
        name = undefined;
      }
      const ok = typeof name === 'string' && name.length <= 5;
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' }).end('{}');
    });
    try {
      const result = await run(server.baseUrl, { model: records });
      expect(failed(result).map((o) => `${o.check}: ${o.message}`)).toEqual([]);
      expect(result.outcomes.find((o) => o.check === 'content_type_conformance')!.verdict).toBe('pass');
    } finally {
      await server.close();
    }
  });
});
