// Every validator compiled at start, on request: `compileAllValidators()` of a generated server, or its
// `compileValidators` option, fails with one error naming every schema ajv refuses (its operation, the schema's
// place in the document, and the place inside it that ajv refuses), instead of a 500 at a first request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal } from '../../contracts/targets/listen-local.js';
import { generatePackage } from '../../generator/pipeline.js';
import { compileValidators, type ValidatorCompileError } from '../../templates/runtime/server/compile-validators.js';
import type { RouteDef } from '../../templates/runtime/server/route-def.js';
import { lazyValidators } from '../../templates/runtime/server/validators.js';
import { writePackage } from '../support/package-folder.js';

// `type: strng` and `type: [string, text]` pass generation (types.ts types them as unknown) but not ajv.
const SPEC = `openapi: 3.1.0
info: { title: Refused, version: '1' }
paths:
  /pets:
    post:
      operationId: createPet
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
      responses:
        '201':
          description: Created.
  /owners/{id}:
    get:
      operationId: getOwner
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The owner.
          content:
            application/json:
              schema:
                type: object
                properties:
                  nick: { type: [string, text] }
  /health:
    get:
      operationId: health
      responses:
        '204':
          description: Up.
components:
  schemas:
    Pet:
      type: object
      properties:
        name: { type: strng }
`;

let dir: string;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let server: any;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-validators-'));
  const spec = path.join(dir, 'openapi.yaml');
  fs.writeFileSync(spec, SPEC);
  // generate itself refuses such schemas (test/generator/validator-check.test.ts): this package is made anyway.
  writePackage(path.join(dir, 'pkg'), await generatePackage({ key: 'refused', spec }, { allowRefusedSchemas: true }));
  server = await import(pathToFileURL(path.join(dir, 'pkg', 'server.ts')).href);
}, 120_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a generated package whose schemas ajv refuses', () => {
  it('compileAllValidators names every refused schema with its operation and JSON pointers, in one error', () => {
    let error: unknown;
    try {
      server.compileAllValidators();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(server.ValidatorCompileError);
    const refused = (error as ValidatorCompileError).refused;
    expect(refused.map((r) => `${r.operationId} ${r.pointer}`)).toEqual([
      'createPet #/paths/~1pets/post/requestBody/content/application~1json/schema',
      'getOwner #/paths/~1owners~1{id}/get/responses/200',
    ]);
    expect(refused[0]!.message).toContain('(at #/components/schemas/Pet/properties/name/type)');
    expect(refused[1]!.message).toContain('(at /properties/nick/type)');
    expect((error as Error).message).toMatch(/^2 schemas cannot be compiled:\n {2}createPet #\/paths/);
  });

  it('the server option fails at creation; without it the server starts and the first request answers 500', async () => {
    const handlers = { createPet: async () => ({ status: 201 }), getOwner: async () => ({ body: {} }) };
    expect(() => server.createRefusedServer(handlers, { compileValidators: true, logger: false })).toThrow(
      '2 schemas cannot be compiled',
    );
    const failures: unknown[] = [];
    const running = await listenLocal(
      server.createRefusedServer(handlers, { logger: false, onError: (e: unknown) => failures.push(e) }),
    );
    try {
      const answer = await fetch(`${running.baseUrl}/pets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Rex"}',
      });
      expect(answer.status).toBe(500);
      expect(String(failures[0])).toContain('type must be JSONType');
    } finally {
      await running.close();
    }
  });
});

describe('compileValidators on the runtime', () => {
  it('names an invalid pattern and a dangling $ref at their places', () => {
    const validator = lazyValidators(() => ({
      specId: 'spec://t',
      components: { schemas: { Tag: { type: 'object', properties: { code: { type: 'string', pattern: '[a-' } } } } },
      unevaluated: false,
      schemas: [
        { type: 'object', properties: { tag: { $ref: 'spec://t#/components/schemas/Tag' } } },
        { type: 'object', properties: { owner: { $ref: 'spec://t#/components/schemas/Gone' } } },
        { type: 'object' },
      ],
    }));
    const route = (operationId: string, index: number): RouteDef => ({
      operationId,
      method: 'POST',
      path: `/${operationId}`,
      params: [],
      bodies: [{ contentType: 'application/json', kind: 'json' }],
      bodyRequired: false,
      security: 'optional',
      validateParams: validator('coercing', 2),
      validateBody: { 'application/json': validator('strict', index) },
      validateResponse: {},
    });
    let error: ValidatorCompileError | undefined;
    try {
      compileValidators([route('tagged', 0), route('owned', 1), route('plain', 2)]);
    } catch (e) {
      error = e as ValidatorCompileError;
    }
    expect(error?.refused.map((r) => [r.operationId, r.pointer])).toEqual([
      ['tagged', '#/paths/~1tagged/post/requestBody/content/application~1json/schema'],
      ['owned', '#/paths/~1owned/post/requestBody/content/application~1json/schema'],
    ]);
    expect(error!.refused[0]!.message).toContain('(at #/components/schemas/Tag/properties/code/pattern)');
    expect(error!.refused[1]!.message).toContain('(at /properties/owner/$ref (spec://t#/components/schemas/Gone))');
  });

  it("passes on the three services' generated packages", async () => {
    for (const key of ['ad-creative', 'analytics', 'generative']) {
      const pkg = await import(
        pathToFileURL(path.join(import.meta.dirname, '..', '..', 'generated', key, 'server.ts')).href
      );
      expect(() => pkg.compileAllValidators()).not.toThrow();
    }
  });
});
