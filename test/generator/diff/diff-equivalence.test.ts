// Documents that say the same thing in another way report nothing: a schema inline or behind a `$ref`, a
// component renamed (reported for its generated type only), an allOf flattened into one schema, OpenAPI 3.0's
// spelling against 3.1's, a docs-only or extension-only edit, and a oneOf reordered.
import { describe, expect, it } from 'vitest';
import { diff, ids, petstore } from './pairs.js';

describe('spec-first diff: equivalent documents', () => {
  it('a schema inline or behind a $ref is the same schema', async () => {
    const inline = petstore((d) => {
      d.paths['/pets'].post.requestBody.content['application/json'].schema = d.components.schemas.NewPet;
    });
    expect((await diff(petstore(), inline)).findings).toEqual([]);
    expect((await diff(inline, petstore())).findings).toEqual([]);
  });

  it('a renamed component with an equal schema is no wire change, only its generated type renamed', async () => {
    const renamed = petstore((d) => {
      d.components.schemas.PetInput = d.components.schemas.NewPet;
      delete d.components.schemas.NewPet;
      d.paths['/pets'].post.requestBody.content['application/json'].schema.$ref = '#/components/schemas/PetInput';
    });
    const { findings } = await diff(petstore(), renamed);
    expect(ids(findings)).toEqual(['info components.schema-renamed']);
    expect(findings[0]!.code.verdict).toBe('breaks');
    expect(findings[0]!.revision?.pointer).toBe('/components/schemas/PetInput');
  });

  it('an allOf flattened into one schema is the same schema', async () => {
    const composed = petstore((d) => {
      d.components.schemas.Named = {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', maxLength: 50 } },
      };
      d.components.schemas.NewPet = {
        allOf: [
          { $ref: '#/components/schemas/Named' },
          { type: 'object', properties: { kind: { type: 'string', enum: ['cat', 'dog'] }, age: { type: 'integer' } } },
        ],
      };
    });
    // Named is a component of its own in the composed document: its removal is reported for the type it was.
    expect(ids((await diff(composed, petstore())).findings)).toEqual(['info components.schema-removed']);
    expect(ids((await diff(petstore(), composed)).findings)).toEqual([]);
  });

  it("3.0's nullable, exclusiveMaximum and example against 3.1's spelling", async () => {
    const v30 = petstore((d) => {
      d.components.schemas.Pet.properties.note = { type: 'string', nullable: true, example: 'hi' };
      d.components.schemas.NewPet.properties.age = { type: 'integer', maximum: 30, exclusiveMaximum: true };
    }, '3.0.3');
    const v31 = petstore((d) => {
      d.components.schemas.Pet.properties.note = { type: ['string', 'null'], examples: ['hi'] };
      d.components.schemas.NewPet.properties.age = { type: 'integer', exclusiveMaximum: 30 };
    }, '3.1.0');
    expect((await diff(v30, v31)).findings).toEqual([]);
  });

  it('descriptions, examples, extensions and the order of oneOf alternatives change nothing', async () => {
    const base = petstore((d) => {
      d.components.schemas.Pet.properties.detail = { oneOf: [{ type: 'string' }, { type: 'integer' }] };
    });
    const revision = petstore((d) => {
      d.components.schemas.Pet.properties.detail = {
        oneOf: [{ type: 'integer' }, { type: 'string', description: 'a text' }],
      };
      d.components.schemas.Pet.description = 'A pet';
      d.components.schemas.Pet['x-internal-note'] = 'seen';
      d.paths['/pets'].post.summary = 'Create a pet';
    });
    expect((await diff(base, revision)).findings).toEqual([]);
  });

  it('a schema wrapped in a oneOf with itself alone, or made nullable through anyOf and null, is read as such', async () => {
    const wrapped = petstore((d) => {
      d.components.schemas.Pet.properties.note = { oneOf: [{ type: 'string' }] };
    });
    expect((await diff(petstore(), wrapped)).findings).toEqual([]);
    const nullable = petstore((d) => {
      d.components.schemas.Pet.properties.note = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    });
    expect(ids((await diff(petstore(), nullable)).findings)).toEqual([
      'error response.property.became-nullable',
      'error response.property.became-nullable',
    ]);
  });
});
