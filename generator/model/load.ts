// The one loader of specs: a spec file bundled by Redocly's openapi-core (its OpenAPI-only entry point, since
// the full one also loads the linter and its rule sets; imported on first use, so that code reading only the
// generated copies never loads it), or the bundled copy the generator wrote beside each package
// (generated/<key>/openapi.json), modelled once per process.
import fs from 'node:fs';
import path from 'node:path';
import { loadSpecList } from '../config.js';
import { buildServiceModel } from './build.js';
import { type OpenApiDocument, resolveRef } from './ref.js';
import { ROOT } from './root.js';
import type { ServiceModel } from './types.js';

export interface LoadedSpec {
  service: string;
  document: OpenApiDocument;
  /** Every file the bundle read, so that watch mode knows what to watch. */
  files: string[];
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

/** Bundles the spec at `file` (any OpenAPI file, not only the project's) under the package key `service`. */
export async function loadSpecFile(service: string, file: string): Promise<LoadedSpec> {
  // A JSON file is parsed as JSON: Redocly reads every file with its YAML parser, ten times slower on GitHub's 13 MB.
  const json = file.endsWith('.json') ? readJson(service, file) : undefined;
  // A document that refers to no other file is its own bundle: Redocly's walk over it would change nothing.
  // (Redocly's bundle of a document without components gives it an empty one; so does this.)
  if (json && selfContained(json.parsed)) {
    const document = 'components' in json.parsed ? json.parsed : { ...json.parsed, components: {} };
    return { service, document, files: [file] };
  }
  const { bundleOas, createEmptyRedoclyConfig, Source } = await import('@redocly/openapi-core/lib/bundle-oas');
  const doc = json && { source: new Source(file, json.text), parsed: json.parsed };
  const result = await bundleOas({ ref: file, doc, config: createEmptyRedoclyConfig(), dereference: false });
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    const lines = errors.map((p) => `${p.message} (${p.location?.[0]?.pointer ?? ''})`);
    throw new Error(`Spec ${service} does not bundle:\n  ${lines.join('\n  ')}`);
  }
  return {
    service,
    document: result.bundle.parsed as OpenApiDocument,
    files: [...result.fileDependencies].sort(),
  };
}

function readJson(service: string, file: string): { text: string; parsed: OpenApiDocument } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Spec ${service} cannot be read: ${(error as Error).message}`);
  }
  try {
    return { text, parsed: JSON.parse(text) as OpenApiDocument };
  } catch (error) {
    throw new Error(`Spec ${service} is not valid JSON: ${(error as Error).message}`);
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
