// The round trip's draws (drawable-schemas.ts): base64 for `format: byte`, a URL for `format: url`, and a discriminating
// parent's property from the values its discriminator names, where json-schema-faker's own draws are refused; a
// string whose maxLength is megabytes drawn no longer than a body the round trip sends.
import { generateSync } from 'json-schema-faker';
import { expect, it } from 'vitest';
import type { OpenApiDocument } from '../../generator/model/index.js';
import { Ajv2020, addFormats } from '../../templates/runtime/server/vendor/ajv.js';
import { drawable } from './drawable-schemas.js';

const draws = (document: OpenApiDocument, schema: unknown) => {
  const d = drawable(document);
  return Array.from({ length: 12 }, (_, i) =>
    generateSync(
      { ...(d.of(schema) as object), components: d.components, paths: d.paths } as never,
      {
        seed: i + 1,
      } as never,
    ),
  );
};

it('a format: byte string is drawn as base64', () => {
  const schema = { type: 'string', format: 'byte' };
  for (const value of draws({ openapi: '3.0.3', paths: {} } as OpenApiDocument, schema))
    expect(value).toMatch(/^(?:[A-Za-z0-9+/]{4})*$/);
});

it('a format: url string is drawn as a URL ajv-formats takes', () => {
  // The formats as the generated server's validators have them.
  const check = addFormats(new Ajv2020()).compile({ type: 'string', format: 'url' });
  for (const value of draws({ openapi: '3.0.3', paths: {} } as OpenApiDocument, { type: 'string', format: 'url' }))
    expect(check(value)).toBe(true);
});

it("a discriminating parent's property is drawn from the values its discriminator names", () => {
  const parent = {
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string' } },
    discriminator: { propertyName: 'type', mapping: { usql: '#/components/schemas/Usql' } },
  };
  const document = {
    openapi: '3.0.3',
    paths: {},
    components: {
      schemas: {
        Job: parent,
        Usql: { allOf: [{ $ref: '#/components/schemas/Job' }] },
        Hive: { allOf: [{ $ref: '#/components/schemas/Job' }] },
      },
    },
  } as unknown as OpenApiDocument;
  for (const value of draws(document, parent))
    expect(['usql', 'Hive', 'Job']).toContain((value as { type: string }).type);
});

it('a number with only a lower bound is drawn at or above it', () => {
  const document = { openapi: '3.0.3', paths: {} } as OpenApiDocument;
  for (const value of draws(document, { type: 'integer', minimum: 1869 })) expect(value).toBeGreaterThanOrEqual(1869);
  for (const value of draws(document, { type: 'number', exclusiveMinimum: 5 })) expect(value).toBeGreaterThan(5);
});

it('a string of format int64 is drawn as the digits of an integer', () => {
  const document = { openapi: '3.0.3', paths: {} } as OpenApiDocument;
  for (const value of draws(document, { type: 'string', format: 'int64' })) expect(value).toMatch(/^-?[0-9]+$/);
});

it("a $ref into another operation's answer, its pointer percent-encoded as a URI fragment may be, is drawn", () => {
  const document = {
    openapi: '3.0.3',
    paths: {
      '/chargers/{chargerId}': {
        get: {
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer', const: 7 } } },
                },
              },
            },
          },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const schema = {
    $ref: '#/paths/~1chargers~1%7BchargerId%7D/get/responses/200/content/application~1json/schema',
  };
  for (const value of draws(document, schema)) expect(value).toMatchObject({ id: 7 });
});

it('a string whose maxLength is megabytes is drawn at most 4,096 long, or its minLength where that is more', () => {
  const document = { openapi: '3.0.3', paths: {} } as OpenApiDocument;
  // PagerDuty's script: json-schema-faker drew it up to 16 MB, seconds a draw.
  const script = { type: 'string', maxLength: 16777215 };
  const lengths = draws(document, script).map((v) => (v as string).length);
  expect(Math.max(...lengths)).toBeLessThanOrEqual(4096);
  expect(Math.max(...lengths)).toBeGreaterThan(64);
  for (const value of draws(document, { type: 'string', minLength: 5000, maxLength: 100000 }))
    expect((value as string).length).toBe(5000);
  expect(drawable(document).of({ type: 'string', maxLength: 4096 })).toEqual({ type: 'string', maxLength: 4096 });
});

it("a `$ref` wrapped in a one-member allOf counts toward json-schema-faker's reference depth", () => {
  // Elasticsearch's queries: every member an allOf of one `$ref`, which json-schema-faker followed past refDepth
  // (to its maxDepth of 22, each level dozens of queries wide: one draw took minutes).
  const wrap = (name: string) => ({ description: name, allOf: [{ $ref: `#/components/schemas/${name}` }] });
  const document = {
    openapi: '3.0.3',
    paths: {},
    components: {
      schemas: {
        Query: { type: 'object', properties: { bool: wrap('Bool'), match: wrap('Match'), nested: wrap('Nested') } },
        Bool: { type: 'object', properties: { must: { type: 'array', items: wrap('Query') }, filter: wrap('Query') } },
        Nested: { type: 'object', properties: { path: { type: 'string' }, query: wrap('Query') } },
        Match: { type: 'object', properties: { field: { type: 'string' } } },
      },
    },
  } as unknown as OpenApiDocument;
  const d = drawable(document);
  expect(d.of(wrap('Query'))).toEqual({ description: 'Query', $ref: '#/components/schemas/Query' });
  // A constraint beside the member keeps the allOf.
  expect(d.of({ allOf: [{ $ref: '#/components/schemas/Match' }], nullable: true })).toHaveProperty('allOf');
  const depth = (v: unknown): number =>
    v && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v as object).map(depth)) : 0;
  for (let seed = 1; seed <= 6; seed++) {
    const value = generateSync(
      { ...(d.of(wrap('Query')) as object), components: d.components, paths: d.paths } as never,
      { seed, refDepth: 2, alwaysFakeOptionals: true } as never,
    );
    expect(depth(value)).toBeLessThanOrEqual(6);
  }
});

it('an integer whose bound is past 2^53 is drawn within it, as the generated server holds integers', () => {
  // spectrocoin's int64 ids: json-schema-faker drew 5783736248661180000, which the validator refuses.
  const document = { openapi: '3.0.3', paths: {} } as OpenApiDocument;
  const id = { type: 'integer', format: 'int64', minimum: 0, maximum: 9223372036854776000 };
  for (const value of draws(document, id)) expect(Number.isSafeInteger(value)).toBe(true);
  for (const value of draws(document, { type: 'integer', minimum: -9223372036854776000, maximum: -1 }))
    expect(Number.isSafeInteger(value)).toBe(true);
});
