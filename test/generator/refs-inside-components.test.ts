// A schema `$ref` into a component's inside (Azure's documents: `#/components/schemas/A/properties/b/allOf/0`, an
// array's `items`, a property of a property; codat's `#/components/parameters/companyId/schema`): typed through a copy of the schema it names, as a `$ref` into
// #/paths is. openapi-typescript indexes the component's type by the pointer's keys (`["allOf"][0]`), which does
// not compile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { virtualHost } from '../../generator/runtime-declarations.js';
import { GENERATED_CODE_OPTIONS } from '../../generator/typecheck.js';

const INSIDE = '#/components/schemas/Server/properties/ipConfiguration';
const DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'gateways', version: '1' },
  paths: {
    '/gateways': {
      get: {
        operationId: 'getGateway',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Gateway' } } },
          },
        },
      },
    },
  },
  components: {
    responses: {
      NotFound: {
        description: 'none',
        content: { 'application/json': { schema: { type: 'object', properties: { title: { type: 'string' } } } } },
      },
    },
    parameters: { zoneId: { name: 'zoneId', in: 'query', schema: { type: 'string', pattern: '^z' } } },
    schemas: {
      Resource: { type: 'object', properties: { id: { type: 'string' } } },
      Server: {
        type: 'object',
        properties: {
          ipConfiguration: {
            allOf: [
              { $ref: '#/components/schemas/Resource' },
              { type: 'object', properties: { zone: { type: 'string' } } },
            ],
            properties: {
              properties: { type: 'object', properties: { state: { type: 'string', enum: ['Succeeded', 'Failed'] } } },
              taps: {
                type: 'array',
                items: { allOf: [{ type: 'object', properties: { port: { type: 'integer' } } }] },
              },
            },
          },
        },
      },
      Gateway: {
        allOf: [{ $ref: `${INSIDE}/allOf/1` }],
        properties: {
          base: { $ref: `${INSIDE}/allOf/0` },
          state: { $ref: `${INSIDE}/properties/properties/properties/state` },
          tap: { $ref: `${INSIDE}/properties/taps/items/allOf/0` },
          zoneId: { $ref: '#/components/parameters/zoneId/schema' },
          problem: { $ref: '#/components/responses/NotFound/content/application~1json/schema' },
        },
      },
    },
  },
};

it('types.ts compiles whole, each such reference typed as the schema it names', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refs-inside-components-'));
  try {
    const spec = path.join(dir, 'openapi.json');
    fs.writeFileSync(spec, JSON.stringify(DOCUMENT));
    const types = (await generatePackage({ key: 'gateways', spec }, { onWarning: () => {} })).get('types.ts')!;
    const file = path.join(dir, 'types.ts');
    const program = ts.createProgram(
      [file],
      GENERATED_CODE_OPTIONS,
      virtualHost(GENERATED_CODE_OPTIONS, new Map([[file, types]])),
    );
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
    expect(errors).toEqual([]);
    // The component itself is still named as it is; what its inside names is a copy's.
    expect(types).toContain('base?: components["schemas"]["Resource"];');
    expect(types).toContain(
      'state?: components["schemas"]["Server.properties.ipConfiguration.properties.properties.properties.state"];',
    );
    expect(types).not.toContain('["allOf"]');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
