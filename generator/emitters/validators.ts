// Emits validators.js: ajv's standalone (ahead-of-time compiled) validators for every request part and
// response, with the few ajv runtime helpers and formats they call (bundled by esbuild), so that the
// generated package needs no ajv at run time. validators.d.ts declares them.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { build } from 'esbuild';
import { ROOT } from '../model/root.js';
import type { OperationModel, ServiceModel } from '../model/types.js';
import { standaloneCode } from './standalone-code.js';
import { bodySchema, cleanSchema, paramsSchema } from './validator-schemas.js';

const addFormats = (addFormatsModule as any).default ?? addFormatsModule;

export interface ValidatorNames {
  params: string;
  bodies: Record<string, string>;
  responses: Record<string, string>;
}

export function validatorNames(op: OperationModel): ValidatorNames {
  const bodies: Record<string, string> = {};
  op.requestBodies.forEach((b, i) => {
    if (b.kind === 'json' || b.kind === 'form' || b.kind === 'multipart-form')
      bodies[b.contentType] = `validate${op.typeName}Body${i}`;
  });
  const responses: Record<string, string> = {};
  for (const r of op.responses) {
    if (r.schema && r.contentType?.includes('json'))
      responses[r.status] = `validate${op.typeName}Response${r.status.toUpperCase()}`;
  }
  return { params: `validate${op.typeName}Params`, bodies, responses };
}

/** ajv's standalone code requires a few runtime helpers and the formats: `require("ajv/dist/runtime/...")`. */
const RUNTIME_REQUIRE = /\brequire\("((?:ajv|ajv-formats)\/dist\/[^"]+)"\)/g;
/** The function the validators call instead (see runtimePrelude). */
const RUNTIME = 'validatorRuntime';

function runtimeModuleIds(codes: string[]): string[] {
  const ids = new Set<string>();
  for (const code of codes) for (const [, id] of code.matchAll(RUNTIME_REQUIRE)) ids.add(id!);
  return [...ids].sort();
}

const preludes = new Map<string, Promise<string>>();

/**
 * Only the runtime modules ajv's validators call go through esbuild: bundled into one lookup function
 * that the validators call instead of `require`. The validators themselves (a megabyte for ad
 * creative) are not parsed and printed again, which was a fifth of a cold `generate`.
 */
function runtimePrelude(ids: string[]): Promise<string> {
  const key = ids.join('\0');
  let prelude = preludes.get(key);
  if (!prelude) {
    const entries = ids.map((id) => `  ${JSON.stringify(id)}: require(${JSON.stringify(id)}),`);
    const contents = `const ${RUNTIME}Modules = {\n${entries.join('\n')}\n};\nfunction ${RUNTIME}(id) {\n  return ${RUNTIME}Modules[id];\n}\n`;
    prelude = build({
      stdin: { contents, resolveDir: ROOT, loader: 'js', sourcefile: 'validator-runtime.js' },
      bundle: true,
      // Paths in the output's comments are relative to the project, as the project's own node_modules
      // names them (a symlinked node_modules must not change a byte).
      absWorkingDir: ROOT,
      preserveSymlinks: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      // Nothing is exported: the validators below call the function.
      treeShaking: false,
      write: false,
      legalComments: 'inline',
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0]!.text);
    // Kept for the next service and the next --watch run; a failed build is tried again.
    prelude.catch(() => preludes.delete(key));
    preludes.set(key, prelude);
  }
  return prelude;
}

function usesUnevaluatedKeywords(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(usesUnevaluatedKeywords);
  if (!node || typeof node !== 'object') return false;
  return Object.entries(node).some(
    ([key, value]) => key === 'unevaluatedProperties' || key === 'unevaluatedItems' || usesUnevaluatedKeywords(value),
  );
}

const UNUSED_VALIDATOR = 'return function unusedAtGeneration() { throw new Error("compiled for its source only"); }';

/** One Ajv instance with the service's components and the project's formats. */
function createAjv(
  specId: string,
  components: unknown,
  coerce: boolean,
  unevaluated: boolean,
): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({
    // The generator never runs what ajv compiles: only the source goes into validators.js. ajv evaluates each
    // function it compiles with `new Function`; its documented `process` hook hands that a stub instead of the
    // validator's text, which V8 would parse for nothing (a tenth of GitHub's whole generation). The standalone
    // code is the text before the hook.
    code: { source: true, esm: false, lines: true, optimize: false, process: () => UNUSED_VALIDATOR },
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
  // Ajv2020 always tracks which properties and items each subschema evaluated, for the
  // unevaluatedProperties / unevaluatedItems keywords. No spec here uses them: without the tracking the
  // validators are a tenth smaller and compile a third faster. A spec that does use them keeps it.
  ajv.opts.unevaluated = unevaluated;
  // Only ajv-formats' own formats remain after cleanSchema (OpenAPI formats become keywords there).
  addFormats(ajv);
  ajv.addSchema({ $id: specId, components });
  return ajv;
}

/**
 * `between` runs once the first instance's code is written, before the second instance compiles (one package of a
 * large document collects its garbage there, so that the two compiles' memory is never held at once).
 */
export async function emitValidators(
  service: ServiceModel,
  between: () => void = () => {},
): Promise<{ js: string; dts: string }> {
  const specId = `spec://${service.key}`;
  const unevaluated = usesUnevaluatedKeywords(service.document);
  // The schemas of each instance by id, and the exported names; each instance is made, compiled and dropped in turn.
  const strict = { coerce: false, schemas: new Map<string, object>(), exports: {} as Record<string, string> };
  const coercing = { coerce: true, schemas: new Map<string, object>(), exports: {} as Record<string, string> };
  // Equal schemas in one instance compile once and are exported under each name: an operation's form and
  // multipart bodies, and the many answers that are just the service's error shape.
  const added = new Map<string, string>();
  const add = (target: typeof strict, name: string, schema: object) => {
    const key = `${target === strict ? 'strict' : 'coercing'}\0${JSON.stringify(schema)}`;
    const id = added.get(key) ?? `${specId}/${name}`;
    if (!added.has(key)) {
      target.schemas.set(id, { ...schema, $id: id });
      added.set(key, id);
    }
    target.exports[name] = id;
  };
  // The requests a receiver of the service's webhooks and callbacks takes are validated as operations are.
  for (const op of [...service.operations, ...service.receivers]) {
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
  added.clear();
  const sortedExports = (e: Record<string, string>) =>
    Object.fromEntries(Object.entries(e).sort(([a], [b]) => a.localeCompare(b)));
  // One cleaned copy of the components for both instances (ajv reads schemas, it does not change them).
  const components = cleanSchema(service.document.components ?? {}, specId);
  const compile = (target: typeof strict): string => {
    const ajv = createAjv(specId, components, target.coerce, unevaluated);
    for (const schema of target.schemas.values()) ajv.addSchema(schema);
    target.schemas.clear();
    return standaloneCode(ajv, sortedExports(target.exports));
  };
  const strictCode = compile(strict);
  between();
  const modules = { strict: strictCode, coercing: compile(coercing) };
  const sorted = sortedExports({ ...strict.exports, ...coercing.exports });
  const js = [
    await runtimePrelude(runtimeModuleIds(Object.values(modules))),
    // Each of the two modules runs in its own function scope, so that their names (validate10, ...) cannot clash.
    ...Object.entries(modules).map(
      ([name, code]) =>
        `// ${name}\nconst ${name} = ((exports) => {\n${code.replace(RUNTIME_REQUIRE, `${RUNTIME}("$1")`)}\nreturn exports;\n})({});\n`,
    ),
    ...Object.keys(sorted).map((n) => `export const ${n} = ${n in strict.exports ? 'strict' : 'coercing'}.${n};`),
    '',
  ].join('\n');
  const dts = Object.keys(sorted)
    .map((n) => `export declare const ${n}: ValidateFunction;`)
    .join('\n');
  return {
    js,
    dts:
      'export interface ValidationError {\n  instancePath: string;\n  schemaPath: string;\n  keyword: string;\n  params: Record<string, unknown>;\n  message?: string;\n}\n' +
      'export interface ValidateFunction {\n  (data: unknown): boolean;\n  errors?: ValidationError[] | null;\n}\n' +
      dts +
      '\n',
  };
}
