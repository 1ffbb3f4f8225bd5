// A form or multipart body whose schema admits no object (a string, a binary string, an array, a oneOf of scalars,
// a $ref to one) has no properties for the media type's encoding to write as fields (OpenAPI's Encoding Object maps
// property names), so no rule turns its value into the wire: the caller sends the body already encoded (form text,
// URLSearchParams, FormData, bytes) and the package's own server hands it over as received, unvalidated (the form
// text as a string, multipart as its bytes), with one warning naming the schema. The package compiles strictly,
// and what the client sends is what the handler gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { typeCheckPackages } from '../../generator/typecheck.js';
import { generatePackage } from '../../generator/pipeline.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const echo = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const body = (contentType: string, schema: object) => ({ required: true, content: { [contentType]: { schema } } });
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'unfielded', version: '1' },
  paths: {
    // The form text itself, typed as a string.
    '/detect': {
      post: {
        operationId: 'detect',
        requestBody: body('application/x-www-form-urlencoded', { type: 'string' }),
        responses: echo,
      },
    },
    // A file as the whole multipart body.
    '/import': {
      patch: {
        operationId: 'importFile',
        requestBody: body('multipart/form-data', { type: 'string', format: 'binary' }),
        responses: echo,
      },
    },
    // A list of names.
    '/columns': {
      put: {
        operationId: 'setColumns',
        requestBody: body('multipart/form-data', { type: 'array', items: { type: 'string' } }),
        responses: echo,
      },
    },
    // An array of tasks through a $ref, each task one of two objects.
    '/edit': {
      post: {
        operationId: 'edit',
        requestBody: body('application/x-www-form-urlencoded', { $ref: '#/components/schemas/Tasks' }),
        responses: echo,
      },
    },
    // One of two scalars, optional.
    '/pick': {
      post: {
        operationId: 'pick',
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': { schema: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
          },
        },
        responses: echo,
      },
    },
    // A schema that admits objects keeps its fields: written and validated as before.
    '/fields': {
      post: {
        operationId: 'fields',
        requestBody: body('application/x-www-form-urlencoded', {
          oneOf: [{ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, { type: 'string' }],
        }),
        responses: echo,
      },
    },
  },
  components: {
    schemas: {
      Tasks: {
        type: 'array',
        items: {
          anyOf: [
            { type: 'object', properties: { name: { enum: ['cut'] }, start: { type: 'integer' } } },
            { type: 'object', properties: { name: { enum: ['intro'] }, file: { type: 'string' } } },
          ],
        },
      },
    },
  },
};

let pkg: InlinePackage;
let server: RunningServer;
const sent: Array<{ contentType: string | null; body: unknown }> = [];

/** What the handler got: text as it is, fields as read, media as its bytes read back as a form. */
async function received(input: { contentType?: string; body: unknown }) {
  const got = input.body as string | { contentType: string; bytes(): Promise<Uint8Array> } | undefined;
  if (got === undefined || typeof got === 'string') return { contentType: input.contentType, text: got };
  if (typeof got.bytes !== 'function') return { contentType: input.contentType, value: got };
  const bytes = await got.bytes();
  const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': got.contentType } }).formData();
  const fields: Record<string, unknown[]> = {};
  for (const [name, value] of form as unknown as Iterable<[string, FormDataEntryValue]>)
    (fields[name] ??= []).push(typeof value === 'string' ? value : { file: value.name, text: await value.text() });
  return { contentType: input.contentType, fields };
}

beforeAll(async () => {
  pkg = await inlinePackage('unfielded', DOCUMENT);
  const reply = async (input: { contentType?: string; body: unknown }) => ({
    status: 200,
    body: await received(input),
  });
  server = await listenLocal(
    pkg.server.createUnfieldedServer(
      { detect: reply, importFile: reply, setColumns: reply, edit: reply, pick: reply, fields: reply },
      { logger: false },
    ),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  pkg?.remove();
});

function client() {
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({ contentType: request.headers.get('content-type'), body: init?.body });
    return fetch(input, init);
  };
  return new pkg.client.UnfieldedClient({ baseUrl: server.baseUrl, maxRetries: 0, fetch: recording });
}

describe('form and multipart bodies whose schema admits no object', () => {
  it('warn once each, naming the schema, and leave a schema that admits objects alone', () => {
    const pointers = pkg.warnings.filter((w) => /admits no object/.test(w.message)).map((w) => w.pointer);
    expect(pointers.sort()).toEqual([
      '#/paths/~1columns/put/requestBody/content/multipart~1form-data/schema',
      '#/paths/~1detect/post/requestBody/content/application~1x-www-form-urlencoded/schema',
      '#/paths/~1edit/post/requestBody/content/application~1x-www-form-urlencoded/schema',
      '#/paths/~1import/patch/requestBody/content/multipart~1form-data/schema',
      '#/paths/~1pick/post/requestBody/content/application~1x-www-form-urlencoded/schema',
    ]);
  });

  it('give a package that compiles strictly', async () => {
    const files = await generatePackage({ key: 'unfielded', spec: pkg.spec }, { onWarning: () => {} });
    expect(typeCheckPackages(new Map([['unfielded', files]])).get('unfielded')).toEqual([]);
  }, 120_000);

  it('send form text as given, a string or URLSearchParams, and the handler gets the text', async () => {
    const text = 'text=hello+world&lang=en';
    expect(await client().detect({ body: text })).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      text,
    });
    expect(sent.at(-1)?.contentType).toBe('application/x-www-form-urlencoded');
    const tasks = new URLSearchParams([
      ['tasks[0][name]', 'cut'],
      ['tasks[0][start]', '5'],
    ]);
    expect(await client().edit({ body: tasks })).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      text: tasks.toString(),
    });
  });

  it('send FormData as multipart with its boundary, and the handler gets the bytes sent', async () => {
    const form = new FormData();
    form.append('file', new Blob(['a;b\n1;2\n'], { type: 'text/csv' }), 'employees.csv');
    form.append('note', 'first');
    expect(await client().importFile({ body: form })).toEqual({
      contentType: 'multipart/form-data',
      fields: { file: [{ file: 'employees.csv', text: 'a;b\n1;2\n' }], note: ['first'] },
    });
    expect(sent.at(-1)?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const columns = new FormData();
    columns.append('columns', 'summary');
    columns.append('columns', 'status');
    expect(await client().setColumns({ body: columns })).toEqual({
      contentType: 'multipart/form-data',
      fields: { columns: ['summary', 'status'] },
    });
  });

  it('send multipart bytes as given, with the content type the caller names', async () => {
    const boundary = 'x-boundary';
    const bytes = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="columns"\r\n\r\nkey\r\n--${boundary}--\r\n`,
    );
    expect(
      await client().setColumns({ body: bytes, contentType: `multipart/form-data; boundary=${boundary}` }),
    ).toEqual({ contentType: 'multipart/form-data', fields: { columns: ['key'] } });
  });

  it('send an optional one without a body, and the handler gets none', async () => {
    expect(await client().pick({})).toEqual({});
    expect(await client().pick({ body: 'choice=7' })).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      text: 'choice=7',
    });
  });

  it('keep fields where the schema admits an object: written, read and validated as fields', async () => {
    expect(await client().fields({ body: { name: 'Ada' } })).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      value: { name: 'Ada' },
    });
    const refused = await fetch(`${server.baseUrl}/fields`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'other=1',
    });
    expect(refused.status).toBe(400);
  });
});
