// The one loader of specs: a spec file bundled by Redocly's openapi-core (its OpenAPI-only entry point, since
// the full one also loads the linter and its rule sets; imported on first use, so that code reading only the
// generated copies never loads it), or the bundled copy the generator wrote beside each package
// (generated/<key>/openapi.json), modelled once per process.
import fs from 'node:fs';
import path from 'node:path';
import { loadSpecList } from '../config.js';
import { buildServiceModel } from './build.js';
import { type OpenApiDocument, resolveRef } from './ref.js';
import { checkDocumentBytes, DocumentRefusedError, parseDocumentText } from './parse-document.js';
import { ConfinedResolver, refAllowance } from './ref-confinement.js';
import { ROOT } from './root.js';
import type { ServiceModel } from './types.js';

export interface LoadedSpec {
  service: string;
  document: OpenApiDocument;
  /** Every file the bundle read, so that watch mode knows what to watch. */
  files: string[];
  /** What was read leniently (YAML js-yaml refuses and the yaml package reads), each a warning of the document's. */
  lenient: string[];
}

/** The package keys of the spec list (generator/specs.config.json), in its order. */
export function serviceKeys(): string[] {
  return loadSpecList().map((e) => e.key);
}

/** Bundles the spec the spec list names under `service`. */
export async function loadSpec(service: string): Promise<LoadedSpec> {
  const entry = loadSpecList().find((e) => e.key === service);
  if (!entry) throw new Error(`unknown service ${service}; the spec list has ${serviceKeys().join(', ')}`);
  return loadSpecFile(service, entry.spec);
}

/** Bundles the spec the spec list names under `service` and models it. */
export async function loadModel(service: string): Promise<ServiceModel> {
  return buildServiceModel(service, (await loadSpec(service)).document);
}

/** How a spec file is loaded. */
export interface LoadOptions {
  /** `--allow-ref` values: folders and http(s) origins a `$ref` may lead to beyond the root document's folder. */
  allowRefs?: readonly string[];
}

/**
 * Bundles the spec at `file` (any OpenAPI file, not only the project's) under the package key `service`. Every
 * document is read within parse-document.ts's limits, and its `$ref`s lead only where ref-confinement.ts allows.
 */
export async function loadSpecFile(service: string, file: string, options: LoadOptions = {}): Promise<LoadedSpec> {
  const absolute = path.resolve(file);
  const json = absolute.endsWith('.json');
  const lenient: string[] = [];
  const root = readRoot(service, absolute, json, (message) => lenient.push(message));
  // A JSON document that refers to no other file is its own bundle: Redocly's walk over it would change nothing.
  // (Redocly's bundle of a document without components gives it an empty one; so does this.)
  refuseOtherVersions(service, root.parsed);
  if (json && selfContained(root.parsed)) {
    const document = 'components' in root.parsed ? root.parsed : { ...root.parsed, components: {} };
    return { service, document, files: [file], lenient };
  }
  const { bundleOas, createEmptyRedoclyConfig, Source } = await import('@redocly/openapi-core/lib/bundle-oas');
  const resolver = new ConfinedResolver(absolute, refAllowance(options.allowRefs), Source, (message) =>
    lenient.push(message),
  );
  const doc = { source: new Source(absolute, root.text), parsed: root.parsed };
  const result = await bundleOas({
    doc,
    config: createEmptyRedoclyConfig(),
    dereference: false,
    // The option takes Redocly's resolver class; ConfinedResolver has every member the bundler calls.
    externalRefResolver: resolver as unknown as NonNullable<Parameters<typeof bundleOas>[0]['externalRefResolver']>,
  });
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    const lines = errors.map((p) => {
      const at = p.location?.[0];
      const where = at?.source.absoluteRef && at.source.absoluteRef !== absolute ? at.source.absoluteRef : '';
      return `${where}#${at?.pointer?.replace(/^#/, '') ?? ''}: ${p.message}`;
    });
    throw new Error(`Spec ${service} does not bundle: ${lines.join('\n  ')}`);
  }
  return {
    service,
    document: result.bundle.parsed as OpenApiDocument,
    files: [file, ...[...resolver.getFiles()].sort()],
    lenient,
  };
}

/** Swagger 2.0 (and anything else that is not OpenAPI 3.x) is refused in one line, never half-read. */
function refuseOtherVersions(service: string, document: unknown): void {
  const root = (document ?? {}) as { openapi?: unknown; swagger?: unknown };
  if (root.swagger !== undefined)
    throw new Error(
      `Spec ${service} is Swagger ${String(root.swagger)}, not OpenAPI 3.0/3.1: convert it first (for example \`npx swagger2openapi <file> -o openapi.yaml\`)`,
    );
  if (typeof root.openapi !== 'string' || !/^3\.[01]\./.test(root.openapi))
    throw new Error(
      `Spec ${service} is not an OpenAPI 3.0/3.1 document (its \`openapi\` field is ${JSON.stringify(root.openapi) ?? 'missing'})`,
    );
}

/** The root document's text and what it holds, refused past the size and node limits (one line naming the file). */
function readRoot(
  service: string,
  file: string,
  json: boolean,
  onLenient: (message: string) => void,
): { text: string; parsed: OpenApiDocument } {
  let text: string;
  try {
    checkDocumentBytes(file, fs.statSync(file).size);
    text = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  } catch (error) {
    if (error instanceof DocumentRefusedError) throw new Error(`Spec ${service}: ${error.message}`);
    throw new Error(`Spec ${service} cannot be read: ${(error as Error).message}`);
  }
  try {
    const parsed = parseDocumentText(file, text, json, onLenient);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new DocumentRefusedError(`${file} does not hold an object`);
    return { text, parsed: parsed as OpenApiDocument };
  } catch (error) {
    throw new Error(`Spec ${service}: ${(error as Error).message}`);
  }
}

/**
 * True when every `$ref` of the document points inside it and leads somewhere; anything else (another file, a URL,
 * a reference to nothing) goes through the bundler, which resolves it or says what is wrong.
 */
function selfContained(document: OpenApiDocument): boolean {
  const targets = new Map<string, boolean>();
  const resolves = (ref: string): boolean => {
    let known = targets.get(ref);
    if (known === undefined) {
      try {
        resolveRef(document, { $ref: ref });
        known = true;
      } catch {
        known = false;
      }
      targets.set(ref, known);
    }
    return known;
  };
  const visit = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return true;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) if (!visit(node[i])) return false;
      return true;
    }
    for (const key in node) {
      const value = (node as Record<string, unknown>)[key];
      if (key === '$ref' && typeof value === 'string') {
        if (!value.startsWith('#/') || !resolves(value)) return false;
      } else if (!visit(value)) return false;
    }
    return true;
  };
  return visit(document);
}

/** A spec as the generator wrote it beside its package, with its model. */
export interface GeneratedSpec {
  service: string;
  document: OpenApiDocument;
  model: ServiceModel;
}

const generated = new Map<string, GeneratedSpec>();

/** The bundled spec of generated/<service>/ and its model, read and built once. */
export function generatedSpec(service: string): GeneratedSpec {
  let spec = generated.get(service);
  if (!spec) {
    const file = generatedSpecFile(service);
    let document: OpenApiDocument;
    try {
      document = JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument;
    } catch (error) {
      throw new Error(`cannot read ${path.relative(ROOT, file)} (run npm run generate): ${(error as Error).message}`);
    }
    spec = { service, document, model: buildServiceModel(service, document) };
    generated.set(service, spec);
  }
  return spec;
}

/** Where the generator writes a package's bundled spec (for tools that take a file, such as Prism). */
export function generatedSpecFile(service: string): string {
  return path.join(ROOT, 'generated', service, 'openapi.json');
}
