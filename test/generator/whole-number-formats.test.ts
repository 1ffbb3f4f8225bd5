// `format: int32`, `int64` and `uint64` are whole numbers whatever the JSON type (OpenAPI's format registry): a
// `type: number, format: int64` query value 1.5 was taken by the generated server and refused by Prism
// (ajv-formats: "must match format int64"; turbinelabs' `start`, `end`, `max_results`). The validators take only
// integers for them, and the round trip draws integers for them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const number = (format: string) => ({ type: 'number', format });
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Whole number formats', version: '1' },
  paths: {
    '/whole-number-formats/changes': {
      post: {
        operationId: 'listChanges',
        parameters: [
          { name: 'start', in: 'query', required: true, schema: number('int64') },
          { name: 'max_results', in: 'query', required: true, schema: number('int32') },
          { name: 'ratio', in: 'query', schema: { type: 'number', format: 'double' } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['size'], properties: { size: number('uint64') } },
            },
          },
        },
        responses: {
          '200': {
            description: 'changes',
            content: { 'application/json': { schema: { type: 'object', properties: { total: number('int64') } } } },
          },
        },
      },
    },
  },
};

let pkg: InlinePackage;
beforeAll(async () => {
  pkg = await inlinePackage('whole-number-formats', DOCUMENT);
}, 120_000);
afterAll(() => pkg?.remove());

it('takes only integers for a number of an integer format, and fractions for another', () => {
  const params = pkg.validators.validateListChangesParams!;
  const query = (q: Record<string, unknown>) => params({ path: {}, query: q, header: {}, cookie: {} });
  expect(query({ start: 2, max_results: 10 })).toBe(true);
  expect(query({ start: 1.5, max_results: 10 })).toBe(false);
  expect(query({ start: 2, max_results: 0.25 })).toBe(false);
  expect(query({ start: 2, max_results: 10, ratio: 0.25 })).toBe(true);
  const body = pkg.validators.validateListChangesBody0!;
  expect(body({ size: 3 })).toBe(true);
  expect(body({ size: 3.5 })).toBe(false);
});

roundTripSuite({ name: 'whole-number-formats', spec: writtenDocument('whole-number-formats', DOCUMENT) });
