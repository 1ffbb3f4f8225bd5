// A `required` beside a oneOf or anyOf whose alternatives mark the member (Cloudflare's DNS record:
// `required: [id, type, name, content, proxiable, created_on, modified_on]` beside a oneOf of record types, each an
// allOf of its own members and a base marking `created_on` readOnly): the member is readOnly in whichever
// alternative a value takes, so a request need not carry it. The server required it, and every documented create was
// refused with 400 (found by the round trip on the reviews' Cloudflare document); the model's request view required
// it too. A member one alternative declares unmarked stays required; an answer still needs it.
import { describe, expect, it } from 'vitest';
import { buildServiceModel, directionViews } from '../../generator/model/index.js';
import { servedPackage } from '../support/served-package.js';

const record = (type: string, extra: Record<string, unknown> = {}) => ({
  allOf: [
    { properties: { type: { type: 'string', enum: [type] }, content: { type: 'string' }, ...extra } },
    { $ref: '#/components/schemas/Base' },
  ],
});
const body = (name: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } });
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'records', version: '1' },
  paths: {
    '/records': {
      post: {
        operationId: 'createRecord',
        parameters: [{ name: 'answer', in: 'query', schema: { type: 'string' } }],
        requestBody: { required: true, content: body('Record') },
        responses: { '201': { description: 'created', content: body('Record') } },
      },
    },
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: { required: true, content: body('Note') },
        responses: { '204': { description: 'created' } },
      },
    },
  },
  components: {
    schemas: {
      Base: {
        properties: {
          id: { type: 'string' },
          created_on: { type: 'string', readOnly: true },
          proxiable: { type: 'boolean', readOnly: true },
        },
      },
      Record: {
        type: 'object',
        required: ['type', 'content', 'created_on', 'proxiable'],
        oneOf: [{ $ref: '#/components/schemas/ARecord' }, { $ref: '#/components/schemas/MXRecord' }],
      },
      ARecord: record('A'),
      MXRecord: record('MX', { priority: { type: 'integer' } }),
      // One alternative declares `created_on` unmarked: a value taking it must carry it, so it stays required.
      Note: {
        type: 'object',
        required: ['text', 'created_on'],
        anyOf: [
          { properties: { text: { type: 'string' }, created_on: { type: 'string', readOnly: true } } },
          { properties: { text: { type: 'string' }, created_on: { type: 'string' } } },
        ],
      },
    },
  },
};

type Input = { query: { answer?: string }; body: Record<string, unknown> };
const served = servedPackage(
  'records',
  DOCUMENT,
  {
    createRecord: (input: Input) => ({
      status: 201,
      body: input.query.answer === 'bare' ? input.body : { ...input.body, created_on: 'today', proxiable: true },
    }),
    createNote: () => ({ status: 204 }),
  },
  { validateResponses: true, onError: () => {} },
);

const post = (path: string, value: unknown) =>
  fetch(`${served.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });

describe('a required member every alternative marks readOnly', () => {
  it('is not required in a request: a record without it is created', async () => {
    const answer = await post('/records', { type: 'A', content: '198.51.100.4' });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ type: 'A', content: '198.51.100.4', created_on: 'today', proxiable: true });
    expect((await post('/records', { type: 'MX', content: 'mx.example', priority: 10 })).status).toBe(201);
  });

  it('is still required in an answer, and the request view keeps the rest of the required list', async () => {
    expect((await post('/records?answer=bare', { type: 'A', content: '198.51.100.4' })).status).toBe(500);
    expect((await post('/records', { type: 'A' })).status).toBe(400);
    const model = buildServiceModel('records', structuredClone(DOCUMENT) as never, () => {});
    const view = directionViews(model.document, 'request').schemas.Record as { required?: string[] };
    expect(view.required).toEqual(['type', 'content']);
  });

  it('stays required where one alternative declares it unmarked', async () => {
    expect((await post('/notes', { text: 'a' })).status).toBe(400);
    expect((await post('/notes', { text: 'a', created_on: 'today' })).status).toBe(204);
  });
});
