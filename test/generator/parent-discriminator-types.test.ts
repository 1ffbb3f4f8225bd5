// A parent schema's discriminator (no oneOf of its own; its children inherit it through allOf) types each use of
// the parent as the union of the schemas the discriminator names: a child's members are no excess properties, the
// discriminator tells the children apart, and a child's own allOf still holds the parent's own members.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileProblems } from '../support/compile-problems.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const requirement = (extra: Record<string, unknown>) => ({
  allOf: [{ $ref: '#/components/schemas/Requirement' }, { type: 'object', ...extra }],
});
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'requirements', version: '1' },
  paths: {
    '/requirements': {
      post: {
        operationId: 'check',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Requirement' } } },
          },
        },
        responses: {
          '200': {
            description: 'the first requirement',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Requirement' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Requirement: {
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string' } },
        discriminator: {
          propertyName: 'type',
          mapping: { 'assert-uuid': '#/components/schemas/AssertUuid', 'assert-ref': 'AssertRef' },
        },
      },
      AssertUuid: requirement({ required: ['uuid'], properties: { uuid: { type: 'string' } } }),
      AssertRef: requirement({ required: ['ref'], properties: { ref: { type: 'string' } } }),
      // Named by its component name (no mapping entry).
      AssertCreate: requirement({ properties: { create: { type: 'boolean' } } }),
    },
  },
};

let pkg: InlinePackage;

beforeAll(async () => {
  pkg = await inlinePackage('requirements', DOCUMENT);
}, 120_000);

afterAll(() => pkg?.remove());

it('a use of the parent is the union of the children its discriminator names, told apart by it', () => {
  const probe = path.join(pkg.dir, 'probe.ts');
  fs.writeFileSync(
    probe,
    [
      `import { RequirementsClient } from './client.js';`,
      `export async function check(client: RequirementsClient) {`,
      `  const first = await client.check({ body: [{ type: 'assert-uuid', uuid: 'u' }, { type: 'assert-ref', ref: 'main' }, { type: 'AssertCreate', create: true }] });`,
      `  if (first.type === 'assert-uuid') { const uuid: string = first.uuid; return uuid; }`,
      `  // @ts-expect-error a ref names no uuid`,
      `  await client.check({ body: [{ type: 'assert-ref', uuid: 'u' }] });`,
      `  // @ts-expect-error a value the discriminator does not name`,
      `  await client.check({ body: [{ type: 'assert-nothing' }] });`,
      `  return first.type;`,
      `}`,
      '',
    ].join('\n'),
  );
  expect(compileProblems([probe])).toEqual([]);
}, 120_000);

it('the validators check the child the value names', () => {
  const validate = pkg.validators.validateCheckBody0!;
  expect(validate([{ type: 'assert-uuid', uuid: 'u' }, { type: 'AssertCreate' }])).toBe(true);
  expect(validate([{ type: 'assert-uuid' }])).toBe(false);
});
