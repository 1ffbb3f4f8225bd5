// Emits validators.js: ajv's standalone (ahead-of-time compiled) validators for every request part and
// response, bundled with esbuild together with the few ajv runtime helpers they call, so that the
// generated package needs no ajv at run time. validators.d.ts declares them.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { build } from 'esbuild';
import { ROOT } from '../root.js';
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

/** One Ajv instance with the service's components and the project's formats. */
function createAjv(specId: string, service: ServiceModel, coerce: boolean): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({
    code: { source: true, esm: true, lines: false, optimize: false },
    allErrors: true,
    // Each referenced schema becomes one function instead of being pasted into every caller: a third of
    // the code and of the compile time for the ad creative service.
    inlineRefs: false,
    strict: false,
    // The specs are linted before they get here; checking every schema against the 2020-12
    // meta-schema again is a fifth of ajv's time.
    validateSchema: false,
    validateFormats: true,
    // Query, path, header and form values arrive as strings: coerce them to the schema's types there,
    // and only there (a JSON body with "5" for an integer is still invalid).
    coerceTypes: coerce ? 'array' : false,
  });
  // Only ajv-formats' own formats remain after cleanSchema (OpenAPI formats become keywords there).
  addFormats(ajv);
  ajv.addSchema({ $id: specId, components: cleanSchema(service.document.components ?? {}, specId) });
  return ajv;
}

export async function emitValidators(service: ServiceModel): Promise<{ js: string; dts: string }> {
  const specId = `spec://${service.key}`;
  const strict = { ajv: createAjv(specId, service, false), exports: {} as Record<string, string> };
  const coercing = { ajv: createAjv(specId, service, true), exports: {} as Record<string, string> };
  const add = (target: typeof strict, name: string, schema: object) => {
    target.ajv.addSchema({ ...schema, $id: `${specId}/${name}` });
    target.exports[name] = `${specId}/${name}`;
  };
  for (const op of service.operations) {
    const names = validatorNames(op);
    add(coercing, names.params, paramsSchema(op, specId));
    for (const [contentType, name] of Object.entries(names.bodies)) {
      const kind = op.requestBodies.find((b) => b.contentType === contentType)!.kind;
      add(kind === 'json' ? strict : coercing, name, bodySchema(service, op, contentType, specId));
    }
    for (const r of op.responses) {
      const name = names.responses[r.status];
      if (name) add(strict, name, cleanSchema(r.schema, specId));
    }
  }
  const sortedExports = (e: Record<string, string>) => Object.fromEntries(Object.entries(e).sort(([a], [b]) => a.localeCompare(b)));
  const modules: Record<string, string> = {
    strict: standaloneCode(strict.ajv, sortedExports(strict.exports)),
    coercing: standaloneCode(coercing.ajv, sortedExports(coercing.exports)),
  };
  const bundled = await build({
    stdin: { contents: `export * from 'virtual:strict';\nexport * from 'virtual:coercing';\n`, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    // Paths in the output's comments are relative to the project, as the project's own node_modules
    // names them (a symlinked node_modules must not change a byte).
    absWorkingDir: ROOT,
    preserveSymlinks: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    minify: false,
    legalComments: 'inline',
    logLevel: 'silent',
    plugins: [
      {
        name: 'virtual-validators',
        setup(b) {
          b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path.slice('virtual:'.length), namespace: 'validators' }));
          b.onLoad({ filter: /.*/, namespace: 'validators' }, (args) => ({ contents: modules[args.path]!, loader: 'js', resolveDir: ROOT }));
        },
      },
    ],
  });
  const sorted = sortedExports({ ...strict.exports, ...coercing.exports });
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
