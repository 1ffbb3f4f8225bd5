// The generated client reads an XML answer into the value its schema describes, by the shapes the generated server
// reads XML bodies with (names, prefixes and namespaces, attributes, wrapped and unwrapped arrays, the root read under any name),
// where the operation documents XML for that status with a schema that describes more than a string; an XML answer
// of a string schema stays text, and a text that is no XML document is the call's ApiError. The root element is
// read under any name (Prism's mock writes `<xml>`); the server reading a request checks it. The result is typed by
// the answer's schema.
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';
import { servedPackage } from '../support/served-package.js';

const ORDERS = 'https://example.com/orders';
const xml = (schema: object, type = 'application/xml') => ({ description: 'xml', content: { [type]: { schema } } });

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'xml answers', version: '1' },
  paths: {
    '/orders/{id}': {
      get: {
        operationId: 'getOrder',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': xml({ $ref: '#/components/schemas/Order' }),
          '202': xml({ type: 'object', properties: { queued: { type: 'boolean' } } }, 'text/xml'),
        },
      },
    },
    '/notes': {
      get: { operationId: 'getNote', responses: { '200': xml({ type: 'string' }) } },
    },
  },
  components: {
    schemas: {
      Order: {
        type: 'object',
        xml: { name: 'order', prefix: 'o', namespace: ORDERS },
        required: ['id', 'lines'],
        properties: {
          id: { type: 'integer', xml: { attribute: true } },
          lines: { type: 'array', xml: { wrapped: true, name: 'items' }, items: { $ref: '#/components/schemas/Line' } },
          tags: { type: 'array', items: { type: 'string', xml: { name: 'tag' } } },
          express: { type: 'boolean' },
        },
      },
      Line: { type: 'object', xml: { name: 'line' }, properties: { sku: { type: 'string' }, qty: { type: 'number' } } },
    },
  },
};

const ORDER_TEXT = `<o:order xmlns:o="${ORDERS}" id="7"><items><line><sku>A&amp;1</sku><qty>2.5</qty></line></items><tag>a</tag><tag>b</tag><express>true</express></o:order>`;

const answers: Record<string, { status: number; body: string; type: string }> = {
  good: { status: 200, body: ORDER_TEXT, type: 'application/xml; charset=utf-8' },
  queued: { status: 202, body: '<root><queued>false</queued></root>', type: 'text/xml' },
  broken: { status: 200, body: '<order><items></order>', type: 'application/xml' },
  elsewhere: { status: 200, body: `<order xmlns="https://example.com/other" id="1"/>`, type: 'application/xml' },
  mock: { status: 200, body: '<xml id="3"><items><line><sku>B</sku></line></items></xml>', type: 'application/xml' },
};

const served = servedPackage('xml-answers', DOCUMENT, {
  getOrder: async (input: { path: { id: string } }) => {
    const a = answers[input.path.id]!;
    return { status: a.status, body: a.body, headers: { 'content-type': a.type } };
  },
  getNote: async () => ({ status: 200, body: '<note>as sent</note>', headers: { 'content-type': 'application/xml' } }),
});

const client = () => new served.pkg.client.XmlAnswersClient({ baseUrl: served.baseUrl, maxRetries: 0 });

it("reads an XML answer into its schema's value", async () => {
  expect(await client().getOrder({ id: 'good' })).toEqual({
    id: 7,
    lines: [{ sku: 'A&1', qty: 2.5 }],
    tags: ['a', 'b'],
    express: true,
  });
  // Each status by its own schema and media type.
  const queued = await client().getOrder({ id: 'queued' }).withResponse();
  expect(queued.status).toBe(202);
  expect(queued.data).toEqual({ queued: false });
});

it('keeps an XML answer of a string schema as its text', async () => {
  expect(await client().getNote()).toBe('<note>as sent</note>');
});

it('throws an ApiError for an answer that is no XML document of the schema', async () => {
  await expect(client().getOrder({ id: 'broken' })).rejects.toMatchObject({
    name: 'ApiError',
    message: expect.stringMatching(/^getOrder: the answer \(HTTP 200\) is not well-formed XML/),
  });
});

it("reads an XML answer's members under a root of another name or namespace", async () => {
  expect(await client().getOrder({ id: 'elsewhere' })).toEqual({ id: 1 });
  expect(await client().getOrder({ id: 'mock' })).toEqual({ id: 3, lines: [{ sku: 'B' }] });
});

it("types an XML answer by its schema's value", async () => {
  const files = new Map(await generatePackage({ key: 'xml-answers', spec: served.pkg.spec }, { onWarning: () => {} }));
  files.set(
    'client-use.ts',
    [
      `import { XmlAnswersClient } from './client.js';`,
      `const c = new XmlAnswersClient({ baseUrl: 'http://localhost' });`,
      `export const id = async (): Promise<number | undefined> => { const o = await c.getOrder({ id: '1' }); return 'id' in o ? o.id : undefined; };`,
      'export const note = async (): Promise<string> => c.getNote();',
      '',
    ].join('\n'),
  );
  expect(typeCheckPackages(new Map([['xml-answers', files]])).get('xml-answers')).toEqual([]);
}, 120_000);
