// An allOf member `$ref` to a nullable schema whose members the parent requires (plaid's `Cause`: `PlaidError`,
// `nullable: true`, and `required: [error_type, ...]` beside it). openapi-typescript types the member
// `WithRequired<X | null, 'error_type'>`, whose `keyof (X | null)` is `never`: its types do not compile. Ours take
// the member without its null (the allOf's other member is an object), and compile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { virtualHost } from '../../generator/runtime-declarations.js';
import { GENERATED_CODE_OPTIONS } from '../../generator/typecheck.js';
import { withNullableRequired } from '../../generator/emitters/with-required.js';

const DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'batches', version: '1' },
  paths: {
    '/causes': {
      get: {
        operationId: 'getCause',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Cause' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      PlatformError: {
        type: 'object',
        nullable: true,
        properties: { error_type: { type: 'string' }, error_code: { type: 'string' } },
      },
      Cause: {
        type: 'object',
        allOf: [
          { $ref: '#/components/schemas/PlatformError' },
          { type: 'object', properties: { item_id: { type: 'string' } } },
        ],
        required: ['item_id', 'error_type', 'error_code'],
      },
    },
  },
};

/** The compiler's errors for `types` with a use of the Cause type checked beside it. */
function errors(dir: string, types: string): string[] {
  const file = path.join(dir, 'types.ts');
  const use = path.join(dir, 'use.ts');
  const uses = [
    "import type { components } from './types.js';",
    "type Cause = components['schemas']['Cause'];",
    "export const cause: Cause = { item_id: 'i', error_type: 'ITEM_ERROR', error_code: 'X' };",
    '// @ts-expect-error: the parent requires error_code',
    "export const partial: Cause = { item_id: 'i', error_type: 'ITEM_ERROR' };",
    'export const read = (c: Cause): string => c.error_type;',
  ].join('\n');
  const program = ts.createProgram(
    [file, use],
    GENERATED_CODE_OPTIONS,
    virtualHost(
      GENERATED_CODE_OPTIONS,
      new Map([
        [file, types],
        [use, uses],
      ]),
    ),
  );
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}

it('types.ts compiles, the required members of a nullable member required and non-null', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nullable-required-'));
  try {
    const spec = path.join(dir, 'openapi.json');
    fs.writeFileSync(spec, JSON.stringify(DOCUMENT));
    const types = (await generatePackage({ key: 'batches', spec }, { onWarning: () => {} })).get('types.ts')!;
    expect(types).toContain('WithRequired<components["schemas"]["PlatformError"]');
    expect(errors(dir, types)).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('replaces only the helper openapi-typescript declares', () => {
  const [other] = ts.createSourceFile('a.ts', 'type Other<T> = T;', ts.ScriptTarget.ES2022).statements;
  const [helper] = ts.createSourceFile(
    'b.ts',
    'type WithRequired<T, K extends keyof T> = T & { [P in K]-?: T[P] };',
    ts.ScriptTarget.ES2022,
  ).statements;
  const [kept, replaced] = withNullableRequired([other!, helper!]);
  expect(kept).toBe(other);
  const printed = ts.createPrinter().printNode(ts.EmitHint.Unspecified, replaced!, ts.createSourceFile('c.ts', '', 99));
  expect(printed).toContain('K extends keyof NonNullable<T>');
});
