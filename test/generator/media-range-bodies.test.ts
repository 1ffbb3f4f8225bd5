// A request body listed under a media range (`application/*+json`, as ASP.NET documents list it first) beside a
// concrete type: the client and the engine send the concrete type, since a Content-Type names one type and a
// server reading the range as a type refuses it (seen on e-conomic's document: Prism answered 415).
import { expect, it } from 'vitest';
import { chooseBody } from '../../contracts/engine/requests.js';
import { buildServiceModel } from '../../generator/model/index.js';
import { servedPackage } from '../support/served-package.js';

const ITEM = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
const json = (types: string[]) => Object.fromEntries(types.map((t) => [t, { schema: ITEM }]));
const DOCUMENT = {
  openapi: '3.0.1',
  info: { title: 'ranges', version: '1' },
  paths: {
    '/items': {
      post: {
        operationId: 'addItem',
        requestBody: { required: true, content: json(['application/*+json', 'application/json', 'text/json']) },
        responses: { '201': { description: 'made', content: { 'application/json': { schema: ITEM } } } },
      },
    },
    '/only-range': {
      post: {
        operationId: 'addRanged',
        requestBody: { required: true, content: json(['application/*+json']) },
        responses: { '204': { description: 'made' } },
      },
    },
  },
};

const served = servedPackage('ranges', DOCUMENT, {
  addItem: (input: { body: unknown }) => ({ status: 201, body: input.body }),
  addRanged: () => ({ status: 204 }),
});

it('the client sends the concrete JSON type the document lists beside a range, and its own server takes it', async () => {
  const sent: Array<string | null> = [];
  const fetch = async (input: Request | string, init?: RequestInit) => {
    sent.push(new Request(input, init).headers.get('content-type'));
    return new Response('{"name":"a"}', { status: 201, headers: { 'content-type': 'application/json' } });
  };
  const client = new served.pkg.client.RangesClient({ baseUrl: 'http://ranges.test', fetch, maxRetries: 0 });
  await client.addItem({ body: { name: 'a' } });
  expect(sent).toEqual(['application/json']);
  const own = new served.pkg.client.RangesClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await own.addItem({ body: { name: 'b' } })).toEqual({ name: 'b' });
});

it('the engine chooses the concrete type over a range listed first, and the range where it is all there is', () => {
  const model = buildServiceModel('ranges', structuredClone(DOCUMENT) as never, () => {});
  const chosen = (id: string) => chooseBody(model, model.operations.find((o) => o.id === id)!)?.contentType;
  expect(chosen('addItem')).toBe('application/json');
  expect(chosen('addRanged')).toBe('application/*+json');
});
