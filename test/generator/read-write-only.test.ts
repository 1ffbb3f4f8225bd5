// readOnly and writeOnly members that a schema requires, as OpenAPI means them: "required" holds in the
// direction the member travels. A request without a required readOnly member (the server assigns `id`) is
// valid; an answer without a required writeOnly member (`password` is never sent back) is valid; each stays
// required in its own direction. Marked on the member, through its $ref, or in an allOf member.
import { describe, expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const pet = { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'pets', version: '1' },
  paths: {
    '/pets': {
      post: {
        operationId: 'createPet',
        parameters: [{ name: 'answer', in: 'query', schema: { type: 'string' } }],
        requestBody: { required: true, content: pet },
        responses: { '201': { description: 'created', content: pet } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name', 'password', 'owner', 'created'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
          password: { type: 'string', writeOnly: true },
          owner: { $ref: '#/components/schemas/Owner' },
          created: { allOf: [{ type: 'string' }, { readOnly: true }] },
        },
      },
      Owner: { type: 'object', readOnly: true, properties: { login: { type: 'string' } } },
    },
  },
};

type Input = { query: { answer?: string }; body: Record<string, unknown> };

const served = servedPackage(
  'pets',
  DOCUMENT,
  {
    // The answer the query names: complete, without the writeOnly member, or without a readOnly one.
    createPet: (input: Input) => {
      const full = { id: 7, name: input.body.name, owner: { login: 'o' }, created: 'today' };
      const { id: _id, ...withoutId } = full;
      const body = input.query.answer === 'no-id' ? withoutId : full;
      return { status: 201, body };
    },
  },
  { validateResponses: true, onError: () => {} },
);

const create = (body: unknown, answer = '') =>
  fetch(`${served.baseUrl}/pets${answer ? `?answer=${answer}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('required readOnly and writeOnly members', () => {
  it('a request without the readOnly members is valid, and its answer without the writeOnly one too', async () => {
    const answer = await create({ name: 'rex', password: 'secret' });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ id: 7, name: 'rex', owner: { login: 'o' }, created: 'today' });
  });

  it('the writeOnly member is still required in a request', async () => {
    const answer = await create({ name: 'rex' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('password');
  });

  it('a readOnly member is still required in an answer', async () => {
    expect((await create({ name: 'rex', password: 'secret' }, 'no-id')).status).toBe(500);
  });
});
