// An answer's schema of many members is checked from the value's own keys (templates/runtime/server/
// keyed-properties.ts): the verdicts and errors are ajv's own `properties`, and only the members the value has
// are read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEYED_PROPERTIES_FROM, keyedProperties } from '../../templates/runtime/server/keyed-properties.js';
import { lazyValidators } from '../../templates/runtime/server/validators.js';

/** A component of many members of several kinds, one of them nested and one another component. */
const MEMBERS = KEYED_PROPERTIES_FROM + 6;
const memberSchema = (i: number): object =>
  [
    { type: 'string', maxLength: 5 },
    { type: 'integer', minimum: 0 },
    { $ref: 'spec://t#/components/schemas/Code' },
    { type: 'object', required: ['a'], properties: { a: { type: 'boolean' } } },
    { type: 'array', items: { enum: ['x', 'y'] } },
  ][i % 5]!;
const WIDE = {
  type: 'object',
  required: ['m0'],
  properties: Object.fromEntries(Array.from({ length: MEMBERS }, (_, i) => [`m${i}`, memberSchema(i)])),
};
const source = () => ({
  specId: 'spec://t',
  components: { schemas: { Code: { type: 'string', pattern: '^[A-Z]{2}$' }, Wide: WIDE } },
  unevaluated: false,
  schemas: [
    { type: 'object', properties: { items: { type: 'array', items: { $ref: 'spec://t#/components/schemas/Wide' } } } },
  ],
});

/** Member values, valid or not, of every kind. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 7 }),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom('AB', 'ab', 'ABC'),
  fc.record({ a: fc.oneof(fc.boolean(), fc.constant(1)) }, { requiredKeys: [] }),
  fc.array(fc.constantFrom('x', 'y', 'z'), { maxLength: 3 }),
  fc.constant(undefined),
  fc.constant(null),
);
const wideValue = fc.dictionary(
  fc.oneof(
    fc.nat({ max: MEMBERS + 2 }).map((i) => `m${i}`),
    fc.constantFrom('other', 'a/b', '~c'),
  ),
  anyValue,
  { maxKeys: 12 },
);

const sortedErrors = (errors: Array<{ instancePath: string; keyword: string; params: object; message?: string }>) =>
  errors.map((e) => JSON.stringify([e.instancePath, e.keyword, e.params, e.message])).sort();

describe('keyed properties', () => {
  it('rewrite a large properties of an object schema only, leaving the schema given as it was', () => {
    const rewritten = keyedProperties({
      components: { schemas: { Wide: WIDE, Small: { type: 'object', properties: { a: {} } } } },
    });
    expect(rewritten.components.schemas.Wide).not.toHaveProperty('properties');
    expect(rewritten.components.schemas.Small).toHaveProperty('properties');
    expect(WIDE).toHaveProperty('properties');
    // Beside additionalProperties (which reads properties) the schema stays as it is.
    const closed = keyedProperties({ ...WIDE, additionalProperties: false });
    expect(closed).toHaveProperty('properties');
    // An enum's value is data, not a schema.
    expect(keyedProperties({ enum: [WIDE] }).enum[0]).toBe(WIDE);
  });

  it("answer as ajv's properties does: the same verdict and the same errors", () => {
    const validator = lazyValidators(source);
    const keyed = validator('answer', 0);
    const native = validator('strict', 0);
    fc.assert(
      fc.property(fc.array(wideValue, { maxLength: 3 }), (items) => {
        const value = { items };
        expect(keyed(value)).toBe(native(value));
        expect(sortedErrors(keyed.errors ?? [])).toEqual(sortedErrors(native.errors ?? []));
      }),
      { numRuns: 500 },
    );
  });

  it('read only the members the value has', () => {
    const validate = lazyValidators(source)('answer', 0);
    const read = new Set<string | symbol>();
    const item = new Proxy({ m0: 'ab', m1: 3 } as Record<string, unknown>, {
      get(target, name) {
        read.add(name);
        return Reflect.get(target, name);
      },
    });
    expect(validate({ items: [item] })).toBe(true);
    expect([...read].filter((name) => typeof name === 'string' && /^m\d+$/.test(name)).sort()).toEqual(['m0', 'm1']);
  });
});
