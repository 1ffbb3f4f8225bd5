// readOnly and writeOnly at any depth: a request's types and validators leave readOnly members out and an
// answer's writeOnly members, in nested objects, array items, oneOf branches (a discriminated one too), allOf
// members and inline bodies, the members reached through $ref (OpenAPI: "required" takes effect only in the
// direction a member travels).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileProblems } from '../support/compile-problems.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pet = { content: { 'application/json': { schema: ref('Pet') } } };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'kennel', version: '1' },
  paths: {
    '/pets': {
      post: {
        operationId: 'createPet',
        requestBody: { required: true, ...pet },
        responses: { '201': { description: 'created', ...pet } },
      },
    },
    '/pets/{id}': {
      put: {
        operationId: 'replacePet',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['pet', 'revision'],
                properties: { pet: ref('Pet'), revision: { type: 'integer', readOnly: true } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'replaced',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['pet'], properties: { pet: ref('Pet') } },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name', 'password', 'owner', 'tags'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
          password: { type: 'string', writeOnly: true },
          owner: ref('Owner'),
          tags: { type: 'array', items: ref('Tag') },
          payment: {
            oneOf: [ref('Card'), ref('Bank')],
            discriminator: { propertyName: 'kind', mapping: { card: 'Card', bank: '#/components/schemas/Bank' } },
          },
        },
      },
      Owner: {
        type: 'object',
        required: ['id', 'secret', 'name'],
        properties: {
          id: { type: 'string', readOnly: true },
          secret: { type: 'string', writeOnly: true },
          name: { type: 'string' },
        },
      },
      Tagged: { type: 'object', properties: { id: { allOf: [{ type: 'integer' }, { readOnly: true }] } } },
      Tag: {
        allOf: [
          ref('Tagged'),
          { type: 'object', required: ['id', 'label'], properties: { label: { type: 'string' } } },
        ],
      },
      Card: {
        type: 'object',
        required: ['kind', 'number', 'last4'],
        properties: {
          kind: { const: 'card' },
          number: { type: 'string', writeOnly: true },
          last4: { type: 'string', readOnly: true },
        },
      },
      Bank: {
        type: 'object',
        required: ['kind', 'iban'],
        properties: { kind: { const: 'bank' }, iban: { type: 'string' } },
      },
    },
  },
};

const REQUEST = {
  name: 'Rex',
  password: 's3cret',
  owner: { secret: 'k', name: 'Ann' },
  tags: [{ label: 'good' }],
  payment: { kind: 'card', number: '4242424242424242' },
};
const ANSWER = {
  id: 1,
  name: 'Rex',
  owner: { id: 'o1', name: 'Ann' },
  tags: [{ id: 7, label: 'good' }],
  payment: { kind: 'card', last4: '4242' },
};

let pkg: InlinePackage;

beforeAll(async () => {
  pkg = await inlinePackage('kennel', DOCUMENT);
}, 120_000);

afterAll(() => pkg?.remove());

it('request types leave readOnly members out and answer types writeOnly ones, at any depth', () => {
  const probe = path.join(pkg.dir, 'probe.ts');
  fs.writeFileSync(
    probe,
    [
      `import { KennelClient } from './client.js';`,
      `import type { KennelHandlers } from './server.js';`,
      `export async function use(client: KennelClient) {`,
      `  const created = await client.createPet({ body: ${JSON.stringify(REQUEST)} });`,
      `  const owner: string = created.owner.id;`,
      `  const tag: number | undefined = created.tags[0]?.id;`,
      `  // @ts-expect-error an answer carries no writeOnly member, nested ones included`,
      `  created.owner.secret;`,
      `  // @ts-expect-error a request carries no readOnly member, nested ones included`,
      `  await client.createPet({ body: { ...${JSON.stringify(REQUEST)}, owner: { id: 'o1', secret: 'k', name: 'Ann' } } });`,
      `  // @ts-expect-error nor in a oneOf branch`,
      `  await client.createPet({ body: { ...${JSON.stringify(REQUEST)}, payment: { kind: 'card', number: '1', last4: '1' } } });`,
      `  const replaced = await client.replacePet({ id: 'p1', body: { pet: ${JSON.stringify(REQUEST)} } });`,
      `  // @ts-expect-error an inline answer's members are seen as answers see them`,
      `  replaced.pet.password;`,
      `  return [owner, tag, replaced.pet.id];`,
      `}`,
      `export const handlers: KennelHandlers = {`,
      `  createPet: async (input) => {`,
      `    const secret: string = input.body.owner.secret;`,
      `    // @ts-expect-error a request carries no readOnly member`,
      `    input.body.owner.id;`,
      `    return { status: 201, body: { ...${JSON.stringify(ANSWER)}, name: secret } };`,
      `  },`,
      `  replacePet: async (input) => {`,
      `    // @ts-expect-error an inline request body's readOnly member is left out too`,
      `    input.body.revision;`,
      `    return { status: 200, body: { pet: ${JSON.stringify(ANSWER)} } };`,
      `  },`,
      `};`,
      '',
    ].join('\n'),
  );
  expect(compileProblems([probe])).toEqual([]);
}, 120_000);

it('validators demand no readOnly member in a request and no writeOnly member in an answer, at any depth', () => {
  const { validateCreatePetBody0, validateCreatePetResponse201, validateReplacePetBody0 } = pkg.validators;
  expect(validateCreatePetBody0!(REQUEST), JSON.stringify(validateCreatePetBody0!.errors)).toBe(true);
  expect(validateReplacePetBody0!({ pet: REQUEST }), JSON.stringify(validateReplacePetBody0!.errors)).toBe(true);
  expect(validateCreatePetResponse201!(ANSWER), JSON.stringify(validateCreatePetResponse201!.errors)).toBe(true);
  // What each direction carries is still demanded.
  expect(validateCreatePetBody0!({ ...REQUEST, owner: { name: 'Ann' } })).toBe(false);
  expect(validateCreatePetResponse201!({ ...ANSWER, tags: [{ label: 'good' }] })).toBe(false);
});
