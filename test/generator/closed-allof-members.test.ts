// An allOf one of whose members is closed (`additionalProperties: false`) while the others extend it (Linode's
// creates: a closed instance base, the allOf adding a required `region` and `type`): JSON Schema checks each member
// alone, so the generated server refused every documented create with 400 ("must NOT have additional properties"),
// and generate said nothing. Prism reads the members merged and takes the body (checked on Prism 5.14.2: 200 with
// `region` and `label`, 422 with an unlisted member or without `region`). Generate now warns at the closed member,
// and the validators read the allOf as Prism does: the other members' properties admitted, any other refused. So
// with a member whose additionalProperties is a schema (Azure AD's user create, seed 97: its base's other properties
// must be objects, beside a boolean `accountEnabled`; Prism takes `true`, refuses `manager: 5`), and with a schema
// closed beside its allOf (codat's transaction list, whose paging member requires `pageNumber`; Prism takes
// `{"pageNumber": 1}`, refuses an unlisted member and `{}`).
import { describe, expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const json = (schema: object) => ({ 'application/json': { schema } });
const extension = { type: 'object', required: ['region'], properties: { region: { type: 'string' } } };
const DOCUMENT = {
  openapi: '3.0.1',
  info: { title: 'instances', version: '1' },
  paths: {
    '/instances': {
      post: {
        operationId: 'createInstance',
        parameters: [{ name: 'answer', in: 'query', schema: { type: 'string' } }],
        requestBody: { required: true, content: json({ allOf: [{ $ref: '#/components/schemas/Base' }, extension] }) },
        responses: { '200': { description: 'made', content: json({ $ref: '#/components/schemas/Instance' }) } },
      },
    },
    // codat's transaction list: closed beside an allOf whose paging member requires `pageNumber`.
    '/transactions': {
      post: {
        operationId: 'listTransactions',
        requestBody: {
          required: true,
          content: json({
            additionalProperties: false,
            allOf: [
              { type: 'object', properties: { results: { type: 'array', items: { type: 'string' } } } },
              { type: 'object', required: ['pageNumber'], properties: { pageNumber: { type: 'integer' } } },
            ],
          }),
        },
        responses: { '204': { description: 'listed' } },
      },
    },
    // Azure AD's user create: a base whose other properties must be objects, beside a boolean `accountEnabled`.
    '/users': {
      post: {
        operationId: 'createUser',
        requestBody: { required: true, content: json({ $ref: '#/components/schemas/UserCreate' }) },
        responses: { '204': { description: 'created' } },
      },
    },
    '/credentials': {
      post: {
        operationId: 'createCredential',
        requestBody: {
          required: true,
          content: json({
            required: ['label', 'password'],
            allOf: [
              { type: 'object', additionalProperties: false, properties: { label: { type: 'string' } } },
              { type: 'object', properties: { password: { type: 'string' } } },
            ],
          }),
        },
        responses: { '204': { description: 'stored' } },
      },
    },
  },
  components: {
    schemas: {
      Base: { type: 'object', additionalProperties: false, properties: { label: { type: 'string' } } },
      Instance: { allOf: [{ $ref: '#/components/schemas/Base' }, extension] },
      UserBase: {
        type: 'object',
        additionalProperties: { type: 'object' },
        properties: { surname: { type: 'string' } },
      },
      UserCreate: {
        allOf: [{ $ref: '#/components/schemas/UserBase' }],
        type: 'object',
        required: ['accountEnabled'],
        properties: { accountEnabled: { type: 'boolean' } },
      },
    },
  },
};

type Input = { query: { answer?: string }; body: Record<string, unknown> };
const served = servedPackage(
  'instances',
  DOCUMENT,
  {
    createInstance: (input: Input) => ({
      status: 200,
      body: input.query.answer === 'extra' ? { ...input.body, extra: 1 } : input.body,
    }),
    createCredential: () => ({ status: 204 }),
    createUser: () => ({ status: 204 }),
    listTransactions: () => ({ status: 204 }),
  },
  { validateResponses: true, onError: () => {} },
);

const post = (path: string, body: unknown) =>
  fetch(`${served.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('an allOf whose closed member the other members extend', () => {
  it('is warned about by generate, at the closed member', () => {
    expect(served.pkg.warnings).toContainEqual({
      pointer: '#/paths/~1instances/post/requestBody/content/application~1json/schema/allOf/0',
      message: expect.stringMatching(/^a closed member \(additionalProperties: false\) that lists no "region"/),
    });
    expect(served.pkg.warnings).toContainEqual({
      pointer: '#/paths/~1credentials/post/requestBody/content/application~1json/schema/allOf/0',
      message: expect.stringContaining('lists no "password"'),
    });
    expect(served.pkg.warnings).toContainEqual({
      pointer: '#/paths/~1transactions/post/requestBody/content/application~1json/schema/additionalProperties',
      message: expect.stringMatching(
        /^additionalProperties beside an allOf whose members declare "results", "pageNumber"/,
      ),
    });
    expect(served.pkg.warnings).toContainEqual({
      pointer: '#/components/schemas/UserCreate/allOf/0',
      message: expect.stringMatching(/^a member whose additionalProperties holds .* lists no "accountEnabled"/),
    });
  });

  it("takes what Prism takes: the members' properties, in requests and answers", async () => {
    const made = await post('/instances', { label: 'web', region: 'eu' });
    expect([made.status, await made.json()]).toEqual([200, { label: 'web', region: 'eu' }]);
    expect((await post('/credentials', { label: 'db', password: 'secret' })).status).toBe(204);
    expect((await post('/users', { accountEnabled: true, surname: 'Lovelace', manager: { id: 1 } })).status).toBe(204);
    expect((await post('/transactions', { pageNumber: 1, results: ['a'] })).status).toBe(204);
  });

  it('refuses what Prism refuses: a member no member lists, a required one missing, a closed answer broken', async () => {
    expect((await post('/instances', { label: 'web', region: 'eu', bogus: 1 })).status).toBe(400);
    expect((await post('/instances', { label: 'web' })).status).toBe(400);
    expect((await post('/credentials', { label: 'db' })).status).toBe(400);
    expect((await post('/users', { accountEnabled: true, manager: 5 })).status).toBe(400);
    expect((await post('/users', { surname: 'Lovelace' })).status).toBe(400);
    expect((await post('/transactions', { pageNumber: 1, bogus: 1 })).status).toBe(400);
    expect((await post('/transactions', {})).status).toBe(400);
    expect((await post('/instances?answer=extra', { label: 'web', region: 'eu' })).status).toBe(500);
  });
});
