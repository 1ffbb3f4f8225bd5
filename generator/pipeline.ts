// The pipeline: spec -> loader (bundle) -> model -> emitters -> files (path under generated/ -> content).
import path from 'node:path';
import { collectGarbage } from './collect-garbage.js';
import { loadSpecList, type SpecEntry } from './config.js';
import { buildServiceModel } from './model/build.js';
import { loadSpecFile } from './model/load.js';
import type { SchemaWarning } from './model/normalise-schemas.js';
import { camelCase } from './model/names.js';
import { ROOT } from './model/root.js';
import type { ServiceModel } from './model/types.js';
import { lineCommentText, stringLiteral } from './emitters/escape.js';
import { emitInfo } from './emitters/info.js';
import { emitReadme } from './emitters/readme.js';
import { type RefusedSchema, refusedSchemas } from './emitters/validator-check.js';
import { emitValidators, validatorSet } from './emitters/validators.js';
import { runtimeFiles } from './emitters/runtime.js';
import { RUNTIME_PARSED, runtimeParsedList } from './runtime-parsed.js';
import { runtimeSpecifier } from './shared-runtime.js';
import { renderTemplate } from './emitters/templates.js';

export type Outputs = Map<string, string>;

export interface GenerateOptions {
  /** The spec list (default: generator/specs.config.json). */
  specs?: SpecEntry[];
  /** Hears what a spec says that the package cannot honour (default: one line each on stderr). */
  onWarning?: (service: string, warning: SchemaWarning) => void;
  /** One package from a spec of the caller's (`generate --spec`), not the spec list's. */
  single?: boolean;
  /**
   * Writes validators even for schemas the server's ajv refuses (default: generation fails naming them); for
   * testing what the generated server does with such a package (`compileAllValidators`).
   */
  allowRefusedSchemas?: boolean;
  /** `--allow-ref`: folders and http(s) origins a `$ref` may lead to beyond the spec's own folder. */
  allowRefs?: readonly string[];
  /**
   * The folder a single package is written to, as the caller named it (`generate --spec F --out DIR`): the
   * package's README imports it by its name and its banner's command writes it there again.
   */
  out?: string;
  /**
   * `generate --spec F --out D --client-only`: the package a program calling the API needs (types, client, their
   * runtime): no server.ts, validators.ts or server runtime.
   */
  clientOnly?: boolean;
  /**
   * `generate --spec F --out D --shared-runtime R`: the folder, as the caller named it, whose runtime the package
   * imports (the caller places the files, shared-runtime.ts); the banners and README say so.
   */
  sharedRuntime?: string;
}

const printWarning = (service: string, w: SchemaWarning) =>
  console.warn(`warning: ${service}: ${w.pointer}: ${w.message}`);

interface PreparedService {
  service: string;
  model: ServiceModel;
  /**
   * openapi.json: the bundled document as written, serialised at once so that only its model stays in memory;
   * undefined for one package from a spec in one file (nothing in the package reads it, and the spec is the user's).
   */
  bundled: string | undefined;
  files: string[];
  /** The spec file as the banner names it: relative to the project where it lies inside it. */
  source: string;
  /** How the package is made again, for the banner. */
  regenerate: string;
  /** The package's folder name, as its README's examples import it. */
  folder: string;
  /** Only the client side is written (`--client-only`). */
  clientOnly: boolean;
  /** The shared runtime folder as the package's imports name it (`--shared-runtime`). */
  runtimeFrom: string | undefined;
}

/** Above this size openapi.json is written on one line: a file for tools (Prism, documentation), too large to read. */
const COMPACT_BUNDLE_BYTES = 1 << 20;

/** openapi.json: the bundled document, indented unless it is large (GitHub's: 13 MB indented, 7 MB compact). */
function bundledText(document: unknown): string {
  const compact = JSON.stringify(document);
  return (compact.length > COMPACT_BUNDLE_BYTES ? compact : JSON.stringify(document, null, 2)) + '\n';
}

/** Loads and models a service; `between` runs once the document as written is garbage. */
async function prepare(
  { key: service, spec: file }: SpecEntry,
  options: GenerateOptions,
  between: () => void = () => {},
): Promise<PreparedService> {
  const spec = await loadSpecFile(service, file, { allowRefs: options.allowRefs });
  const warn = options.onWarning ?? printWarning;
  for (const message of spec.lenient) warn(service, { pointer: '#', message });
  // The model reads the normalised schemas; openapi.json keeps the document as written.
  const model = buildServiceModel(service, spec.document, (w) => warn(service, w));
  const files = spec.files;
  const bundled = options.single && files.length <= 1 ? undefined : bundledText(spec.document);
  // Only the model and the text stay: the document as written is garbage from here.
  (spec as { document?: unknown }).document = undefined;
  between();
  const relative = path.relative(ROOT, file);
  const source = relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
  const out = options.single && options.out !== undefined ? ` --out ${options.out}` : '';
  const clientOnly = options.single === true && options.clientOnly === true;
  const shared = options.single ? options.sharedRuntime : undefined;
  const flags = `${out}${clientOnly ? ' --client-only' : ''}${shared !== undefined ? ` --shared-runtime ${shared}` : ''}`;
  const runtimeFrom = shared !== undefined ? runtimeSpecifier(options.out ?? '.', shared) : undefined;
  const regenerate = options.single ? `run \`generate --spec ${source}${flags}\`` : 'run `npm run generate`';
  const folder = options.single && options.out !== undefined ? path.basename(path.resolve(options.out)) : service;
  return { service, model, bundled, files, source, regenerate, folder, clientOnly, runtimeFrom };
}

/**
 * Emits the package. Each file goes to `put` as soon as it is made (a caller that writes them at once holds no
 * more than one in memory).
 */
async function emit(
  { service, model, bundled, files, source, regenerate, folder, clientOnly, runtimeFrom }: PreparedService,
  put: (name: string, content: string) => void,
  between: () => void = () => {},
  allowRefusedSchemas = false,
): Promise<{ service: string; sources: string[] }> {
  // The banner is a line comment: the spec's path (the user's, any characters) stays on its line.
  const banner = renderTemplate('banner.hbs', {
    source: lineCommentText(source),
    regenerate: lineCommentText(regenerate),
  });
  if (!clientOnly) {
    const validators = validatorSet(model);
    // Before anything is written: a schema the runtime's ajv refuses would fail its operation's first request.
    const refused = allowRefusedSchemas ? [] : refusedSchemas(validators);
    if (refused.length) throw new RefusedSchemasError(service, refused);
    put('validators.ts', banner + emitValidators(model, validators));
  }
  if (bundled !== undefined) put('openapi.json', bundled);
  put(
    'README.md',
    emitReadme(model, {
      bundled: bundled !== undefined,
      source: lineCommentText(source),
      regenerate: lineCommentText(regenerate),
      folder,
      clientOnly,
      runtimeFrom,
    }),
  );
  const { emitClient, emitRules, emitServer, emitTypes } = await import('./emitters/typescript.js');
  put('types.ts', banner + emitTypes(model));
  between();
  const client = emitClient(model);
  put('client.ts', banner + client);
  // No collection before the server: it cost GitHub's document about 0.4 s of CPU, and the peak stays the types'
  // (about 370 MB with or without it, below openapi-typescript's 440 MB: docs/adr/0008).
  const server = clientOnly ? undefined : emitServer(model);
  if (server !== undefined) put('server.ts', banner + server);
  put('rules.ts', banner + emitRules(model));
  put('info.ts', banner + emitInfo(model));
  put('index.ts', banner + packageIndex());
  for (const [name, content] of runtimeFiles(client, server))
    if (!clientOnly || !name.startsWith('runtime/server/')) put(name, content);
  return { service, sources: files };
}

/** Schemas of a spec that the validators' ajv would refuse to compile: each named by its JSON pointer. */
export class RefusedSchemasError extends Error {
  constructor(
    service: string,
    readonly refused: RefusedSchema[],
  ) {
    super(
      [
        `${service}: ${refused.length} schema(s) the validators cannot compile (the server would fail their operations' requests):`,
        ...refused.slice(0, 20).map((r) => `  ${r.pointer}: ${r.message}`),
        ...(refused.length > 20 ? [`  ... and ${refused.length - 20} more`] : []),
      ].join('\n'),
    );
  }
}

/** The package index: the client side only (the server, node:http and the validators are in server.ts). */
function packageIndex(): string {
  return [
    `export * from './client.js';`,
    `export type { components, operations, paths } from './types.js';`,
    `export { RULES, SERVICE, type Rule, type RuleId } from './rules.js';`,
    `export { INFO_TITLE, INFO_VERSION } from './info.js';`,
    '',
  ].join('\n');
}

function unknownKey(key: string, list: SpecEntry[]): never {
  throw new Error(`unknown service ${key}; the spec list has ${list.map((e) => e.key).join(', ')}`);
}

/** generated/rules.ts: the catalogues of the spec list side by side, for the contract suite and its coverage gate. */
function allRulesIndex(keys: readonly string[]): string {
  const imports = keys.map((s) => `import { RULES as ${camelCase(s)} } from './${s}/rules.js';`);
  return [
    '// Generated by spec-first-toolkit from specs/*/openapi.yaml. Do not edit: run `npm run generate`.',
    ...imports,
    `export type { Evidence, Rule } from './${keys[0]}/rules.js';`,
    `export const RULES_BY_SERVICE = { ${keys.map((s) => `${stringLiteral(s)}: ${camelCase(s)}`).join(', ')} } as const;`,
    `export const ALL_RULES = [${keys.map((s) => `...${camelCase(s)}`).join(', ')}] as const;`,
    `export type AnyRuleId = (typeof ALL_RULES)[number]['id'];`,
    '',
  ].join('\n');
}

/**
 * One package from any spec: its files, by path inside the package folder, handed to `onFile` as each is made
 * when given (nothing is kept then: the result is empty), else returned in a map sorted by path.
 */
export async function generatePackage(
  entry: SpecEntry,
  options: GenerateOptions & { onFile?: (name: string, content: string) => void } = {},
): Promise<Outputs> {
  const files: Outputs = new Map();
  const put = options.onFile ?? ((name: string, content: string) => files.set(name, content));
  const prepared = await prepare(entry, { single: true, ...options }, collectGarbage);
  await emit(prepared, put, collectGarbage, options.allowRefusedSchemas);
  return new Map([...files.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** The packages of the listed specs (default: every spec of the list), under generated/<key>/. */
export async function generateAll(
  services?: readonly string[],
  options: GenerateOptions = {},
): Promise<{ files: Outputs; sources: Map<string, string[]> }> {
  const list = options.specs ?? loadSpecList();
  const entries = services ? services.map((key) => list.find((e) => e.key === key) ?? unknownKey(key, list)) : list;
  const prepared: PreparedService[] = [];
  for (const e of entries) prepared.push(await prepare(e, options));
  const files: Outputs = new Map();
  const results: Array<{ service: string; sources: string[] }> = [];
  for (const p of prepared) {
    const put = (name: string, content: string) => files.set(`${p.service}/${name}`, content);
    results.push(await emit(p, put, undefined, options.allowRefusedSchemas));
  }
  const sources = new Map<string, string[]>();
  for (const r of results) sources.set(r.service, r.sources);
  // generated/rules.ts gathers the catalogues of the whole spec list for the contract suite.
  const keys = entries.map((e) => e.key);
  if (list.every((e) => keys.includes(e.key))) {
    files.set('rules.ts', allRulesIndex(list.map((e) => e.key)));
    // The runtime's texts that parse, so a fresh install's first `generate` need not parse them (runtime-parsed.ts).
    const { parseError } = await import('./syntax-check.js');
    files.set(
      RUNTIME_PARSED,
      runtimeParsedList(runtimeFiles(), (name, content) => !parseError(name, content)),
    );
  }
  return { files: new Map([...files.entries()].sort(([a], [b]) => a.localeCompare(b))), sources };
}
