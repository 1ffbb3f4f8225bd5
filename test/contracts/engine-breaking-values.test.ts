// The one list of constraint-breaking values the engine's invalid variants draw from (the services' *-INVALID-1
// rules are those variants): every value it gives breaks its schema.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { breakingValues } from '../../contracts/engine/breaking-values.js';

const document = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} } as never;
const ajv = new Ajv2020({ strict: false });

describe('breakingValues', () => {
  it.each([
    { type: 'string', pattern: '^[a-z]+$' },
    { type: 'string', minLength: 3, maxLength: 5 },
    { type: 'integer', minimum: 1, maximum: 10 },
    { type: 'string', enum: ['a', 'b'] },
    { type: 'boolean' },
  ])('gives only values %j refuses', (schema) => {
    const values = breakingValues(document, schema);
    expect(values.length).toBeGreaterThan(0);
    for (const [what, value] of values)
      expect(ajv.validate(schema, value), `${what}: ${JSON.stringify(value)}`).toBe(false);
  });

  it.each([
    [{ type: 'string', format: 'byte', minimum: 1, maximum: 255 }, []],
    [{ type: 'integer', maxLength: 3, pattern: '^1$' }, ['of the wrong type']],
    [{ type: ['string', 'null'], maximum: 3, maxLength: 2 }, ['over maxLength 2']],
  ])('breaks no keyword of another type than %j has', (schema, cases) => {
    expect(breakingValues(document, schema).map(([what]) => what)).toEqual(cases);
  });

  it('gives no value for a pattern every value it tries matches', () => {
    expect(breakingValues(document, { type: 'string', pattern: '.*' })).toEqual([]);
  });
});
