// A multipart/form-data body whose encoding declares headers of a part's own (OpenAPI's Encoding Object `headers`):
// the client sends them on each of that field's parts (FormData cannot, so the body is written by the runtime),
// and the generated server hands a file part's declared headers to its handler (MediaPart.headers).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'scans', version: '1' },
  paths: {
    '/scans': {
      post: {
        operationId: 'uploadScan',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['image', 'label'],
                properties: {
                  image: { type: 'string', format: 'binary' },
                  label: { type: 'string' },
                },
              },
              encoding: {
                image: {
                  contentType: 'image/png',
                  headers: {
                    'X-Checksum': { schema: { type: 'string' } },
                    'Content-Type': { schema: { type: 'string' } },
                  },
                },
                label: { headers: { 'X-Label-Lang': { schema: { type: 'string' } } } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'stored',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { checksum: { type: 'string' }, label: { type: 'string' }, size: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
    },
  },
};

let pkg: InlinePackage;
let server: RunningServer;
let echo: RunningServer;
let lastBody = '';

beforeAll(async () => {
  pkg = await inlinePackage('scans', DOCUMENT);
  server = await listenLocal(
    pkg.server.createScansServer(
      {
        // biome-ignore lint/suspicious/noExplicitAny: the handler's input type lives in the generated package
        uploadScan: async (input: any) => ({
          status: 200,
          body: {
            checksum: input.body.image.headers?.['x-checksum'],
            label: input.body.label,
            size: input.body.image.size,
          },
        }),
      },
      { logger: false },
    ),
  );
  // What went on the wire, part headers included.
  echo = await listenLocal((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      lastBody = `${req.headers['content-type']}\n${Buffer.concat(chunks).toString('latin1')}`;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await echo?.close();
  pkg?.remove();
});

it("sends each field's declared part headers, and the server hands a file part's to its handler", async () => {
  const image = new Uint8Array([137, 80, 78, 71]);
  const body = { image, label: 'front' };
  const partHeaders = { image: { 'X-Checksum': 'sha256=abc' }, label: { 'X-Label-Lang': 'en' } };
  const core = pkg.client.createScansCore({ baseUrl: server.baseUrl });
  expect(await pkg.client.uploadScan(core, { body, partHeaders })).toEqual({
    checksum: 'sha256=abc',
    label: 'front',
    size: 4,
  });
  await pkg.client.uploadScan(pkg.client.createScansCore({ baseUrl: echo.baseUrl }), { body, partHeaders });
  expect(lastBody).toMatch(/^multipart\/form-data; boundary=/);
  expect(lastBody).toContain(
    'Content-Disposition: form-data; name="image"; filename="image"\r\nContent-Type: image/png\r\nX-Checksum: sha256=abc\r\n\r\n',
  );
  expect(lastBody).toContain('Content-Disposition: form-data; name="label"\r\nX-Label-Lang: en\r\n\r\nfront\r\n');
  // Without part headers the body is FormData's, as before.
  expect(await pkg.client.uploadScan(core, { body })).toEqual({ label: 'front', size: 4 });
});

it('refuses a part header value that would end the header', async () => {
  const core = pkg.client.createScansCore({ baseUrl: echo.baseUrl });
  await expect(
    pkg.client.uploadScan(core, {
      body: { image: new Uint8Array([1]), label: 'x' },
      partHeaders: { label: { 'X-Label-Lang': 'en\r\nX-Injected: 1' } },
    }),
  ).rejects.toThrow(/cannot be sent/);
});
