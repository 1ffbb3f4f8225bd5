// A draft-04 tuple (`items` written as an array of schemas, as Redoc's demo document does, though OpenAPI asks for
// one schema) is read as 2020-12's `prefixItems`, with draft 04's `additionalItems` as what may follow: the
// document generates, with a warning naming the place, and each position is validated as written.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { normaliseSchemas, type SchemaWarning } from '../../generator/model/normalise-schemas.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const TUPLE = {
  type: 'array',
  items: [{ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, { type: 'integer' }],
};

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'tuples', version: '1' },
  paths: {
    '/users': {
      post: {
        operationId: 'createUser',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
        responses: { '204': { description: 'created' } },
      },
    },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        properties: {
          open: TUPLE,
          closed: { ...TUPLE, additionalItems: false },
        },
      },
    },
  },
};

let pkg: InlinePackage;
beforeAll(async () => {
  pkg = await inlinePackage('tuples', DOCUMENT);
}, 120_000);
afterAll(() => pkg?.remove());

it('generates, warning once per tuple with its pointer', () => {
  expect(pkg.warnings.map((w) => w.pointer).sort()).toEqual([
    '#/components/schemas/User/properties/closed/items',
    '#/components/schemas/User/properties/open/items',
  ]);
  expect(pkg.warnings[0]!.message).toContain('prefixItems');
});

it('validates each position as written; additionalItems: false closes the tuple', () => {
  const validate = Object.values(pkg.validators).find((v) => v({ open: [{ city: 'x' }, 1] }))!;
  expect(validate).toBeDefined();
  expect(validate({ open: [{ city: 'x' }, 1, 'more'] })).toBe(true);
  expect(validate({ open: [{ city: 'x' }, 'not an integer'] })).toBe(false);
  expect(validate({ open: [{}, 1] })).toBe(false);
  expect(validate({ closed: [{ city: 'x' }, 1] })).toBe(true);
  expect(validate({ closed: [{ city: 'x' }, 1, 'more'] })).toBe(false);
});

it('rewrites only the tuple, leaving the original document as it was', () => {
  const warnings: SchemaWarning[] = [];
  const out = normaliseSchemas(structuredClone(DOCUMENT), (w) => warnings.push(w)) as typeof DOCUMENT;
  expect(out.components.schemas.User.properties.closed).toEqual({
    type: 'array',
    prefixItems: TUPLE.items,
    items: false,
  });
  expect(DOCUMENT.components.schemas.User.properties.open.items).toBe(TUPLE.items);
  expect(warnings).toHaveLength(2);
});
