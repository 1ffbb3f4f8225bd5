// Path keys that carry a query string (flickr's `/rest?method=flickr.photos.search`, weatherbit's
// `/alerts?lat={lat}&lon={lon}` with lat and lon declared in the path, medium's `/search?query={query}` with query
// declared in the query, formapi's `/templates/{id}?full=true` beside `/templates/{id}`): the client sends the key's
// pairs in the query, and the generated server routes on the path and those pairs, several operations sharing one
// path told apart by them, a path parameter read from the query pair that names it. A pair whose name is a template
// (clicksend's `/numbers/search/{country}?{search}=1&{search_type}=2`, `search` declared in the path) names no value:
// the parameter is left out with a warning and the pair goes as written, braces and all, on both sides.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const inPath = (name: string, type = 'string') => ({ name, in: 'path', required: true, schema: { type } });
const get = (operationId: string, parameters: object[] = []) => ({ get: { operationId, parameters, responses: ok } });

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'keyed queries', version: '1' },
  paths: {
    '/rest?method=things.list': get('listThings', [{ name: 'page', in: 'query', schema: { type: 'integer' } }]),
    '/rest?method=things.get': get('getThing', [
      { name: 'id', in: 'query', required: true, schema: { type: 'string' } },
    ]),
    '/rest?method=things.create': {
      post: {
        operationId: 'createThing',
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: ok,
      },
    },
    '/alerts?lat={lat}&lon={lon}': get('alertsAtPoint', [inPath('lat', 'number'), inPath('lon', 'number')]),
    '/alerts?city={city}': get('alertsInCity', [inPath('city')]),
    '/alerts?city={city}&country={country}': get('alertsInCountryCity', [inPath('city'), inPath('country')]),
    '/search?query={query}': get('search', [
      { name: 'query', in: 'query', required: true, schema: { type: 'string' } },
    ]),
    '/numbers/{country}?{search}=1': get('searchNumbers', [inPath('country'), inPath('search')]),
    '/templates/{id}': get('getTemplate', [inPath('id')]),
    '/templates/{id}?full=true': get('getFullTemplate', [inPath('id')]),
  },
};

const ids = [
  'listThings',
  'getThing',
  'createThing',
  'alertsAtPoint',
  'alertsInCity',
  'alertsInCountryCity',
  'search',
  'searchNumbers',
  'getTemplate',
  'getFullTemplate',
];
const served = servedPackage(
  'keyed',
  DOCUMENT,
  Object.fromEntries(
    ids.map((id) => [
      id,
      (input: { path: object; query: object; url: URL }) => ({
        status: 200,
        body: { handledBy: id, path: input.path, query: input.query, search: input.url.search },
      }),
    ]),
  ),
);

it('each operation sharing a path reaches its own handler with the pairs its key fixes', async () => {
  const client = new served.pkg.client.KeyedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.listThings({ page: 2 })).toMatchObject({
    handledBy: 'listThings',
    search: '?method=things.list&page=2',
  });
  expect(await client.getThing({ id: 'a b' })).toMatchObject({ handledBy: 'getThing', query: { id: 'a b' } });
  expect(await client.createThing({ body: { name: 'x' } })).toMatchObject({ handledBy: 'createThing' });
  expect(await client.getTemplate({ id: 't1' })).toMatchObject({ handledBy: 'getTemplate', path: { id: 't1' } });
  expect(await client.getFullTemplate({ id: 't1' })).toMatchObject({
    handledBy: 'getFullTemplate',
    path: { id: 't1' },
    search: '?full=true',
  });
});

it('path parameters a key names in its query are sent and read there, the operation chosen by the names sent', async () => {
  const client = new served.pkg.client.KeyedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.alertsAtPoint({ lat: 52.5, lon: 13.4 })).toMatchObject({
    handledBy: 'alertsAtPoint',
    path: { lat: 52.5, lon: 13.4 },
    search: '?lat=52.5&lon=13.4',
  });
  expect(await client.alertsInCity({ city: 'São Paulo' })).toMatchObject({
    handledBy: 'alertsInCity',
    path: { city: 'São Paulo' },
  });
  expect(await client.alertsInCountryCity({ city: 'Paris', country: 'FR' })).toMatchObject({
    handledBy: 'alertsInCountryCity',
    path: { city: 'Paris', country: 'FR' },
  });
});

it('a templated pair naming a query parameter is sent once, as that parameter', async () => {
  const client = new served.pkg.client.KeyedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.search({ query: 'tea&cake' })).toMatchObject({
    handledBy: 'search',
    query: { query: 'tea&cake' },
    search: '?query=tea%26cake',
  });
});

it('a pair named by a template goes as written, its parameter left out with a warning', async () => {
  const client = new served.pkg.client.KeyedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.searchNumbers({ country: 'US' })).toMatchObject({
    handledBy: 'searchNumbers',
    path: { country: 'US' },
    search: '?%7Bsearch%7D=1',
  });
  expect(served.pkg.warnings.map((w) => w.message)).toContainEqual(
    expect.stringMatching(/^path parameter search is named only as a query pair's name in the path key/),
  );
});

it('a request without the pairs of any key sharing its path is refused by the path parameters it lacks', async () => {
  const res = await fetch(`${served.baseUrl}/alerts?lat=1`);
  expect(res.status).toBe(400);
});

it('no warning says the operations sharing a path cannot be told apart', () => {
  expect(served.pkg.warnings.filter((w) => w.message.includes('no request tells them apart'))).toEqual([]);
});
