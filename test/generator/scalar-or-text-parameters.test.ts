// A parameter that may be a number or text (PeerTube's video id: `oneOf: [integer, string uuid]`) travels as text,
// coerced by its schema to the branch it meets: the server took it as a number and refused every UUID ("is not a
// decimal number"). A parameter's oneOf is read as anyOf (its text may read as several alternatives,
// parameter-alternatives.test.ts), so the handler gets the value as the first alternative it meets reads it: `42`
// for `42`, the text for a UUID, both of the handler's type (number | string). An allOf member that declares no
// type narrows nothing: an integer stays an integer. A boolean or a number (Elasticsearch's `track_total_hits`, behind a
// `$ref`) travels as text too: the server read it as a number and refused `false`.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'videos', version: '1' },
  paths: {
    '/videos/{id}': {
      get: {
        operationId: 'getVideo',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { oneOf: [{ type: 'integer' }, { type: 'string', format: 'uuid' }] },
          },
          { name: 'page', in: 'query', schema: { allOf: [{ type: 'integer' }, { minimum: 1 }] } },
          { name: 'tag', in: 'query', schema: { anyOf: [{ type: 'number' }, {}] } },
          { name: 'track_total_hits', in: 'query', schema: { $ref: '#/components/schemas/TrackHits' } },
        ],
        responses: answer,
      },
    },
  },
  // Elasticsearch's: a boolean or a number.
  components: { schemas: { TrackHits: { oneOf: [{ type: 'boolean' }, { type: 'number' }] } } },
};

const served = servedPackage('videos', DOCUMENT, () => ({
  getVideo: (input: { path: unknown; query: unknown }) => ({
    status: 200,
    body: { path: input.path, query: input.query },
  }),
}));

it('takes a UUID or an integer where the schema allows either', async () => {
  const client = new served.pkg.client.VideosClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  const uuid = '9c9de5e8-0a1b-484a-b099-e80766180a6d';
  expect(await client.getVideo({ id: uuid })).toEqual({ path: { id: uuid }, query: {} });
  expect(await client.getVideo({ id: 42 })).toEqual({ path: { id: 42 }, query: {} });
  expect((await fetch(`${served.baseUrl}/videos/not-a-uuid`)).status).toBe(400);
});

it('keeps an allOf integer an integer, and a branch that says nothing admits text', async () => {
  const ok = await fetch(`${served.baseUrl}/videos/7?page=2&tag=blue`);
  expect(await ok.json()).toEqual({ path: { id: 7 }, query: { page: 2, tag: 'blue' } });
  const bad = await fetch(`${served.baseUrl}/videos/7?page=two`);
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain('is not a decimal number');
});

it('takes a boolean or a number where the schema allows either', async () => {
  const client = new served.pkg.client.VideosClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.getVideo({ id: 7, track_total_hits: false })).toEqual({
    path: { id: 7 },
    query: { track_total_hits: false },
  });
  expect(await client.getVideo({ id: 7, track_total_hits: 10000 })).toEqual({
    path: { id: 7 },
    query: { track_total_hits: 10000 },
  });
  expect((await fetch(`${served.baseUrl}/videos/7?track_total_hits=maybe`)).status).toBe(400);
});
