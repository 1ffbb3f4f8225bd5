// The client runtime a package carries is the core and the modules of what its document has: credentials
// (credentials.ts), form and multipart bodies (form-body.ts), servers operations declare of their own
// (operation-servers.ts), each handed to the core in the client's profile. A document of JSON calls without security
// carries none of them; one with all three carries each, compiles strictly, and its client sends the API key, the
// form body and the own server's request as its server reads them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listenLocal } from '../../contracts/targets/listen-local.js';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';
import { inlinePackage } from '../support/inline-package.js';

const NOTE = { type: 'object', required: ['text'], properties: { text: { type: 'string' } } };
const json = (schema: object) => ({ 'application/json': { schema } });

/** Two operations, JSON only, no security, no servers of their own. */
const PLAIN = {
  openapi: '3.1.0',
  info: { title: 'Plain', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  paths: {
    '/notes': {
      get: {
        operationId: 'listNotes',
        responses: { '200': { description: 'ok', content: json({ type: 'array', items: NOTE }) } },
      },
      post: {
        operationId: 'createNote',
        requestBody: { required: true, content: json(NOTE) },
        responses: { '201': { description: 'made', content: json(NOTE) } },
      },
    },
  },
};

/** An API key, a form body with an array field, and an operation on a server of its own. */
const EVERY_CONCERN = {
  openapi: '3.1.0',
  info: { title: 'Every concern', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  security: [{ key: [] }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
  paths: {
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['text'],
                properties: { text: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
              },
            },
          },
        },
        responses: { '201': { description: 'made', content: json({ type: 'object' }) } },
      },
    },
    '/uploads': {
      servers: [{ url: 'https://uploads.example.test' }],
      post: {
        operationId: 'upload',
        requestBody: { required: true, content: json(NOTE) },
        responses: { '201': { description: 'made', content: json(NOTE) } },
      },
    },
  },
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-runtime-modules-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The package's files, and the names of its client runtime's modules. */
async function generated(key: string, document: object) {
  const spec = path.join(dir, `${key}.json`);
  fs.writeFileSync(spec, JSON.stringify(document));
  const files = await generatePackage({ key, spec }, { single: true, clientOnly: true, onWarning: () => {} });
  const modules = [...files.keys()]
    .filter((f) => f.startsWith('runtime/client/'))
    .map((f) => f.slice('runtime/client/'.length))
    .sort();
  return { files, modules };
}

describe('the client runtime of a package', () => {
  it('is the core and its fixed companions for JSON calls without security or servers of their own', async () => {
    const { files, modules } = await generated('plain', PLAIN);
    expect(modules).toEqual(['api-promise.ts', 'core.ts', 'errors.ts', 'retry.ts']);
    expect(typeCheckPackages(new Map([['plain', files]])).get('plain')).toEqual([]);
  }, 120_000);

  it('adds credentials, form writers and own servers where the document has them, and compiles', async () => {
    const { files, modules } = await generated('every', EVERY_CONCERN);
    expect(modules).toEqual(
      expect.arrayContaining(['credentials.ts', 'form-body.ts', 'bracket-pairs.ts', 'operation-servers.ts']),
    );
    expect(typeCheckPackages(new Map([['every', files]])).get('every')).toEqual([]);
  }, 120_000);

  it('sends the key, the form body and the own server request as the server reads them', async () => {
    const pkg = await inlinePackage('every', EVERY_CONCERN);
    const seen: Array<{ key?: string; body: unknown }> = [];
    const handlers = {
      createNote: async (input: { body: unknown; credentials?: unknown }) => {
        seen.push({ body: input.body });
        return { status: 201, body: {} };
      },
      upload: async (input: { body: { text: string } }) => {
        seen.push({ body: input.body });
        return { status: 201, body: input.body };
      },
    };
    const listener = pkg.server.createEveryServer(handlers, { logger: false });
    const keys: Array<string | undefined> = [];
    const server = await listenLocal((req, res) => {
      keys.push(req.headers['x-key'] as string | undefined);
      listener(req, res);
    });
    try {
      const client = new pkg.client.EveryClient({
        baseUrl: server.baseUrl,
        uploadUrl: server.baseUrl,
        apiKey: 'secret',
        maxRetries: 0,
      });
      await client.createNote({ body: { text: 'a', tags: ['x', 'y'] } });
      expect(await client.upload({ body: { text: 'b' } })).toEqual({ text: 'b' });
      expect(seen.map((s) => s.body)).toEqual([{ text: 'a', tags: ['x', 'y'] }, { text: 'b' }]);
      expect(keys).toEqual(['secret', 'secret']);
    } finally {
      await server.close();
      pkg.remove();
    }
  }, 120_000);
});
