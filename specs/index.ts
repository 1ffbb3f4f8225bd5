// The specs as code, shared by generator/, contracts/ and reference/: the service list, where each service's
// document lives, loading and bundling one (Redocly's openapi-core, no hand-written $ref resolution; its
// OpenAPI-only entry point, since the full one also loads the linter and its rule sets) and following the
// internal references of a bundled document.
import { bundleOas, createEmptyRedoclyConfig } from '@redocly/openapi-core/lib/bundle-oas';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder holding specs/, templates/, generated/), found from this file's place. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SERVICE_KEYS = ['ad-creative', 'analytics', 'generative'] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export function isServiceKey(value: string): value is ServiceKey {
  return (SERVICE_KEYS as readonly string[]).includes(value);
}

/** A bundled OpenAPI document: one object, internal `#/components/...` refs kept. */
export type OpenApiDocument = Record<string, any>;

export function specPath(service: ServiceKey): string {
  return path.join(ROOT, 'specs', service, 'openapi.yaml');
}

export interface LoadedSpec {
  service: string;
  document: OpenApiDocument;
  /** Every file the bundle read, so that watch mode knows what to watch. */
  files: string[];
}

export async function loadSpec(service: ServiceKey): Promise<LoadedSpec> {
  return loadSpecFile(service, specPath(service));
}

/** Bundles the spec at `file` (any OpenAPI file, not only the project's three) under the package key `service`. */
export async function loadSpecFile(service: string, file: string): Promise<LoadedSpec> {
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

export function resolveRef<T = any>(document: OpenApiDocument, node: any): T {
  let current = node;
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`external reference left after bundling: ${ref}`);
    if (seen.has(ref)) throw new Error(`reference cycle at ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((acc: any, key) => acc?.[key], document);
    if (current === undefined) throw new Error(`unresolved reference ${ref}`);
  }
  return current as T;
}
