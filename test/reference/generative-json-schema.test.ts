// The built-in model's value of a JSON Schema (responseJsonSchema, parametersJsonSchema: what pydantic-ai and the
// public Node client send in place of a Schema): each value validates against its schema (ajv, draft 2020-12),
// recursive schemas end, and a schema asking for too many values is refused rather than built.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  JsonSchemaTooLarge,
  jsonSchemaValue,
  parametersJsonSchemaOf,
  responseJsonSchemaOf,
} from '../../reference/generative/model/json-schema-value.js';

// ajv-formats is CommonJS: its function is the default export's default under ESM.
const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
const WORDS = ['Echo:', 'a', 'parcel'];

const SCHEMAS: Record<string, Record<string, unknown>> = {
  'an object of required members, one map of strings': {
    type: 'object',
    title: 'Config',
    properties: { name: { type: 'string' }, metadata: { type: 'object', additionalProperties: { type: 'string' } } },
    required: ['name', 'metadata'],
    additionalProperties: false,
  },
  'optional members as anyOf with null, bounds and formats': {
    type: 'object',
    properties: {
      nickname: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null },
      score: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      retries: { type: 'integer', minimum: 3, maximum: 3 },
      born: { type: 'string', format: 'date' },
      homepage: { type: 'string', format: 'uri' },
      code: { type: 'string', minLength: 12, maxLength: 20 },
    },
    required: ['score', 'retries', 'born', 'homepage', 'code'],
  },
  'definitions referred to by $ref, an enum, a const and a tuple': {
    $defs: {
      Colour: { enum: ['red', 'green'] },
      Point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], minItems: 2, maxItems: 2 },
    },
    type: 'object',
    properties: {
      colour: { $ref: '#/$defs/Colour' },
      at: { $ref: '#/$defs/Point' },
      kind: { const: 'shape' },
      tags: { type: 'array', items: { type: 'string' }, minItems: 3 },
    },
    required: ['colour', 'at', 'kind', 'tags'],
  },
  'a recursive tree': {
    $defs: {
      Node: {
        type: 'object',
        properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        required: ['label'],
      },
    },
    $ref: '#/$defs/Node',
  },
  'a union of objects (oneOf) and a type list': {
    oneOf: [
      { type: 'object', properties: { cat: { type: 'boolean' } }, required: ['cat'] },
      { type: 'object', properties: { dog: { type: 'integer' } }, required: ['dog'] },
    ],
  },
  'a type list with null first': { type: ['null', 'integer'], minimum: 10 },
};

describe("the built-in model's value of a JSON Schema", () => {
  it.each(Object.entries(SCHEMAS))('%s validates', (_, schema) => {
    const value = jsonSchemaValue(schema, WORDS, 10_000);
    expect(ajv.validate(schema, value), `${JSON.stringify(value)}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
  });

  it('fills strings with the given words in turn', () => {
    expect(
      jsonSchemaValue({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } }, WORDS, 100),
    ).toEqual({ a: 'Echo:', b: 'a' });
  });

  it('refuses to build more values than the limit', () => {
    const many = { type: 'array', items: { type: 'integer' }, minItems: 5000 };
    expect(() => jsonSchemaValue(many, WORDS, 1000)).toThrow(JsonSchemaTooLarge);
    const endless = {
      $defs: { Link: { type: 'object', properties: { next: { $ref: '#/$defs/Link' } }, required: ['next'] } },
      $ref: '#/$defs/Link',
    };
    expect(() => jsonSchemaValue(endless, WORDS, 1000)).toThrow(JsonSchemaTooLarge);
  });

  it('is read by either name the public parser takes', () => {
    const schema = { type: 'object' };
    expect(responseJsonSchemaOf({ responseJsonSchema: schema })).toBe(schema);
    expect(responseJsonSchemaOf({ response_json_schema: schema })).toBe(schema);
    expect(parametersJsonSchemaOf({ name: 'f', parametersJsonSchema: schema })).toBe(schema);
    expect(parametersJsonSchemaOf({ name: 'f', parameters_json_schema: schema })).toBe(schema);
    expect(responseJsonSchemaOf({})).toBeUndefined();
  });
});
