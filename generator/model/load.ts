// The one loader of specs: a spec file bundled by Redocly's openapi-core (its OpenAPI-only entry point, since
// the full one also loads the linter and its rule sets; imported on first use, so that code reading only the
// generated copies never loads it), or the bundled copy the generator wrote beside each package
// (generated/<key>/openapi.json), modelled once per process.
import fs from 'node:fs';
import path from 'node:path';
import { loadSpecList } from '../config.js';
import { buildServiceModel } from './build.js';
import type { OpenApiDocument } from './ref.js';
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
  const { bundleOas, createEmptyRedoclyConfig } = await import('@redocly/openapi-core/lib/bundle-oas');
  const result = await bundleOas({ ref: file, config: createEmptyRedoclyConfig(), dereference: false });
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
