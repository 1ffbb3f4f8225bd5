// An answer whose discriminator value names a child (a mapping key, else the child's name) is judged as that child
// too, its members required, as the generated server reads it; a value naming no other schema by the parent's own
// members. Prism's static answer for a parent whose property lists its values names the first one alone (checked by
// hand on Prism 5.14: `{"mode":"Fresh","size":0}`): with --mock a note, from any other target a FAIL.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { engineAgainst } from '../support/engine-trial.js';

const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });
const document = {
  openapi: '3.0.3',
  info: { title: 'Servers', version: '1' },
  components: {
    schemas: {
      ServerCreate: {
        type: 'object',
        discriminator: { propertyName: 'mode', mapping: { Fresh: '#/components/schemas/FreshCreate' } },
        required: ['mode'],
        properties: { mode: { type: 'string', enum: ['Fresh', 'Plain'] }, size: { type: 'integer' } },
      },
      FreshCreate: {
        allOf: [{ $ref: '#/components/schemas/ServerCreate' }],
        required: ['login'],
        properties: { login: { type: 'string' } },
      },
      Pet: {
        type: 'object',
        discriminator: { propertyName: 'petType' },
        required: ['petType'],
        properties: { petType: { type: 'string' } },
      },
      Cat: {
        allOf: [{ $ref: '#/components/schemas/Pet' }],
        required: ['lives'],
        properties: { lives: { type: 'integer' } },
      },
    },
  },
  paths: {
    '/server': {
      get: { operationId: 'getServer', responses: { '200': { description: 'ok', content: json('ServerCreate') } } },
      post: {
        operationId: 'addServer',
        requestBody: {
          required: true,
          content: { 'application/json': { ...json('ServerCreate')['application/json'], example: { mode: 'Fresh' } } },
        },
        responses: { '204': { description: 'added' } },
      },
    },
    '/pet': { get: { operationId: 'getPet', responses: { '200': { description: 'ok', content: json('Pet') } } } },
  },
};

describe('a value whose discriminator names a child', () => {
  const model = engineModel('servers', structuredClone(document) as never);
  const schemas = new DocumentSchemas(model.document);
  const judge = (ref: string, value: unknown) => schemas.problem(schemas.answerSchema({ $ref: ref }), value);

  it('is judged as that child; one naming nothing by the parent', () => {
    expect(judge('#/components/schemas/ServerCreate', { mode: 'Fresh', size: 0 })).toMatch(/login/);
    expect(judge('#/components/schemas/ServerCreate', { mode: 'Fresh', login: 'a' })).toBeUndefined();
    expect(judge('#/components/schemas/ServerCreate', { mode: 'Plain' })).toBeUndefined();
    expect(judge('#/components/schemas/Pet', { petType: 'Cat' })).toMatch(/lives/);
    expect(judge('#/components/schemas/Pet', { petType: 'string' })).toBeUndefined();
    // A child judged as itself is not named again through its parent.
    expect(judge('#/components/schemas/Cat', { petType: 'Cat', lives: 9 })).toBeUndefined();
  });

  it('is not sent from an example that leaves the child out', () => {
    const op = model.operations.find((o) => o.id === 'addServer')!;
    const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
    const body = JSON.parse(validRequest(model, schemas, op, settings, 1).request.body!);
    expect(body).not.toEqual({ mode: 'Fresh' });
    if (body.mode === 'Fresh') expect(body.login).toEqual(expect.any(String));
  });

  // As Prism answers the parent: the first listed value, the parent's own members.
  const prismLike = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== 'GET' || req.url !== '/server') return void res.writeHead(405).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"mode":"Fresh","size":0}');
  };
  const run = (mock: boolean) =>
    engineAgainst('servers', document, prismLike, { checks: ['response_schema_conformance'], mock });

  it('FAILs an answer that names it without its members', async () => {
    const result = await run(false);
    const fails = result.outcomes.filter((o) => o.verdict === 'FAIL');
    expect(fails.map((o) => o.operation)).toEqual(['GET /server (getServer)']);
    expect(fails[0]!.message).toMatch(/login/);
  });

  it("is Prism's sampler with --mock, a note", async () => {
    const result = await run(true);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL')).toEqual([]);
    expect(result.notes.map((n) => n.text).join('\n')).toMatch(/Prism's static answer names a child/);
  });
});
