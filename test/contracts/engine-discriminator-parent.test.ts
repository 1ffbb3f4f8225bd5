// A discriminator on a parent schema its children inherit through allOf (OpenAPI's inheritance idiom): its value
// names the schema the value is (a mapping key, else the value the child declares, Azure's
// x-ms-discriminator-value, else the schema's name), and the generated server refuses any other. The engine draws those values, where the parent is used itself and where a child is, so a server that
// does what the document says gets no positive_data_acceptance FAIL.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { failures, faithfulRun } from '../support/faithful-run.js';

const body = (ref: string) => ({
  required: true,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const document = {
  openapi: '3.0.3',
  info: { title: 'Shelter', version: '1' },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        discriminator: { propertyName: 'petType', mapping: { dog: '#/components/schemas/Dog' } },
        required: ['petType', 'name'],
        properties: { petType: { type: 'string' }, name: { type: 'string', maxLength: 10 } },
      },
      Cat: {
        allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { lives: { type: 'integer' } } }],
      },
      Dog: {
        allOf: [
          { $ref: '#/components/schemas/Pet' },
          { type: 'object', required: ['barks'], properties: { barks: { type: 'boolean' } } },
        ],
      },
      Hamster: {
        'x-ms-discriminator-value': 'rodent',
        allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { cheeks: { type: 'integer' } } }],
      },
    },
  },
  paths: {
    '/pets': {
      post: { operationId: 'addPet', requestBody: body('Pet'), responses: { '204': { description: 'added' } } },
    },
    '/hamsters': {
      post: { operationId: 'addHamster', requestBody: body('Hamster'), responses: { '204': { description: 'added' } } },
    },
    '/dogs': {
      post: { operationId: 'addDog', requestBody: body('Dog'), responses: { '204': { description: 'added' } } },
    },
  },
};

describe('a parent schema discriminator', () => {
  it('is drawn as the name of the schema the value is', () => {
    const model = engineModel('shelter', structuredClone(document) as never);
    const schemas = new DocumentSchemas(model.document);
    const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
    for (const seed of [1, 2, 3, 4]) {
      const drawn = (id: string) =>
        JSON.parse(
          validRequest(model, schemas, model.operations.find((o) => o.id === id)!, settings, seed).request.body!,
        );
      const [pets, dogs, hamsters] = [drawn('addPet'), drawn('addDog'), drawn('addHamster')];
      expect(['Cat', 'dog', 'rodent']).toContain(pets.petType);
      expect(hamsters.petType).toBe('rodent');
      if (pets.petType === 'dog') expect(typeof pets.barks).toBe('boolean');
      expect(dogs.petType).toBe('dog');
    }
  });

  it('gets no FAIL from the generated server with faithful handlers', async () => {
    const outcomes = await faithfulRun('shelter', document);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.filter((o) => o.check === 'positive_data_acceptance' && o.verdict === 'pass')).toHaveLength(3);
  }, 300_000);
});

// A parent whose own discriminator property lists its values (Azure's ServerPropertiesForCreate: `createMode`'s
// enum, each child's x-ms-discriminator-value one of them): a listed value that names a child is that child, its
// members required; a listed value naming no child is the parent's alone. The parent sits one member down, as
// Azure's `properties`: drawn within json-schema-faker's reference depth all the same.
const listedDocument = {
  openapi: '3.0.3',
  info: { title: 'Servers', version: '1' },
  components: {
    schemas: {
      ServerForCreate: {
        type: 'object',
        required: ['location', 'properties'],
        properties: { location: { type: 'string' }, properties: { $ref: '#/components/schemas/ServerCreate' } },
      },
      ServerCreate: {
        type: 'object',
        discriminator: { propertyName: 'mode' },
        required: ['mode'],
        properties: { mode: { type: 'string', enum: ['Fresh', 'Restore', 'Plain'] }, size: { type: 'integer' } },
      },
      FreshCreate: {
        'x-ms-discriminator-value': 'Fresh',
        allOf: [{ $ref: '#/components/schemas/ServerCreate' }],
        required: ['login'],
        properties: { login: { type: 'string', minLength: 1 } },
      },
      RestoreCreate: {
        'x-ms-discriminator-value': 'Restore',
        allOf: [{ $ref: '#/components/schemas/ServerCreate' }],
        required: ['source'],
        properties: { source: { type: 'string', minLength: 1 } },
      },
    },
  },
  paths: {
    '/servers': {
      post: {
        operationId: 'createServer',
        requestBody: body('ServerForCreate'),
        responses: { '204': { description: 'created' } },
      },
    },
  },
};

describe('a parent schema discriminator whose own property lists its values', () => {
  it('draws a value naming a child as that child, a value naming none as the parent', () => {
    const model = engineModel('servers', structuredClone(listedDocument) as never);
    const schemas = new DocumentSchemas(model.document);
    const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
    const modes = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const drawn = JSON.parse(
        validRequest(model, schemas, model.operations[0]!, settings, seed).request.body!,
      ).properties;
      modes.add(drawn.mode);
      if (drawn.mode === 'Fresh') expect(drawn.login).toEqual(expect.any(String));
      if (drawn.mode === 'Restore') expect(drawn.source).toEqual(expect.any(String));
    }
    expect([...modes].every((m) => ['Fresh', 'Restore', 'Plain'].includes(m))).toBe(true);
    expect(modes.size).toBeGreaterThan(1);
  });

  it('gets no FAIL from the generated server, which requires the named child', async () => {
    for (const seed of [1, 2]) {
      const outcomes = await faithfulRun('servers', listedDocument, seed);
      expect(failures(outcomes)).toEqual([]);
      expect(outcomes.filter((o) => o.check === 'positive_data_acceptance' && o.verdict === 'pass')).toHaveLength(1);
    }
  }, 300_000);
});
