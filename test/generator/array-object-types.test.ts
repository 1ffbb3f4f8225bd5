// The types of arrays and free-form objects accept every value their schema accepts: a prefixItems tuple is one
// tuple whatever its bounds (not a tuple of tuples), with positions past minItems optional and what `items`
// allows after them; minItems / maxItems leave an array an array (a `string[]` of tags compiles); and an object
// schema without members is any object, not one that may hold nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileProblems } from '../support/compile-problems.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const sample = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Sample' } } } };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'samples', version: '1' },
  paths: {
    '/samples': {
      post: {
        operationId: 'addSample',
        requestBody: { required: true, ...sample },
        responses: { '201': { description: 'added', ...sample } },
      },
    },
  },
  components: {
    schemas: {
      Sample: {
        type: 'object',
        required: ['point'],
        properties: {
          point: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'number' }], minItems: 2, maxItems: 2 },
          labelled: {
            type: 'array',
            prefixItems: [{ type: 'string' }, { type: 'integer' }],
            items: { type: 'boolean' },
          },
          tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 },
          metadata: { type: 'object' },
          nothing: { type: 'object', additionalProperties: false },
        },
      },
    },
  },
};

let pkg: InlinePackage;

beforeAll(async () => {
  pkg = await inlinePackage('samples', DOCUMENT);
}, 120_000);

afterAll(() => pkg?.remove());

it('tuples, bounded arrays and member-less objects are typed as wide as their schemas', () => {
  const probe = path.join(pkg.dir, 'probe.ts');
  fs.writeFileSync(
    probe,
    [
      `import { SamplesClient } from './client.js';`,
      `import type { SamplesHandlers } from './server.js';`,
      `export async function add(client: SamplesClient, tags: string[]) {`,
      `  const added = await client.addSample({ body: { point: [1700000000, 3.5], tags, metadata: { team: 'a', n: 1 } } });`,
      `  const at: number = added.point[0];`,
      `  const team: unknown = added.metadata?.team;`,
      `  await client.addSample({ body: { point: [1, 2], labelled: ['a'] } });`,
      `  await client.addSample({ body: { point: [1, 2], labelled: [] } });`,
      `  await client.addSample({ body: { point: [1, 2], labelled: ['a', 1, true, false] } });`,
      `  // @ts-expect-error the tuple's positions keep their types`,
      `  await client.addSample({ body: { point: [1, 2], labelled: [1, 'a'] } });`,
      `  // @ts-expect-error two positions, both required`,
      `  await client.addSample({ body: { point: [1] } });`,
      `  // @ts-expect-error no third position`,
      `  await client.addSample({ body: { point: [1, 2, 3] } });`,
      `  // @ts-expect-error an object that may have no member stays empty`,
      `  await client.addSample({ body: { point: [1, 2], nothing: { a: 1 } } });`,
      `  return [at, team];`,
      `}`,
      `export const handlers: SamplesHandlers = {`,
      `  addSample: async (input) => ({`,
      `    status: 201,`,
      `    body: { point: [1700000000, 3.5], tags: input.body.tags, metadata: { free: ['form'] }, nothing: {} },`,
      `  }),`,
      `};`,
      '',
    ].join('\n'),
  );
  expect(compileProblems([probe])).toEqual([]);
}, 120_000);

it('the validators hold the bounds the types leave open', () => {
  const validate = pkg.validators.validateAddSampleBody0!;
  expect(validate({ point: [1, 2], tags: ['a'] })).toBe(true);
  expect(validate({ point: [1, 2], tags: [] })).toBe(false);
  expect(validate({ point: [1, 2], tags: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe(false);
  expect(validate({ point: [1, 2], labelled: ['a', 1, 'not a boolean'] })).toBe(false);
});
