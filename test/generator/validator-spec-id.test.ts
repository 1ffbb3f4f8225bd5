// A package key that is no lower-case host (`Monitor_API`, `Orders-API-(PII)`: file names of public documents)
// still gives validators whose `$ref`s resolve: ajv normalises the `$id` it files the schemas under.
import { afterAll, expect, it } from 'vitest';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'operations', version: '1' },
  paths: {
    '/operations': {
      get: {
        operationId: 'listOperations',
        responses: {
          '200': {
            description: 'the operations',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/OperationList' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      OperationList: { type: 'object', properties: { value: { type: 'array', items: { type: 'string' } } } },
    },
  },
};

const packages: InlinePackage[] = [];
afterAll(() => {
  for (const p of packages) p.remove();
});

it.each(['Monitor_API', 'Orders-API-(PII)'])(
  'the validators of a package keyed %s resolve their references',
  async (key) => {
    const pkg = await inlinePackage(key, DOCUMENT);
    packages.push(pkg);
    const validate = pkg.validators.validateListOperationsResponse200!;
    expect(validate({ value: ['a'] })).toBe(true);
    expect(validate({ value: [1] })).toBe(false);
  },
  120_000,
);
