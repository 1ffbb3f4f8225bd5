// Form and multipart bodies with array and object fields travel as their media type's `encoding` says (style and
// explode; form + explode where it says nothing; JSON where it names application/json): the client writes
// `expand[0]=a`, `address[city]=Paris`, `tags=a&tags=b`, `ids=1,2`, and the package's own server reads the same
// bytes back as the arrays and objects sent, as it reads a qs-style client's `tags[]=a`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const strings = { type: 'array', items: { type: 'string' } };
const city = { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'integer' } } };
const echo = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const FORM_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    address: { anyOf: [city, { type: 'string', enum: [''] }] },
    expand: strings,
    tags: strings,
    ids: { type: 'array', items: { type: 'integer' } },
    piped: strings,
    nested: {
      type: 'object',
      properties: {
        inner: { type: 'object', properties: { deep: { type: 'boolean' } } },
        lines: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } } } },
      },
    },
    meta: { type: 'object', properties: { k: { type: 'string' } } },
    count: { type: 'integer' },
  },
};
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'forms', version: '1' },
  paths: {
    '/styled': {
      post: {
        operationId: 'styled',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: FORM_SCHEMA,
              encoding: {
                address: { style: 'deepObject', explode: true },
                expand: { style: 'deepObject', explode: true },
                ids: { style: 'form', explode: false },
                piped: { style: 'pipeDelimited' },
                nested: { style: 'deepObject', explode: true },
                meta: { contentType: 'application/json' },
              },
            },
          },
        },
        responses: echo,
      },
    },
    '/plain': {
      post: {
        operationId: 'plain',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: { name: { type: 'string' }, place: city, tags: strings },
              },
            },
          },
        },
        responses: echo,
      },
    },
    '/search': {
      get: {
        operationId: 'search',
        parameters: [
          {
            name: 'filter',
            in: 'query',
            style: 'deepObject',
            explode: true,
            schema: {
              type: 'object',
              properties: {
                created: { type: 'object', properties: { gte: { type: 'integer' }, lte: { type: 'integer' } } },
                ids: strings,
                name: { type: 'string' },
              },
            },
          },
        ],
        responses: echo,
      },
    },
    '/upload': {
      post: {
        operationId: 'upload',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  file: { type: 'string', format: 'binary' },
                  tags: strings,
                  info: { type: 'object', properties: { k: { type: 'integer' } } },
                  filter: city,
                  meta: { type: 'object', properties: { k: { type: 'string' } } },
                },
              },
              encoding: {
                filter: { style: 'deepObject', explode: true },
                meta: { contentType: 'application/json' },
              },
            },
          },
        },
        responses: echo,
      },
    },
  },
};

let pkg: InlinePackage;
let server: RunningServer;
const sent: string[] = [];

type Input = { body: Record<string, unknown> };
const fileless = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [k, k === 'file' ? (v as { size: number }).size : v]));

beforeAll(async () => {
  pkg = await inlinePackage('forms', DOCUMENT);
  const reply = (input: Input) => ({ status: 200, body: { ...fileless(input.body) } });
  const search = (input: { url: URL; query: Record<string, unknown> }) => ({
    status: 200,
    body: { search: input.url.search, query: input.query },
  });
  server = await listenLocal(
    pkg.server.createFormsServer({ styled: reply, plain: reply, upload: reply, search }, { logger: false }),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  pkg?.remove();
});

function client() {
  const recording: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string') sent.push(init.body);
    return fetch(input, init);
  };
  return new pkg.client.FormsClient({ baseUrl: server.baseUrl, maxRetries: 0, fetch: recording });
}

const lastSent = () => [...new URLSearchParams(sent[sent.length - 1])];

describe('form bodies with arrays and objects', () => {
  const body = {
    address: { city: 'Berlin', zip: 10115 },
    expand: ['sources', 'tax'],
    tags: ['a,b', 'c'],
    ids: [1, 2],
    piped: ['x', 'y'],
    nested: { inner: { deep: true }, lines: [{ qty: 2 }, { qty: 3 }] },
    meta: { k: 'v' },
    count: 7,
  };

  it('the client writes each field in its encoding, and the server reads back what was sent', async () => {
    expect(await client().styled({ body })).toEqual(body);
    // Brackets in names stay as they are (Stripe's SDK writes them so, Prism's form check wants them).
    expect(sent[sent.length - 1]).toContain('address[city]=Berlin&address[zip]=10115&expand[0]=sources');
    expect(lastSent()).toEqual([
      ['address[city]', 'Berlin'],
      ['address[zip]', '10115'],
      ['expand[0]', 'sources'],
      ['expand[1]', 'tax'],
      ['tags', 'a,b'],
      ['tags', 'c'],
      ['ids', '1,2'],
      ['piped', 'x|y'],
      ['nested[inner][deep]', 'true'],
      ['nested[lines][0][qty]', '2'],
      ['nested[lines][1][qty]', '3'],
      ['meta', '{"k":"v"}'],
      ['count', '7'],
    ]);
  });

  it('a one-item array stays an array, and the scalar branch of an anyOf travels as itself', async () => {
    expect(await client().styled({ body: { tags: ['only'], address: '' } })).toEqual({ tags: ['only'], address: '' });
  });

  it('a form written by a qs-style client (`tags[]=`, bracketed arrays) is read the same way', async () => {
    const answer = await fetch(`${server.baseUrl}/styled`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'tags[]=p&tags[]=q&expand[1]=y&expand[0]=x&address[city]=Rome&nested[lines][0][qty]=1',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      tags: ['p', 'q'],
      expand: ['x', 'y'],
      address: { city: 'Rome' },
      nested: { lines: [{ qty: 1 }] },
    });
  });

  it('an object with no encoding is written as its own members (form + explode) and gathered back', async () => {
    const sentBody = { name: 'n', place: { city: 'Paris', zip: 75001 }, tags: ['t1', 't2'] };
    expect(await client().plain({ body: sentBody })).toEqual(sentBody);
    expect(lastSent()).toEqual([
      ['name', 'n'],
      ['city', 'Paris'],
      ['zip', '75001'],
      ['tags', 't1'],
      ['tags', 't2'],
    ]);
  });

  it('a field nested past the depth limit, or not of its schema, is refused', async () => {
    const post = (text: string) =>
      fetch(`${server.baseUrl}/styled`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: text,
      });
    expect((await post('ids=1,x')).status).toBe(400);
    expect((await post(`nested${'[a]'.repeat(200)}=1`)).status).toBe(400);
    expect((await post('__proto__[polluted]=1')).status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('a deepObject query parameter with nested members', () => {
  it('travels in brackets at any depth and is read back', async () => {
    const filter = { created: { gte: 1, lte: 9 }, ids: ['a', 'b'], name: 'n' };
    const answer = await client().search({ filter });
    expect([...new URLSearchParams(answer.search)]).toEqual([
      ['filter[created][gte]', '1'],
      ['filter[created][lte]', '9'],
      ['filter[ids][0]', 'a'],
      ['filter[ids][1]', 'b'],
      ['filter[name]', 'n'],
    ]);
    expect(answer.query).toEqual({ filter });
  });
});

describe('multipart bodies with arrays and objects', () => {
  it('files, repeated items, JSON objects and a deepObject field travel and are read back', async () => {
    const answer = await client().upload({
      body: {
        file: new Uint8Array([1, 2, 3]),
        tags: ['a', 'b'],
        info: { k: 4 },
        filter: { city: 'Oslo', zip: 150 },
        meta: { k: 'm' },
      },
    });
    expect(answer).toEqual({
      file: 3,
      tags: ['a', 'b'],
      info: { k: 4 },
      filter: { city: 'Oslo', zip: 150 },
      meta: { k: 'm' },
    });
  });

  it('the deepObject field goes as bracketed parts, the JSON field with its content type', async () => {
    const form: FormData[] = [];
    const recording: typeof fetch = async (input, init) => {
      if (init?.body instanceof FormData) form.push(init.body);
      return fetch(input, init);
    };
    const c = new pkg.client.FormsClient({ baseUrl: server.baseUrl, maxRetries: 0, fetch: recording });
    await c.upload({ body: { filter: { city: 'Oslo' }, meta: { k: 'm' } } });
    const parts = form[0]!;
    expect(parts.get('filter[city]')).toBe('Oslo');
    const meta = parts.get('meta') as Blob;
    expect(meta.type).toBe('application/json');
    expect(await meta.text()).toBe('{"k":"m"}');
  });
});
