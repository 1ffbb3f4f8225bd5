// The discriminator scan the type transform reads (generator/emitters/discriminator-scan.ts) gives what
// openapi-typescript's own scanDiscriminators gives, and patches the document the same way: on every corpus
// document, the spec list's services, and cases built to reach each of its branches.
import { scanDiscriminators as theirScan } from 'openapi-typescript/dist/lib/utils.js';
import { describe, expect, it } from 'vitest';
import { scanDiscriminators } from '../../generator/emitters/discriminator-scan.js';
import { loadModel, loadSpecFile, serviceKeys } from '../../generator/model/load.js';
import { buildServiceModel } from '../../generator/model/build.js';
import { corpusDocuments } from './corpus.js';

function sameAsTheirs(document: unknown): number {
  const theirs = structuredClone(document) as never;
  const ours = structuredClone(document) as never;
  const expected = theirScan(theirs, { silent: true });
  const actual = scanDiscriminators(ours, { silent: true });
  expect(actual).toEqual(expected);
  expect(ours).toEqual(theirs);
  return Object.keys(expected.objects).length;
}

const member = (name: string) => ({
  type: 'object',
  properties: { kind: { type: 'string', description: `${name}'s kind` }, [name]: { type: 'string' } },
});

/** oneOf with and without mapping, allOf inheritance, a mapping into an allOf member, and a patch that removes a subtree. */
const BRANCHES = {
  openapi: '3.1.0',
  info: { title: 'Branches', version: '1' },
  paths: {
    '/pets': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
                  discriminator: { propertyName: 'kind' },
                },
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
        required: ['petType'],
        properties: { petType: { type: 'string' } },
        discriminator: { propertyName: 'petType', mapping: { lizard: '#/components/schemas/Lizard' } },
      },
      Lizard: { allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object' }] },
      Snake: { allOf: [{ $ref: '#/components/schemas/Pet' }] },
      Cat: member('cat'),
      Dog: member('dog'),
      // Its `kind` is replaced by the scan of Holder's discriminator: the allOf below it is gone by the second pass.
      Replaced: {
        type: 'object',
        properties: {
          kind: {
            allOf: [{ $ref: '#/components/schemas/Pet' }, { discriminator: { propertyName: 'inner' } }],
          },
        },
      },
      Holder: {
        oneOf: [{ $ref: '#/components/schemas/Replaced' }],
        discriminator: { propertyName: 'kind', mapping: { replaced: '#/components/schemas/Replaced' } },
      },
      Inline: { allOf: [{ discriminator: { propertyName: 'own' } }, { $ref: '#/components/schemas/Inline2' }] },
      Inline2: { type: 'object' },
      Nowhere: { oneOf: [{ $ref: '#/components/schemas/Missing' }], discriminator: { propertyName: 'k' } },
    },
  },
};

describe('the discriminator scan', () => {
  it("gives openapi-typescript's index and patches on a document of its branches", () => {
    expect(sameAsTheirs(BRANCHES)).toBeGreaterThan(3);
  });

  it.each(serviceKeys())('gives the same as openapi-typescript on the %s service', async (key) => {
    sameAsTheirs((await loadModel(key)).document);
  });

  it.each(corpusDocuments().map((d) => [d.name, d.spec]))(
    'gives the same as openapi-typescript on the corpus document %s',
    async (name, spec) => {
      const loaded = await loadSpecFile(name, spec);
      sameAsTheirs(buildServiceModel(name, loaded.document, () => {}).document);
    },
    120_000,
  );
});
