// The generated client writes an XML request body from its schema's value, by the shapes the generated server reads
// it with (the OpenAPI XML Object: names, prefixes and namespaces, attributes, wrapped and unwrapped arrays, the
// root's name), so a value sent through the client arrives at the handler as that value; text and bytes still go as
// given. Element text and attribute values are escaped by context; a name that is no XML name (from the document or
// from the value's keys) or a character XML cannot carry is refused before anything is sent.
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';
import { servedPackage } from '../support/served-package.js';

const ORDERS = 'https://example.com/orders';
const NOTES = 'https://example.com/notes?a=1&b="2"';

const echoed = { '200': { description: 'read', content: { 'application/json': { schema: {} } } } };
const xmlBody = (schema: object, type = 'application/xml') => ({
  required: true,
  content: { [type]: { schema } },
});

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'xml shop', version: '1' },
  paths: {
    '/orders': {
      post: {
        operationId: 'placeOrder',
        requestBody: xmlBody({ $ref: '#/components/schemas/Order' }),
        responses: echoed,
      },
    },
    '/notes': {
      put: {
        operationId: 'putNote',
        requestBody: xmlBody(
          {
            type: 'object',
            required: ['text'],
            properties: {
              text: { type: 'string' },
              pinned: { type: 'boolean' },
              label: { type: 'string', xml: { attribute: true } },
            },
            additionalProperties: { type: 'string' },
          },
          'text/xml',
        ),
        responses: echoed,
      },
    },
    '/tags': {
      put: {
        operationId: 'putTags',
        requestBody: xmlBody({ $ref: '#/components/schemas/Tags' }, 'application/atom+xml'),
        responses: echoed,
      },
    },
    '/labels': {
      put: {
        operationId: 'putLabels',
        requestBody: xmlBody({ $ref: '#/components/schemas/Labels' }),
        responses: echoed,
      },
    },
    '/batches': {
      post: {
        operationId: 'putBatch',
        requestBody: xmlBody({ $ref: '#/components/schemas/Batch' }),
        responses: echoed,
      },
    },
    // AWS S3's idioms: `attribute` on an object (Grantee), a name written with a prefix no namespace declares.
    '/grants': {
      put: { operationId: 'putGrant', requestBody: xmlBody({ $ref: '#/components/schemas/Grant' }), responses: echoed },
    },
    // A document's name that is no XML name: the client refuses to write it.
    '/broken': {
      post: {
        operationId: 'putBroken',
        requestBody: xmlBody({
          type: 'object',
          xml: { name: 'doc' },
          properties: { evil: { type: 'string', xml: { name: 'a><b' } } },
        }),
        responses: echoed,
      },
    },
  },
  components: {
    schemas: {
      Batch: {
        type: 'object',
        required: ['names'],
        additionalProperties: false,
        properties: { names: { allOf: [{ $ref: '#/components/schemas/NameList' }, { description: 'The names.' }] } },
      },
      NameList: {
        type: 'array',
        items: { allOf: [{ $ref: '#/components/schemas/Name' }, { xml: { name: 'Name' } }] },
        xml: { wrapped: false },
      },
      Name: { type: 'string' },
      // Names written with their prefix, at the root and on a root array's items.
      Labels: {
        type: 'array',
        xml: { name: 'l:labels', namespace: 'urn:l' },
        items: { type: 'string', xml: { name: 'label', prefix: 'l' } },
      },
      Grant: {
        type: 'object',
        properties: {
          Grantee: { allOf: [{ $ref: '#/components/schemas/Grantee' }, { description: 'who' }] },
          Permission: { type: 'string', xml: { prefix: 'g' } },
          // A namespace declaration named as a member (openSUSE's obs names `xmlns:os` so).
          'xmlns:g': { type: 'string', xml: { attribute: true } },
        },
      },
      Grantee: {
        type: 'object',
        xml: { namespace: 'http://www.w3.org/2001/XMLSchema-instance', attribute: true },
        required: ['Type'],
        properties: { Type: { type: 'string', xml: { name: 'xsi:type' } }, ID: { type: 'string' } },
      },
      Tags: { type: 'array', items: { type: 'string', xml: { name: 'tag' } } },
      Order: {
        type: 'object',
        xml: { name: 'order', prefix: 'o', namespace: ORDERS },
        required: ['id', 'lines', 'notes'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer', minimum: 1, xml: { attribute: true } },
          currency: { type: 'string', xml: { attribute: true, name: 'cur' } },
          lines: { type: 'array', xml: { wrapped: true, name: 'items' }, items: { $ref: '#/components/schemas/Line' } },
          notes: { type: 'array', items: { type: 'string', xml: { name: 'note', prefix: 'n', namespace: NOTES } } },
          express: { type: 'boolean' },
          photos: { type: 'array', items: { type: 'string' }, xml: { name: 'photo', wrapped: true } },
        },
      },
      Line: {
        type: 'object',
        xml: { name: 'line' },
        required: ['sku', 'qty'],
        properties: { sku: { type: 'string' }, qty: { type: 'number' } },
      },
    },
  },
};

const served = servedPackage('xml-shop', DOCUMENT, () => {
  const echo = async (input: { body: unknown; bodyValue?: unknown }) => ({
    status: 200,
    body: { text: input.body, value: input.bodyValue ?? null },
  });
  return {
    placeOrder: echo,
    putNote: echo,
    putTags: echo,
    putBatch: echo,
    putBroken: echo,
    putGrant: echo,
    putLabels: echo,
  };
});

const sent: Array<{ type: string | null; body: string }> = [];
function client() {
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({ type: request.headers.get('content-type'), body: await request.clone().text() });
    return fetch(request);
  };
  return new served.pkg.client.XmlShopClient({ baseUrl: served.baseUrl, maxRetries: 0, fetch: recording });
}

const ORDER = {
  id: 7,
  currency: 'EUR',
  lines: [
    { sku: 'A1', qty: 2 },
    { sku: 'B2', qty: 0.5 },
  ],
  notes: ['a & b', '</n:note><evil/>'],
  express: true,
  photos: ['a.png'],
};

it('writes a value as the XML the server reads back into that value', async () => {
  const answer = await client().placeOrder({ body: ORDER });
  expect(answer.value).toEqual(ORDER);
  const last = sent.at(-1)!;
  expect(last.type).toBe('application/xml');
  // The root named, prefixed and in its namespace; the attributes, the wrapper and the unwrapped items as named.
  expect(last.body).toMatch(/^<o:order xmlns:o="https:\/\/example\.com\/orders" id="7" cur="EUR">/);
  expect(last.body).toContain('<items><line><sku>A1</sku><qty>2</qty></line>');
  expect(last.body).toContain('<photo><photo>a.png</photo></photo>');
  expect(last.body).toContain('<n:note xmlns:n="https://example.com/notes?a=1&amp;b=&quot;2&quot;">a &amp; b</n:note>');
  expect(answer.text).toBe(last.body);
});

it('escapes element text and attribute values by their context, and keeps their white space', async () => {
  const value = { text: 'x</text><pinned>true</pinned>\r\n\t]]>', label: `"q" 'a' <b> & \t\n\r`, pinned: false };
  const answer = await client().putNote({ body: value });
  expect(answer.value).toEqual(value);
  expect(sent.at(-1)!.type).toBe('text/xml');
  expect(sent.at(-1)!.body).toBe(
    '<root label="&quot;q&quot; &apos;a&apos; &lt;b&gt; &amp; &#9;&#10;&#13;"><text>x&lt;/text&gt;&lt;pinned&gt;true&lt;/pinned&gt;&#13;\n\t]]&gt;</text><pinned>false</pinned></root>',
  );
});

it('writes array bodies as items inside the root, and items named through allOf beside other members', async () => {
  expect((await client().putTags({ body: ['a', 'b'] })).value).toEqual(['a', 'b']);
  expect(sent.at(-1)!.body).toBe('<Tags><tag>a</tag><tag>b</tag></Tags>');
  expect(sent.at(-1)!.type).toBe('application/atom+xml');
  expect((await client().putLabels({ body: ['a', 'b'] })).value).toEqual(['a', 'b']);
  expect(sent.at(-1)!.body).toBe('<l:labels xmlns:l="urn:l"><l:label>a</l:label><l:label>b</l:label></l:labels>');
  expect((await client().putBatch({ body: { names: ['x', 'y'] } })).value).toEqual({ names: ['x', 'y'] });
  expect(sent.at(-1)!.body).toBe('<Batch><Name>x</Name><Name>y</Name></Batch>');
});

it('writes members the schema does not name under their keys, and still sends text as given', async () => {
  expect((await client().putNote({ body: { text: 't', extra: 'e' } })).value).toEqual({ text: 't', extra: 'e' });
  const text = '<note><text>as written</text></note>';
  const answer = await client().putNote({ body: text });
  expect(answer.text).toBe(text);
  expect(answer.value).toEqual({ text: 'as written' });
});

it('writes an object marked as an attribute as an element, a declaration named as a member as one, and leaves off a prefix nothing declares', async () => {
  const value = { Grantee: { Type: 'CanonicalUser', ID: '7' }, Permission: 'READ', 'xmlns:g': 'urn:g' };
  expect((await client().putGrant({ body: value })).value).toEqual(value);
  expect(sent.at(-1)!.body).toBe(
    '<Grant xmlns:g="urn:g"><Grantee xmlns="http://www.w3.org/2001/XMLSchema-instance"><type>CanonicalUser</type><ID>7</ID></Grantee><g:Permission>READ</g:Permission></Grant>',
  );
  // Without the declaration, the prefix is left off.
  await client().putGrant({ body: { Permission: 'READ' } });
  expect(sent.at(-1)!.body).toBe('<Grant><Permission>READ</Permission></Grant>');
});

it('refuses a name that is no XML name, or a character XML cannot carry, before sending', async () => {
  const before = sent.length;
  await expect(client().putBroken({ body: { evil: 'x' } })).rejects.toThrow(/"a><b" is not an XML element/);
  await expect(client().putNote({ body: { text: 't', 'a b': 'x' } })).rejects.toThrow(/"a b" is not an XML/);
  await expect(client().putNote({ body: { text: 't', '@_id': 'x' } })).rejects.toThrow(/is not an XML/);
  await expect(client().putNote({ body: { text: 'bell \u0007' } })).rejects.toThrow(/character XML 1.0/);
  await expect(client().putNote({ body: { text: 't' }, contentType: 'application/json' })).rejects.toThrow(
    /written as XML, not as application\/json/,
  );
  expect(sent.length).toBe(before);
});

it("types an XML body as its schema's value, or its text or bytes", async () => {
  const files = new Map(await generatePackage({ key: 'xml-shop', spec: served.pkg.spec }, { onWarning: () => {} }));
  files.set(
    'client-use.ts',
    [
      `import { XmlShopClient } from './client.js';`,
      `const c = new XmlShopClient({ baseUrl: 'http://localhost' });`,
      `export const value = () => c.placeOrder({ body: { id: 1, lines: [{ sku: 'a', qty: 1 }], notes: [] } });`,
      `export const text = () => c.placeOrder({ body: '<order/>' });`,
      `export const bytes = () => c.placeOrder({ body: new Uint8Array() });`,
      '// @ts-expect-error: the schema has no such member',
      `export const wrong = () => c.placeOrder({ body: { id: 1, lines: [], notes: [], nope: 1 } });`,
      '',
    ].join('\n'),
  );
  // A client-only package carries the writer and the XML library, without the server's runtime.
  const clientOnly = new Map(
    await generatePackage({ key: 'xml-shop', spec: served.pkg.spec }, { onWarning: () => {}, clientOnly: true }),
  );
  expect([...clientOnly.keys()].filter((name) => name.startsWith('runtime/xml/'))).toEqual([
    'runtime/xml/shapes.ts',
    'runtime/xml/vendor/xml-parser.d.ts',
    'runtime/xml/vendor/xml-parser.js',
    'runtime/xml/write.ts',
  ]);
  expect([...clientOnly.keys()].some((name) => name.startsWith('runtime/server/'))).toBe(false);
  clientOnly.set('client-use.ts', files.get('client-use.ts')!);
  const checked = typeCheckPackages(
    new Map([
      ['xml-shop', files],
      ['xml-shop-client', clientOnly],
    ]),
  );
  expect(checked.get('xml-shop')).toEqual([]);
  expect(checked.get('xml-shop-client')).toEqual([]);
}, 120_000);
