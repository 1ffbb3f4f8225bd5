// A discriminator's member (an allOf of the parent that declares it) that declares the discriminator property
// itself without requiring it (apple's sirikit-cloud-media: `class` on each resolution result): openapi-typescript
// adds a required `class: "..."` beside the member's own `class?:`, a duplicate identifier, and types.ts did not
// compile (nor did openapi-typescript's own). The member's own declaration is left to the transform's, whose value
// is the member's, and types.ts compiles whole; a member requiring it is typed as before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { GENERATED_CODE_OPTIONS, typeCheckPackages } from '../../generator/typecheck.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const member = (name: string, required: string[]) => ({
  allOf: [ref('ResolutionResult')],
  type: 'object',
  required,
  properties: { class: { type: 'string', enum: [name] }, success: { type: 'boolean' } },
});

const DOCUMENT = {
  openapi: '3.0.1',
  info: { title: 'media', version: '1' },
  paths: {
    '/resolve': {
      post: {
        operationId: 'resolve',
        responses: {
          '200': {
            description: 'the results',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { destination: ref('DestinationResult'), item: ref('ItemResult') },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      ResolutionResult: {
        type: 'object',
        discriminator: { propertyName: 'class', mapping: { ItemResult: '#/components/schemas/ItemResult' } },
        properties: { class: { type: 'string' }, needsValue: { type: 'object' } },
      },
      // Not in the mapping, its `class` optional: the member that did not compile.
      DestinationResult: member('DestinationResult', []),
      ItemResult: member('ItemResult', ['class']),
    },
  },
};

it("a discriminator's member declaring the property without requiring it compiles, types.ts whole", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discriminator-own-property-'));
  try {
    const spec = path.join(dir, 'openapi.json');
    fs.writeFileSync(spec, JSON.stringify(DOCUMENT));
    const files = await generatePackage({ key: 'media', spec }, { onWarning: () => {} });
    expect(typeCheckPackages(new Map([['media', files]])).get('media')).toEqual([]);
    const types = path.join(dir, 'types.ts');
    fs.writeFileSync(types, files.get('types.ts')!);
    // Each member's discriminator typed by its own value.
    fs.writeFileSync(
      path.join(dir, 'use.ts'),
      [
        `import type { components } from './types.js';`,
        `export const d: components['schemas']['DestinationResult']['class'] = 'DestinationResult';`,
        `export const i: components['schemas']['ItemResult']['class'] = 'ItemResult';`,
        '',
      ].join('\n'),
    );
    const program = ts.createProgram([types, path.join(dir, 'use.ts')], GENERATED_CODE_OPTIONS);
    const errors = [types, path.join(dir, 'use.ts')].flatMap((file) =>
      program
        .getSemanticDiagnostics(program.getSourceFile(file))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    );
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
