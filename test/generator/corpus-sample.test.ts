// The corpus's seeded samples (corpus-sample.ts): a draw is the same for a seed and differs across seeds, and a
// document cut down to some of its operations keeps exactly what those operations reach.
import { describe, expect, it } from 'vitest';
import { draw, operationSample } from './corpus-sample.js';

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const answer = (name: string) => ({
  responses: { '200': { description: 'ok', content: { 'application/json': { schema: schema(name) } } } },
});

const document = {
  openapi: '3.0.3',
  info: { title: 'x', version: '1' },
  paths: {
    '/a': { parameters: [{ $ref: '#/components/parameters/Id' }], get: answer('A'), delete: answer('Unused') },
    '/b': { get: { parameters: [{ $ref: '#/paths/~1a/delete/responses/200' }], ...answer('B') } },
  },
  'x-webhooks': { ping: { post: answer('Ping') } },
  components: {
    parameters: { Id: { name: 'id', in: 'query', schema: { type: 'string' } } },
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'k' } },
    schemas: {
      A: { oneOf: [schema('Cat')], discriminator: { propertyName: 't', mapping: { dog: '#/components/schemas/Dog' } } },
      B: { type: 'object', properties: { a: schema('A') } },
      Cat: { type: 'object' },
      Dog: { type: 'object' },
      Ping: { type: 'string' },
      Unused: { type: 'integer' },
      Unreached: { type: 'boolean' },
    },
  },
};

describe('a seeded draw', () => {
  it('is the same for a seed, in the items order, and another for another seed', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const first = draw(items, 5, 1);
    expect(draw(items, 5, 1)).toEqual(first);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    expect(new Set(first).size).toBe(5);
    expect([2, 3, 4].map((seed) => draw(items, 5, seed)).some((d) => JSON.stringify(d) !== JSON.stringify(first))).toBe(
      true,
    );
    expect(draw(items, 80, 1)).toEqual(items);
  });
});

describe('an operation sample', () => {
  it('keeps every operation when it draws them all, and every component they reach, nothing else', () => {
    const sample = operationSample(document, 10, 1);
    expect(Object.keys(sample.paths['/a']).sort()).toEqual(['delete', 'get', 'parameters']);
    expect(Object.keys(sample['x-webhooks'])).toEqual(['ping']);
    expect(Object.keys(sample.components.schemas).sort()).toEqual(['A', 'B', 'Cat', 'Dog', 'Ping', 'Unused']);
    expect(sample.components.securitySchemes).toEqual(document.components.securitySchemes);
  });

  it('keeps only the components the drawn operations reach, and an operation a $ref points into', () => {
    const counts = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const sample = operationSample(document, 1, seed);
      const kept = [
        ...Object.entries(sample.paths).flatMap(([p, item]) =>
          Object.keys(item as object)
            .filter((k) => k !== 'parameters')
            .map((m) => `${p} ${m}`),
        ),
        ...Object.keys(sample['x-webhooks']).map((w) => `webhook ${w}`),
      ];
      counts.add(kept.length);
      const schemas = Object.keys(sample.components.schemas ?? {}).sort();
      expect(schemas).not.toContain('Unreached');
      if (kept.includes('/b get')) {
        // /b's parameter points into /a's delete: that operation comes along, with what it reaches.
        expect(kept).toContain('/a delete');
        expect(schemas).toEqual(['A', 'B', 'Cat', 'Dog', 'Unused']);
        expect(sample.paths['/a'].parameters).toEqual(document.paths['/a'].parameters);
        expect(sample.components.parameters).toEqual(document.components.parameters);
      } else if (kept.includes('webhook ping')) expect(schemas).toEqual(['Ping']);
      else if (kept.includes('/a get')) expect(schemas).toEqual(['A', 'Cat', 'Dog']);
    }
    // One operation drawn, two when it points into another.
    expect([...counts].sort()).toEqual([1, 2]);
  });
});
