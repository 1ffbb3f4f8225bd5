// Vercel's `EdgeConfigItemValue`: `type: null` beside a oneOf of string, number, boolean, object and arrays of
// itself. No value is both, and openapi-typescript's `null & (... | EdgeConfigItemValue[])` refers to itself in a
// way TypeScript cannot resolve, so the package's types.ts did not compile (nor did openapi-typescript's).
// generate warns, checks it as `not: {}` (JSON Schema accepts no value there either), and the package compiles
// strictly, types.ts whole.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { GENERATED_CODE_OPTIONS, typeCheckPackages } from '../../generator/typecheck.js';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'edge config', version: '1' },
  paths: {
    '/items/{key}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'key', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'the item',
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/Item' } },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Item: {
        type: 'object',
        required: ['key', 'value'],
        properties: { key: { type: 'string' }, value: { $ref: '#/components/schemas/ItemValue' } },
      },
      ItemValue: {
        type: 'null',
        oneOf: [
          { type: 'string' },
          { type: 'number' },
          { type: 'boolean' },
          { type: 'object' },
          { type: 'array', items: { $ref: '#/components/schemas/ItemValue' } },
        ],
      },
    },
  },
};

it('`type: null` beside a oneOf of no null is warned about and the package compiles strictly', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'null-type-beside-oneof-'));
  try {
    const spec = path.join(dir, 'openapi.json');
    fs.writeFileSync(spec, JSON.stringify(DOCUMENT));
    const warnings: string[] = [];
    const files = await generatePackage(
      { key: 'edge', spec },
      { onWarning: (_service, w) => warnings.push(w.pointer) },
    );
    expect(warnings).toContain('#/components/schemas/ItemValue/type');
    expect(typeCheckPackages(new Map([['edge', files]])).get('edge')).toEqual([]);
    // types.ts whole (generate's check reads it only for what the package uses; the corpus bench checks it whole).
    const types = path.join(dir, 'types.ts');
    fs.writeFileSync(types, files.get('types.ts')!);
    const program = ts.createProgram([types], GENERATED_CODE_OPTIONS);
    const errors = program
      .getSemanticDiagnostics(program.getSourceFile(types))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
