// A member with a `default` is an optional input (Svix's `EndpointIn {url}`, Mistral's embeddings), written
// inline or behind a $ref: a request that leaves it out compiles and is valid, and a handler reading it is told
// it may be undefined (the generated server does not fill defaults in).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileProblems } from '../support/compile-problems.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'defaults', version: '1' },
  paths: {
    '/embeddings': {
      post: {
        operationId: 'embed',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/EmbeddingRequest' } } },
        },
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/EmbeddingRequest' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      EmbeddingRequest: {
        type: 'object',
        required: ['input'],
        properties: {
          input: { type: 'string' },
          inline_default: { type: 'string', enum: ['a', 'b'], default: 'a' },
          ref_default: { $ref: '#/components/schemas/EncodingFormat', default: 'float' },
        },
      },
      EncodingFormat: { type: 'string', enum: ['float', 'base64'] },
    },
  },
};

let pkg: InlinePackage;

beforeAll(async () => {
  pkg = await inlinePackage('defaults', DOCUMENT);
}, 120_000);

afterAll(() => pkg?.remove());

it('a request without the defaulted members compiles, and a handler is told they may be absent', () => {
  const probe = path.join(pkg.dir, 'probe.ts');
  fs.writeFileSync(
    probe,
    [
      `import { DefaultsClient } from './client.js';`,
      `import type { DefaultsHandlers } from './server.js';`,
      `export const call = (client: DefaultsClient) => client.embed({ body: { input: 'hello' } });`,
      `export const handlers: DefaultsHandlers = {`,
      `  embed: async (input) => {`,
      `    // @ts-expect-error the member may be absent: the server does not fill defaults in`,
      `    const format: 'float' | 'base64' = input.body.ref_default;`,
      `    return { body: { input: input.body.input, ref_default: format } };`,
      `  },`,
      `};`,
      '',
    ].join('\n'),
  );
  expect(compileProblems([probe])).toEqual([]);
}, 120_000);
