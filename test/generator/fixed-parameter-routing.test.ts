// Operations of one method and path told apart only by a required header or query parameter of one value (AWS's
// `/#X-Amz-Target=Svc.Create` keys, whose fragment no request carries, with an `X-Amz-Target` header of that one
// value; its query protocol's `Action`): the generated server gives each request to the operation whose value it
// carries, and no warning says they cannot be told apart.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const target = (value: string) => ({
  name: 'X-Amz-Target',
  in: 'header',
  required: true,
  schema: { type: 'string', enum: [value] },
});
const action = (value: string) => ({
  name: 'Action',
  in: 'query',
  required: true,
  schema: { const: value },
});
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'targets', version: '1' },
  paths: {
    '/#X-Amz-Target=Things.CreateThing': {
      post: { operationId: 'createThing', parameters: [target('Things.CreateThing')], responses: answer },
    },
    '/#X-Amz-Target=Things.DeleteThing': {
      post: { operationId: 'deleteThing', parameters: [target('Things.DeleteThing')], responses: answer },
    },
    '/#Action=ListThings': {
      get: { operationId: 'listThings', parameters: [action('ListThings')], responses: answer },
    },
    '/#Action=DescribeThing': {
      get: { operationId: 'describeThing', parameters: [action('DescribeThing')], responses: answer },
    },
  },
};

const served = servedPackage('targets', DOCUMENT, () => {
  const ids = ['createThing', 'deleteThing', 'listThings', 'describeThing'];
  const handlers = Object.fromEntries(ids.map((id) => [id, () => ({ status: 200, body: { handledBy: id } })]));
  return handlers;
});

it('each request reaches the operation whose one value it carries', async () => {
  const client = new served.pkg.client.TargetsClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.deleteThing({ xAmzTarget: 'Things.DeleteThing' })).toEqual({ handledBy: 'deleteThing' });
  expect(await client.createThing({ xAmzTarget: 'Things.CreateThing' })).toEqual({ handledBy: 'createThing' });
  expect(await client.describeThing({ Action: 'DescribeThing' })).toEqual({ handledBy: 'describeThing' });
  expect(await client.listThings({ Action: 'ListThings' })).toEqual({ handledBy: 'listThings' });
});

it('a value no operation has is refused by the first one, as before', async () => {
  const res = await fetch(`${served.baseUrl}/`, { method: 'POST', headers: { 'x-amz-target': 'Things.Other' } });
  expect(res.status).toBe(400);
});

it('no warning says the operations cannot be told apart', () => {
  expect(served.pkg.warnings.filter((w) => w.message.includes('no request tells them apart'))).toEqual([]);
});
