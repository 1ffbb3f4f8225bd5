// The round trip's values for patterns json-schema-faker reads wrong (a `\w` or `\d` inside a character class, as
// AWS writes its ARNs): drawn by fast-check from the expression, within the schema's lengths.
import { generateSync } from 'json-schema-faker';
import { expect, it } from 'vitest';
import { hasLookaround, withoutLookarounds, withPatternValues } from './pattern-values.js';

const ARN = '^arn:aws[-\\w]{0,10}?:detective:[-\\w]{2,20}?:\\d{12}?:graph:[abcdef\\d]{32}?$';
const SCHEMA = {
  type: 'object',
  required: ['graph', 'name'],
  properties: {
    graph: { $ref: '#/components/schemas/GraphArn' },
    name: { type: 'string', pattern: '^[\\w-]+$', minLength: 3, maxLength: 5 },
  },
  components: { schemas: { GraphArn: { type: 'string', pattern: ARN } } },
};

it('draws a string each pattern matches, whatever the seed', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const value = generateSync(withPatternValues(SCHEMA, seed) as never, { seed } as never) as {
      graph: string;
      name: string;
    };
    expect(value.graph).toMatch(new RegExp(ARN));
    expect(value.name).toMatch(/^[\w-]{3,5}$/);
  }
});

it('leaves a schema with an enum or const, and a property named pattern, as they were', () => {
  const schema = { type: 'string', pattern: '^a+$', enum: ['b'], properties: { pattern: { type: 'string' } } };
  expect(withPatternValues(schema, 1)).toEqual(schema);
});

it("draws a repeated atom within the schema's lengths (AWS's `^[0-9]+$` of exactly 16 digits)", () => {
  const schema = {
    type: 'object',
    required: ['table', 'block'],
    properties: {
      table: { type: 'string', pattern: '^[0-9]+$', minLength: 16, maxLength: 16 },
      block: { type: 'string', pattern: '^[0-9a-fA-F]+$', minLength: 16, maxLength: 32 },
    },
  };
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const value = generateSync(withPatternValues(schema, seed) as never, { seed } as never) as Record<string, string>;
    expect(value.table).toMatch(/^[0-9]{16}$/);
    expect(value.block).toMatch(/^[0-9a-fA-F]{16,32}$/);
  }
});

// AWS's names and e-mail addresses: lookaheads, which fast-check does not draw and the generated server (RE2) leaves
// unchecked, so a value json-schema-faker draws past them was sent and Prism refused it.
const LOOKAHEADS = [
  '^(?!listener-)(?![-])(?!.*[-]$)(?!.*[-]{2})[a-z0-9-]+$',
  '^.+@(?:(?:(?!-)[A-Za-z0-9-]{1,62})?[A-Za-z0-9]{1}\\.)+[A-Za-z]{2,63}$',
];

it('draws a string a pattern with lookaheads matches, whatever the seed, and leaves other patterns to the faker', () => {
  for (const pattern of LOOKAHEADS)
    for (let seed = 1; seed <= 40; seed++) {
      // json-schema-faker alone misses the first one on seed 37.
      const schema = { type: 'string', pattern, minLength: 3, maxLength: 63 };
      const value = generateSync(withPatternValues(schema, seed, hasLookaround) as never, { seed } as never) as string;
      expect(value, `${pattern} seed ${seed}`).toMatch(new RegExp(pattern, 'u'));
    }
  const plain = { type: 'string', pattern: '^[a-z]+$' };
  expect(withPatternValues(plain, 1, hasLookaround)).toEqual(plain);
});

it('removes lookarounds, nested groups, classes and escapes included, and keeps the rest', () => {
  expect(withoutLookarounds('^(?!a(b)c)(?<=[)])x\\(y[(?!]z$')).toBe('^x\\(y[(?!]z$');
  expect(withoutLookarounds('^(?:ab)+(?<!c)$')).toBe('^(?:ab)+$');
});
