// A discriminating parent (children inherit its discriminator through allOf) seen through the readOnly / writeOnly
// views: a request's use of the parent is the union of its children's request views (no readOnly member, the
// parent's or a child's, demanded), an answer's the union of their answer views; the parent's root type
// (`SchemaRequirement`) is the union too. A request body written as a `$ref` into another operation's body is that
// body's request view.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileProblems } from '../support/compile-problems.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const requirement = (extra: Record<string, unknown>) => ({
  allOf: [{ $ref: '#/components/schemas/Requirement' }, { type: 'object', ...extra }],
});
const requirements = { type: 'array', items: { $ref: '#/components/schemas/Requirement' } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'checks', version: '1' },
  paths: {
    '/requirements': {
      post: {
        operationId: 'check',
        requestBody: { required: true, content: { 'application/json': { schema: requirements } } },
        responses: {
          '200': {
            description: 'the requirements as stored',
            content: { 'application/json': { schema: requirements } },
          },
        },
      },
    },
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['id', 'name'],
                properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
              },
            },
          },
        },
        responses: { '204': { description: 'created' } },
      },
    },
    '/things/{name}': {
      put: {
        operationId: 'replaceThing',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/paths/~1things/post/requestBody/content/application~1json/schema' },
            },
          },
        },
        responses: { '204': { description: 'replaced' } },
      },
    },
  },
  components: {
    schemas: {
      Requirement: {
        type: 'object',
        required: ['type', 'id'],
        properties: { type: { type: 'string' }, id: { type: 'string', readOnly: true } },
        discriminator: {
          propertyName: 'type',
          mapping: { 'assert-uuid': '#/components/schemas/AssertUuid', 'assert-ref': 'AssertRef' },
        },
      },
      AssertUuid: requirement({ required: ['uuid'], properties: { uuid: { type: 'string' } } }),
      // A child with a readOnly member and a writeOnly one of its own.
      AssertRef: requirement({
        required: ['ref', 'checkedAt', 'token'],
        properties: {
          ref: { type: 'string' },
          checkedAt: { type: 'string', readOnly: true },
          token: { type: 'string', writeOnly: true },
        },
      }),
    },
  },
};

let pkg: InlinePackage;

beforeAll(async () => {
  pkg = await inlinePackage('checks', DOCUMENT);
}, 120_000);

afterAll(() => pkg?.remove());

function probe(name: string, lines: string[]): string {
  const file = path.join(pkg.dir, `${name}.ts`);
  fs.writeFileSync(file, [...lines, ''].join('\n'));
  return file;
}

it('a request is typed as the union of the children as requests see them, an answer as answers see them', () => {
  const file = probe('views', [
    `import { ChecksClient } from './client.js';`,
    `export async function check(client: ChecksClient) {`,
    `  const stored = await client.check({ body: [{ type: 'assert-uuid', uuid: 'u' }, { type: 'assert-ref', ref: 'main', token: 't' }] });`,
    `  const first = stored[0]!;`,
    `  if (first.type === 'assert-ref') {`,
    `    const at: string = first.checkedAt;`,
    `    const id: string = first.id;`,
    `    // @ts-expect-error an answer carries no writeOnly token`,
    `    return at + id + first.token;`,
    `  }`,
    `  // @ts-expect-error a ref names no uuid`,
    `  await client.check({ body: [{ type: 'assert-ref', ref: 'main', token: 't', uuid: 'u' }] });`,
    `  // @ts-expect-error the writeOnly token is required in a request`,
    `  await client.check({ body: [{ type: 'assert-ref', ref: 'main' }] });`,
    `  // @ts-expect-error a value the discriminator does not name`,
    `  await client.check({ body: [{ type: 'assert-nothing' }] });`,
    `  return first.type;`,
    `}`,
  ]);
  expect(compileProblems([file])).toEqual([]);
}, 120_000);

it("the parent's root type is the union of the schemas its discriminator names", () => {
  const file = probe('root-type', [
    `import type { SchemaRequirement } from './types.js';`,
    `export function read(r: SchemaRequirement): string {`,
    `  if (r.type === 'assert-uuid') return r.uuid;`,
    `  return r.ref;`,
    `}`,
    `// @ts-expect-error a ref names no uuid`,
    `export const wrong: SchemaRequirement = { type: 'assert-ref', id: 'i', ref: 'r', checkedAt: 'c', token: 't', uuid: 'u' };`,
  ]);
  expect(compileProblems([file])).toEqual([]);
}, 120_000);

it("a request body written as a $ref into another operation's body is typed without its readOnly members", () => {
  const file = probe('path-ref', [
    `import { ChecksClient } from './client.js';`,
    `export async function replace(client: ChecksClient) {`,
    `  await client.replaceThing({ name: 'a', body: { name: 'a' } });`,
    `  // @ts-expect-error name is required`,
    `  await client.replaceThing({ name: 'a', body: {} });`,
    `}`,
  ]);
  expect(compileProblems([file])).toEqual([]);
}, 120_000);
