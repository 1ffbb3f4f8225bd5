// A parameter whose items or members are arrays or objects has no text in OpenAPI's styles (its style table writes
// scalars there; of deepObject it says array and object properties are not defined): whatever the engine wrote
// (it wrote JSON text) is its own guess, and a server that refuses it behaves as its document says. The engine
// leaves out what nests where the schema allows, else leaves an optional parameter out, and an operation with a
// required one is n/a with the reason.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { failures, faithfulRun } from '../support/faithful-run.js';

const item = { type: 'object', properties: { id: { type: 'integer' } } };
const operation = (id: string, parameters: object[]) => ({
  post: {
    operationId: id,
    parameters,
    responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
  },
});
const query = (name: string, required: boolean, schema: object, style?: string, example?: unknown) => ({
  in: 'query',
  name,
  required,
  ...(style && { style }),
  ...(example !== undefined && { example }),
  schema,
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Nested', version: '1' },
  paths: {
    // sinao's `documents`: a required array of objects in the default style (form, exploded).
    '/documents': operation('sendDocuments', [query('documents', true, { type: 'array', items: item })]),
    '/deep': operation('deepFilter', [
      query(
        'filter',
        true,
        { type: 'object', required: ['range'], properties: { range: item, name: { type: 'string' } } },
        'deepObject',
      ),
    ]),
    '/ids': operation('deepIds', [
      query(
        'filter',
        true,
        {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', minItems: 1, items: { type: 'integer' } } },
        },
        'deepObject',
      ),
    ]),
    // What nests is optional here: the rest is sent and judged.
    '/search': operation('search', [
      query(
        'filter',
        true,
        { type: 'object', required: ['name'], properties: { name: { type: 'string' }, range: item } },
        'deepObject',
        { name: 'a', range: { id: 1 } },
      ),
      query('expand', false, { type: 'array', items: item }, undefined, [{ id: 1 }]),
    ]),
  },
};

const drawnFor = (operationId: string) => {
  const model = engineModel('nested', structuredClone(document) as never);
  const op = model.operations.find((o) => o.id === operationId)!;
  const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
  return validRequest(model, new DocumentSchemas(model.document), op, settings, 1);
};

describe('a parameter whose items or members are arrays or objects', () => {
  it('makes its operation n/a where it is required and what nests cannot be left out', () => {
    for (const id of ['sendDocuments', 'deepFilter', 'deepIds'])
      expect(drawnFor(id).unsupported, id).toMatch(/^no style writes query parameter \w+'s value/);
  });

  it('is sent without what nests where its schema allows, and left out where optional', () => {
    const drawn = drawnFor('search');
    expect(drawn.unsupported).toBeUndefined();
    expect(drawn.request.query).toEqual([['filter[name]', 'a']]);
  });

  it('gets no FAIL from the generated server with faithful handlers', async () => {
    const outcomes = await faithfulRun('nested', document);
    expect(failures(outcomes)).toEqual([]);
    const accepted = outcomes.filter((o) => o.check === 'positive_data_acceptance');
    expect(accepted.find((o) => o.operation.includes('(search)'))?.verdict).toBe('pass');
    expect(accepted.filter((o) => o.verdict === 'n/a').map((o) => o.message)).toHaveLength(3);
  }, 300_000);
});
