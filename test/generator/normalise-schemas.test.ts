// OpenAPI 3.0's schema forms and patterns written for non-unicode regular expressions, as the validators read
// them; what cannot be honoured is a warning naming its JSON pointer.
import { describe, expect, it } from 'vitest';
import { normaliseSchemas, type SchemaWarning, unicodePattern } from '../../generator/model/normalise-schemas.js';

const doc30 = (schemas: Record<string, unknown>) => ({
  openapi: '3.0.3',
  info: {},
  paths: {},
  components: { schemas },
});

function normalise(document: Record<string, unknown>): { out: any; warnings: SchemaWarning[] } {
  const warnings: SchemaWarning[] = [];
  const out = normaliseSchemas(document, (w) => warnings.push(w));
  return { out, warnings };
}

describe('OpenAPI 3.0 schemas', () => {
  it('nullable with a type adds null to the type (and to an enum)', () => {
    const { out } = normalise(doc30({ A: { type: 'string', enum: ['a'], nullable: true } }));
    expect(out.components.schemas.A).toEqual({ type: ['string', 'null'], enum: ['a', null] });
  });
  it('nullable without a type makes null one more alternative', () => {
    const { out } = normalise(doc30({ A: { allOf: [{ $ref: '#/components/schemas/B' }], nullable: true } }));
    expect(out.components.schemas.A).toEqual({
      anyOf: [{ allOf: [{ $ref: '#/components/schemas/B' }] }, { type: 'null' }],
    });
  });
  it('nullable beside a $ref', () => {
    const { out } = normalise(doc30({ A: { $ref: '#/components/schemas/B', nullable: true, description: 'd' } }));
    expect(out.components.schemas.A).toEqual({ anyOf: [{ $ref: '#/components/schemas/B' }, { type: 'null' }] });
  });
  it("draft 4's `id` keyword is left out with a warning naming its pointer; a property named id is kept", () => {
    const { out, warnings } = normalise(
      doc30({ A: { id: 'http://example.com/a', type: 'object', properties: { id: { type: 'string' } } } }),
    );
    expect(out.components.schemas.A).toEqual({ type: 'object', properties: { id: { type: 'string' } } });
    expect(warnings.map((w) => w.pointer)).toEqual(['#/components/schemas/A/id']);
  });
  it('boolean exclusiveMinimum / exclusiveMaximum become the bounds', () => {
    const { out } = normalise(
      doc30({ A: { type: 'integer', minimum: 1, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false } }),
    );
    expect(out.components.schemas.A).toEqual({ type: 'integer', exclusiveMinimum: 1, maximum: 9 });
  });
  it('leaves examples, defaults and property names alone, and the original document as it was', () => {
    const source = doc30({
      A: {
        type: 'object',
        properties: { nullable: { type: 'boolean' } },
        example: { nullable: true, pattern: '\\:' },
        default: { exclusiveMinimum: true },
      },
    });
    const before = structuredClone(source);
    const { out } = normalise(source);
    expect(out.components.schemas.A).toEqual(before.components.schemas.A);
    expect(source).toEqual(before);
  });
  it('copies only what changes and what lies above it; the rest is the original, and the original is unchanged', () => {
    const source = doc30({
      Changed: { type: 'object', properties: { n: { type: 'string', nullable: true }, same: { type: 'integer' } } },
      Same: { type: 'object', properties: { a: { $ref: '#/components/schemas/Changed' } }, required: ['a'] },
    });
    const before = structuredClone(source);
    const { out } = normalise(source);
    const schemas = source.components.schemas as Record<string, any>;
    expect(out.components.schemas.Same).toBe(schemas.Same);
    expect(out.components.schemas.Changed).not.toBe(schemas.Changed);
    expect(out.components.schemas.Changed.properties.same).toBe(schemas.Changed.properties.same);
    expect(out.components.schemas.Changed.properties.n).toEqual({ type: ['string', 'null'] });
    expect(source).toEqual(before);
  });
  it("a 3.1 document that still writes nullable means it as 3.0 does (OpenAI's, without a type)", () => {
    const { out } = normalise({
      openapi: '3.1.0',
      components: {
        schemas: {
          A: { type: 'string', nullable: true },
          B: { allOf: [{ $ref: '#/components/schemas/A' }], nullable: true },
          C: { $ref: '#/components/schemas/A', nullable: true, description: 'kept: 3.1 applies siblings' },
          D: { type: 'number', minimum: 1, exclusiveMinimum: true },
        },
      },
    });
    expect(out.components.schemas.A).toEqual({ type: ['string', 'null'] });
    expect(out.components.schemas.B).toEqual({
      anyOf: [{ allOf: [{ $ref: '#/components/schemas/A' }] }, { type: 'null' }],
    });
    expect(out.components.schemas.C).toEqual({
      anyOf: [{ $ref: '#/components/schemas/A', description: 'kept: 3.1 applies siblings' }, { type: 'null' }],
    });
    expect(out.components.schemas.D).toEqual({ type: 'number', exclusiveMinimum: 1 });
  });
  it("an empty enum accepts no value: `not: {}`, with a warning naming its pointer (Discord's)", () => {
    const { out, warnings } = normalise(doc30({ A: { type: 'integer', enum: [] } }));
    expect(out.components.schemas.A).toEqual({ type: 'integer', not: {} });
    expect(warnings).toEqual([
      { pointer: '#/components/schemas/A/enum', message: expect.stringContaining('empty enum') },
    ]);
  });
});

describe('patterns', () => {
  it('identity escapes of non-unicode mode are written as their characters', () => {
    const pattern = unicodePattern('^[a-zA-Z0-9_\\-\\:]+$')!;
    expect(() => new RegExp(pattern, 'u')).not.toThrow();
    for (const s of ['a:b', 'a-b', 'x_1']) expect(new RegExp(pattern, 'u').test(s)).toBe(true);
    expect(new RegExp(pattern, 'u').test('a b')).toBe(false);
    expect(unicodePattern('^a\\:b\\-c$')).toBe('^a:b-c$');
  });
  it('a valid unicode pattern is unchanged', () => {
    expect(unicodePattern('^\\d+\\.\\d+$')).toBe('^\\d+\\.\\d+$');
  });
  it('a pattern no mode takes is dropped with a warning naming its pointer', () => {
    const { out, warnings } = normalise(doc30({ A: { type: 'string', pattern: '(' } }));
    expect(out.components.schemas.A).toEqual({ type: 'string' });
    expect(warnings).toEqual([
      { pointer: '#/components/schemas/A/pattern', message: expect.stringContaining('not a valid regular expression') },
    ]);
  });
  it('a pattern only a backtracking engine runs (lookahead, backreference) is dropped with a warning naming its pointer', () => {
    const { out, warnings } = normalise(
      doc30({
        Ahead: { type: 'string', pattern: '^(?!admin)[a-z]+$' },
        Again: { type: 'string', pattern: '^(a)\\1$' },
        Behind: { type: 'string', pattern: '^(?:[a-z]|(?<=[a-z])-)+$' },
      }),
    );
    expect(out.components.schemas.Ahead).toEqual({ type: 'string' });
    expect(out.components.schemas.Again).toEqual({ type: 'string' });
    // Captureless lookbehind has a linear-time form: kept.
    expect(out.components.schemas.Behind.pattern).toBe('^(?:[a-z]|(?<=[a-z])-)+$');
    expect(warnings).toEqual([
      { pointer: '#/components/schemas/Ahead/pattern', message: expect.stringContaining('backtracking engine') },
      { pointer: '#/components/schemas/Again/pattern', message: expect.stringContaining('backtracking engine') },
    ]);
  });
});

describe('a pattern written as a regular expression literal (between slashes, with flags)', () => {
  const literal = (pattern: string) => normalise(doc30({ A: { type: 'string', pattern } }));
  it("anchored inside its slashes (sinao's `/^3[A-Z]{3,}$/i`): checked as written, which no string matches, and warned", () => {
    for (const pattern of ['/^3[A-Z]{3,}$/i', '/^\\d{4}-\\d{2}$/', '/[0-9]{5}$/']) {
      const { out, warnings } = literal(pattern);
      expect(out.components.schemas.A.pattern).toBe(pattern);
      expect(warnings).toEqual([
        {
          pointer: '#/components/schemas/A/pattern',
          message: expect.stringMatching(/regular expression literal.*matches no string.*no value is valid here/),
        },
      ]);
      const checked = new RegExp(pattern, 'u');
      for (const value of ['3ABC', '2024-01', '12345', pattern]) expect(checked.test(value)).toBe(false);
    }
    expect(literal('/^3[A-Z]{3,}$/i').warnings[0]!.message).toMatch(/flags i\b.*meant is likely \^3\[A-Z\]\{3,\}\$$/);
  });
  it('with flags and no anchor: warned that only strings holding both slashes match, which one does', () => {
    const pattern = '/magnet:\\?xt=urn:[a-z0-9]+/i';
    const { out, warnings } = literal(pattern);
    expect(out.components.schemas.A.pattern).toBe(pattern);
    expect(warnings).toEqual([
      {
        pointer: '#/components/schemas/A/pattern',
        message: expect.stringContaining('matches only strings holding both slashes'),
      },
    ]);
    expect(new RegExp(pattern, 'u').test('/magnet:?xt=urn:ab/i')).toBe(true);
  });
  it("slashes without flags or anchors (a path's), an escaped dollar and an ordinary anchored pattern are not warned about", () => {
    for (const pattern of ['/[a-z0-9-]+/', '/items/', '/price\\$/', '^/users/[0-9]+$', '^[a-z]+/$'])
      expect(literal(pattern).warnings, pattern).toEqual([]);
  });
});

describe('an allOf whose members have no type in common', () => {
  it('accepts no value, as written, with a warning naming its pointer; compatible or untyped members do not warn', () => {
    const { out, warnings } = normalise(
      doc30({
        Never: { allOf: [{ type: 'string' }, { $ref: '#/components/schemas/Count' }] },
        Count: { type: 'integer' },
        // Cloudflare's setting answers: the envelope, an object two allOfs down, beside the setting's string enum.
        Setting: {
          allOf: [
            { allOf: [{ $ref: '#/components/schemas/Envelope' }, { properties: { result: { type: 'object' } } }] },
            { type: 'string', enum: ['on', 'off'] },
          ],
        },
        Envelope: { allOf: [{ type: 'object', properties: { result: {} } }] },
        Narrowed: { allOf: [{ type: 'number' }, { type: 'integer' }, { minimum: 1 }] },
        NullOnly: {
          allOf: [
            { type: 'string', nullable: true },
            { type: 'integer', nullable: true },
          ],
        },
      }),
    );
    expect(out.components.schemas.Never.allOf).toEqual([{ type: 'string' }, { $ref: '#/components/schemas/Count' }]);
    expect(warnings).toEqual([
      {
        pointer: '#/components/schemas/Never/allOf',
        message: "its members' types (string and integer) have no value in common: no value is valid here",
      },
      {
        pointer: '#/components/schemas/Setting/allOf',
        message:
          'its members\' types (object and string of ["on","off"]) have no value in common: no value is valid here',
      },
    ]);
  });
});

describe("an allOf whose members, at any depth, type one member so that no value is all of them (Cloudflare's envelopes)", () => {
  it('is honoured as written and warned about: no value where the member is required, else only without it', () => {
    const envelope = {
      type: 'object',
      required: ['success', 'result'],
      properties: { success: { type: 'boolean' }, result: { type: 'object' } },
    };
    const { out, warnings } = normalise(
      doc30({
        Envelope: envelope,
        // The common envelope a level down, as Cloudflare's collections hold it.
        Collection: {
          allOf: [{ $ref: '#/components/schemas/Envelope' }, { properties: { result_info: { type: 'object' } } }],
        },
        List: {
          allOf: [
            { $ref: '#/components/schemas/Collection' },
            { properties: { result: { type: 'array', items: { type: 'string' } } } },
          ],
        },
        Optional: {
          allOf: [{ properties: { note: { type: 'string' } } }, { properties: { note: { type: 'integer' } } }],
        },
        // Cloudflare's deleted D1 database: the common envelope's object `result`, the answer's own `enum: [null]`.
        Deleted: {
          allOf: [
            { $ref: '#/components/schemas/Envelope' },
            { properties: { result: { type: 'object', nullable: true, enum: [null] } } },
          ],
        },
        // Cloudflare's site list: `result` an object, an array or a string in the common envelope, an object or a
        // string in the single one, an array in the list's own member.
        Sites: {
          allOf: [
            {
              allOf: [
                {
                  required: ['result'],
                  properties: { result: { anyOf: [{ type: 'object' }, { type: 'array' }, { type: 'string' }] } },
                },
                { properties: { result: { anyOf: [{ type: 'object', nullable: true }, { type: 'string' }] } } },
              ],
            },
            { properties: { result: { type: 'array', items: { type: 'string' } } } },
          ],
        },
        // An enum of values of a type the other member admits: no warning.
        Kinds: {
          allOf: [{ properties: { kind: { type: 'string' } } }, { properties: { kind: { enum: ['a', 'b'] } } }],
        },
        // Types a value can have at once (an integer is a number; a nullable member admits null): no warning.
        Compatible: {
          allOf: [
            { $ref: '#/components/schemas/Envelope' },
            { properties: { result: { type: 'object', nullable: true }, success: { enum: [true] } } },
          ],
          properties: { count: { type: 'number' } },
        },
        Counted: { allOf: [{ properties: { count: { type: 'integer' } } }], properties: { count: { type: 'number' } } },
      }),
    );
    expect(out.components.schemas.List.allOf[1].properties.result.type).toBe('array');
    expect(warnings).toEqual([
      {
        pointer: '#/components/schemas/List/allOf',
        message: 'its members type member result object and array, which no value is at once: no value is valid here',
      },
      {
        pointer: '#/components/schemas/Optional/allOf',
        message:
          'its members type member note string and integer, which no value is at once: a value is valid only without note',
      },
      {
        pointer: '#/components/schemas/Deleted/allOf',
        message:
          'its members type member result object and object|null of [null], which no value is at once: no value is valid here',
      },
      {
        pointer: '#/components/schemas/Sites/allOf',
        message:
          'its members type member result object|array|string and object|null|string and array, which no value is at once: no value is valid here',
      },
    ]);
  });
});

describe('keywords whose value has the wrong type', () => {
  it('a pattern that is not a string is left out with a warning naming its pointer (api.video writes `pattern: 0`)', () => {
    const { out, warnings } = normalise(doc30({ A: { type: 'string', pattern: 0, maxLength: '5', minimum: 1 } }));
    expect(out.components.schemas.A).toEqual({ type: 'string', minimum: 1 });
    expect(warnings.map((w) => w.pointer).sort()).toEqual([
      '#/components/schemas/A/maxLength',
      '#/components/schemas/A/pattern',
    ]);
  });
  it('a count below zero, a fraction, a multipleOf of 0 and a uniqueItems that is not a boolean are left out', () => {
    const { out, warnings } = normalise(
      doc30({
        A: { type: 'array', minItems: -1, maxItems: 2.5, uniqueItems: 'yes' },
        B: { type: 'number', multipleOf: 0 },
      }),
    );
    expect(out.components.schemas).toEqual({ A: { type: 'array' }, B: { type: 'number' } });
    expect(warnings).toHaveLength(4);
  });
  it('a schema, a property or a parameter named after a keyword is an entry of its map, never dropped', () => {
    const document = {
      ...doc30({
        pattern: { type: 'string' },
        format: { type: 'object', properties: { minimum: { type: 'integer' } } },
      }),
      paths: {},
    };
    (document.components as any).parameters = { format: { name: 'format', in: 'query', schema: { type: 'string' } } };
    const { out, warnings } = normalise(document);
    expect(out).toEqual(document);
    expect(warnings).toEqual([]);
  });
});

describe('a type that is not a type name', () => {
  it('a schema wrapped in `type` (codat) is warned about with its pointer and the `type` left out', () => {
    const wrapped = { type: { type: 'string', enum: ['Unknown', 'Service'] } };
    const { out, warnings } = normalise(doc30({ Item: { type: 'object', definitions: { itemType: wrapped } } }));
    expect(out.components.schemas.Item.definitions.itemType).toEqual({});
    expect(warnings.map((w) => w.pointer)).toEqual(['#/components/schemas/Item/definitions/itemType/type']);
  });
  it("a schema named `type`, a property named `type` and a security scheme's type are left as they are", () => {
    const document = {
      ...doc30({ type: { type: 'object', properties: { type: { type: 'string' } } } }),
      paths: {},
    };
    (document.components as any).securitySchemes = { key: { type: 'apiKey', in: 'header', name: 'k' } };
    const { out, warnings } = normalise(document);
    expect(out).toEqual(document);
    expect(warnings).toEqual([]);
  });
});

describe('a $ref into what normalising leaves out', () => {
  it("a $ref into a 3.0 $ref's ignored siblings (dnd5eapi) is replaced by the schema written there, with a warning", () => {
    const target = '#/components/schemas/Wrapper/allOf/0/properties/damage';
    const document = doc30({
      Monster: { type: 'object', properties: { name: { type: 'string' } } },
      Wrapper: { $ref: '#/components/schemas/Monster', allOf: [{ properties: { damage: { type: 'integer' } } }] },
      Attack: { type: 'object', properties: { damage: { $ref: target }, again: { $ref: target } } },
    });
    const { out, warnings } = normalise(document);
    expect(out.components.schemas.Attack.properties).toEqual({
      damage: { type: 'integer' },
      again: { type: 'integer' },
    });
    expect(warnings.map((w) => w.pointer)).toEqual([target]);
  });
  it('a $ref to nothing at all is left as written, for the loader and ajv to name', () => {
    const { out, warnings } = normalise(doc30({ A: { properties: { b: { $ref: '#/components/schemas/Gone' } } } }));
    expect(out.components.schemas.A.properties.b).toEqual({ $ref: '#/components/schemas/Gone' });
    expect(warnings).toEqual([]);
  });
});

describe('names that start with x- in maps of names', () => {
  it("a component parameter and a response header named x-... are normalised (Open Banking's x-idempotency-key)", () => {
    const document: any = doc30({});
    document.components.parameters = {
      'x-idempotency-key': {
        name: 'x-idempotency-key',
        in: 'header',
        schema: { type: 'string', pattern: '^(?!\\s)(.*)$' },
      },
    };
    document.components.responses = {
      Ok: { description: 'ok', headers: { 'x-rate-limit': { schema: { type: 'integer', nullable: true } } } },
    };
    document['x-extension'] = { schema: { nullable: true, type: 'string' } };
    const { out, warnings } = normalise(document);
    expect(out.components.parameters['x-idempotency-key'].schema).toEqual({ type: 'string' });
    expect(warnings.map((w) => w.pointer)).toEqual(['#/components/parameters/x-idempotency-key/schema/pattern']);
    expect(out.components.responses.Ok.headers['x-rate-limit'].schema).toEqual({ type: ['integer', 'null'] });
    // An extension is still the author's, left as written.
    expect(out['x-extension']).toEqual({ schema: { nullable: true, type: 'string' } });
  });
});

describe('an enum none of whose values has the declared type', () => {
  it('(Mercedes-Benz: type object, enum of names) is checked as `not: {}`, with a warning naming its pointer', () => {
    const { out, warnings } = normalise(
      doc30({ Group: { type: 'object', enum: ['PKW', 'VAN'], properties: { name: { type: 'string' } } } }),
    );
    expect(out.components.schemas.Group).toEqual({ type: 'object', properties: { name: { type: 'string' } }, not: {} });
    expect(warnings.map((w) => w.pointer)).toEqual(['#/components/schemas/Group/enum']);
  });
  it('an enum with one value of the type, a nullable one and integers under number are left as they are', () => {
    const schemas = {
      A: { type: 'string', enum: ['a', 1] },
      B: { type: 'string', nullable: true, enum: ['a'] },
      C: { type: 'number', enum: [1, 2] },
      // 3.0's nullable admits null, the enum's one value (Cloudflare's deleted `result`), read as 3.1's null type.
      D: { type: 'object', nullable: true, enum: [null] },
    };
    const { out, warnings } = normalise(doc30(structuredClone(schemas)));
    expect(out.components.schemas.A).toEqual(schemas.A);
    expect(out.components.schemas.C).toEqual(schemas.C);
    expect(out.components.schemas.D).toEqual({ type: ['object', 'null'], enum: [null] });
    expect(warnings).toEqual([]);
  });
});

describe('`type: null` beside a oneOf or anyOf none of whose branches admits null', () => {
  const doc31 = (schemas: Record<string, unknown>) => ({ ...doc30(schemas), openapi: '3.1.0' });
  it("(Vercel's EdgeConfigItemValue) is checked as `not: {}`, with a warning naming its pointer", () => {
    const value = {
      type: 'null',
      oneOf: [{ type: 'string' }, { type: 'object' }, { type: 'array', items: { $ref: '#/components/schemas/Value' } }],
    };
    const { out, warnings } = normalise(doc31({ Value: value }));
    expect(out.components.schemas.Value).toEqual({ type: 'null', not: {} });
    expect(warnings.map((w) => w.pointer)).toEqual(['#/components/schemas/Value/type']);
  });
  it('a branch that admits null, or one behind a $ref, leaves it as it is', () => {
    const schemas = {
      A: { type: 'null', anyOf: [{ type: 'string' }, { type: ['integer', 'null'] }] },
      B: { type: 'null', oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/A' }] },
    };
    const { out, warnings } = normalise(doc31(structuredClone(schemas)));
    expect(out.components.schemas).toEqual(schemas);
    expect(warnings).toEqual([]);
  });
});
