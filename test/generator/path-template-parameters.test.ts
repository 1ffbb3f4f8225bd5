// A path template name without a path parameter (declared in the query instead, as Intercom's document does, or
// not declared at all) is read as a path parameter with a warning naming its place: the package is generated, the
// client fills the template and the server reads the value back from the path.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'templates', version: '1' },
  paths: {
    '/contacts/{contact_id}/notes/{note_id}': {
      parameters: [{ name: 'note_id', in: 'query', schema: { type: 'integer' } }],
      get: {
        operationId: 'getNote',
        parameters: [{ name: 'contact_id', in: 'query', required: false, schema: { type: 'string' } }],
        responses: answer,
      },
    },
    '/files/{name}': { get: { operationId: 'getFile', responses: answer } },
  },
};

const served = servedPackage('templates', DOCUMENT, () => {
  const echo = (input: { path: unknown; query: unknown }) => ({
    status: 200,
    body: { path: input.path, query: input.query },
  });
  return { getNote: echo, getFile: echo };
});

it('each repaired place is one warning with its pointer', () => {
  expect(served.pkg.warnings.map((w) => `${w.pointer}: ${w.message}`).sort()).toEqual([
    '#/paths/~1contacts~1{contact_id}~1notes~1{note_id}/get/parameters/0: query parameter contact_id is named in the path template; read as a path parameter',
    '#/paths/~1contacts~1{contact_id}~1notes~1{note_id}/parameters/0: query parameter note_id is named in the path template; read as a path parameter',
    '#/paths/~1files~1{name}/get: path template {name} has no path parameter declared; read as a required string',
  ]);
});

it('a parameter declared in the query is sent in the path and read from it, with its schema (an integer)', async () => {
  const client = new served.pkg.client.TemplatesClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.getNote({ contact_id: 'c 1', note_id: 7 })).toEqual({
    path: { contact_id: 'c 1', note_id: 7 },
    query: {},
  });
});

it('an undeclared one is a required string, sent escaped', async () => {
  const client = new served.pkg.client.TemplatesClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.getFile({ name: 'a/b' })).toEqual({ path: { name: 'a/b' }, query: {} });
});
