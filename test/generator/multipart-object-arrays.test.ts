// A multipart array of objects without an encoding: OpenAPI sends an array one part per item, and an object's part
// as application/json (telegram's `caption_entities`, as hey-api writes it). The generated server reads such parts
// as the array of objects they spell, one part or several, and still reads the whole array in one part, as the
// generated client sends it; an item that is not JSON is refused naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const ENTITY = {
  type: 'object',
  required: ['type', 'offset'],
  properties: { type: { type: 'string' }, offset: { type: 'integer' } },
};
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'entities', version: '1' },
  paths: {
    '/send': {
      post: {
        operationId: 'send',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['caption'],
                properties: {
                  caption: { type: 'string' },
                  entities: { type: 'array', items: { $ref: '#/components/schemas/Entity' } },
                  tags: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
  components: { schemas: { Entity: ENTITY } },
};

let pkg: InlinePackage;
let server: RunningServer;

beforeAll(async () => {
  pkg = await inlinePackage('entities', DOCUMENT);
  server = await listenLocal(
    pkg.server.createEntitiesServer(
      { send: (input: { body: object }) => ({ status: 200, body: input.body }) },
      { logger: false },
    ),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  pkg?.remove();
});

const json = (value: unknown) => new Blob([JSON.stringify(value)], { type: 'application/json' });
async function send(form: FormData): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.baseUrl}/send`, { method: 'POST', body: form });
  return { status: response.status, body: await response.json() };
}

describe('a multipart array of objects', () => {
  const entities = [
    { type: 'bold', offset: 0 },
    { type: 'url', offset: 5 },
  ];

  it('sent one JSON part per item is read as the array', async () => {
    const form = new FormData();
    form.append('caption', 'hello');
    for (const entity of entities) form.append('entities', json(entity), 'blob');
    form.append('tags', 'a');
    form.append('tags', 'b');
    expect(await send(form)).toEqual({ status: 200, body: { caption: 'hello', entities, tags: ['a', 'b'] } });
  });

  it('sent as one part holding one item is an array of that item; a text part (no content type) reads the same', async () => {
    const form = new FormData();
    form.append('caption', 'hello');
    form.append('entities', JSON.stringify(entities[0]));
    expect(await send(form)).toEqual({ status: 200, body: { caption: 'hello', entities: [entities[0]] } });
  });

  it('sent by the generated client is read back as sent', async () => {
    const client = new pkg.client.EntitiesClient({ baseUrl: server.baseUrl, maxRetries: 0 });
    expect(await client.send({ body: { caption: 'c', entities, tags: ['x'] } })).toEqual({
      caption: 'c',
      entities,
      tags: ['x'],
    });
  });

  it('an item that is not JSON, or not one of its objects, is refused', async () => {
    const broken = new FormData();
    broken.append('caption', 'hello');
    broken.append('entities', json(entities[0]), 'blob');
    broken.append('entities', new Blob(['{not json'], { type: 'application/json' }), 'blob');
    const refused = await send(broken);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('entities.1');
    const wrong = new FormData();
    wrong.append('caption', 'hello');
    wrong.append('entities', json({ type: 'bold' }), 'blob');
    expect((await send(wrong)).status).toBe(400);
  });
});
