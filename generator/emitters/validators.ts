// Emits validators.js: ajv's standalone (ahead-of-time compiled) validators for every request part and
// response, bundled with esbuild together with the few ajv runtime helpers they call, so that the
// generated package needs no ajv at run time. validators.d.ts declares them.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { build } from 'esbuild';
import type { OperationModel, ServiceModel } from '../model/types.js';
import { bodySchema, cleanSchema, paramsSchema } from './validator-schemas.js';

const addFormats = (addFormatsModule as any).default ?? addFormatsModule;
const standaloneCode = (standaloneCodeModule as any).default ?? standaloneCodeModule;

export interface ValidatorNames {
  params: string;
  bodies: Record<string, string>;
  responses: Record<string, string>;
}

export function validatorNames(op: OperationModel): ValidatorNames {
  const bodies: Record<string, string> = {};
  op.requestBodies.forEach((b, i) => {
    if (b.kind === 'json' || b.kind === 'form' || b.kind === 'multipart-form') bodies[b.contentType] = `validate${op.typeName}Body${i}`;
  });
  const responses: Record<string, string> = {};
  for (const r of op.responses) {
    if (r.schema && r.contentType?.includes('json')) responses[r.status] = `validate${op.typeName}Response${r.status.toUpperCase()}`;
  }
  return { params: `validate${op.typeName}Params`, bodies, responses };
}

export async function emitValidators(service: ServiceModel): Promise<{ js: string; dts: string }> {
  const specId = `spec://${service.key}`;
  const ajv = new Ajv2020({
    code: { source: true, esm: true, lines: false },
    allErrors: true,
    strict: false,
    validateFormats: true,
  });
  addFormats(ajv);
  ajv.addFormat('int64', { type: 'string', validate: /^-?[0-9]+$/ });
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('uint64', { type: 'string', validate: /^[0-9]+$/ });
  ajv.addFormat('byte', /^[A-Za-z0-9+/_-]*={0,2}$/);
  ajv.addFormat('binary', true);
  ajv.addFormat('double', true);
  ajv.addFormat('float', true);
  ajv.addFormat('google-datetime', true);
  ajv.addFormat('google-fieldmask', true);
  ajv.addFormat('google-duration', true);
  ajv.addSchema({ $id: specId, components: cleanSchema(service.document.components ?? {}, specId) });

  const exports: Record<string, string> = {};
  const add = (name: string, schema: object) => {
    ajv.addSchema({ ...schema, $id: `${specId}/${name}` });
    exports[name] = `${specId}/${name}`;
  };
  for (const op of service.operations) {
    const names = validatorNames(op);
    add(names.params, paramsSchema(op, specId));
    for (const [contentType, name] of Object.entries(names.bodies)) add(name, bodySchema(service, op, contentType, specId));
    for (const r of op.responses) {
      const name = names.responses[r.status];
      if (name) add(name, cleanSchema(r.schema, specId));
    }
  }
  const sorted = Object.fromEntries(Object.entries(exports).sort(([a], [b]) => a.localeCompare(b)));
  const source: string = standaloneCode(ajv, sorted);
  const bundled = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    minify: false,
    legalComments: 'inline',
    logLevel: 'silent',
  });
  const js = bundled.outputFiles[0]!.text;
  const dts = Object.keys(sorted)
    .map((n) => `export declare const ${n}: ValidateFunction;`)
    .join('\n');
  return {
    js,
    dts:
      'export interface ValidationError {\n  instancePath: string;\n  schemaPath: string;\n  keyword: string;\n  params: Record<string, unknown>;\n  message?: string;\n}\n' +
      'export interface ValidateFunction {\n  (data: unknown): boolean;\n  errors?: ValidationError[] | null;\n}\n' +
      dts + '\n',
  };
}
