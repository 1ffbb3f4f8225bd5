// A parameter no request can carry (no name, a place HTTP has no slot for) is left out of its operation with a
// warning naming its pointer; the document and the operation's other parameters are still generated.
import { expect, it } from 'vitest';
import { buildServiceModel } from '../../generator/model/build.js';
import type { SchemaWarning } from '../../generator/model/normalise-schemas.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'unusable parameters', version: '1' },
  paths: {
    '/customers': {
      get: {
        operationId: 'listCustomers',
        parameters: [
          { in: 'query', name: '', schema: { type: 'string' } },
          { in: 'body', name: 'filter', schema: { type: 'string' } },
          { in: 'query', name: 7, schema: { type: 'string' } },
          'not a parameter',
          { in: 'query', name: 'page', schema: { type: 'integer' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

it('each unusable parameter is a warning with its pointer; the usable one is kept', () => {
  const warnings: SchemaWarning[] = [];
  const model = buildServiceModel('customers', structuredClone(DOCUMENT) as any, (w) => warnings.push(w));
  const operation = model.operations.find((o) => o.id === 'listCustomers');
  expect(operation?.parameters.map((p) => p.name)).toEqual(['page']);
  expect(warnings.map((w) => w.pointer)).toEqual([0, 1, 2, 3].map((i) => `#/paths/~1customers/get/parameters/${i}`));
  expect(warnings[0]!.message).toBe(
    'a parameter no request can carry (its name "" is not a non-empty string); left out',
  );
  expect(warnings[1]!.message).toContain('"body" is not query, header, path or cookie');
});
