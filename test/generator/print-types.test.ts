// The types' own printer (generator/emitters/print-types.ts) writes exactly what TypeScript's printer writes, on every
// corpus document, the spec list's services and a document of the awkward cases, and covers every node they hold
// (no fallback to TypeScript's printer).
import ts from 'typescript';
import { astToString } from 'openapi-typescript/dist/lib/ts.js';
import { describe, expect, it } from 'vitest';
import { printTypeDeclarations } from '../../generator/emitters/print-types.js';
import { emitTypes } from '../../generator/emitters/types.js';
import { buildServiceModel } from '../../generator/model/build.js';
import { loadModel, loadSpecFile, serviceKeys } from '../../generator/model/load.js';
import type { ServiceModel } from '../../generator/model/types.js';
import { corpusDocuments } from './corpus.js';

/** Prints with both printers, checks they agree, and counts the declarations printed. */
function compareOn(model: ServiceModel): number {
  let printed = 0;
  emitTypes(model, (nodes) => {
    const list = Array.isArray(nodes) ? nodes : [nodes];
    const theirs = astToString(list);
    const ours = printTypeDeclarations(list);
    expect(ours, 'a node kind the own printer does not cover').toBeDefined();
    if (ours !== theirs) {
      const at = [...ours!].findIndex((c, i) => c !== theirs[i]);
      expect(ours!.slice(Math.max(0, at - 200), at + 200)).toBe(theirs.slice(Math.max(0, at - 200), at + 200));
    }
    printed += list.length;
    return theirs;
  });
  return printed;
}

const AWKWARD = {
  openapi: '3.1.0',
  info: { title: 'Awkward', version: '1' },
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: -5 } }],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        title: 'A\tthing\u2028with a line separator',
        description: 'First line\n\n\tTabbed line\n   spaced line\r\nCRLF line\n \u00a0non-breaking\n*/ closes',
        required: ['id'],
        properties: {
          id: { type: 'integer', readOnly: true, examples: [1, -2] },
          'odd name': { type: 'string', enum: ['é', 'naïve "quoted"', "it's", 'line\nbreak', '\u0000x', '😀'] },
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 2, maxItems: 2 },
          empty: { type: 'array', maxItems: 0 },
          nested: {
            type: 'array',
            items: { oneOf: [{ type: 'string' }, { allOf: [{ type: 'object' }, { required: ['a'] }] }] },
          },
          constant: { const: -1.5 },
          flag: { type: ['boolean', 'null'], default: false },
          map: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string', format: 'date-time' } },
          },
          open: { type: 'string', enum: ['A', 'B'], 'x-open-enum': true },
          deprecated: { type: 'string', deprecated: true, example: '' },
          '0': { type: 'number' },
          unicodeKey: { $ref: '#/components/schemas/Ünïcode' },
        },
      },
      Ünïcode: { type: 'object', properties: { ключ: { type: 'string' } } },
    },
  },
} as const;

describe("the types' own printer", () => {
  it('prints a document of awkward cases as TypeScript does', () => {
    expect(compareOn(buildServiceModel('awkward', structuredClone(AWKWARD) as never))).toBeGreaterThan(0);
  });

  it.each(serviceKeys())('prints the %s service as TypeScript does', async (key) => {
    expect(compareOn(await loadModel(key))).toBeGreaterThan(0);
  });

  it.each(corpusDocuments().map((d) => [d.name, d.spec]))(
    'prints the corpus document %s as TypeScript does',
    async (name, spec) => {
      const loaded = await loadSpecFile(name, spec);
      expect(compareOn(buildServiceModel(name, loaded.document))).toBeGreaterThan(0);
    },
    120_000,
  );

  it('declines a node kind it does not print (the caller then uses TypeScript)', () => {
    const fn = ts.factory.createTypeAliasDeclaration(
      undefined,
      'F',
      undefined,
      ts.factory.createFunctionTypeNode(undefined, [], ts.factory.createKeywordTypeNode(ts.SyntaxKind.VoidKeyword)),
    );
    expect(printTypeDeclarations([fn])).toBeUndefined();
  });
});
