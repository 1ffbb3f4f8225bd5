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
    {
      anyOf: [
        { type: 'string', pattern: '^[0-9]+$' },
        { type: 'string', pattern: '^[A-Za-z.]+$' },
      ],
    },
    {
      oneOf: [
        { type: 'string', maxLength: 2 },
        { type: 'string', maxLength: 2, pattern: '^x' },
      ],
    },
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

  it("breaks a union only with values every alternative refuses, beside the union's own keywords", () => {
    // '!!not~valid!!' breaks the digits but the second alternative takes any text: no value breaks both.
    expect(breakingValues(document, { anyOf: [{ type: 'string', pattern: '^[0-9]+$' }, { type: 'string' }] })).toEqual(
      [],
    );
    expect(
      breakingValues(document, {
        type: 'string',
        maxLength: 4,
        anyOf: [{ pattern: '^[0-9]+$' }, { pattern: '^[a-z]+$' }],
      }).map(([what]) => what),
    ).toEqual(['matching none of its alternatives (not matching ^[0-9]+$; not matching ^[a-z]+$)', 'over maxLength 4']);
    expect(breakingValues(document, { anyOf: [{ type: 'string', pattern: '^[0-9]+$' }, { type: 'null' }] })).toEqual(
      [],
    );
  });
});
