// A document without x-error-style that describes its error answers (a 400 in JSON with a schema of its own, a
// `default`, a 4XX in a text type, whatever its schema): the generated server's own refusals (an invalid request, a missing credential)
// answer in that shape, so a client reads them as the document says and spec-first test finds nothing to FAIL: in
// audio where the document gives its errors so, without a body where it documents no content, with the headers it
// requires (a value each one's schema allows). Where an operation documents no such answer, or requires a header
// whose value nothing says (a pattern without an example), the refusal stays RFC 9457 problem details.
import { describe, expect, it } from 'vitest';
import { failures, faithfulRun } from '../support/faithful-run.js';
import { inlinePackage } from '../support/inline-package.js';
import { listenLocal } from '../../contracts/targets/listen-local.js';

const note = {
  type: 'object',
  required: ['title'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 5 } },
};
const json = (schema: unknown) => ({ 'application/json': { schema } });
const document = {
  openapi: '3.0.3',
  info: { title: 'Notes', version: '1' },
  components: {
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
    schemas: {
      Error: {
        type: 'object',
        required: ['code', 'message', 'requestId'],
        properties: {
          code: { type: 'integer' },
          message: { type: 'string' },
          requestId: { type: 'string', format: 'uuid' },
        },
      },
      Envelope: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['message'],
            properties: { message: { type: 'string' }, target: { type: 'string' } },
          },
        },
      },
    },
  },
  security: [{ key: [] }],
  paths: {
    '/notes': {
      post: {
        operationId: 'addNote',
        requestBody: { required: true, content: json(note) },
        responses: {
          '204': { description: 'added' },
          '400': { description: 'invalid', content: json({ $ref: '#/components/schemas/Error' }) },
          '401': { description: 'no key', content: json({ $ref: '#/components/schemas/Error' }) },
        },
      },
      get: {
        operationId: 'listNotes',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 }, example: 3 }],
        responses: {
          '200': { description: 'notes', content: json({ type: 'array', items: note }) },
          default: { description: 'trouble', content: json({ $ref: '#/components/schemas/Envelope' }) },
        },
      },
    },
    '/tags': {
      post: {
        operationId: 'addTag',
        requestBody: { required: true, content: json(note) },
        responses: {
          '204': { description: 'added' },
          '400': {
            description: 'invalid, traced',
            headers: { 'X-Trace': { required: true, schema: { type: 'string' } } },
            content: json({ $ref: '#/components/schemas/Error' }),
          },
        },
      },
      get: {
        operationId: 'listTags',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 }, example: 3 }],
        responses: {
          '200': { description: 'tags', content: json({ type: 'array', items: { type: 'string' } }) },
          '400': { description: 'why, as a JSON string', content: json({ type: 'string' }) },
        },
      },
    },
    '/clips': {
      post: {
        operationId: 'addClip',
        requestBody: { required: true, content: json(note) },
        responses: {
          '204': { description: 'added' },
          '400': {
            description: 'invalid, in audio as the document says',
            content: { 'audio/mpeg': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          '401': {
            description: 'no key: no content, a request id',
            headers: { 'X-Request-ID': { required: true, schema: { type: 'string', format: 'uuid' } } },
          },
        },
      },
      get: {
        operationId: 'listClips',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 }, example: 3 }],
        responses: {
          '200': { description: 'clips', content: json({ type: 'array', items: { type: 'string' } }) },
          '400': {
            description: 'refused, numbered by a pattern nothing fills',
            headers: { 'X-Ref': { required: true, schema: { type: 'string', pattern: '^R[0-9]{4}$' } } },
            content: json({ $ref: '#/components/schemas/Error' }),
          },
          '401': { description: 'no key: any JSON, no schema', content: { 'application/json': {} } },
        },
      },
    },
    '/cuts': {
      post: {
        operationId: 'addCut',
        requestBody: { required: true, content: json(note) },
        responses: {
          '204': { description: 'added' },
          default: {
            description: 'whatever goes wrong, requiring members it never declares',
            content: {
              '*/*': {
                schema: {
                  type: 'object',
                  required: ['code', 'message', 'ref'],
                  properties: { code: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
    },
    '/notes/{id}': {
      put: {
        operationId: 'putNote',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: json(note) },
        responses: {
          '204': { description: 'replaced' },
          '4XX': { description: 'refused', content: { 'text/x-shellscript': { schema: { type: 'object' } } } },
        },
      },
      delete: {
        operationId: 'deleteNote',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 3 } }],
        responses: { '204': { description: 'gone' } },
      },
    },
  },
};

describe('the generated server refuses in the shape the document gives its error answers', () => {
  it('answers each refusal as documented, problem details where nothing is', async () => {
    const pkg = await inlinePackage('notes', document);
    const handlers = {
      addNote: async () => ({ status: 204 }),
      listNotes: async () => ({ status: 200, body: [] }),
      addTag: async () => ({ status: 204 }),
      listTags: async () => ({ status: 200, body: [] }),
      putNote: async () => ({ status: 204 }),
      addClip: async () => ({ status: 204 }),
      listClips: async () => ({ status: 200, body: [] }),
      addCut: async () => ({ status: 204 }),
      deleteNote: async () => ({ status: 204 }),
    };
    const running = await listenLocal(pkg.server.createNotesServer(handlers, { logger: false }));
    const call = async (method: string, path: string, body?: unknown, key = true) => {
      const answer = await fetch(`${running.baseUrl}${path}`, {
        method,
        headers: { ...(key ? { 'x-key': 'k' } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: answer.status,
        type: answer.headers.get('content-type'),
        text: await answer.text(),
        headers: answer.headers,
      };
    };
    try {
      const invalid = await call('POST', '/notes', { title: 'far too long' });
      expect(invalid.status).toBe(400);
      expect(invalid.type).toMatch(/^application\/json/);
      const error = JSON.parse(invalid.text);
      expect(error).toMatchObject({ code: 400, requestId: '00000000-0000-0000-0000-000000000000' });
      expect(error.message).toContain('title');
      const anonymous = await call('POST', '/notes', { title: 'ok' }, false);
      expect(anonymous.status).toBe(401);
      expect(JSON.parse(anonymous.text)).toMatchObject({ code: 401 });
      const range = await call('GET', '/notes?limit=99');
      expect(range.status).toBe(400);
      expect(JSON.parse(range.text).error.message).toContain('limit');
      const text = await call('PUT', '/notes/1', {});
      expect([text.status, text.type]).toEqual([400, expect.stringMatching(/^text\/x-shellscript/)]);
      expect(text.text).toContain('title');
      const string = await call('GET', '/tags?limit=99');
      expect([string.status, string.type]).toEqual([400, expect.stringMatching(/^application\/json/)]);
      expect(JSON.parse(string.text)).toContain('limit');
      // The headers a response requires, each a value its schema allows.
      const traced = await call('POST', '/tags', { title: 'far too long' });
      expect([traced.status, traced.type, traced.headers.get('x-trace')]).toEqual([
        400,
        expect.stringMatching(/^application\/json/),
        'x',
      ]);
      const audio = await call('POST', '/clips', { title: 'far too long' });
      expect([audio.status, audio.type]).toEqual([400, 'audio/mpeg']);
      expect(JSON.parse(audio.text)).toMatchObject({ code: 400 });
      const bare = await call('POST', '/clips', { title: 'ok' }, false);
      expect([bare.status, bare.type, bare.text]).toEqual([401, null, '']);
      expect(bare.headers.get('x-request-id')).toBe('00000000-0000-0000-0000-000000000000');
      const any = await call('POST', '/cuts', { title: 'far too long' });
      expect([any.status, any.type]).toEqual([400, expect.stringMatching(/^application\/json/)]);
      expect(JSON.parse(any.text)).toMatchObject({ code: 400, message: expect.stringContaining('title'), ref: '' });
      const schemaless = await call('GET', '/clips?limit=3', undefined, false);
      expect([schemaless.status, schemaless.type]).toEqual([401, expect.stringMatching(/^application\/json/)]);
      expect(JSON.parse(schemaless.text).message).toMatch(/credential/);
      // A required header whose value nothing says: problem details.
      const numbered = await call('GET', '/clips?limit=99');
      expect([numbered.status, numbered.type]).toEqual([400, 'application/problem+json']);
      const undocumented = await call('DELETE', '/notes/toolong');
      expect([undocumented.status, undocumented.type]).toEqual([400, 'application/problem+json']);
    } finally {
      await running.close();
      pkg.remove();
    }
  }, 300_000);

  it('gets no FAIL from spec-first test with faithful handlers', async () => {
    // Without the response whose required header nothing fills (docs/known-gaps.md).
    const made = structuredClone(document) as { paths: Record<string, Record<string, unknown>> };
    delete made.paths['/clips']!.get;
    expect(failures(await faithfulRun('notes', made))).toEqual([]);
  }, 300_000);
});
