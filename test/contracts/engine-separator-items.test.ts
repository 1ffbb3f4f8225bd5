// An item of an unexploded array (form with explode: false, space- or pipe-delimited, a path's simple style) that
// holds the separator its style joins items with is two items on the wire: OpenAPI's styles (RFC 6570's) have no
// escape a reader can tell from the separator once the value is percent-decoded. The engine never draws such an
// item for the request the document allows; an exploded array's items, each a pair of its own, may hold one.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';

// Items that hold a comma most of the time, and an example that holds one.
const tags = { type: 'array', minItems: 1, maxItems: 4, items: { type: 'string', pattern: '^[a-z],[a-z]$|^[a-z]$' } };
const query = (name: string, extra: object) => ({ name, in: 'query', required: true, schema: tags, ...extra });
const document = {
  openapi: '3.0.3',
  info: { title: 'Tags', version: '1' },
  paths: {
    '/joined': {
      get: {
        operationId: 'joined',
        parameters: [query('tags', { explode: false, example: ['a,b', 'c'] })],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/piped': {
      get: {
        operationId: 'piped',
        parameters: [
          {
            name: 'tags',
            in: 'query',
            required: true,
            style: 'pipeDelimited',
            schema: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^[a-z]\\|[a-z]$|^[a-z]$' } },
          },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/apart': {
      get: {
        operationId: 'apart',
        parameters: [query('tags', { example: ['a,b'] })],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

describe('items of an unexploded array', () => {
  const model = engineModel('tags', structuredClone(document) as never);
  const schemas = new DocumentSchemas(model.document);
  const settings = (seed: number) => ({ apiKeys: {}, headers: {}, values: {}, seed });
  const items = (id: string, seed: number) =>
    [
      ...validRequest(model, schemas, model.operations.find((o) => o.id === id)!, settings(seed), seed).values.values(),
    ][0] as string[];

  it('never hold the separator their style joins them with', () => {
    for (let seed = 1; seed <= 20; seed++) {
      expect(items('joined', seed).length).toBeGreaterThan(0);
      expect(items('joined', seed).filter((item) => item.includes(','))).toEqual([]);
      expect(items('piped', seed).length).toBeGreaterThan(0);
      expect(items('piped', seed).filter((item) => item.includes('|'))).toEqual([]);
    }
  });

  it('of an exploded array travel one a pair, so may hold it', () => {
    expect(items('apart', 1)).toEqual(['a,b']);
  });
});
