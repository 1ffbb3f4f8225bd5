// The parts of the generator made for large documents keep their results: the JSON loader's fast path gives the
// document Redocly's bundle gives (and leaves documents that refer to other files to Redocly), the type emitter
// leaves the model's document as it was (openapi-typescript's discriminator scan writes into the schemas it reads),
// and a package handed file by file is the package returned whole.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleOas, createEmptyRedoclyConfig } from '@redocly/openapi-core/lib/bundle-oas';
import { afterAll, describe, expect, it } from 'vitest';
import { emitTypes } from '../../generator/emitters/types.js';
import { buildServiceModel, loadSpecFile } from '../../generator/model/index.js';
import { generatePackage } from '../../generator/pipeline.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'large-path-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const pets = {
  openapi: '3.0.3',
  info: { title: 'pets', version: '1' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['kind'],
        properties: { kind: { type: 'string' } },
        discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat' } },
        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
      },
      Cat: {
        allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { purrs: { type: 'boolean' } } }],
      },
      Dog: { type: 'object', properties: { kind: { type: 'string' }, barks: { type: 'boolean' } } },
    },
  },
};

function write(name: string, content: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
}

async function redocly(file: string) {
  return (await bundleOas({ ref: file, config: createEmptyRedoclyConfig(), dereference: false })).bundle.parsed;
}

describe('a JSON document', () => {
  it('that refers only inside itself is the document Redocly bundles', async () => {
    const file = write('pets.json', pets);
    const loaded = await loadSpecFile('pets', file);
    expect(loaded.files).toEqual([file]);
    expect(loaded.document).toEqual(await redocly(file));
    const bare = structuredClone(pets) as any;
    delete bare.components;
    bare.paths['/pets'].get.responses['200'].content['application/json'].schema = { type: 'object' };
    const noComponents = write('bare.json', bare);
    expect((await loadSpecFile('bare', noComponents)).document).toEqual(await redocly(noComponents));
  });

  it('that refers to another file goes through the bundler', async () => {
    write('dog.json', { type: 'object', properties: { barks: { type: 'boolean' } } });
    const split = structuredClone(pets) as any;
    split.components.schemas.Dog = { $ref: './dog.json' };
    const file = write('split.json', split);
    const loaded = await loadSpecFile('split', file);
    expect(loaded.files).toContain(path.join(dir, 'dog.json'));
    expect(JSON.stringify(loaded.document)).not.toContain('./dog.json');
    expect(loaded.document).toEqual(await redocly(file));
  });

  it("with a reference to nothing is refused with the bundler's message", async () => {
    const broken = structuredClone(pets) as any;
    broken.components.schemas.Dog = { $ref: '#/components/schemas/Missing' };
    await expect(loadSpecFile('broken', write('broken.json', broken))).rejects.toThrow(/does not bundle/);
  });
});

describe('the type emitter', () => {
  it('leaves the model document as it was, discriminator members included', () => {
    const model = buildServiceModel('pets', structuredClone(pets));
    const before = JSON.stringify(model.document);
    const types = emitTypes(model);
    expect(JSON.stringify(model.document)).toBe(before);
    // openapi-typescript's discriminator value reached the types all the same.
    expect(types).toMatch(/kind: "cat"/);
  });
});

describe('generatePackage', () => {
  it('hands each file to onFile, the same files it returns whole', async () => {
    const spec = write('pets-package.json', pets);
    const whole = await generatePackage({ key: 'pets', spec });
    const handed = new Map<string, string>();
    const returned = await generatePackage(
      { key: 'pets', spec },
      { onFile: (name, content) => handed.set(name, content) },
    );
    expect(returned.size).toBe(0);
    expect(new Map([...handed].sort(([a], [b]) => a.localeCompare(b)))).toEqual(whole);
    // A spec in one file is not copied: nothing in the package reads it (the validators hold their schemas).
    expect(whole.has('openapi.json')).toBe(false);
    expect(whole.get('README.md')).not.toContain('openapi.json');
  });
});
