// openapi-typescript's discriminator scan given the document's frame (emitters/discriminator-scan-input.ts) finds
// what it finds in the whole document and patches the same schemas the same way.
import { scanDiscriminators } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { discriminatorScanInput } from '../../generator/emitters/discriminator-scan-input.js';

/** Pets told apart by `kind` (a mapping, a oneOf, allOf children), a shared member, a `$ref` chain, examples. */
function document(): Record<string, any> {
  const shared = { type: 'object', properties: { id: { type: 'string' } } };
  return {
    openapi: '3.1.0',
    paths: {
      '/pets': {
        get: {
          responses: {
            '200': {
              description: 'pets',
              content: {
                'application/json': {
                  schema: {
                    oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
                    discriminator: { propertyName: 'kind', mapping: { lizard: '#/components/schemas/Alias' } },
                  },
                  examples: { a: { value: { discriminator: { propertyName: 'not a schema' }, allOf: [] } } },
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
          required: ['kind'],
          properties: { kind: { type: 'string' }, tag: shared },
          discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat' } },
        },
        Cat: {
          allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { purrs: { type: 'boolean' } } }],
        },
        Dog: { type: 'object', properties: { barks: { type: 'boolean' }, tag: shared } },
        Alias: { $ref: '#/components/schemas/Lizard' },
        Lizard: { type: 'object', properties: { scales: { type: 'integer' } } },
        Unrelated: { type: 'object', properties: { a: { type: 'string' } }, example: { a: 'x' } },
      },
    },
  };
}

describe('the discriminator scan on the frame', () => {
  it('finds the same discriminators and patches the same schemas as on the whole document', () => {
    const whole = document();
    const framed = document();
    const input = discriminatorScanInput(framed);
    expect(input).not.toBe(framed);
    expect(JSON.stringify(input)).not.toContain('Unrelated');
    const expected = scanDiscriminators(whole as never, { silent: true });
    const actual = scanDiscriminators(input as never, { silent: true });
    expect(actual).toEqual(expected);
    expect(Object.keys(actual.objects)).toEqual(Object.keys(expected.objects));
    expect(framed).toEqual(whole);
    expect(JSON.stringify(framed)).toBe(JSON.stringify(whole));
  });

  it('gives the whole document where a reference is one it does not follow', () => {
    const doc = document();
    doc.components.schemas.Pet.discriminator.mapping.cat = '#/components/schemas/C%61t';
    expect(discriminatorScanInput(doc)).toBe(doc);
  });
});
