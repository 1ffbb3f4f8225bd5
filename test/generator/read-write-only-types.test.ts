// readOnly members are the server's to set and writeOnly members the client's to send: the generated types of a
// request leave readOnly members out (a create without the id compiles; with it, it does not), and the types of
// an answer leave writeOnly members out (a handler answers without the password; a client cannot read one).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileProblems } from '../support/compile-problems.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const pet = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'pets', version: '1' },
  paths: {
    '/pets': {
      post: {
        operationId: 'createPet',
        requestBody: { required: true, ...pet },
        responses: { '201': { description: 'created', ...pet } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name', 'password'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
          password: { type: 'string', writeOnly: true },
          owner: { $ref: '#/components/schemas/OwnerId', readOnly: true },
        },
      },
      OwnerId: { type: 'string' },
    },
  },
};

let pkg: InlinePackage;

beforeAll(async () => {
  pkg = await inlinePackage('pets', DOCUMENT);
}, 120_000);

afterAll(() => pkg?.remove());

it('requests are typed without readOnly members and answers without writeOnly ones', () => {
  const probe = path.join(pkg.dir, 'probe.ts');
  fs.writeFileSync(
    probe,
    [
      `import { PetsClient } from './client.js';`,
      `import type { PetsHandlers } from './server.js';`,
      `export async function create(client: PetsClient) {`,
      `  const created = await client.createPet({ body: { name: 'Rex', password: 's3cret' } });`,
      `  const id: number = created.id;`,
      `  // @ts-expect-error an answer carries no writeOnly member`,
      `  created.password;`,
      `  // @ts-expect-error a request carries no readOnly member`,
      `  await client.createPet({ body: { id: 1, name: 'Rex', password: 's3cret' } });`,
      `  return id;`,
      `}`,
      `export const handlers: PetsHandlers = {`,
      `  createPet: async (input) => {`,
      `    // @ts-expect-error a request carries no readOnly member`,
      `    input.body.id;`,
      `    return { status: 201, body: { id: 1, name: input.body.name, owner: 'o' } };`,
      `  },`,
      `};`,
      '',
    ].join('\n'),
  );
  expect(compileProblems([probe])).toEqual([]);
}, 120_000);
