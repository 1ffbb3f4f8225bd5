// The diff's core classes on pairs written here: each change once in a request and once in a response, where the
// direction decides the level; pointers into each document (the component for a referenced schema) and lines.
import { describe, expect, it } from 'vitest';
import { diff, ids, petstore } from './pairs.js';

describe('spec-first diff: direction decides the level', () => {
  it('reports nothing for the same document', async () => {
    const { findings, result } = await diff(petstore(), petstore());
    expect(findings).toEqual([]);
    expect(result.summary.breaking).toBe(false);
  });

  it('a required property added breaks a request, not a response', async () => {
    const { findings } = await diff(
      petstore(),
      petstore((d) => {
        d.components.schemas.NewPet.properties.owner = { type: 'string' };
        d.components.schemas.NewPet.required.push('owner');
        d.components.schemas.Pet.properties.owner = { type: 'string' };
        d.components.schemas.Pet.required.push('owner');
      }),
    );
    expect(ids(findings)).toEqual([
      'error request.property.added-required',
      'info response.property.added-required',
      'info response.property.added-required',
    ]);
    const request = findings.find((f) => f.id === 'request.property.added-required')!;
    expect(request.oasdiff).toBe('new-required-request-property');
    expect(request.operation).toEqual({ method: 'POST', path: '/pets', operationId: 'createPet' });
    // Written in the component, not in the operation that refers to it.
    expect(request.revision?.pointer).toBe('/components/schemas/NewPet/properties/owner');
    expect(request.revision?.line).toBeGreaterThan(1);
    expect(request.code.verdict).toBe('breaks');
    expect(request.code.symbols.map((s) => s.name)).toContain('CreatePetParams.body');
  });

  it('a property removed: a warning in a request, an error when a response required it', async () => {
    const { findings } = await diff(
      petstore(),
      petstore((d) => {
        delete d.components.schemas.NewPet.properties.age;
        delete d.components.schemas.Pet.properties.name;
        d.components.schemas.Pet.required = ['id'];
      }),
    );
    expect(ids(findings)).toEqual([
      'error response.property.removed-required',
      'error response.property.removed-required',
      'warning request.property.removed-optional',
    ]);
  });

  it('enum values: removed from a request is an error, added to a response a warning', async () => {
    const { findings } = await diff(
      petstore(),
      petstore((d) => {
        d.components.schemas.NewPet.properties.kind.enum = ['cat'];
        d.components.schemas.Pet.properties.kind.enum = ['cat', 'dog', 'bird'];
      }),
    );
    expect(ids(findings)).toEqual([
      'error request.property.enum-value-removed',
      'warning response.property.enum-value-added',
      'warning response.property.enum-value-added',
    ]);
    const removed = findings.find((f) => f.id === 'request.property.enum-value-removed')!;
    expect(removed.base?.pointer).toBe('/components/schemas/NewPet/properties/kind/enum/1');
  });

  it('a change two references away is found (operations whose text is unchanged are still compared)', async () => {
    const owned = (maxLength: number) =>
      petstore((d) => {
        d.components.schemas.Owner = { type: 'object', properties: { ref: { $ref: '#/components/schemas/Handle' } } };
        d.components.schemas.Handle = { type: 'string', maxLength };
        d.components.schemas.NewPet.properties.owner = { $ref: '#/components/schemas/Owner' };
      });
    const { findings } = await diff(owned(20), owned(10));
    expect(ids(findings)).toEqual(['error request.property.max-length-decreased']);
    expect(findings[0]!.location).toBe('request body application/json: property owner.ref');
    expect(findings[0]!.revision?.pointer).toBe('/components/schemas/Handle/maxLength');
  });

  it('exit verdict: --fail-on warning fails on a warning, the default does not', async () => {
    const edit = petstore((d) => delete d.components.schemas.NewPet.properties.age);
    expect((await diff(petstore(), edit)).result.summary.breaking).toBe(false);
    expect((await diff(petstore(), edit, { failOn: 'warning' })).result.summary.breaking).toBe(true);
  });
});
