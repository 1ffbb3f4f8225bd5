// The workaround for openapi-typescript's slow sort (generator/emitters/presorted-maps.ts) hands the transform its
// maps in order and turns its sort off: types.ts must be byte for byte what the transform's own sort makes, on the
// corpus and on documents of keys chosen to trip an order (numbers, case, accents, integer-like keys, parameters of
// a path and of its operations interleaved), and the workaround must be taken where it can be.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emitTypes } from '../../generator/emitters/types.js';
import { buildServiceModel } from '../../generator/model/build.js';
import { loadSpecFile } from '../../generator/model/load.js';
import { benchCorpusDocuments } from './corpus.js';

const state = vi.hoisted(() => ({ off: false, taken: 0 }));
vi.mock('../../generator/emitters/presorted-maps.js', async (original) => {
  const module = await original<typeof import('../../generator/emitters/presorted-maps.js')>();
  return {
    ...module,
    presortedForTransform: (...args: Parameters<typeof module.presortedForTransform>) => {
      if (state.off) return undefined;
      const presorted = module.presortedForTransform(...args);
      if (presorted) state.taken++;
      return presorted;
    },
  };
});

beforeEach(() => {
  state.taken = 0;
});

/** types.ts with the workaround, and with the transform sorting, of one document. */
function bothWays(document: unknown) {
  const model = () => buildServiceModel('sorted', structuredClone(document) as never, () => {});
  state.off = false;
  const presorted = emitTypes(model());
  state.off = true;
  const sorted = emitTypes(model());
  state.off = false;
  return { presorted, sorted };
}

const LARGE = new Set(['github', 'digitalocean']);

describe("types.ts with the maps presorted for openapi-typescript's transform", () => {
  it('is what the transform sorts itself on every corpus document but the two large ones', async () => {
    for (const d of benchCorpusDocuments().filter((d) => !LARGE.has(d.name))) {
      const { document } = await loadSpecFile(d.name, d.spec);
      const { presorted, sorted } = bothWays(document);
      expect(presorted, d.name).toBe(sorted);
    }
    expect(state.taken).toBeGreaterThan(0);
  }, 120_000);

  it('is what the transform sorts itself for keys chosen to trip an order', async () => {
    const fc = (await import('fast-check')).default;
    const key = fc.oneof(
      fc.constantFrom('1', '01', '2', '10', 'a10', 'a9', 'A', 'a', '_x', '$y', 'Z', 'é', 'e', 'ä', '-1', '1.5', 'x y'),
      // Without `%`: openapi-typescript itself throws on one in a name it writes into a pointer (URI malformed).
      fc.string({ maxLength: 4 }).map((k) => k.replace(/%/g, '')),
    );
    const keys = fc.uniqueArray(key, { minLength: 1, maxLength: 6 });
    const parameter = fc.record({ name: key, in: fc.constantFrom('query', 'header', 'cookie') });
    let taken = 0;
    fc.assert(
      fc.property(
        keys,
        keys,
        fc.array(parameter, { maxLength: 3 }),
        fc.array(parameter, { maxLength: 4 }),
        fc.uniqueArray(fc.constantFrom('200', '201', '2XX', '404', 'default', '500'), { minLength: 1, maxLength: 4 }),
        (names, properties, pathParameters, operationParameters, statuses) => {
          const object = {
            type: 'object',
            properties: Object.fromEntries(properties.map((p) => [p, { type: 'string' }])),
            patternProperties: Object.fromEntries(properties.map((p) => [`^${p}`, { type: 'integer' }])),
          };
          const content = Object.fromEntries(
            ['text/plain', 'application/json', 'application/xml'].map((t) => [t, { schema: object }]),
          );
          const document = {
            openapi: '3.1.0',
            info: { title: 't', version: '1' },
            paths: Object.fromEntries(
              names.map((n, i) => [
                // Numbers that sort one way by value and another by character (`/7` before `/14`).
                `/${(names.length - i) * 7}${n.replace(/[^A-Za-z]/g, '')}`,
                {
                  parameters: pathParameters,
                  get: {
                    operationId: `op${i}`,
                    parameters: operationParameters,
                    responses: Object.fromEntries(
                      statuses.map((s) => [
                        s,
                        { description: s, headers: { [`X-${names[0]}`]: { schema: object } }, content },
                      ]),
                    ),
                  },
                },
              ]),
            ),
            components: { schemas: Object.fromEntries(names.map((n) => [n || 'empty', object])) },
          };
          const before = state.taken;
          const { presorted, sorted } = bothWays(document);
          if (state.taken > before) taken++;
          expect(presorted).toBe(sorted);
        },
      ),
      { numRuns: 40, seed: 36 },
    );
    expect(taken).toBeGreaterThan(0);
  }, 120_000);
});
