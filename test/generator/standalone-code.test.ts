// The linear standalone module writer gives byte for byte what ajv's own standaloneCode gives, on the schemas of a
// service of the spec list (references, shared components, coercion) and on recursive and evaluated schemas.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import ajvStandaloneModule from 'ajv/dist/standalone/index.js';
import { describe, expect, it } from 'vitest';
import { standaloneCode } from '../../generator/emitters/standalone-code.js';
import { cleanSchema } from '../../generator/emitters/validator-schemas.js';
import { loadModel } from '../../generator/model/index.js';

// CommonJS modules whose default export is the function itself.
const defaultOf = <T>(module: unknown): T => ((module as { default?: T }).default ?? module) as T;
const addFormats = defaultOf<(ajv: unknown) => void>(addFormatsModule);
const ajvStandalone = defaultOf<(ajv: unknown, refs: Record<string, string>) => string>(ajvStandaloneModule);

function instance(coerce: boolean) {
  const ajv = new Ajv2020({
    code: { source: true, esm: false, lines: true, optimize: false },
    allErrors: true,
    inlineRefs: false,
    strict: false,
    validateSchema: false,
    coerceTypes: coerce ? 'array' : false,
  });
  addFormats(ajv);
  return ajv;
}

describe('standaloneCode', () => {
  it('writes what ajv writes for every answer of a service', async () => {
    const model = await loadModel('ad-creative');
    for (const coerce of [false, true]) {
      const ajv = instance(coerce);
      ajv.addSchema({ $id: 'spec://s', components: cleanSchema(model.document.components ?? {}, 'spec://s') });
      const exports: Record<string, string> = {};
      for (const op of model.operations) {
        for (const r of op.responses) {
          if (!r.schema) continue;
          const name = `validate${op.typeName}Response${r.status}`;
          ajv.addSchema({ ...cleanSchema(r.schema, 'spec://s'), $id: `spec://s/${name}` });
          exports[name] = `spec://s/${name}`;
        }
      }
      expect(Object.keys(exports).length).toBeGreaterThan(10);
      const ours = standaloneCode(ajv, exports);
      expect(ours).toBe(ajvStandalone(ajv, exports));
    }
  });

  it('writes what ajv writes for recursive and evaluated schemas', () => {
    const ajv = instance(false);
    ajv.opts.unevaluated = true;
    ajv.addSchema({
      $id: 'spec://t',
      $defs: {
        Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Tree' } } } },
        Closed: { allOf: [{ $ref: '#/$defs/Tree' }], unevaluatedProperties: false },
      },
    });
    ajv.addSchema({ $ref: 'spec://t#/$defs/Tree', $id: 'spec://t/a' });
    ajv.addSchema({ $ref: 'spec://t#/$defs/Closed', $id: 'spec://t/b' });
    ajv.addSchema({ type: 'array', items: { $ref: 'spec://t#/$defs/Closed' }, $id: 'spec://t/c' });
    const exports = { validateA: 'spec://t/a', validateB: 'spec://t/b', validateC: 'spec://t/c' };
    const ours = standaloneCode(ajv, exports);
    expect(ours).toContain('.evaluated');
    expect(ours).toBe(ajvStandalone(ajv, exports));
  });
});
