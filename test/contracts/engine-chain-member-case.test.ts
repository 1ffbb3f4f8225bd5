// A create whose answer names the new resource in another case than the path parameter (AWS's `{"ClusterArn": ...}`
// for `/clusters/{clusterArn}`, `{"Id": ...}` for `{ConnectorDefinitionId}`) or in a `data` envelope (sakari's
// `{"success": true, "data": {"id": ...}}`, an optional member): the engine looked for the parameter's own name, `id`
// and `name` only, and the bench's handlers left optional members to chance, so every create -> read -> delete
// sequence of such documents was n/a (greengrass, kafka, sakari on seed 41). The engine reads those names with their
// first letter's case turned and in a `data` envelope too, and the handlers answer every member. An envelope of
// another name, the answer's one object member (AWS's `{"app": {"appId": ...}}` for `/apps/{appId}`, amplify and
// chime-sdk-meetings on seed 59), is read for the parameter's name too.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';
import { failures, faithfulRun } from '../support/faithful-run.js';

const json = (schema: object) => ({ 'application/json': { schema } });
const resource = (member: string) => ({
  type: 'object',
  required: [member],
  properties: { [member]: { type: 'string', pattern: '^[a-z0-9]{4,12}$' } },
});
const enveloped = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    data: { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z0-9]{4,12}$' } } },
  },
};
const wrapped = (envelopes: string[]) => ({
  type: 'object',
  required: envelopes,
  properties: Object.fromEntries(envelopes.map((e) => [e, resource('appId')])),
});
// LUIS's GuidResponse: the create answers the id itself, a JSON string ("The ID of the created application").
const bare = { type: 'string', pattern: '^[a-z0-9]{4,12}$' };
const answerOf = (member: string) =>
  member === 'data' ? enveloped : member === 'app' ? wrapped(['app']) : member === 'bare' ? bare : resource(member);
const document = (member: string, param: string) => ({
  openapi: '3.0.3',
  info: { title: 'Clusters', version: '1' },
  paths: {
    '/clusters': {
      post: {
        operationId: 'createCluster',
        requestBody: { required: true, content: json({ type: 'object', properties: { size: { type: 'integer' } } }) },
        responses: { '201': { description: 'made', content: json(answerOf(member)) } },
      },
    },
    [`/clusters/{${param}}`]: {
      parameters: [{ name: param, in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'readCluster',
        responses: {
          '200': { description: 'it', content: json(answerOf(member)) },
          '404': { description: 'gone' },
        },
      },
      delete: {
        operationId: 'deleteCluster',
        responses: { '204': { description: 'deleted' }, '404': { description: 'gone' } },
      },
    },
  },
});

describe("a create's answer naming the resource in another case", () => {
  for (const [member, param] of [
    ['ClusterArn', 'clusterArn'],
    ['Id', 'ConnectorDefinitionId'],
    ['data', 'campaignId'],
    ['app', 'appId'],
    ['bare', 'appId'],
  ] as const)
    it(`binds {${param}} from ${member}, so the sequence is judged`, async () => {
      const outcomes = await faithfulRun('clusters', document(member, param));
      expect(failures(outcomes)).toEqual([]);
      const sequences = outcomes.filter(
        (o) => o.operation.includes('->') && ['ensure_resource_availability', 'use_after_free'].includes(o.check),
      );
      expect(sequences.map((o) => `${o.check} ${o.verdict}`).sort()).toEqual([
        'ensure_resource_availability pass',
        'use_after_free pass',
      ]);
    }, 300_000);
});

describe('an envelope of another name', () => {
  // A server that loses what it made: the create answers {"app": {"appId": "abcd1"}}, the read right after a 404.
  const loses =
    (answer: object): http.RequestListener =>
    (req, res) => {
      if (req.method === 'POST')
        return void res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      res.writeHead(404).end();
    };
  const run = (answer: object) =>
    engineAgainst('clusters', document('app', 'appId'), loses(answer), { checks: ['ensure_resource_availability'] });
  const sequence = (outcomes: Awaited<ReturnType<typeof run>>['outcomes']) =>
    outcomes.find((o) => o.operation.includes('->') && o.check === 'ensure_resource_availability');

  it("is read for the resource's id, so ensure_resource_availability FAILs a server that loses it", async () => {
    const verdict = sequence((await run({ app: { appId: 'abcd1' } })).outcomes);
    expect(verdict?.verdict).toBe('FAIL');
    expect(verdict?.message).toMatch(/404/);
  });

  it('is no envelope where the answer has two object members (which one is the resource is not said): n/a', async () => {
    const verdict = sequence((await run({ app: { appId: 'abcd1' }, owner: { appId: 'owner1' } })).outcomes);
    expect(verdict?.verdict).toBe('n/a');
  });
});
