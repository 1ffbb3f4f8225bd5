// The generated server reads an XML request body whose media type documents a schema into the JSON value that schema
// describes (the OpenAPI XML Object: names, attributes, wrapped and unwrapped arrays, namespaces), validates it with
// the body's schema, and hands the handler the text as `body` and the value as `bodyValue`; a document that is no
// XML, declares a DOCTYPE, or breaks the schema is refused with 400 naming where. A package without XML bodies does
// not carry the XML parser.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';
import { servedPackage } from '../support/served-package.js';

const ORDERS = 'https://example.com/orders';
const NOTES = 'https://example.com/notes';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'xml orders', version: '1' },
  paths: {
    '/orders': {
      post: {
        operationId: 'placeOrder',
        requestBody: {
          required: true,
          content: { 'application/xml': { schema: { $ref: '#/components/schemas/Order' } } },
        },
        responses: { '200': { description: 'read', content: { 'application/json': { schema: {} } } } },
      },
    },
    '/notes': {
      put: {
        operationId: 'putNote',
        requestBody: {
          required: true,
          content: {
            'text/xml': {
              schema: {
                type: 'object',
                required: ['text'],
                properties: { text: { type: 'string' }, pinned: { type: 'boolean' } },
              },
            },
          },
        },
        responses: { '200': { description: 'read', content: { 'application/json': { schema: {} } } } },
      },
    },
    '/tags': {
      put: {
        operationId: 'putTags',
        requestBody: {
          required: true,
          content: { 'application/atom+xml': { schema: { $ref: '#/components/schemas/Tags' } } },
        },
        responses: { '200': { description: 'read', content: { 'application/json': { schema: {} } } } },
      },
    },
    '/documents': {
      put: {
        operationId: 'putDocument',
        requestBody: {
          required: true,
          content: {
            'application/xml': { schema: { description: 'Any XML document.' } },
            'application/soap+xml': { schema: { type: 'string' } },
          },
        },
        responses: { '200': { description: 'read', content: { 'application/json': { schema: {} } } } },
      },
    },
    '/batches': {
      post: {
        operationId: 'putBatch',
        requestBody: {
          required: true,
          content: { 'text/xml': { schema: { $ref: '#/components/schemas/Batch' } } },
        },
        responses: { '200': { description: 'read', content: { 'application/json': { schema: {} } } } },
      },
    },
  },
  components: {
    schemas: {
      // AWS's idioms: a `$ref` given a description through allOf, its items named through allOf; a string that
      // carries a stray `items`.
      Batch: {
        type: 'object',
        required: ['names'],
        additionalProperties: false,
        properties: {
          names: { allOf: [{ $ref: '#/components/schemas/NameList' }, { description: 'The names.' }] },
          label: { type: 'string', items: {} },
        },
      },
      NameList: {
        type: 'array',
        items: { allOf: [{ $ref: '#/components/schemas/Name' }, { xml: { name: 'Name' } }] },
        xml: { wrapped: false },
      },
      Name: { type: 'string' },
      Tags: { type: 'array', items: { type: 'string', xml: { name: 'tag' } } },
      Order: {
        type: 'object',
        xml: { name: 'order', prefix: 'o', namespace: ORDERS },
        required: ['id', 'lines', 'notes'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer', minimum: 1, xml: { attribute: true } },
          currency: { type: 'string', enum: ['EUR', 'USD'], xml: { attribute: true, name: 'cur' } },
          lines: {
            type: 'array',
            xml: { wrapped: true, name: 'items' },
            items: { $ref: '#/components/schemas/Line' },
          },
          notes: { type: 'array', items: { type: 'string', xml: { name: 'note', prefix: 'n', namespace: NOTES } } },
          express: { type: 'boolean' },
          // Wrapped under a name of its own, its items unnamed: they take the wrapper's (petstore's photoUrls).
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

const served = servedPackage('xml-orders', DOCUMENT, () => {
  const echo = async (input: { body: unknown; bodyValue?: unknown }) => ({
    status: 200,
    body: { text: input.body, value: input.bodyValue ?? null },
  });
  return { placeOrder: echo, putNote: echo, putTags: echo, putBatch: echo, putDocument: echo };
});

async function send(url: string, type: string, body: string): Promise<{ status: number; json: any }> {
  const response = await fetch(`${served.baseUrl}${url}`, {
    method: url === '/orders' || url === '/batches' ? 'POST' : 'PUT',
    headers: { 'content-type': type },
    body,
  });
  return { status: response.status, json: await response.json() };
}

const order = (inner: string, attributes = 'id="7" cur="EUR"') =>
  `<?xml version="1.0"?><o:order xmlns:o="${ORDERS}" xmlns:n="${NOTES}" ${attributes}>${inner}</o:order>`;
const LINES = '<items><line><sku>A1</sku><qty>2</qty></line></items>';

it('hands the handler the text and the value its schema describes', async () => {
  const text = order(`${LINES}<n:note>a &amp; b</n:note><n:note>&#x3c;c&#62;</n:note><express>true</express>`);
  const { status, json } = await send('/orders', 'application/xml', text);
  expect(status).toBe(200);
  expect(json.text).toBe(text);
  expect(json.value).toEqual({
    id: 7,
    currency: 'EUR',
    lines: [{ sku: 'A1', qty: 2 }],
    notes: ['a & b', '<c>'],
    express: true,
  });
});

it("names a wrapped array's unnamed items by the wrapper's name", async () => {
  const text = order(`${LINES}<n:note>x</n:note><photo><photo>a.png</photo><photo>b.png</photo></photo>`);
  const { status, json } = await send('/orders', 'application/xml', text);
  expect(status).toBe(200);
  expect(json.value.photos).toEqual(['a.png', 'b.png']);
});

it('reads one unwrapped item as an array, and a wrapper with one item too', async () => {
  const { status, json } = await send('/orders', 'application/xml', order(`${LINES}<n:note>x</n:note>`));
  expect(status).toBe(200);
  expect(json.value).toEqual({ id: 7, currency: 'EUR', lines: [{ sku: 'A1', qty: 2 }], notes: ['x'] });
});

it('matches names by namespace, whatever prefix or default declaration the sender chose', async () => {
  const text = `<order xmlns="${ORDERS}" id="3">${LINES}<x:note xmlns:x="${NOTES}">y</x:note></order>`;
  const { status, json } = await send('/orders', 'application/xml', text);
  expect(status).toBe(200);
  expect(json.value).toEqual({ id: 3, lines: [{ sku: 'A1', qty: 2 }], notes: ['y'] });
});

it('refuses a root element in another namespace, or of another name than the document gives', async () => {
  const other = await send('/orders', 'application/xml', `<order xmlns="urn:other" id="3">${LINES}</order>`);
  expect(other.status).toBe(400);
  expect(JSON.stringify(other.json)).toContain('root element');
  const renamed = await send('/orders', 'application/xml', order(LINES).replace(/o:order/g, 'o:purchase'));
  expect(renamed.status).toBe(400);
  expect(JSON.stringify(renamed.json)).toContain('<order>');
});

it('takes any root element where the document names none (an inline schema)', async () => {
  for (const root of ['root', 'note', 'anything']) {
    const { status, json } = await send(
      '/notes',
      'text/xml',
      `<${root} pinned="x"><text>hi</text><pinned>false</pinned></${root}>`,
    );
    expect(status).toBe(200);
    expect(json.value).toEqual({ text: 'hi', pinned: false });
  }
});

it('reads an array body as its items inside the root element', async () => {
  const { status, json } = await send('/tags', 'application/atom+xml', '<Tags><tag>a</tag><tag>b</tag></Tags>');
  expect(status).toBe(200);
  expect(json.value).toEqual(['a', 'b']);
});

it("names items by an allOf member's xml, and reads a required unwrapped array without items as empty", async () => {
  const named = await send('/batches', 'text/xml', '<Batch><Name>a</Name><Name>b</Name><label>x</label></Batch>');
  expect(named.status).toBe(200);
  expect(named.json.value).toEqual({ names: ['a', 'b'], label: 'x' });
  const none = await send('/batches', 'text/xml', '<Batch><label>x</label></Batch>');
  expect(none.status).toBe(200);
  expect(none.json.value).toEqual({ names: [], label: 'x' });
});

it('takes a body whose schema says nothing of its elements (a string, a description) as its text, unread', async () => {
  for (const type of ['application/xml', 'application/soap+xml']) {
    const { status, json } = await send('/documents', type, 'not <xml');
    expect(status, type).toBe(200);
    expect(json, type).toEqual({ text: 'not <xml', value: null });
  }
});

it('refuses a document that is not well-formed XML', async () => {
  for (const text of ['<o:order', order('<items>'), '', 'not xml', `${order(LINES)}<second/>`]) {
    const { status, json } = await send('/orders', 'application/xml', text);
    expect(status, text).toBe(400);
    expect(JSON.stringify(json), text).toMatch(/XML/);
  }
});

it('refuses a schema violation with a pointer to it', async () => {
  const cases: Array<[string, string]> = [
    // A wrong type: an integer attribute that is not a number.
    [order(`${LINES}<n:note>x</n:note>`, 'id="seven"'), 'id'],
    // A missing required element.
    [order('<n:note>x</n:note>'), 'lines'],
    // An attribute sent as an element (and so no attribute).
    [order(`<id>7</id>${LINES}<n:note>x</n:note>`, 'cur="EUR"'), 'id'],
    // A number that is not one, inside a wrapped array's item.
    [order('<items><line><sku>A1</sku><qty>two</qty></line></items><n:note>x</n:note>'), 'lines.0.qty'],
    // An element the schema does not have (additionalProperties: false).
    [order(`${LINES}<n:note>x</n:note><discount>5</discount>`), 'discount'],
  ];
  for (const [text, pointer] of cases) {
    const { status, json } = await send('/orders', 'application/xml', text);
    expect(status, text).toBe(400);
    expect(JSON.stringify(json), text).toContain(pointer);
  }
});

it('refuses a DOCTYPE: no entity of it is expanded, no external one fetched', async () => {
  const laughs = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE o:order [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>',
    `<o:order xmlns:o="${ORDERS}" id="1">${LINES}<n:note xmlns:n="${NOTES}">&b;</n:note></o:order>`,
  ].join('');
  const external = `<!DOCTYPE o:order [<!ENTITY x SYSTEM "file:///etc/passwd">]><o:order xmlns:o="${ORDERS}" id="1">&x;</o:order>`;
  for (const text of [laughs, external]) {
    const { status, json } = await send('/orders', 'application/xml', text);
    expect(status).toBe(400);
    expect(JSON.stringify(json)).toContain('DOCTYPE');
  }
  // An entity no DTD declares is no XML (and a DOCTYPE inside the root element is not read either).
  const inside = order(`${LINES}<!DOCTYPE x [<!ENTITY b "bb">]><n:note>&b;</n:note>`);
  const refused = await send('/orders', 'application/xml', inside);
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.json)).toMatch(/entity|well-formed/);
});

it('reads elements named after Object.prototype members as data, never through the prototype', async () => {
  const text = '<root><text>hi</text><__proto__><polluted>1</polluted></__proto__><constructor>x</constructor></root>';
  const { status, json } = await send('/notes', 'text/xml', text);
  expect(status).toBe(200);
  expect(json.value.text).toBe('hi');
  expect(json.value.constructor).toBe('x');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

it('bounds the nesting of an XML body', async () => {
  const deep = `<root>${'<a>'.repeat(500)}${'</a>'.repeat(500)}</root>`;
  const { status, json } = await send('/notes', 'text/xml', deep);
  expect(status).toBe(400);
  expect(JSON.stringify(json)).toContain('nested');
  const within = `<root><text>hi</text>${'<a>'.repeat(90)}${'</a>'.repeat(90)}</root>`;
  expect((await send('/notes', 'text/xml', within)).status).toBe(200);
});

it("types bodyValue by the body's schema, and body stays the text", async () => {
  const files = new Map(await generatePackage({ key: 'xml-orders', spec: served.pkg.spec }, { onWarning: () => {} }));
  files.set(
    'handler-use.ts',
    [
      `import type { PlaceOrderInput } from './server.js';`,
      'export const id = (input: PlaceOrderInput): number => input.bodyValue.id;',
      'export const lines = (input: PlaceOrderInput): string[] => input.bodyValue.lines.map((l) => l.sku);',
      'export const text = (input: PlaceOrderInput): string => input.body;',
      '// @ts-expect-error: the schema has no such member',
      'export const none = (input: PlaceOrderInput): unknown => input.bodyValue.nope;',
      '',
    ].join('\n'),
  );
  expect(typeCheckPackages(new Map([['xml-orders', files]])).get('xml-orders')).toEqual([]);
}, 120_000);

it('carries the XML parser only in a package with an XML body', () => {
  const files = (dir: string, folder: string) => {
    const at = path.join(dir, 'runtime', folder);
    return fs.existsSync(at) ? fs.readdirSync(at) : [];
  };
  expect(files(served.pkg.dir, 'xml/vendor')).toContain('xml-parser.js');
  expect(fs.existsSync(path.join(served.pkg.dir, 'runtime', 'server', 'xml-body.ts'))).toBe(true);
  // The committed packages have no XML request body: neither the reader nor the parser is among their files.
  for (const key of ['ad-creative', 'analytics', 'generative']) {
    const dir = path.join(import.meta.dirname, '..', '..', 'generated', key);
    expect(files(dir, 'server/vendor')).toContain('ajv.js');
    expect(files(dir, 'xml')).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'runtime', 'server', 'xml-body.ts'))).toBe(false);
  }
});
